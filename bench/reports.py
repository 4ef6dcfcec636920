"""Time the reports pages on MariaDB at growing sizes of history (default 1k, 10k, 100k games).

The games are played by the real engine and stored by the simulator's bulk path
(siete/service/records/bot_games.py: game_record + store_batch, the rows `flask simulate --record`
writes, aggregates included), with 40 humans and 12 bots seated 3 to 5 at a time. At each size
it measures, in process through Flask's test client (server time: routing, queries, rendering):
/reports, the first page of every /reports/<key>, the last page of the game lists, a player's
profile (/players/<name>: its figures, its rows of the reports, its charts) and a game page, with the database time
of each request and the app's own CPU time (on shared cores the wall time also counts waiting
for a core; CPU + DB is what an idle machine would take). Then every download (/reports.json,
each game list as CSV, XML and JSON, small reports, a game's export: bench/report_downloads.py)
to its first byte and its end, with its size and the peak memory it cost the server. The
database is dropped and made anew: its name must contain "bench".

    .venv/bin/python bench/reports.py [--url URL] [--games 1000,10000,100000] [--runs 5]
    .venv/bin/python bench/reports.py --url URL --reuse   # time the pages of a kept history
    .venv/bin/python bench/reports.py --url URL --reuse --no-pages   # only the downloads
"""
from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from report_downloads import download_urls, measure_download, report_downloads  # noqa: E402
from sqlalchemy import create_engine, event, func, insert, select  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from siete.app import create_app  # noqa: E402
from siete.data.base import db  # noqa: E402
from siete.data.database import init_database, is_mysql_url  # noqa: E402
from siete.data.games import Game  # noqa: E402
from siete.data.people import Player, User  # noqa: E402
from siete.engine.bots import PROFILES  # noqa: E402
from siete.reports.pages import PAGE_ROWS  # noqa: E402
from siete.service.records.bot_games import store_batch  # noqa: E402
from siete.service.records.played_rows import Seat, game_record  # noqa: E402
from siete.service.records.recording import card_ids  # noqa: E402
from siete.service.reports.definitions import GAME_LISTS, REPORTS  # noqa: E402
from siete.service.reports.queries import count_rows  # noqa: E402
from siete.service.tables.lobby_actions import TableSpec  # noqa: E402

DEFAULT_URL = "mysql+pymysql://root@127.0.0.1/siete_bench"
BY = "bench"
EPOCH = datetime(2025, 1, 1)
NO_PASSWORD = "bench:no-login"  # not a hash: nobody logs in as a bench player
BATCH = 500


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


def add_players(humans: int, bots: int) -> list[Player]:
    """Insert human users and bots; return them as Player objects."""
    names = [f"human{i:02d}" for i in range(1, humans + 1)]
    db.session.execute(insert(User), [
        {"username": n, "username_key": n, "email": f"{n}@bench.invalid",
         "password_hash": NO_PASSWORD, "created_by": BY, "updated_by": BY} for n in names])
    users = dict(db.session.execute(select(User.username, User.id)).all())
    known = sorted(PROFILES)
    db.session.execute(insert(Player), [
        {"name": n, "kind": "human", "user_id": users[n], "created_by": BY, "updated_by": BY}
        for n in names] + [
        {"name": f"bot{i:02d}", "kind": "bot", "profile": known[i % len(known)], "created_by": BY,
         "updated_by": BY} for i in range(1, bots + 1)])
    db.session.commit()
    return list(db.session.scalars(select(Player).where(Player.created_by == BY)))


def play(task: tuple):
    """Game `number`'s record, in a worker process (the engine only, no database)."""
    number, players, config, seed, ids = task
    rng = random.Random(f"{seed}:{number}")
    seated = rng.sample(players, rng.randint(3, 5))
    spec = TableSpec(name=f"bench {number}", seats=len(seated), max_hands=config.max_hands,
                     creator_sits=False)
    record = game_record(spec, rng.getrandbits(62), seated, config, ids)
    started = EPOCH + timedelta(minutes=7 * number)
    duration = rng.randint(60, 1800)
    # Written as the bench's, not the simulator's: these games stand in for games played at a
    # table, durations and all (the reports leave a simulated game's duration out).
    record.game.update(started_at=started, ended_at=started + timedelta(seconds=duration),
                       duration_s=duration, created_by="bench")
    return record


def fill(players: list[Player], first: int, last: int, config, seed: int) -> float:
    """Play and store games number first..last-1 in batches; returns the seconds it took.

    One forked process plays the games while this one stores the previous batch, as
    `flask simulate --record` does."""
    start, batch = time.perf_counter(), []
    seats, ids = [Seat.of(p) for p in players], dict(card_ids())
    tasks = ((number, seats, config, seed, ids) for number in range(first, last))
    with multiprocessing.get_context("fork").Pool(1) as pool:
        for record in pool.imap(play, tasks, chunksize=25):
            batch.append(record)
            if len(batch) == BATCH:
                store_batch(batch)
                batch = []
    if batch:
        store_batch(batch)
    return time.perf_counter() - start


class DbClock:
    """Seconds spent inside database statements since the last reset."""

    def __init__(self, engine):
        self.spent = 0.0
        event.listen(engine, "before_cursor_execute", self._before)
        event.listen(engine, "after_cursor_execute", self._after)

    def _before(self, conn, *_args):
        conn.info["bench_t0"] = time.perf_counter()

    def _after(self, conn, *_args):
        self.spent += time.perf_counter() - conn.info.pop("bench_t0", time.perf_counter())


def measure(client, clock: DbClock, url: str, runs: int) -> dict:
    """Best and median server time, DB time of the best run, and the size of one URL."""
    times, db_times, cpu_times, size = [], [], [], 0
    for _ in range(runs):
        clock.spent = 0.0
        t0, cpu0 = time.perf_counter(), time.process_time()
        response = client.get(url)
        times.append(time.perf_counter() - t0)
        cpu_times.append(time.process_time() - cpu0)
        db_times.append(clock.spent)
        assert response.status_code == 200, (url, response.status_code)
        size = len(response.data)
    return {"url": url, "best_ms": min(times) * 1000, "median_ms": statistics.median(times) * 1000,
            "db_ms": min(db_times) * 1000, "cpu_ms": min(cpu_times) * 1000, "kb": size / 1024}


def urls(app) -> list[str]:
    """/reports, every report's first page, the last page of each game list, the profile of
    human01 and the newest 5-player game's page."""
    chosen = ["/reports"] + [f"/reports/{r.key}" for r in REPORTS]
    with app.app_context():
        for key in sorted(GAME_LISTS):
            total = count_rows(key)
            chosen.append(f"/reports/{key}?page={max(1, -(-total // PAGE_ROWS))}")
        game = db.session.scalar(select(Game.id).where(Game.num_players == 5)
                                 .order_by(Game.id.desc()).limit(1))
    rules = {rule.rule for rule in app.url_map.iter_rules()}
    for pattern, url in (("/players/<path:name>", f"/players/{quote('human01')}"),
                         ("/games/<int:game_id>", f"/games/{game}")):
        if pattern in rules:
            chosen.append(url)
    return chosen


def report(size: int, rate: float, rows: list[dict]) -> None:
    recorded = f" (recorded at {rate:.0f} games/s)" if rate else ""
    print(f"\n## {size:,} games{recorded}\n")
    print(f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}, "
          f"{datetime.utcnow():%Y-%m-%d %H:%M} UTC")
    print("| page | best ms | median ms | DB ms | app CPU ms | KB |\n|---|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| `{r['url']}` | {r['best_ms']:.1f} | {r['median_ms']:.1f} | {r['db_ms']:.1f} "
              f"| {r['cpu_ms']:.1f} | {r['kb']:.1f} |")


def bench_app(url: str):
    return create_app({"SQLALCHEMY_DATABASE_URI": url, "REPORTS_CACHE_S": 0,
                       "RATELIMIT_ENABLED": False, "BABEL_DEFAULT_LOCALE": "en"})


def measure_only(args) -> None:
    """Time the pages of the history already stored (a run's database, kept)."""
    app = bench_app(args.url)
    with app.app_context():
        clock, size = DbClock(db.engine), db.session.scalar(select(func.count()).select_from(Game))
    client = app.test_client()
    report(size, 0, [measure(client, clock, url, args.runs) for url in urls(app)] if args.pages else [])
    measure_downloads(app, args)


def measure_downloads(app, args) -> None:
    if args.downloads:
        report_downloads([measure_download(app, url, args.download_runs) for url in download_urls(app)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=DEFAULT_URL)
    parser.add_argument("--games", default="1000,10000,100000", help="comma-separated, growing")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=15, help="hands per game (the usual 15)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reuse", action="store_true",
                        help="only time the pages of the games already in the database")
    parser.add_argument("--no-pages", dest="pages", action="store_false", help="skip the pages")
    parser.add_argument("--no-downloads", dest="downloads", action="store_false",
                        help="skip the downloads")
    parser.add_argument("--download-runs", type=int, default=3)
    args = parser.parse_args()
    if args.reuse:
        return measure_only(args)
    sizes = sorted(int(n) for n in args.games.split(","))
    fresh_database(args.url)
    app = bench_app(args.url)
    config = app.config["GAME"].with_overrides(max_hands=args.hands)
    with app.app_context():
        init_database()
        players = add_players(humans=40, bots=12)
        clock = DbClock(db.engine)
    client, done, overview = app.test_client(), 0, {}
    for size in sizes:
        with app.app_context():
            players = list(db.session.scalars(select(Player).where(Player.created_by == BY)))
            seconds = fill(players, done, size, config, args.seed)
        rate = (size - done) / seconds
        done = size
        rows = [measure(client, clock, url, args.runs) for url in urls(app)] if args.pages else []
        report(size, rate, rows)
        measure_downloads(app, args)
        if rows:
            overview[size] = rows[0]
        sys.stdout.flush()
    if not overview:
        return
    first = overview[sizes[0]]["best_ms"]
    for size, row in overview.items():
        print(f"/reports at {size:,} games: {row['best_ms']:.1f} ms (x{row['best_ms'] / first:.2f} "
              f"of {sizes[0]:,}), {row['kb']:.1f} KB, DB {row['db_ms']:.1f} ms")


if __name__ == "__main__":
    main()
