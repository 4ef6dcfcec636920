"""The server side of bench/load.py: a fresh database, gunicorn on a loopback port, accounts."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import time
from collections import defaultdict
from pathlib import Path

import urllib3

from bench.load_client import Browser

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "load-test-password-1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def prepare_database(url: str) -> None:
    """Drop and create the bench database empty, then `flask --app wsgi init-db`."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    engine = create_engine(make_url(url)._replace(database=None))
    with engine.begin() as conn:
        conn.exec_driver_sql(f"DROP DATABASE IF EXISTS `{name}`")
        conn.exec_driver_sql(f"CREATE DATABASE `{name}` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin")
    engine.dispose()
    subprocess.run([str(ROOT / ".venv/bin/flask"), "--app", "wsgi", "init-db"], cwd=ROOT, check=True,
                   env={**os.environ, "DATABASE_URL": url}, stdout=subprocess.DEVNULL)


def server_env(url: str, bot_seconds: str | None = None, bus: str | None = None) -> dict[str, str]:
    """The environment gunicorn and the worker share: the database, the bus, the limits."""
    # The news bus (Redis pub/sub), as compose sets it: without one, a change committed in one
    # process (the worker's paced bot, another gunicorn worker) never reaches the streams held
    # in another, and a page waits for news that does not come.
    shared = {"PUSH_REDIS_URL": bus} if bus else {}
    return {**os.environ, **shared, "DATABASE_URL": url, "SECRET_KEY": "load-bench-" + "k" * 40,
            # Simulated players open table after table: the per-account limits are not measured.
            "TABLE_RATE_LIMIT": "100000/minute", "MAX_OPEN_TABLES": "100000",
            "SEAT_RATE_LIMIT": "100000/minute",
            # Every simulated person comes from 127.0.0.1: the address's cap is not measured.
            "STREAMS_PER_ADDRESS": "100000",
            # The players' client expects its next move at once after its own, as before paced
            # play (#25): bots play at once here unless BOT_MOVE_SECONDS (or --realistic) says
            # otherwise.
            "BOT_MOVE_SECONDS": bot_seconds or os.environ.get("BOT_MOVE_SECONDS", "0")}


def start_gunicorn(url: str, workers: int, log_path: Path, access_log: Path, bot_seconds: str | None = None,
                   bus: str | None = None, cpu_log: Path | None = None) -> tuple[subprocess.Popen, str]:
    """gunicorn with the project's settings on a free loopback port; returns it and its base URL.

    Its access log (`access_log`) gives each request's time inside gunicorn (see server_times);
    with `cpu_log`, bench/gunicorn_cpu.conf.py writes each request's CPU there.
    """
    port = free_port()
    env = {**server_env(url, bot_seconds, bus), "GUNICORN_BIND": f"127.0.0.1:{port}",
           "GUNICORN_WORKERS": str(workers), "GUNICORN_LOGLEVEL": "warning"}
    config = "gunicorn.conf.py"
    if cpu_log is not None:
        cpu_log.unlink(missing_ok=True)
        env["BENCH_CPU_LOG"], config = str(cpu_log), "bench/gunicorn_cpu.conf.py"
    log = log_path.open("w")
    server = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "-c", config,
                               "--access-logfile", str(access_log),
                               "--access-logformat", ACCESS_FORMAT, "wsgi:app"],
                              cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(60):
        try:
            if Browser(base, timeout=5).request("GET", "/healthz").status_code == 200:
                return server, base
        except urllib3.exceptions.HTTPError:
            time.sleep(0.5)
    server.kill()
    raise RuntimeError(f"gunicorn did not come up; see {log_path}")


def start_worker(url: str, bot_seconds: str, bus: str, log_path: Path) -> subprocess.Popen:
    """`flask --app wsgi worker` beside gunicorn, as compose runs it: it moves the paced bots,
    deals after the pause and keeps the turn timers."""
    return subprocess.Popen([str(ROOT / ".venv/bin/flask"), "--app", "wsgi", "worker"], cwd=ROOT,
                            env=server_env(url, bot_seconds, bus), stdout=log_path.open("w"),
                            stderr=subprocess.STDOUT)


ACCESS_FORMAT = "%(m)s %(U)s %(s)s %(D)s"  # method, path, status, microseconds in gunicorn
ROUTES = [("bet", r"POST /tables/\d+/bet "), ("draw", r"POST /tables/\d+/draw "),
          ("stand", r"POST /tables/\d+/stand "), ("fragment", r"GET /tables/\d+/fragment "),
          ("next", r"POST /tables/\d+/next ")]


def server_times(access_log: Path, start: int, end: int) -> dict[str, list[float]]:
    """Seconds each move and poll spent inside gunicorn, from the access log's bytes start..end.

    Against the client's figures this splits a slow answer into the server's own time and the
    time spent queued for a worker or in the (CPU-sharing) load generator.
    """
    times: dict[str, list[float]] = defaultdict(list)
    with access_log.open("rb") as log:
        log.seek(start)
        for line in log.read(end - start).decode().splitlines():
            for route, pattern in ROUTES:
                if re.match(pattern, line):
                    times[route].append(int(line.rsplit(" ", 1)[1]) / 1e6)
    return times


def create_users(url: str, count: int, prefix: str) -> list[str]:
    """Accounts and their players straight in the database (sign-up is rate limited per address)."""
    from werkzeug.security import generate_password_hash

    from siete.app import create_app
    from siete.data.base import db
    from siete.data.people import Player, User

    app = create_app({"SQLALCHEMY_DATABASE_URI": url})
    password_hash = generate_password_hash(PASSWORD, method="scrypt")  # once: scrypt is slow on purpose
    names = [f"{prefix}{i}" for i in range(count)]
    with app.app_context():
        for name in names:
            user = User(username=name, email=f"{name.lower()}@load.test", password_hash=password_hash,
                        created_by="bench", updated_by="bench")
            db.session.add(user)
            db.session.flush()
            db.session.add(Player(kind="human", name=name, user_id=user.id, created_by="bench",
                                  updated_by="bench"))
        db.session.commit()
        db.engine.dispose()
    return names


def server_cpu_seconds(server: subprocess.Popen | None) -> float:
    """User + system CPU of gunicorn's workers so far (0 when targeting --url)."""
    if server is None:
        return 0.0
    pids = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return sum(process_cpu_seconds(int(pid)) for pid in pids)


def process_cpu_seconds(pid: int | None) -> float:
    """User + system CPU of one process so far (0 for none, or one that has ended)."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def database_cpu_seconds() -> float | None:
    """User + system CPU of the local MariaDB/MySQL server so far (None if none runs here):
    what a request costs the database, on the same cores as gunicorn."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # the process ended while we looked
            continue
        name, fields = text[text.find("(") + 1:text.rfind(")")], text.rsplit(")", 1)[1].split()
        if name in ("mariadbd", "mysqld"):
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return None
