"""Faults: the database going away mid-game (through a TCP proxy the test stops and starts, so the
shared MariaDB keeps running) and a gunicorn worker SIGKILLed inside a move's transaction."""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
import requests
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.engine import make_url

from siete.data.base import db
from siete.data.database import engine_options
from siete.data.games import Hand, Turn, TurnAction
from siete.data.people import User
from siete.web.security import DB_DOWN_MESSAGE
from tests.support.network import free_port
from tests.support.play import HX, client_for, load, make_user, started_game

pytestmark = pytest.mark.mariadb_only
ROOT = Path(__file__).resolve().parents[2]


class TcpProxy:
    """Forwards a loopback port to the database; stop() drops every connection, start() reopens."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.port = 0
        self.listener: socket.socket | None = None
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()

    def start(self) -> None:
        if self.listener is not None:
            return
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port, self.listener = listener.getsockname()[1], listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def stop(self) -> None:
        """Like a database that went away: the port refuses and open connections are cut."""
        if self.listener is None:
            return
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accept(); close() alone does not
        except OSError:
            pass
        self.listener.close()
        self.listener = None
        with self.lock:
            for sock in self.sockets:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
            self.sockets.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # stopped
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.sockets += [client, upstream]
            for src, dst in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(src, dst), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (src, dst):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


@pytest.fixture
def proxy(mysql_database_url):
    url = make_url(mysql_database_url)
    proxy = TcpProxy((url.host or "127.0.0.1", url.port or 3306))
    proxy.start()
    yield proxy
    proxy.stop()


@pytest.fixture
def app(app, proxy):
    """The conftest app; the proxy is up again before its teardown empties the tables."""
    yield app
    proxy.start()


@pytest.fixture
def app_config(proxy, mysql_database_url):
    """The app reaches the test database only through the proxy, with the app's pool settings."""
    proxied = make_url(mysql_database_url).set(host="127.0.0.1", port=proxy.port)
    url = proxied.render_as_string(hide_password=False)
    options = engine_options(url)
    options["connect_args"] = {**options["connect_args"], "connect_timeout": 2}
    return {"SQLALCHEMY_DATABASE_URI": url, "SQLALCHEMY_ENGINE_OPTIONS": options,
            "DB_PING_AFTER_IDLE_S": IDLE_PING_S}


IDLE_PING_S = 0.3


def test_database_away_mid_game_gives_503_then_the_game_goes_on(app, proxy):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    version = load(app, game_id)[1].version
    assert client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": 1},
                       headers=HX).status_code == 200
    _, committed = load(app, game_id)

    proxy.stop()
    for response in (client.post(f"/tables/{game_id}/stand", data={"version": committed.version},
                                 headers=HX),
                     client.get(f"/tables/{game_id}/fragment?v={committed.version}", headers=HX),
                     client.get(f"/tables/{game_id}"),
                     client.get("/healthz")):
        body = response.get_data(as_text=True)
        assert response.status_code == 503, (response.request.path, body[:300])
        assert "Traceback" not in body and "pymysql" not in body.lower() and "OperationalError" not in body
        if response.request.path != "/healthz":
            assert DB_DOWN_MESSAGE.split(";")[0] in body

    proxy.start()  # the same port: the pool's dead connections were discarded with the 503s
    assert client.get("/healthz").status_code == 200
    _, after = load(app, game_id)
    assert after.to_dict() == committed.to_dict()  # the last committed state, nothing half-done
    response = client.post(f"/tables/{game_id}/stand", data={"version": committed.version}, headers=HX)
    assert response.status_code == 200
    assert load(app, game_id)[1].version > committed.version


def test_a_connection_that_died_while_idle_is_replaced_before_use(app, proxy):
    """A database restarted while nobody played: the pooled connections are dead, and the first
    request after a pause pings one, finds it dead and opens a new one instead of failing."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    version = load(app, game_id)[1].version
    assert client.get(f"/tables/{game_id}/fragment?v={version}", headers=HX).status_code == 204
    proxy.stop()
    proxy.start()
    time.sleep(IDLE_PING_S + 0.1)
    assert client.get(f"/tables/{game_id}/fragment?v={version}", headers=HX).status_code == 204
    assert client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": 1},
                       headers=HX).status_code == 200


def test_database_away_while_logging_in_is_a_calm_503(app, proxy):
    proxy.stop()
    response = app.test_client().post("/auth/login", data={"username": "Ana", "password": "x" * 10})
    assert response.status_code == 503
    assert "your last move is safe" in response.get_data(as_text=True)
    proxy.start()
    assert app.test_client().get("/auth/login").status_code == 200


# ---- a worker killed inside a move's transaction ----

PASSWORD = "killed-worker-pass-1"


@pytest.fixture
def server(app, mysql_database_url, tmp_path):
    """gunicorn, one worker with one thread, on the test database; yields (master, base URL)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": mysql_database_url, "SECRET_KEY": "k" * 48,
           "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": "1", "GUNICORN_THREADS": "1",
           "GUNICORN_LOGLEVEL": "warning"}
    log = (tmp_path / "gunicorn.log").open("w")
    master = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "-c", "gunicorn.conf.py", "wsgi:app"],
                              cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: requests.get(base + "/livez", timeout=2).status_code == 200)
        yield master, base
    finally:
        master.send_signal(signal.SIGTERM)
        master.wait(30)


def wait_until(check, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if result := check():
                return result
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise AssertionError("timed out waiting")


def worker_pid(master: subprocess.Popen) -> int:
    children = Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def logged_in_session(app, base: str, user_id: int) -> tuple[requests.Session, str]:
    with app.app_context():
        user = db.session.get(User, user_id)
        user.set_password(PASSWORD)
        db.session.commit()
        name = user.username
    http = requests.Session()
    token = csrf_meta(http.get(base + "/auth/login").text)
    response = http.post(base + "/auth/login", data={"csrf_token": token, "username": name,
                                                     "password": PASSWORD}, allow_redirects=False)
    assert response.status_code == 302
    return http, csrf_meta(http.get(base + "/").text)  # the session, and its token, were renewed


def csrf_meta(html: str) -> str:
    return re.search(r'<meta name="csrf-token" content="([^"]+)"', html).group(1)


def record_counts(app, game_id: int) -> tuple[int, int, int]:
    """Hands, turns and turn actions stored for one game."""
    with app.app_context():
        db.session.expire_all()
        hands = select(Hand.id).where(Hand.game_id == game_id)
        turns = select(Turn.id).where(Turn.hand_id.in_(hands))
        return tuple(db.session.scalar(select(func.count()).select_from(query.subquery()))
                     for query in (hands, turns, select(TurnAction.id).where(TurnAction.turn_id.in_(turns))))


@pytest.mark.slow  # starts gunicorn
def test_a_worker_killed_inside_a_move_leaves_nothing_half_applied(app, server, mysql_database_url):
    """The stand that settles hand 1 is held inside its transaction, then its worker is killed.

    Another connection locks turn_actions, so the move waits on its last INSERTs, after it has
    updated games and game_states and inserted the hand: a half-applied move.
    """
    master, base = server
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana, bots=("standard",))  # the bot holds the bank: a stand settles
    http, token = logged_in_session(app, base, ana)
    headers = {**HX, "X-CSRFToken": token}
    version = load(app, game_id)[1].version
    assert http.post(f"{base}/tables/{game_id}/bet", data={"version": version, "amount": 1},
                     headers=headers).status_code == 200
    _, before = load(app, game_id)
    assert record_counts(app, game_id) == (0, 0, 0)

    engine = create_engine(mysql_database_url)
    blocker, watcher = engine.connect(), engine.connect()
    try:
        blocker.exec_driver_sql("LOCK TABLES turn_actions WRITE")
        stand = threading.Thread(target=lambda: _post_quietly(
            http, f"{base}/tables/{game_id}/stand", {"version": before.version}, headers))
        stand.start()
        wait_until(lambda: _insert_waiting(watcher))  # the move is mid-transaction now
        os.kill(worker_pid(master), signal.SIGKILL)
        stand.join(30)
    finally:
        blocker.exec_driver_sql("UNLOCK TABLES")
        blocker.close()
        watcher.close()
        engine.dispose()

    _, after_kill = load(app, game_id)
    assert after_kill.to_dict() == before.to_dict()  # fully before the move
    assert record_counts(app, game_id) == (0, 0, 0)
    # gunicorn starts a new worker; the same move, sent again, now applies once and is recorded.
    wait_until(lambda: requests.get(base + "/livez", timeout=2).status_code == 200)
    retry = http.post(f"{base}/tables/{game_id}/stand", data={"version": before.version}, headers=headers)
    assert retry.status_code == 200
    _, after = load(app, game_id)
    # the hand is settled: it stays on the table (phase deal) until the pause ends or Ana says next
    assert after.version > before.version and after.hand == 1 and after.phase in ("deal", "over")
    hands, turns, _actions = record_counts(app, game_id)
    assert hands == 1 and turns == 2
    assert after.conserved_total() == after.config.initial_points * len(after.seats)


def _post_quietly(http: requests.Session, url: str, data: dict, headers: dict) -> None:
    try:
        http.post(url, data=data, headers=headers, timeout=60)
    except requests.RequestException:
        pass  # the worker died under it: that is the point


def _insert_waiting(conn) -> bool:
    conn.rollback()  # a fresh look each time
    # MariaDB may make the INSERT INTO turns wait too (it locks a child table's parents for
    # foreign-key checks): either way games, game_states and hands are already written.
    rows = conn.execute(text("SELECT info FROM information_schema.processlist "
                             "WHERE info LIKE 'INSERT INTO turn%' AND state LIKE 'Waiting%'")).all()
    return bool(rows)
