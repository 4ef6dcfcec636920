"""Idle streams: what holding many open pages costs the server (issue 37's "1,000 idle open
streams <= 2% of a core", with their memory).

Starts gunicorn on a fresh database (bench/load_server.py) with the worker class to measure,
opens --streams lobby streams (the page's EventSource, held by asyncio sockets here: one
process, no threads), lets them idle --seconds, and prints gunicorn's CPU over that time as a
share of one core, its memory (RSS of master and workers) before and after, and the streams
that stayed open. Then --news changes are published and the time until every stream said
"changed" is printed (the fan-out).

    .venv/bin/python bench/streams.py --streams 1000 --seconds 60 --worker-class gthread
    .venv/bin/python bench/streams.py --streams 1000 --seconds 60 --worker-class gevent

MariaDB: BENCH_DATABASE_URL (default mysql+pymysql://root@127.0.0.1/siete_bench_streams).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load_server import prepare_database, server_cpu_seconds, start_gunicorn  # noqa: E402

DEFAULT_URL = "mysql+pymysql://root@127.0.0.1/siete_bench_streams"


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (gunicorn's master and workers), MB."""
    pids = [str(pid), *Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    kb = 0
    for each in pids:
        for line in Path(f"/proc/{each}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                kb += int(line.split()[1])
    return kb / 1024


class Streams:
    """Open SSE connections, each counting the "changed" events it read."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.open = 0
        self.refused = 0
        self.changed: list[int] = []

    async def hold(self, stop: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection(self.host, self.port)
        # one visitor here (the address): the run raises STREAMS_PER_VISITOR, _ADDRESS and _PROCESS above --streams
        writer.write(f"GET /lobby/stream?v=x HTTP/1.1\r\nHost: {self.host}\r\n"
                     f"Accept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        status = await reader.readline()
        if b" 200 " not in status:
            self.refused += 1
            writer.close()
            return
        self.open += 1
        self.changed.append(0)
        slot = len(self.changed) - 1
        try:
            while not stop.is_set():
                line = await reader.readline()
                if not line:
                    break
                if line.startswith(b"event: changed"):
                    self.changed[slot] += 1
        finally:
            self.open -= 1
            writer.close()


async def measure(base: str, server_pid: int, server, count: int, seconds: float, news: int,
                  url: str) -> None:
    streams, stop = Streams(base), asyncio.Event()
    before_mb = rss_mb(server_pid)
    tasks = []
    for index in range(count):
        tasks.append(asyncio.create_task(streams.hold(stop)))
        if index % 50 == 49:
            await asyncio.sleep(0.05)  # not all at once: the listen backlog
    settle = time.monotonic() + 60
    while streams.open + streams.refused < count and time.monotonic() < settle:
        await asyncio.sleep(0.2)
    await asyncio.sleep(2)  # the last ones' catch-up event read
    print(f"open streams: {streams.open} of {count} (refused {streams.refused})")
    baseline = list(streams.changed)
    cpu0, t0 = server_cpu_seconds(server), time.monotonic()
    await asyncio.sleep(seconds)
    cpu, elapsed = server_cpu_seconds(server) - cpu0, time.monotonic() - t0
    after_mb = rss_mb(server_pid)
    print(f"idle {elapsed:.0f} s: gunicorn CPU {cpu:.2f} s = {100 * cpu / elapsed:.2f}% of one core; "
          f"streams still open {streams.open}")
    print(f"memory (gunicorn master + workers, RSS): {before_mb:.0f} MB before, {after_mb:.0f} MB with "
          f"the streams open: {1024 * (after_mb - before_mb) / max(1, streams.open):.0f} KB a stream")
    await fan_out(streams, baseline, news, url)
    stop.set()
    for task in tasks:
        task.cancel()


def lobby_change(url: str) -> Callable[[], None]:
    """A change every lobby lists: a public table opened (its commit publishes the lobby's news
    on the bus, as a request's does). A bare news would not be enough: the lobby's news names its
    tables, and a lobby's stream passes on only what concerns its visitor
    (siete.service.social.lobby_news)."""
    from siete.app import create_app
    from siete.data.base import db
    from siete.data.people import User
    from siete.service.tables.lobby_actions import TableSpec, create_table, player_for

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "MAX_OPEN_TABLES": 100_000})
    with app.app_context():
        user = User(username="Fanout1", email="fanout1@example.test", password_hash="x")
        db.session.add(user)
        db.session.commit()
        user_id = user.id

    def change() -> None:
        with app.app_context():
            player = player_for(db.session.get(User, user_id))
            create_table(player, TableSpec(name="fan-out", seats=3), app.config["GAME"])
            db.session.commit()
    return change


async def fan_out(streams: Streams, baseline: list[int], news: int, url: str) -> None:
    """Make `news` lobby changes (their news goes through the app's bus); time until every open
    stream heard."""
    change = lobby_change(url)
    for _ in range(news):
        start = time.monotonic()
        change()
        expected = [seen + 1 for seen in baseline]
        while time.monotonic() - start < 10 and any(
                now < want for now, want in zip(streams.changed, expected, strict=False)):
            await asyncio.sleep(0.005)
        heard = sum(now >= want for now, want in zip(streams.changed, expected, strict=False))
        print(f"news to {heard} of {len(baseline)} streams in {1000 * (time.monotonic() - start):.0f} ms")
        baseline = list(streams.changed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--worker-class", default="gthread", choices=("gthread", "gevent"))
    parser.add_argument("--news", type=int, default=3)
    args = parser.parse_args()
    url = os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)
    os.environ.setdefault("PUSH_REDIS_URL", "redis://127.0.0.1:6379/13")
    os.environ.update(GUNICORN_WORKER_CLASS=args.worker_class, STREAMS_PER_VISITOR=str(args.streams + 10),
                      STREAMS_PER_ADDRESS=str(args.streams + 10), STREAMS_PER_PROCESS=str(args.streams + 10),
                      GUNICORN_THREADS=str(args.streams // args.workers + 50),
                      GUNICORN_STREAMS_PER_WORKER=str(args.streams // args.workers + 50))
    prepare_database(url)
    work = Path(tempfile.mkdtemp(prefix="siete-streams-"))
    server, base = start_gunicorn(url, args.workers, work / "gunicorn.log", work / "access.log")
    try:
        asyncio.run(measure(base, server.pid, server, args.streams, args.seconds, args.news, url))
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
