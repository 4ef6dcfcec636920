"""The nginx in front of the app (docker/nginx/, service proxy of the compose stacks), run with the
nginx:1.27 image (or its stand-in) outside a stack:

- #24.8: ten connections that send half a request and wait do not keep a normal request
  waiting. Behind nginx is gunicorn with the project's gunicorn.conf.py (two sync workers, as the
  compose test gives its app) on an SQLite database. For contrast, the same gunicorn published
  by itself, as docker-compose.yml did before: the half-sent requests hold both workers.
- #24.2: whatever Host and X-Forwarded-* a client sends, the app gets PUBLIC_URL's host, the
  client's address last in X-Forwarded-For and the scheme nginx saw last in X-Forwarded-Proto
  (an echo server stands in for the app there).
The whole stack gets the slow-client test too, in test_compose_stack.py.

Opt-in with the compose tests (SIETE_COMPOSE=1): it needs podman and the nginx image.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests

from tests.compose.compose_engine import ROOT, build_standins, engine_env, why_not
from tests.compose.compose_player import wait_for_page
from tests.compose.slow_clients import half_sent_requests, seconds_to_answer
from tests.support.network import free_port

pytestmark = pytest.mark.compose
NGINX_DIR = ROOT / "docker" / "nginx"


def run_nginx(engine: dict[str, str], name: str, app_address: str, public_url: str) -> int:
    """Start the project's nginx in a container (removed by stop_nginx); return its host port."""
    port = free_port()
    subprocess.run([
        "podman", "run", "-d", "--rm", "--pull=never", "--name", name, "-p", f"127.0.0.1:{port}:80",
        "-e", f"PUBLIC_URL={public_url}", "-e", f"SIETE_APP_ADDRESS={app_address}",
        # as the compose files set it
        "-e", "NGINX_ENVSUBST_FILTER=^(PUBLIC_URL|SIETE_APP_ADDRESS|SIETE_RESOLVER)",
        "-v", f"{NGINX_DIR / 'default.conf.template'}:/etc/nginx/templates/default.conf.template:ro",
        "-v", f"{NGINX_DIR / '15-siete-resolver.envsh'}:/docker-entrypoint.d/15-siete-resolver.envsh:ro",
        "docker.io/library/nginx:1.27"], env=engine, check=True, capture_output=True, timeout=120)
    return port


def host_gateway(engine: dict[str, str]) -> str:
    """The host's address on podman's default network: containers reach the host's servers there
    (they listen on every interface)."""
    return subprocess.run(["podman", "network", "inspect", "podman", "--format",
                           "{{range .Subnets}}{{.Gateway}}{{end}}"], env=engine,
                          capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture(scope="module")
def engine():
    if os.environ.get("SIETE_COMPOSE") != "1":
        pytest.skip("compose tests are opt-in: SIETE_COMPOSE=1 (make test sets it when podman works)")
    reason = why_not()
    if reason:
        pytest.skip(reason)
    env = engine_env()
    build_standins(env)
    return env


APP_THREADS = 8


@pytest.fixture(scope="module")
def servers(engine, tmp_path_factory):
    """gunicorn (gunicorn.conf.py, one worker of APP_THREADS threads) and the project's nginx in front of it."""
    app_port, nginx = free_port(), f"siete-nginx-test-app-{os.getpid()}"
    app_env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('db') / 'siete.db'}",
               "SIETE_ENV": "local", "PORT": str(app_port), "GUNICORN_WORKERS": "1",
               # One worker with a small pool, so that the test below holds every thread for sure
               # (with two, either may accept all the half-sent requests and leave the other
               # free). Production sizes the pool for the pages' streams, 250 a worker; the
               # reasoning is the same.
               "GUNICORN_THREADS": str(APP_THREADS),
               "TRUSTED_PROXIES": "1", "PYTHONUNBUFFERED": "1"}
    subprocess.run([sys.executable, "-m", "flask", "--app", "wsgi", "db-setup"], cwd=ROOT,
                   env=app_env, check=True, capture_output=True, timeout=300)
    log = open(tmp_path_factory.mktemp("log") / "gunicorn.log", "w")
    gunicorn = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "wsgi:app"],
                                cwd=ROOT, env=app_env, stdout=log, stderr=subprocess.STDOUT)
    try:
        proxy_port = run_nginx(engine, nginx, f"{host_gateway(engine)}:{app_port}", "http://localhost:8000")
        app, proxy = f"http://127.0.0.1:{app_port}", f"http://127.0.0.1:{proxy_port}"
        wait_for_page(app + "/", seconds=120)
        wait_for_page(proxy + "/", seconds=60)
        yield {"app": ("127.0.0.1", app_port, app), "proxy": ("127.0.0.1", proxy_port, proxy)}
    finally:
        subprocess.run(["podman", "rm", "-f", "-t", "0", nginx], env=engine, capture_output=True)
        gunicorn.terminate()
        gunicorn.wait(timeout=30)
        log.close()


def test_behind_nginx_a_request_is_answered_while_ten_others_are_half_sent(servers):
    host, port, url = servers["proxy"]
    idle = seconds_to_answer(url + "/")
    with half_sent_requests(host, port, count=10):
        held = seconds_to_answer(url + "/")
        again = seconds_to_answer(url + "/")
    print(f"\nthrough nginx: GET / in {idle:.3f} s idle, {held:.3f} s and {again:.3f} s "
          "with 10 half-sent requests held")
    assert held < 1.0 and again < 1.0, (held, again)


def test_gunicorn_published_by_itself_is_stopped_by_them(servers):
    """The reason for nginx: a gthread worker reads a request on one of its threads, so as many
    half-sent requests as there are threads take them all and the rest queue behind them. (If
    this ever fails because the queue moves, gunicorn learnt to cope and the choice can be
    revisited.)"""
    host, port, url = servers["app"]
    count = APP_THREADS + 4
    with half_sent_requests(host, port, count=count):
        held = seconds_to_answer(url + "/", wait=3)
    print(f"\ngunicorn alone: GET / not answered in {held:.1f} s with {count} half-sent requests held")
    assert held >= 3
    start = time.monotonic()
    assert seconds_to_answer(url + "/", wait=30) < 30, "gunicorn recovers once they go"
    print(f"gunicorn alone: answered again {time.monotonic() - start:.2f} s after they went")


class Echo(BaseHTTPRequestHandler):
    """Answers every GET with the headers it received, as JSON."""

    def do_GET(self):  # noqa: N802 (http.server's name)
        body = json.dumps(dict(self.headers)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def echo_behind_nginx(engine):
    server = ThreadingHTTPServer(("0.0.0.0", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    name = f"siete-nginx-test-echo-{os.getpid()}"
    try:
        port = run_nginx(engine, name, f"{host_gateway(engine)}:{server.server_address[1]}",
                         "https://siete.example:8443/ignored/path")
        wait_for_page(f"http://127.0.0.1:{port}/", seconds=60)
        yield f"http://127.0.0.1:{port}"
    finally:
        subprocess.run(["podman", "rm", "-f", "-t", "0", name], env=engine, capture_output=True)
        server.shutdown()


@pytest.mark.parametrize("forged", [
    {},
    {"Host": "evil.example"},
    {"Host": "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https",
     "X-Forwarded-For": "203.0.113.9"},
])
def test_nginx_sends_the_app_public_urls_host_whatever_the_client_says(echo_behind_nginx, forged):
    seen = requests.get(echo_behind_nginx + "/auth/forgot", headers=forged, timeout=10).json()
    assert seen["Host"] == "siete.example:8443"
    assert seen["X-Forwarded-Host"] == "siete.example:8443"
    # The app believes the last TRUSTED_PROXIES entries: nginx's own come last, the client's
    # claims before them (the local stack believes 1 entry, production 2).
    client = seen["X-Forwarded-For"].split(", ")
    assert client[:-1] == (["203.0.113.9"] if forged.get("X-Forwarded-For") else [])
    assert seen["X-Forwarded-Proto"].split(", ")[-1] == "http"
    assert seen["X-Forwarded-Proto"].split(", ")[:-1] == (["https"] if "X-Forwarded-Proto" in forged else [])
