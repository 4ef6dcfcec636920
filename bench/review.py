"""How long the review of a finished game takes (issue 27 item 5: a 30-hand game in ≤ 200 ms).

Plays seeded 30-hand games of four bots (expert, standard, cautious, bold) in the engine,
keeps their hand records, and times `review.review_game` over each: cold (the odds solver's
cache emptied first, as a process that has reviewed nothing yet) and warm (the same game again,
as a worker that has reviewed other games). Then, with --stored N, the whole step a game's end
takes: N 30-hand games of standard, cautious, bold and standard bots stored on a fresh SQLite
file (the database does not know the expert yet), each one's review deleted and done again cold
by service.records.game_review (read its turns and actions, review, two INSERTs, commit). Times are
wall-clock on one core.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from siete.engine.cards import SPANISH_DECK  # noqa: E402
from siete.engine.config import GameConfig  # noqa: E402
from siete.engine.odds import clear_cache  # noqa: E402
from siete.engine.review import review_game  # noqa: E402
from siete.engine.simulate import play_game  # noqa: E402
from siete.engine.state import HandRecord  # noqa: E402

PROFILES = ["expert", "standard", "cautious", "bold"]


def played(seed: int, hands: int) -> list[HandRecord]:
    names = [f"p{i}" for i in range(len(PROFILES))]
    records: list[HandRecord] = []
    play_game(names, dict(zip(names, PROFILES)), GameConfig(max_hands=hands),
              random.Random(seed), lambda _state, record: records.append(record))
    return records


def timed(hands: list[HandRecord]) -> tuple[float, float, int]:
    """Wall-clock and CPU milliseconds of one review, and its decisions."""
    start, cpu = time.perf_counter(), time.process_time()
    review = review_game(SPANISH_DECK, hands, len(PROFILES))
    return ((time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000,
            len(review.moves))


def stored(games: int, hands: int) -> tuple[list[float], list[float]]:
    """The cold wall-clock and CPU times of service.records.game_review over `games` stored games, in ms."""
    from sqlalchemy import delete

    from siete.app import create_app
    from siete.data.base import db
    from siete.data.database import init_database
    from siete.data.reviews import MoveReviewRow, SeatReviewRow
    from siete.service.records.bot_games import simulate_recorded
    from siete.service.records.game_review import review_stored_game
    from siete.service.unit_of_work import unit_of_work

    times, cpu_times = [], []
    with tempfile.TemporaryDirectory() as work:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{work}/review.sqlite"})
        with app.app_context():
            init_database()
            config = app.config["GAME"]
            ids = simulate_recorded(["standard", "cautious", "bold", "standard"], games, config,
                                    seed=7, max_hands=hands)
            for game_id in ids:
                with unit_of_work():
                    for table in (MoveReviewRow, SeatReviewRow):
                        db.session.execute(delete(table).where(table.game_id == game_id))
                clear_cache()
                start, cpu = time.perf_counter(), time.process_time()
                with unit_of_work():
                    review_stored_game(game_id, config.cards, "bench")
                times.append((time.perf_counter() - start) * 1000)
                cpu_times.append((time.process_time() - cpu) * 1000)
    return times, cpu_times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--stored", type=int, default=0, metavar="N",
                        help="also time the stored review of N games on SQLite")
    args = parser.parse_args()
    cold, cold_cpu, warm, moves = [], [], [], []
    for seed in range(args.games):
        hands = played(seed, args.hands)
        clear_cache()
        ms, cpu, count = timed(hands)
        cold.append(ms)
        cold_cpu.append(cpu)
        warm.append(timed(hands)[0])
        moves.append(count)
    print(f"review of a {args.hands}-hand game, 4 seats, {args.games} games, "
          f"{statistics.mean(moves):.0f} decisions a game on average")
    for name, times in (("cold", cold), ("cold, CPU", cold_cpu), ("warm", warm)):
        print(f"  {name}: median {statistics.median(times):.1f} ms, "
              f"max {max(times):.1f} ms")
    if args.stored:
        times, cpu_times = stored(args.stored, args.hands)
        print(f"stored review (read, review, write, commit; SQLite, cold), {args.stored} games:")
        for name, values in (("wall", times), ("CPU", cpu_times)):
            print(f"  {name}: median {statistics.median(values):.1f} ms, max {max(values):.1f} ms")


if __name__ == "__main__":
    main()
