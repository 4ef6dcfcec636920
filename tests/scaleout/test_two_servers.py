"""Scale-out: two app servers on one MariaDB play one game, requests alternating between them.

Nothing about a game lives in a process, so either server can take any request: the session is a
signed cookie both servers accept, and the table's state and version live in `game_states`.
"""
from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, text

from tests.support.network import free_port

pytestmark = [pytest.mark.mariadb_only, pytest.mark.slow]  # two gunicorn servers
ROOT = Path(__file__).resolve().parents[2]
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")


def recreate_database(url: str) -> None:
    """A fresh, empty database for the two servers (its name contains 'test')."""
    server, name = url.rsplit("/", 1)
    engine = create_engine(server + "/")
    with engine.begin() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS `{name}`"))
        conn.execute(text(f"CREATE DATABASE `{name}` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin"))
    engine.dispose()


def wait_until_live(url: str, server: subprocess.Popen, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"server exited with {server.returncode}")
        try:
            if requests.get(f"{url}/livez", timeout=3).ok:
                return
        except requests.RequestException:  # not listening yet, or still importing the app
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer in {seconds} s")


@pytest.fixture
def two_servers():
    """Two gunicorn servers, one worker each, sharing one database and one SECRET_KEY."""
    url = TEST_DATABASE_URL.rsplit("/", 1)[0] + "/siete_test_scaleout"
    recreate_database(url)
    env = dict(os.environ, DATABASE_URL=url, SECRET_KEY=secrets.token_hex(32))
    subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "init-db"], cwd=ROOT, env=env,
                   check=True, capture_output=True)
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    servers, urls = [], []
    try:
        for _ in range(2):
            port = free_port()
            servers.append(subprocess.Popen(
                [gunicorn, "--bind", f"127.0.0.1:{port}", "--workers", "1", "wsgi:app"],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            urls.append(f"http://127.0.0.1:{port}")
        for server_url, server in zip(urls, servers):
            wait_until_live(server_url, server)
        yield urls, url
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)


def csrf(html: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)


def test_one_game_alternating_between_two_servers(two_servers):
    (a, b), db_url = two_servers
    browser = requests.Session()
    page = browser.get(f"{a}/auth/register").text
    form = {"username": "ana", "email": "ana@example.com", "password": "correct horse 1",
            "confirm": "correct horse 1", "csrf_token": csrf(page)}
    assert browser.post(f"{a}/auth/register", data=form).ok
    lobby = browser.get(f"{b}/").text  # the session made on A is good on B
    assert "ana" in lobby
    table = browser.post(f"{b}/tables", data={
        "seats": 4, "standard_bots": 1, "cautious_bots": 1, "bold_bots": 1, "max_hands": 8,
        "turn_seconds": 600, "name": "scale-out", "csrf_token": csrf(lobby)})
    game_url = table.url
    game_id = int(game_url.rstrip("/").rsplit("/", 1)[1])
    started = browser.post(f"{a}/tables/{game_id}/start", data={"csrf_token": csrf(table.text)})
    assert started.ok
    servers, moves = [a, b], 0
    for step in range(300):
        html = browser.get(f"{servers[step % 2]}/tables/{game_id}").text
        if "results__winner" in html:
            break
        post_to = servers[(step + 1) % 2]  # the move goes to the other server
        if 'id="move-next"' in html:  # a settled hand on the table: Ana has seen it
            assert browser.post(f"{post_to}/tables/{game_id}/next", data={"csrf_token": csrf(html)}).ok
            continue
        version = re.search(r'name="version" value="(\d+)"', html).group(1)
        bet = re.search(r'id="move-bet-(\d+)"', html)
        action, data = ("bet", {"amount": bet.group(1)}) if bet else ("stand", {})
        data.update(version=version, csrf_token=csrf(html))
        reply = browser.post(f"{post_to}/tables/{game_id}/{action}", data=data)
        assert reply.status_code == 200, reply.text[:500]
        moves += 1
    else:
        pytest.fail("the game did not finish")
    # Both servers took moves (the human may hold the bank, or see every punter bust, in
    # some hands, so the count itself depends on the shuffle).
    assert moves >= 2
    engine = create_engine(db_url)
    with engine.connect() as conn:
        status, hands = conn.execute(text(
            "SELECT status, hands_played FROM games WHERE id = :id"), {"id": game_id}).one()
        stored = conn.scalar(text("SELECT COUNT(*) FROM hands WHERE game_id = :id"), {"id": game_id})
    engine.dispose()
    assert status == "finished" and hands == stored >= 1
