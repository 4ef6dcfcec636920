"""Time the sixteen reports on 1,000 and 10,000 simulated games (MariaDB by default).

The games are played by the real engine (siete.simulate.play_game) and stored with bulk Core
inserts, row for row what siete/service/recording.py stores, because 10,000 games through the
ORM would take far longer than the queries being measured. The database is dropped and made
anew: its name must contain "bench" (MySQL/MariaDB) or it must be a new SQLite file.

    .venv/bin/python bench/reports.py [--url URL] [--games 1000,10000] [--runs 5]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine, insert, select  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from siete import create_app  # noqa: E402
from siete.db import db, init_database, is_mysql_url  # noqa: E402
from siete.engine.bots import PROFILES  # noqa: E402
from siete.engine.cards import points  # noqa: E402
from siete.engine.config import GameConfig  # noqa: E402
from siete.models import Card, Game, GamePlayer, Hand, Player, Turn, TurnAction, User  # noqa: E402
from siete.reports import REPORTS, run_report  # noqa: E402
from siete.service.recording import SEAT_COUNTS, add_tally, cards_drawn, tally_hand  # noqa: E402
from siete.simulate import play_game  # noqa: E402

DEFAULT_URL = "mysql+pymysql://root@127.0.0.1/siete_bench"
BY = "bench"
EPOCH = datetime(2025, 1, 1)
# Not a real password hash: nobody logs in as a bench player, and hashing 40 would take seconds.
NO_PASSWORD = "bench:no-login"
# A seat's summary columns before its first hand (the models' defaults).
EMPTY_SUMMARY = {**dict.fromkeys(SEAT_COUNTS, 0), "max_bet": None, "min_bet": None}


def fresh_database(url: str) -> None:
    """Drop and create the bench database (MySQL) or remove the SQLite file."""
    parsed = make_url(url)
    if is_mysql_url(url):
        if "bench" not in (parsed.database or ""):
            sys.exit(f"refusing to drop {parsed.database!r}: the bench database's name must contain 'bench'")
        engine = create_engine(parsed._replace(database=None))
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS `{parsed.database}`")
            conn.exec_driver_sql(f"CREATE DATABASE `{parsed.database}` "
                                 "CHARACTER SET utf8mb4 COLLATE utf8mb4_bin")
        engine.dispose()
    elif parsed.database:
        Path(parsed.database).unlink(missing_ok=True)


def add_players(humans: int, bots: int) -> list[tuple[int, str, str]]:
    """Insert human users and bots; return (player id, name, profile the engine plays it with)."""
    names = [f"human{i:02d}" for i in range(1, humans + 1)]
    db.session.execute(insert(User), [
        {"username": n, "username_key": n, "email": f"{n}@bench.invalid",
         "password_hash": NO_PASSWORD, "created_by": BY, "updated_by": BY} for n in names])
    users = dict(db.session.execute(select(User.username, User.id)).all())
    known = sorted(PROFILES)
    profiles = [known[i % len(known)] for i in range(bots)]
    db.session.execute(insert(Player), [
        {"name": n, "kind": "human", "user_id": users[n], "created_by": BY, "updated_by": BY}
        for n in names] + [
        {"name": f"bot{i:02d}", "kind": "bot", "profile": p, "created_by": BY, "updated_by": BY}
        for i, p in enumerate(profiles, start=1)])
    db.session.commit()
    rows = db.session.execute(select(Player.id, Player.name, Player.kind, Player.profile)
                              .where(Player.created_by == BY)).all()  # not the seed's bots
    # Humans are played by the standard strategy: the engine needs a decision for every seat.
    return [(pid, name, profile or "standard") for pid, name, kind, profile in rows]


class GameRows:
    """The rows of many games, as recording.py would store them, with ids given up front."""

    def __init__(self, card_ids: dict[str, int], next_ids: dict[str, int]):
        self.card_ids = card_ids
        self.ids = dict(next_ids)
        self.rows: dict[type, list[dict]] = {m: [] for m in (Game, GamePlayer, Hand, Turn, TurnAction)}

    def _new_id(self, table: str) -> int:
        self.ids[table] += 1
        return self.ids[table]

    def add_game(self, seats: list[tuple[int, str, str]], kinds: dict[int, str], config: GameConfig,
                 rng: random.Random, number: int) -> None:
        """Play one game with the engine and keep its rows (game, seats, hands, turns, actions)."""
        game_id = self._new_id("games")
        seat_ids = [self._new_id("game_players") for _ in seats]
        names = [name for _, name, _ in seats]
        hands: list[dict] = []
        state = play_game(names, {name: profile for _, name, profile in seats}, config, rng,
                          lambda _state, record: hands.append(record))
        summaries: list[dict] = [{} for _ in seats]
        for record in hands:
            self._add_hand(game_id, seat_ids, [pid for pid, _, _ in seats], record)
            for index, tally in tally_hand(record).items():
                summaries[index] = add_tally(summaries[index], tally)
        started = EPOCH + timedelta(minutes=7 * number)
        duration = rng.randint(60, 1800)
        kinds_seated = {kinds[pid] for pid, _, _ in seats}
        self.rows[Game].append({
            "id": game_id, "name": f"bench game {number}", "status": "finished",
            "mode": "mixed" if len(kinds_seated) == 2 else ("bots" if "bot" in kinds_seated else "humans"),
            "num_players": len(seats), "initial_points": config.initial_points,
            "max_hands": config.max_hands, "seed": number, "turn_seconds": 30,
            "win_condition": f"most points after {config.max_hands} hands, or the last player left",
            "started_at": started, "ended_at": started + timedelta(seconds=duration),
            "duration_s": duration, "hands_played": len(hands),
            "winner_player_id": seats[state.winner][0], "created_by": BY, "updated_by": BY})
        self._add_seats(game_id, seat_ids, seats, state, summaries)

    def _add_seats(self, game_id: int, seat_ids: list[int], seats: list, state,
                   summaries: list[dict]) -> None:
        """record_start, record_hand's seat summaries and record_finish: the seats' rows."""
        start = {index: position for position, index in enumerate(state.seating)}
        ranking = state.order + [i for i in range(len(state.seats)) if i not in state.order]
        ranking.sort(key=lambda i: -state.seats[i].points)
        place = {index: p for p, index in enumerate(ranking, start=1)}
        for index, (seat_id, (player_id, _, _)) in enumerate(zip(seat_ids, seats)):
            self.rows[GamePlayer].append({
                "id": seat_id, "game_id": game_id, "player_id": player_id, "join_order": index,
                "seat_card_id": self.card_ids[state.seats[index].seat_card],
                "start_position": start[index], "final_points": state.seats[index].points,
                "final_position": place[index], "result": "won" if index == state.winner else "lost",
                **EMPTY_SUMMARY, **summaries[index],
                "created_by": BY, "updated_by": BY})

    def _add_hand(self, game_id: int, seat_ids: list[int], player_ids: list[int], record: dict) -> None:
        """record_hand: one hand, its turns and each turn's actions."""
        hand_id = self._new_id("hands")
        self.rows[Hand].append({
            "id": hand_id, "game_id": game_id, "number": record["number"],
            "bank_game_player_id": seat_ids[record["bank"]], "bank_total": points(record["bank_total"]),
            "bank_result": record["bank_result"], "created_by": BY, "updated_by": BY})
        for turn in record["turns"]:
            turn_id = self._new_id("turns")
            self.rows[Turn].append({
                "id": turn_id, "hand_id": hand_id, "game_player_id": seat_ids[turn["seat"]],
                "position": turn["position"], "points_start": turn["points_start"],
                "points_end": turn["points_end"], "bet": turn["bet"],
                "first_card_id": self.card_ids[turn["first_card"]], "total": points(turn["total"]),
                "cards_drawn": cards_drawn(turn), "result": turn["result"], "game_id": game_id,
                "player_id": player_ids[turn["seat"]], "hand_number": record["number"],
                "created_by": BY, "updated_by": BY})
            for seq, (action, detail) in enumerate(turn["actions"], start=1):
                self.rows[TurnAction].append({
                    "id": self._new_id("turn_actions"), "turn_id": turn_id, "seq": seq,
                    "action": action, "card_id": self.card_ids[detail] if action == "draw" else None,
                    "automatic": detail == "auto", "created_by": BY, "updated_by": BY})

    def flush(self, batch: int = 5000) -> None:
        """Insert the kept rows, parents first, in executemany batches; then forget them."""
        for model, rows in self.rows.items():
            for start in range(0, len(rows), batch):
                db.session.execute(insert(model), rows[start:start + batch])
            rows.clear()
        db.session.commit()


def fill(players: list, kinds: dict[int, str], rows: GameRows, first: int, last: int,
         config: GameConfig, seed: int) -> None:
    """Play and store games number first..last-1, 3 to 5 random players each."""
    for number in range(first, last):
        rng = random.Random(f"{seed}:{number}")
        rows.add_game(rng.sample(players, rng.randint(3, 5)), kinds, config, rng, number)
        if len(rows.rows[Turn]) > 50_000:
            rows.flush()
    rows.flush()


def time_reports(runs: int) -> tuple[list[float], dict[str, float]]:
    """Run the whole report set `runs` times: total seconds per run, best seconds per report."""
    totals, best = [], {r.key: float("inf") for r in REPORTS}
    for _ in range(runs):
        start = time.perf_counter()
        for report in REPORTS:
            t0 = time.perf_counter()
            run_report(report)
            best[report.key] = min(best[report.key], time.perf_counter() - t0)
        totals.append(time.perf_counter() - start)
        db.session.rollback()  # end the read transaction between runs
    return totals, best


def table_sizes() -> str:
    counts = {m.__tablename__: db.session.query(m).count() for m in (Hand, Turn, TurnAction)}
    return ", ".join(f"{n:,} {t}" for t, n in counts.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=DEFAULT_URL)
    parser.add_argument("--games", default="1000,10000", help="comma-separated game counts, growing")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=15, help="hands per game (the usual 15)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sizes = sorted(int(n) for n in args.games.split(","))
    fresh_database(args.url)
    app = create_app({"SQLALCHEMY_DATABASE_URI": args.url})
    config = app.config["GAME"].with_overrides(max_hands=args.hands)
    with app.app_context():
        init_database()
        players = add_players(humans=40, bots=12)
        kinds = dict(db.session.execute(select(Player.id, Player.kind)).all())
        rows = GameRows(dict(db.session.execute(select(Card.code, Card.id)).all()),
                        {t: 0 for t in ("games", "game_players", "hands", "turns", "turn_actions")})
        done, results = 0, []
        for size in sizes:
            t0 = time.perf_counter()
            fill(players, kinds, rows, done, size, config, args.seed)
            print(f"{size:,} games stored ({table_sizes()}) in {time.perf_counter() - t0:.1f} s")
            done = size
            totals, best = time_reports(args.runs)
            results.append((size, min(totals), statistics.median(totals)))
            print(f"  all 16 reports: min {min(totals):.3f} s, median {statistics.median(totals):.3f} s"
                  f" over {args.runs} runs")
            slowest = sorted(best.items(), key=lambda kv: -kv[1])[:5]
            print("  slowest: " + ", ".join(f"{k} {v * 1000:.0f} ms" for k, v in slowest))
        base = results[0]
        for size, low, _ in results[1:]:
            print(f"growth {base[0]:,} -> {size:,} games (x{size / base[0]:g}): "
                  f"time x{low / base[1]:.1f}")


if __name__ == "__main__":
    main()
