"""docker-compose.yml's real stack, run with podman-compose on a fresh project with no .env (#14).

A person plays over HTTP through the stack's nginx (the worker keeping time beside the app):
registers, plays a table with bots to the end, the app container is restarted and the stack
taken down and up again, and the account and the finished game are still there. Ten half-sent
requests do not hold up a normal one (#24.8). Then scale-out (compose.scale.yaml): a game
through nginx lands on both app containers, and the login throttle counts across them in Redis.
(compose.prod.yaml runs in test_production_stack.py.) The base images are
stand-ins built from Debian's packages when the official ones cannot be pulled
(tests/compose/standins/: NOT the official images; the project's files are written for those).

Opt-in (SIETE_COMPOSE=1, which scripts/test.sh sets when podman works): it builds images and
takes minutes. The times it measures go to tests/artifacts/compose-times.txt.
SIETE_PODMAN_COMPOSE=/usr/bin/podman-compose runs it with Debian's podman-compose 1.0.3 (#24.11).
"""
from __future__ import annotations

import json
import os
import re
import secrets
import time

import pytest
import requests

from tests.compose.compose_engine import (
    COMPOSE_VARIABLES,
    ROOT,
    SCALE_FILES,
    Stack,
    build_standins,
    engine_env,
    why_not,
)
from tests.compose.compose_player import Player, csrf, wait_for_page
from tests.compose.slow_clients import half_sent_requests, seconds_to_answer
from tests.support.network import free_port

pytestmark = pytest.mark.compose
PROJECT = "sietecomposetest"
TIMES_FILE = ROOT / "tests" / "artifacts" / "compose-times.txt"
LOGIN_LIMIT = 6  # failed logins per minute per client address, in the test stack
# Where the app's user may write inside its container; everything else must refuse it.
WRITABLE = {"/tmp", "/var/tmp", "/var/lock", "/run/lock", "/app/instance"}


def record(times: dict, name: str, seconds: float) -> None:
    times[name] = round(seconds, 1)
    TIMES_FILE.parent.mkdir(parents=True, exist_ok=True)
    TIMES_FILE.write_text("".join(f"{k}: {v} s\n" for k, v in times.items()))


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    if os.environ.get("SIETE_COMPOSE") != "1":
        pytest.skip("compose tests are opt-in: SIETE_COMPOSE=1 (make test sets it when podman works)")
    reason = why_not()
    if reason:
        pytest.skip(reason)
    env = {k: v for k, v in engine_env().items() if not COMPOSE_VARIABLES.match(k) or k == "SIETE_PODMAN_COMPOSE"}
    ports = {"APP_PORT": str(free_port())}
    # Test-only knobs: fewer gunicorn workers on a 2-core machine, a low login limit to reach.
    env.update(ports, GUNICORN_WORKERS="2", LOGIN_RATE_LIMIT=f"{LOGIN_LIMIT}/minute")
    build_standins(env)
    stack = Stack(PROJECT, env)
    if stack.legacy and (ROOT / ".env").exists():
        pytest.skip("podman-compose 1.0.3 always reads the repository's .env (it has no --env-file): "
                    "move .env aside to run the zero-config stack with it")
    # A developer's own .env must not leak in: the stack runs on the file's defaults alone.
    stack.env_file = tmp_path_factory.mktemp("compose") / "empty.env"
    stack.env_file.write_text("")
    stack.down()  # leftovers of an interrupted run
    stack.base = f"http://127.0.0.1:{ports['APP_PORT']}"
    stack.times, stack.game = {}, {}
    try:
        yield stack
    finally:
        if os.environ.get("SIETE_COMPOSE_KEEP") != "1":
            stack.down()


def test_zero_config_up_builds_starts_seeds_and_serves_on_8000(stack):
    start = time.monotonic()
    stack.compose("build", "app")
    record(stack.times, "image build (podman-compose build app)", time.monotonic() - start)
    start = time.monotonic()
    stack.compose("up", "-d")
    wait_for_page(stack.base + "/")
    record(stack.times, "first page served (from `up`)", time.monotonic() - start)
    app, = stack.containers("app")
    db, = stack.containers("db")
    stack.wait_healthy(db)
    stack.wait_healthy(app)
    record(stack.times, "stack healthy: db and app HEALTHCHECKs pass (from `up`)", time.monotonic() - start)
    lobby = requests.get(stack.base + "/", headers={"Accept-Language": "en"}, timeout=30)
    assert lobby.status_code == 200 and "Lobby" in lobby.text
    assert stack.containers("redis"), "the pages' streams hear of changes through Redis"
    assert_worker_runs(stack)
    # nginx is published on every interface, so other devices on the LAN can play; gunicorn is
    # not published at all (#24.8).
    proxy, = stack.containers("proxy")
    published = stack.podman("port", proxy).stdout
    assert f"0.0.0.0:{stack.base.rsplit(':', 1)[1]}" in published, published
    assert stack.podman("port", app).stdout.strip() == ""
    # The address the site's links use, and the one Host nginx sends the app (#24.2).
    for container in (app, proxy):
        assert stack.podman("exec", container, "printenv", "PUBLIC_URL").stdout.strip() == "http://localhost:8000"


def test_half_sent_requests_do_not_hold_up_a_normal_one(stack):
    """#24.8: the issue's run left a GET unanswered for 10 s behind five half-sent requests."""
    port = int(stack.base.rsplit(":", 1)[1])
    with half_sent_requests("127.0.0.1", port, count=10):
        held = seconds_to_answer(stack.base + "/")
    record(stack.times, "GET / with 10 half-sent requests held (through nginx)", held)
    print(f"\nstack: GET / answered in {held:.3f} s with 10 half-sent requests held")
    assert held < 1.0, held


def assert_worker_runs(stack, seconds: float = 90) -> None:
    """The worker container started ticking and has not crashed since."""
    worker, = stack.containers("worker")
    deadline = time.monotonic() + seconds
    while "worker started" not in (logs := stack.podman("logs", worker, check=False)).stderr + logs.stdout:
        assert time.monotonic() < deadline, f"the worker did not start:\n{logs.stdout}{logs.stderr}"
        time.sleep(1)
    restarts = stack.podman("inspect", worker, "--format", "{{.RestartCount}}").stdout.strip()
    if restarts != "0":  # what it said before each restart, and since
        logs = stack.podman("logs", worker, check=False)
    assert restarts == "0", f"the worker restarted {restarts} times:\n{logs.stdout}{logs.stderr}"


def test_the_worker_plays_out_a_game_nobody_is_watching(stack):
    """#19: the human opens a table and walks away; with no request at all, the worker's timer
    stands for them, marks them away, and the bots finish the game and its record."""
    bea = Player(stack.base, "bea" + secrets.token_hex(3), "Quince-Harbour-" + secrets.token_hex(8))
    bea.register()
    game_id = bea.open_table_with_bots(hands=2, turn_seconds=5)
    db, = stack.containers("db")
    query = f"SELECT status, hands_played FROM games WHERE id = {game_id}"
    start, row = time.monotonic(), ""
    while time.monotonic() - start < 180:  # nobody sends a request to the app meanwhile
        time.sleep(3)
        row = stack.podman("exec", db, "mysql", "-uroot", "-proot-local-only", "-N", "-B", "siete",
                           "-e", query).stdout.split()
        if row and row[0] == "finished":
            break
    assert row == ["finished", "2"], row
    record(stack.times, "a 2-hand game nobody watches, finished by the worker", time.monotonic() - start)
    worker, = stack.containers("worker")
    assert f"table {game_id}:" in stack.podman("logs", worker).stderr + stack.podman("logs", worker).stdout


def test_a_stream_behind_nginx_hears_a_table_opened_by_the_app(stack):
    """Issue 37: the lobby's stream, through nginx (unbuffered on stream paths), says "changed"
    when a table opens: the news went from the app worker that served the POST through Redis to
    the worker holding the stream, each event as it was written."""
    stream = requests.get(stack.base + "/lobby/stream?v=x", stream=True, timeout=30,
                          headers={"Accept": "text/event-stream"})
    assert stream.status_code == 200 and stream.headers["Content-Type"].startswith("text/event-stream")
    lines = stream.iter_lines(decode_unicode=True)
    assert next(lines).startswith("retry: ")  # arrives at once: nginx does not buffer it
    heard = next(line for line in lines if line.startswith("event: "))  # the catch-up ("v=x" is old)
    assert heard == "event: changed", heard
    ana = Player(stack.base, "sse" + secrets.token_hex(3), "Plum-Orbit-" + secrets.token_hex(8))
    ana.register()
    start = time.monotonic()
    ana.open_table_with_bots(hands=1)
    news = next(line for line in lines if line.startswith("event: "))
    record(stack.times, "a table opened, heard on the lobby's stream through nginx", time.monotonic() - start)
    assert news == "event: changed"
    stream.close()


def test_image_runs_as_non_root_and_writes_only_its_instance_folder(stack):
    app, = stack.containers("app")
    assert stack.podman("exec", app, "id", "-u").stdout.strip() not in ("", "0")
    writable = stack.podman("exec", app, "sh", "-c",
                            "find / -xdev -writable 2>/dev/null | grep -v -E '^/(proc|sys|dev)(/|$)'").stdout
    tops = {path for path in writable.split()
            if not any(path.startswith(place + "/") for place in WRITABLE)}
    assert tops <= WRITABLE, f"the app's user may write {sorted(tops - WRITABLE)}"
    refused = stack.podman("exec", app, "touch", "/app/wsgi.py", check=False)
    assert refused.returncode != 0 and "Permission denied" in refused.stderr
    # The session key was made on first start, into the volume, readable by its owner only.
    mode = stack.podman("exec", app, "stat", "-c", "%a %s", "/app/instance/secret_key").stdout.split()
    assert mode[0] == "600" and int(mode[1]) >= 64
    inspect = json.loads(stack.podman("inspect", app).stdout)[0]
    assert inspect["Config"]["Healthcheck"]["Test"][-1] == "/app/docker/healthcheck.py"  # GET /healthz
    assert stack.healthy(app)


def test_a_player_finishes_a_game_and_finds_it_after_restart_and_down_up(stack):
    ana = Player(stack.base, "ana" + secrets.token_hex(3), "Plum-Orbit-" + secrets.token_hex(8))
    ana.register()
    session, = [c for c in ana.http.cookies if c.name == "session"]
    assert not session.secure, "plain HTTP on the LAN must get a cookie it sends back"
    game_id = ana.open_table_with_bots(hands=3)
    assert ana.play_to_the_end(game_id) >= 1
    stack.game.update(id=game_id, player=ana)

    app, = stack.containers("app")
    stack.podman("restart", app, timeout=120)
    wait_for_page(stack.base + "/livez")
    # The same browser is still logged in: the key lives in the volume, not the container.
    assert ana.username in ana.get_after_restart("/").text
    assert_account_and_finished_game(stack.base, ana, game_id)

    stack.compose("down")  # no -v: the volumes stay
    start = time.monotonic()
    stack.compose("up", "-d")
    wait_for_page(stack.base + "/")
    record(stack.times, "down + up: first page again", time.monotonic() - start)
    assert_account_and_finished_game(stack.base, ana, game_id)
    assert_worker_runs(stack)


def assert_account_and_finished_game(base: str, player: Player, game_id: int) -> None:
    """A new device logs in as player and finds the finished game and its profile."""
    device = Player(base, player.username, player.password)
    lobby = device.login()
    assert lobby.status_code == 200 and player.username in lobby.text, lobby.text[:1000]
    assert "results__winner" in device.get(f"/tables/{game_id}").text
    profile = device.get(f"/players/{player.username}").text
    assert re.search(r"<dt>Games</dt><dd>1</dd>", profile), profile[:3000]


def test_scale_out_spreads_a_game_over_two_app_containers_behind_nginx(stack):
    start = time.monotonic()
    # Down first (volumes kept): podman-compose 1.0.3 never recreates a container whose settings
    # changed, so every engine is given the scaled stack afresh.
    stack.compose("down")
    stack.compose("up", "-d", files=SCALE_FILES)
    replicas = stack.containers("app")
    assert len(replicas) == 2, replicas
    for replica in replicas:
        stack.wait_healthy(replica)
    wait_for_page(stack.base + "/")
    record(stack.times, "scale-out (compose.scale.yaml): down, up, both apps healthy, nginx serving",
           time.monotonic() - start)
    addresses = {stack.address(r) + ":8000": r for r in replicas}

    bea = Player(stack.base, "bea" + secrets.token_hex(3), "Quartz-Lemon-" + secrets.token_hex(8))
    bea.register()
    game_id = bea.open_table_with_bots(hands=2)
    bea.play_to_the_end(game_id)
    served = {addresses.get(a, a) for a in bea.served_by}
    print(f"\nscale: {len(bea.served_by)} requests through nginx, by app container:",
          {name: [addresses.get(a, a) for a in bea.served_by].count(name) for name in served})
    assert served == set(replicas), f"requests landed on {served}, app containers are {replicas}"
    # The game the first player finished on the single app is there too: one MySQL.
    assert_account_and_finished_game(stack.base, stack.game["player"], stack.game["id"])


def test_login_throttle_is_counted_across_replicas_in_redis(stack):
    replicas = stack.containers("app")
    addresses = {stack.address(r) + ":8000": r for r in replicas}
    intruder = Player(stack.base, "nobody", "wrong")
    # One form, many POSTs (the token is the session's). nginx picks a replica at random for each
    # request (its resolver hands out the addresses in a random rotation), so the first
    # LOGIN_LIMIT failures may all land on one replica: the refusals go on until every replica
    # has refused at least once (2**-29 that 30 tries miss one of two).
    token = csrf(intruder.get("/auth/login").text)
    answers = []  # (status, replica) of each login POST
    for attempt in range(LOGIN_LIMIT + 30):
        intruder.username = f"nobody{attempt}"  # no account's own limit: the address's
        status = intruder.login(token).status_code
        answers.append((status, addresses.get(intruder.served_by[-1])))
        refusing = {replica for _, replica in answers[LOGIN_LIMIT:]}
        if refusing == set(replicas):
            break
    print("\nlogin attempts through nginx (status, replica):", answers)
    failed, refused = answers[:LOGIN_LIMIT], answers[LOGIN_LIMIT:]
    assert {status for status, _ in failed} == {200}, answers  # the form again, with its error
    assert {status for status, _ in refused} == {429}, answers
    # Every replica refuses once LOGIN_LIMIT failures were made in all, and at least one of
    # them had seen fewer than LOGIN_LIMIT itself: the count is one, kept in Redis.
    assert {replica for _, replica in refused} == set(replicas), answers
    served = [replica for _, replica in failed]
    assert min(served.count(replica) for replica in replicas) < LOGIN_LIMIT, answers
    redis, = stack.containers("redis")
    keys = stack.podman("exec", redis, "redis-cli", "--scan", "--pattern", "LIMITS*").stdout.split()
    assert any("login" in key for key in keys), keys


def test_production_mode_refuses_the_local_defaults(stack):
    """compose.prod.yaml runs the same image in production: with no real secrets it must stop."""
    image = "localhost/siete:latest"
    done = stack.podman("run", "--rm", "--pull=never", "-e", "SIETE_ENV=production",
                        "-e", "SECRET_KEY_FILE=", "-e", "SECRET_KEY=",
                        "-e", "DATABASE_URL=mysql+pymysql://siete:siete-local-only@db/siete",
                        image, check=False, timeout=120)
    assert done.returncode != 0
    assert "refusing to start in production" in done.stderr
    assert "SECRET_KEY" in done.stderr and "local stack's default" in done.stderr
    if not stack.legacy:  # 1.0.3 has no `config`; tests/shipping/test_compose_engines.py reads it there
        config = stack.compose("config", files=("compose.prod.yaml",)).stdout
        assert "SIETE_ENV: production" in config
