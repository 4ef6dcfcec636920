"""The real app in a subprocess for the browser tests: `flask --app wsgi run`, as `make run`
starts it, on a free loopback port with its own SQLite file."""
from __future__ import annotations

import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.support.network import free_port

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 30


def wait_until_live(url: str, server: subprocess.Popen, log: Path) -> None:
    """Poll /livez until it answers 200; fail with the server's own output if it never does."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the app exited with {server.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/livez", timeout=1) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    pytest.fail(f"the app did not answer /livez in {START_TIMEOUT_S} s:\n{log.read_text()}")


@contextmanager
def running_app(work: Path, database: str, worker: bool = False, **settings: str):
    """`flask --app wsgi run` (as `make run`) on a free port and its own SQLite file in `work`,
    with `settings` added to its environment; yields its base URL and stops it after. With
    `worker`, the worker runs beside it as `make run` starts it (it sends the outbox's mail)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FLASK_", "TEST_DATABASE"))}
    env.update(DATABASE_URL=f"sqlite:///{work / database}", SECRET_KEY=secrets.token_hex(32),
               PYTHONUNBUFFERED="1", **settings)
    log = work / "server.log"
    processes = []
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "flask", "--app", "wsgi", "run", "--no-reload",
             "--host", "127.0.0.1", "--port", str(port)],
            cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
        processes.append(server)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_live(url, server, log)  # the server made the database: the worker may start
        if worker:
            with (work / "worker.log").open("wb") as out:
                processes.append(subprocess.Popen(
                    [sys.executable, "-m", "flask", "--app", "wsgi", "worker"],
                    cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT))
        yield url
    finally:
        for process in processes:
            stop(process)


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
