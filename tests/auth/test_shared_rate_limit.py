"""#15.3: with RATELIMIT_STORAGE_URI=redis://..., every app process shares one login count.

Two gunicorn servers (separate processes, as several workers or replicas are) on one SQLite
file and one redis-server this test starts on a free port: failures sent to either server add
up, so "3 per minute" means 3 in all, not 3 per process (with memory:// it meant 3 x workers).
"""
from __future__ import annotations

import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.support.network import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server"),
              pytest.mark.slow]  # Redis and two gunicorn servers


def wait_for(check, what: str, process: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        try:
            if check():
                return
        except (OSError, requests.RequestException):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not come up in {seconds} s")


def start_redis(port: int) -> subprocess.Popen:
    redis = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                              "--save", "", "--appendonly", "no"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: socket.create_connection(("127.0.0.1", port), timeout=1).close() is None,
             "redis-server", redis)
    return redis


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


@pytest.fixture
def two_servers_on_redis(tmp_path):
    redis = start_redis(free_port())
    redis_port = redis.args[2]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FLASK_", "TEST_DATABASE"))}
    env.update(DATABASE_URL=f"sqlite:///{tmp_path / 'shared.sqlite'}",
               SECRET_KEY=secrets.token_hex(32), LOGIN_RATE_LIMIT="3/minute",
               LOGIN_ACCOUNT_RATE_LIMIT="100/minute",
               RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{redis_port}/0")
    servers = []
    try:
        subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "init-db"], cwd=ROOT,
                       env=env, check=True, capture_output=True)
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        urls = []
        for _ in range(2):
            port = free_port()
            servers.append(subprocess.Popen(
                [gunicorn, "--bind", f"127.0.0.1:{port}", "--workers", "1", "wsgi:app"],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            urls.append(f"http://127.0.0.1:{port}")
        for url, server in zip(urls, servers):
            wait_for(lambda url=url: requests.get(f"{url}/livez", timeout=2).ok, url, server)
        yield urls
    finally:
        for server in servers:
            stop(server)
        stop(redis)


def failed_login(browser: requests.Session, base: str) -> int:
    page = browser.get(f"{base}/auth/login").text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page) \
        or re.search(r'name="csrf-token" content="([^"]+)"', page)
    reply = browser.post(f"{base}/auth/login", allow_redirects=False, data={
        "username": "Nobody", "password": "wrong-password", "csrf_token": token.group(1)})
    return reply.status_code


def test_two_servers_share_one_login_count_in_redis(two_servers_on_redis):
    a, b = two_servers_on_redis
    browser = requests.Session()
    assert [failed_login(browser, url) for url in (a, b, a)] == [200, 200, 200]
    assert failed_login(browser, b) == 429  # the fourth failure, wherever it lands
    assert failed_login(browser, a) == 429
