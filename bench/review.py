"""How long the review of a finished game takes (issue 27 item 5: a 30-hand game in ≤ 200 ms).

Plays seeded 30-hand games of four bots (expert, standard, cautious, bold) in the engine,
keeps their hand records, and times `review.review_game` over each: cold (the odds solver's
cache emptied first, as a process that has reviewed nothing yet) and warm (the same game again,
as a worker that has reviewed other games). The storing (one INSERT of the moves, one of the
seats) is left out: bench/move.py times a move's SQL. Times are wall-clock on one core.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
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


def timed(hands: list[HandRecord]) -> tuple[float, int]:
    start = time.perf_counter()
    review = review_game(SPANISH_DECK, hands, len(PROFILES))
    return (time.perf_counter() - start) * 1000, len(review.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--hands", type=int, default=30)
    args = parser.parse_args()
    cold, warm, moves = [], [], []
    for seed in range(args.games):
        hands = played(seed, args.hands)
        clear_cache()
        ms, count = timed(hands)
        cold.append(ms)
        warm.append(timed(hands)[0])
        moves.append(count)
    print(f"review of a {args.hands}-hand game, 4 seats, {args.games} games, "
          f"{statistics.mean(moves):.0f} decisions a game on average")
    for name, times in (("cold", cold), ("warm", warm)):
        print(f"  {name}: median {statistics.median(times):.1f} ms, "
              f"max {max(times):.1f} ms")


if __name__ == "__main__":
    main()
