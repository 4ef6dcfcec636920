"""How late the worker plays a run-out timer with nobody watching, and what it costs when idle.

    .venv/bin/python bench/worker.py [--tables 40] [--intervals 1.0,0.25] [--database-url URL]

Lateness: tables with one person and one bot are started, and their turn deadlines are set to
whole seconds spread over the next few seconds. No browser and no request touches them: only
the worker process (`python -m siete worker --interval I`) plays the timeouts. The worker logs
each step with the seconds between the stored deadline and the commit of the step; the bench
reads those lines and prints their median, 95th percentile and maximum.

Idle cost: with no deadline due, ticks run in this process against the same database while an
SQL event counter counts the statements (transaction control left out) and a clock times them:
the tables' step, then the outbox's step (its one claim query when no mail is due). The
database is a fresh SQLite file unless --database-url names another (its tables are used as
they are: point it at a scratch database).
"""
from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import event, select, update  # noqa: E402

from siete.app import create_app  # noqa: E402
from siete.cli.mail_sender import send_mail_tick  # noqa: E402
from siete.data.base import db, utcnow
from siete.data.database import init_database  # noqa: E402
from siete.data.games import Game
from siete.data.games import GameStateRow as StateRow
from siete.data.people import User
from siete.service.tables.due_tables import run_tick  # noqa: E402
from siete.service.tables.lobby_actions import TableSpec, create_table, player_for, start_table  # noqa: E402
from siete.settings import service_settings  # noqa: E402

STEP = re.compile(r"table (\d+): v\d+ -> v\d+, (-?[\d.]+) s after its deadline")


def open_tables(app, count: int, run: int) -> list[int]:
    """`count` started tables (a person and a bot) whose deadlines fall on whole seconds soon."""
    ids = []
    for n in range(count):
        user = User(username=f"bench{run}x{n}", email=f"bench{run}x{n}@example.test", password_hash="x")
        db.session.add(user)
        db.session.commit()
        person = player_for(user)
        game = create_table(person, TableSpec(name=f"bench {n}", seats=2, bots=("standard",),
                                              turn_seconds=600), app.config["GAME"])
        start_table(service_settings(app), game.id, person)
        ids.append(game.id)
    start = utcnow() + timedelta(seconds=3)
    for n, game_id in enumerate(ids):  # a few tables fall due each second for 5 seconds
        db.session.execute(update(StateRow).where(StateRow.game_id == game_id)
                           .values(turn_deadline=start + timedelta(seconds=n % 5)))
    db.session.commit()
    return ids


def lateness(app, url: str, count: int, interval: float, run: int) -> list[float]:
    """Seconds from deadline to committed step, one per table, the worker alone playing them."""
    log = Path(tempfile.mkstemp(suffix=".log")[1])
    worker = subprocess.Popen(
        [sys.executable, "-m", "siete", "worker", "--interval", str(interval)], cwd=ROOT,
        env={**os.environ, "DATABASE_URL": url}, stdout=log.open("w"), stderr=subprocess.STDOUT)
    try:
        while "worker started" not in log.read_text():  # its start-up is not lateness
            time.sleep(0.1)
        ids = open_tables(app, count, run)
        first: dict[int, float] = {}
        stop_at = time.monotonic() + 30
        while len(first) < len(ids) and time.monotonic() < stop_at:
            time.sleep(0.2)
            for game_id, late in STEP.findall(log.read_text()):
                first.setdefault(int(game_id), float(late))
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(30)
    missing = set(ids) - set(first)
    if missing:
        raise SystemExit(f"the worker did not play {len(missing)} tables; see {log}")
    log.unlink()
    return [first[game_id] for game_id in ids]


def idle_cost(app, ticks: int = 200, step=None) -> tuple[float, float]:
    """(statements per tick, milliseconds per tick) with nothing due; `step` is the part of the
    tick to run (the tables' by default)."""
    step = step or (lambda: run_tick(service_settings(app), utcnow(), batch=50, waiting_ttl_s=3600))
    db.session.execute(update(StateRow).values(turn_deadline=utcnow() + timedelta(hours=1)))
    db.session.commit()
    seen = []

    def count(_conn, _cursor, statement, *_args):
        if statement.split(None, 1)[0].upper() not in ("BEGIN", "COMMIT", "ROLLBACK"):
            seen.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    started = time.perf_counter()
    for _ in range(ticks):
        step()
        db.session.remove()
    elapsed = time.perf_counter() - started
    event.remove(db.engine, "before_cursor_execute", count)
    return len(seen) / ticks, elapsed / ticks * 1000


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--intervals", default="1.0,0.25")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp()}/bench-worker.sqlite"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        init_database()
        print(f"database: {db.engine.url.render_as_string(hide_password=True)}")
        for run, interval in enumerate(float(i) for i in args.intervals.split(",")):
            late = lateness(app, url, args.tables, interval, run)
            print(f"tick {interval:.2f} s, {len(late)} timeouts, nobody watching: deadline -> move "
                  f"applied median {statistics.median(late):.3f} s, p95 {percentile(late, 0.95):.3f} s, "
                  f"max {max(late):.3f} s")
        games = db.session.scalar(select(db.func.count()).select_from(Game))
        per_tick, ms = idle_cost(app)
        print(f"idle site ({games} tables, none due): {per_tick:.2f} statements per tick, "
              f"{ms:.2f} ms per tick")
        per_tick, ms = idle_cost(app, step=lambda: send_mail_tick(app, utcnow(), 50))
        print(f"  and the outbox's step of the same tick, no mail due: {per_tick:.2f} statements, "
              f"{ms:.2f} ms")


if __name__ == "__main__":
    main()
