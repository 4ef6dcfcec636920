"""Load test: browser-like players against gunicorn on MariaDB.

    .venv/bin/python bench/load.py --players 100 --seconds 60 --workers 5
    .venv/bin/python bench/load.py --realistic --players 60 --seconds 120 --workers 3
    .venv/bin/python bench/load.py --capacity --players 40 --seconds 20 --workers 3

Without --url it makes a fresh database (siete_load), runs `flask --app wsgi init-db`, starts
gunicorn on a loopback port and stops it at the end. It measures /livez (no database) first as
the ceiling, then lets the players log in, open a table, bet, draw, stand and poll for
--seconds; it prints throughput, p50/p95/p99 per route and error counts, then checks the
database: points conserved in every hand (R2.4), hands numbered 1..n, each turn consistent with
its cards, and every move the players saw accepted stored exactly once.

By default each table holds 1 person and 3 bots that answer at once (BOT_MOVE_SECONDS=0).
--realistic plays as people do (bench/load_people.py): 2 to 4 people a table who take turns,
each learning of its turn from its page's stream and thinking 2 to 6 s; bots paced as in
production (0.8 s a move), moved by `flask --app wsgi worker` started beside gunicorn as compose
does, with the news going through Redis; a tenth of the pages poll instead of holding a stream,
and a quarter as many spectators as players watch the tables.

--capacity saturates the server with the requests real play makes, each move followed by the
fetches its table's other pages make at its news (bench/load_capacity.py), and prints the
game's requests a second against /livez's in the same run (issue 37: at least 50%), by rate
and by CPU, with each route's own CPU in gunicorn.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path

from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load_capacity import capacity_mode, print_capacity, print_route_cpu
from bench.load_checks import check_database, poll_query_count
from bench.load_meter import Processes, print_against_livez, print_cpu, print_streams
from bench.load_people import realistic_mode
from bench.load_player import POLL_EVERY_S, Stats
from bench.load_report import GeneratorLag, print_routes, print_times
from bench.load_run import classic_mode, hammer_livez, run_players
from bench.load_server import create_users, prepare_database, server_times, start_gunicorn, start_worker

REALISTIC_BUS = "redis://127.0.0.1:6379/14"


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers (ignored with --url)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between a player's moves")
    parser.add_argument("--livez-seconds", type=float, default=5)
    parser.add_argument("--url", help="a running server to target instead of starting gunicorn")
    parser.add_argument("--streams", action="store_true",
                        help="pages hold a stream and fetch at its news instead of polling (issue 37)")
    parser.add_argument("--spectators", type=int, help="watchers of the tables, holding streams "
                        "(default 0; with --realistic a quarter of --players)")
    parser.add_argument("--realistic", action="store_true",
                        help="people who share tables and take turns, paced bots and the worker (above)")
    parser.add_argument("--capacity", action="store_true",
                        help="no think time: the game's requests a second at saturation against /livez's "
                             "(bench/load_capacity.py), with each route's CPU")
    parser.add_argument("--viewers", type=int, default=2,
                        help="with --capacity: the other pages on each table, fetching at each move's news")
    parser.add_argument("--pollers", type=float, default=0.1,
                        help="with --realistic: the share of pages that poll instead of holding a stream")
    parser.add_argument("--bot-seconds", default="0.8", help="with --realistic: BOT_MOVE_SECONDS")
    parser.add_argument("--bus", default=REALISTIC_BUS,
                        help="with --realistic: PUSH_REDIS_URL of gunicorn and the worker")
    parser.add_argument("--database-url", default="mysql+pymysql://root@127.0.0.1/siete_load",
                        help="the server's database (users are created and checked there)")
    args = parser.parse_args()
    if args.spectators is None:
        args.spectators = args.players // 4 if args.realistic else 0
    return args


def start_servers(args: argparse.Namespace) -> tuple[str, Processes]:
    """gunicorn (and with --realistic the worker) on a fresh database, or the --url given."""
    if args.url:
        return args.url.rstrip("/"), Processes()
    prepare_database(args.database_url)
    # Named for the database, so two runs on two databases never write into each other's logs.
    name = make_url(args.database_url).database
    log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"{name}-gunicorn.log"
    access_log = log_path.with_suffix(".access.log")
    paced = args.bot_seconds if args.realistic else None
    bus = args.bus if args.realistic else None
    cpu_log = log_path.with_suffix(".cpu.log") if args.capacity else None
    server, base = start_gunicorn(args.database_url, args.workers, log_path, access_log, paced, bus, cpu_log)
    print(f"gunicorn: {args.workers} {os.environ.get('GUNICORN_WORKER_CLASS', 'gthread')} workers x "
          f"{os.environ.get('GUNICORN_THREADS', '250')} threads at {base}, log {log_path}")
    worker = None
    if args.realistic:
        worker = start_worker(args.database_url, args.bot_seconds, args.bus, log_path.with_suffix(".worker.log"))
        print(f"worker: flask --app wsgi worker, BOT_MOVE_SECONDS={args.bot_seconds}, bus {args.bus}")
    return base, Processes(server, worker, access_log, cpu_log)


def stop(processes: Processes) -> None:
    for process in (processes.worker, processes.server):
        if process is not None:
            process.send_signal(signal.SIGTERM)
            process.wait(30)


def main() -> int:
    args = parse_args()
    base, processes = start_servers(args)
    try:
        names = create_users(args.database_url, args.players, f"L{int(time.time()) % 100000}p")
        ceiling, before_livez = Stats(), processes.read()
        hammer_livez(base, args.players, args.livez_seconds, ceiling)
        after_livez = processes.read()
        print_routes(ceiling, args.livez_seconds, f"ceiling: /livez, {args.players} clients, "
                                                  f"{args.livez_seconds:g} s, no think time")
        setup, stats = Stats(), Stats()
        mode = realistic_mode(base, args.players, args.pollers) if args.realistic else \
            capacity_mode(base, args.viewers) if args.capacity else classic_mode(base, args.think, args.streams)
        readings, lag = [], GeneratorLag()
        ramp, elapsed = run_players(base, names, args.seconds, mode, setup, stats,
                                    on_start=lambda: (readings.append(processes.read()), lag.start()),
                                    spectators=args.spectators)
        lag.stop()
        readings.append(processes.read())
        print_routes(setup, ramp, f"set-up: {args.players} players log in and take a seat ({ramp:.1f} s)")
        print_routes(stats, elapsed, f"players: {args.players} for {args.seconds:g} s, {describe(args)}, "
                                     f"{args.spectators} spectators")
        print_against_livez(stats, ceiling)
        if processes.server is not None:
            inside = Stats(latencies=server_times(processes.access_log, readings[0].log_bytes,
                                                  readings[1].log_bytes))
            print_times(inside, "inside gunicorn (its access log): from reading the request to "
                                "writing the answer, without the wait for a free worker")
            print_streams(*readings)
        print_cpu(*readings, elapsed, sum(len(v) for v in stats.latencies.values()),
                  processes.worker is not None)
        print(lag.summary())
        if args.capacity:
            report_capacity(args, processes, (stats, ceiling), elapsed, (before_livez, after_livez),
                            (readings[0], readings[1]))
    finally:
        stop(processes)
    return verdict(args.database_url, setup, stats, names)


def report_capacity(args: argparse.Namespace, processes: Processes, stats_and_ceiling: tuple[Stats, Stats],
                    elapsed: float, livez: tuple, play: tuple) -> None:
    """--capacity: the game's requests a second against /livez's (by rate and by CPU), then each
    route's own gunicorn CPU; `livez` and `play` are the readings around each phase."""
    stats, ceiling = stats_and_ceiling
    print_capacity(stats, elapsed, ceiling, args.livez_seconds, livez, play)
    if processes.cpu_log is not None:
        print_route_cpu(processes.cpu_log, [(livez[0].cpu_log_bytes, livez[1].cpu_log_bytes),
                                            (play[0].cpu_log_bytes, play[1].cpu_log_bytes)],
                        livez[1].gunicorn_s - livez[0].gunicorn_s + play[1].gunicorn_s - play[0].gunicorn_s)


def describe(args: argparse.Namespace) -> str:
    if args.capacity:
        return f"1 person + 3 bots a table, no think time, {args.viewers} other pages fetching at each move"
    if args.realistic:
        return (f"2-4 people a table taking turns, think 2-6 s, bots {args.bot_seconds} s a move, "
                f"{args.pollers:.0%} of pages polling, the rest holding streams")
    listen = "pages hold streams" if args.streams else f"poll every {POLL_EVERY_S} s"
    return f"1 person + 3 bots a table, think {args.think:g} s, {listen}"


def verdict(database_url: str, setup: Stats, stats: Stats, names: list[str]) -> int:
    """The database's checks and the run's failures, printed; 1 if anything broke."""
    stats.failures += setup.failures
    for failure in stats.failures[:20]:
        print("FAILURE", failure)
    violations = check_database(database_url, stats.ledger)
    for violation in violations[:30]:
        print("VIOLATION", violation)
    queries = poll_query_count(database_url)
    print(f"\ninvariant violations: {len(violations)}   client failures: {len(stats.failures)}   "
          f"queries per unchanged poll: {queries}   people's hands seen: {len(stats.ledger)}")
    idle = sorted(set(names) - {person for _, _, person in stats.ledger})
    # A person who never moved was never offered a move: their page missed its turn (or the
    # run was too short for the table to come round to them).
    print(f"people who made no move in the play phase: {len(idle)} of {len(names)} {idle[:10]}")
    fivexx = sum(n for s in (setup, stats) for r in s.statuses.values() for code, n in r.items() if code >= 500)
    return 1 if violations or stats.failures or fivexx or queries > 1 else 0


if __name__ == "__main__":
    sys.exit(main())
