"""What presence and the faster waiting room and lobby cost the server (#26), against today's.

    .venv/bin/python bench/presence.py --clients 20 --seconds 20
    .venv/bin/python bench/presence.py --clients 20 --seconds 20 --root /tmp/presence-base

Each connected player is a browser-like client that reads, from the page it was served, what to
poll and how often (#table's hx-get, data-poll-ms and data-live; #lobby-tables' hx-get and its
data-poll-ms, or today's "every 5s"), and polls that for --seconds: half of them sit in pairs at
waiting tables (creator and a friend), the other half look at the lobby. It prints requests/s,
the answers' statuses, and gunicorn's CPU per connected player. --root runs another checkout of
the code (today's: `git archive a30bcc3 | tar -x -C /tmp/presence-base`) on a database made by
this one; the extra columns and table are unused there.
Measured (2026-11-27, a shared 2-core box, MariaDB, 2 sync workers, 20 clients for 20 s):
  today (a30bcc3): waiting rooms every 1.5 s, lobby every 5 s (full render, ~30 ms each):
    8.5 req/s, 2.98 ms of gunicorn CPU per second per connected player
  now: waiting rooms every 750 ms, lobby every 1.5 s (both 204 after one query while unchanged):
    19.1 req/s, 3.67 ms per second per player (+23%); at 500 ms / 1 s it was 27.8 req/s, 5.2 ms
  Browser test (tests/e2e/test_e2e_presence.py, three runs): a join reached the owner 0.55-0.69 s
  after the click, a new table another lobby 0.92-1.42 s after the click.
Short polls rather than long polling: gunicorn's sync workers behind nginx would each be held
by a waiting request (a worker per connected player); a 204 is ~3.7 ms in-process (mostly
Flask's own request handling), so short polls cost less than the workers long polls would need.
It drops and makes the database (--database, default siete_test_presence on the
local MariaDB), creates the accounts and starts gunicorn (--workers) from --root.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import urllib3  # noqa: E402

from bench.load_client import Browser  # noqa: E402
from bench.load_report import own_cpu_seconds  # noqa: E402
from bench.load_server import PASSWORD, create_users, free_port, prepare_database, server_cpu_seconds  # noqa: E402

HX = {"HX-Request": "true"}
TABLE_FORM = {"name": "bench", "seats": 3, "standard_bots": 0, "cautious_bots": 0, "bold_bots": 0,
              "max_hands": 15, "turn_seconds": 600}


def csrf_from(html: str) -> str:
    return re.search(r'<meta name="csrf-token" content="([^"]+)"', html).group(1)


def attribute(html: str, element_id: str, name: str) -> str | None:
    """An attribute of the element with this id in the page (the first one)."""
    tag = re.search(rf'<[^>]*\bid="{element_id}"[^>]*>', html, re.S)
    found = tag and re.search(rf'\b{name}="([^"]*)"', tag.group(0))
    return unescape(found.group(1)) if found else None


class Poller:
    """A tab: what it polls (its URL and interval, read from the page) and what it got."""

    def __init__(self, browser: Browser, element_id: str, page: str):
        self.browser, self.element_id = browser, element_id
        self.statuses: Counter[int] = Counter()
        self.take(page)

    def take(self, html: str) -> None:
        self.url = attribute(html, self.element_id, "hx-get") or self.url
        ms = attribute(html, self.element_id, "data-poll-ms")
        self.every = int(ms) / 1000 if ms else 5.0  # today's lobby: hx-trigger="every 5s"
        live = attribute(html, self.element_id, "data-live")
        self.query = {"p": live} if live is not None else {}  # siete.js adds `p` (#26)

    def run(self, until: float) -> None:
        while time.monotonic() < until:
            started = time.monotonic()
            path = self.url + ("&p=" + self.query["p"] if self.query else "")
            reply = self.browser.request("GET", path, headers=HX)
            self.statuses[reply.status_code] += 1
            if reply.status_code == 200:
                self.take(reply.text)
            time.sleep(max(0.0, self.every - (time.monotonic() - started)))


def log_in(base: str, name: str) -> tuple[Browser, str]:
    browser = Browser(base)
    csrf = csrf_from(browser.request("GET", "/auth/login").text)
    reply = browser.request("POST", "/auth/login", data={"csrf_token": csrf, "username": name,
                                                          "password": PASSWORD})
    assert reply.status_code in (302, 303), f"login of {name}: {reply.status_code}"
    return browser, csrf_from(browser.request("GET", "/").text)


def waiting_pair(base: str, owner: str, friend: str) -> list[Poller]:
    """The owner opens a table, the friend joins it: both wait there, polling."""
    owner_tab, owner_csrf = log_in(base, owner)
    opened = owner_tab.request("POST", "/tables", data={**TABLE_FORM, "csrf_token": owner_csrf})
    table = opened.headers["Location"].rsplit("/", 1)[1]
    friend_tab, friend_csrf = log_in(base, friend)
    friend_tab.request("POST", f"/tables/{table}/join", data={"csrf_token": friend_csrf})
    return [Poller(tab, "table", tab.request("GET", f"/tables/{table}").text)
            for tab in (owner_tab, friend_tab)]


def start_gunicorn(root: Path, url: str, workers: int, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "presence-bench-" + "k" * 40,
           "GUNICORN_BIND": f"127.0.0.1:{port}", "GUNICORN_WORKERS": str(workers),
           "GUNICORN_LOGLEVEL": "warning", "TABLE_RATE_LIMIT": "100000/minute", "SEAT_RATE_LIMIT": "100000/minute",
           "MAX_OPEN_TABLES": "100000", "LOGIN_RATE_LIMIT": "100000/minute"}
    server = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "-c", "gunicorn.conf.py",
                               "--access-logfile", "/dev/null", "wsgi:app"],
                              cwd=root, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(60):
        try:
            if Browser(base, timeout=5).request("GET", "/healthz").status_code == 200:
                return server, base
        except urllib3.exceptions.HTTPError:
            time.sleep(0.5)
    server.kill()
    raise RuntimeError(f"gunicorn did not come up; see {log}")


def measure(base: str, server: subprocess.Popen | None, clients: int, seconds: float) -> None:
    pairs = clients // 4  # half the clients wait at tables (in pairs), half look at the lobby
    names = create_users(os.environ["DATABASE_URL"], 2 * pairs, f"pr{int(time.time()) % 100000}x")
    pollers = [p for i in range(pairs) for p in waiting_pair(base, names[2 * i], names[2 * i + 1])]
    for _ in range(clients - len(pollers)):
        tab = Browser(base)
        pollers.append(Poller(tab, "lobby-tables", tab.request("GET", "/").text))
    time.sleep(1)  # let the set-up's requests settle
    cpu_before, own_before, start = server_cpu_seconds(server), own_cpu_seconds(), time.monotonic()
    until = start + seconds
    threads = [threading.Thread(target=p.run, args=(until,)) for p in pollers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    cpu = server_cpu_seconds(server) - cpu_before
    for kind, group in (("waiting room", pollers[:2 * pairs]), ("lobby", pollers[2 * pairs:])):
        statuses = sum((p.statuses for p in group), Counter())
        total = sum(statuses.values())
        every = sorted({p.every for p in group})
        print(f"{kind:>12}: {len(group)} clients polling every {every} s: {total / elapsed:.1f} req/s "
              f"({total / elapsed / max(1, len(group)):.2f} per client), statuses {dict(statuses)}")
    print(f"  server CPU: {cpu:.2f} s in {elapsed:.1f} s = {1000 * cpu / elapsed / clients:.2f} ms "
          f"of CPU per second per connected player ({100 * cpu / elapsed:.1f}% of one core for "
          f"{clients}); load generator {own_cpu_seconds() - own_before:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database", default="mysql+pymysql://root@127.0.0.1/siete_test_presence")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose code gunicorn runs")
    args = parser.parse_args()
    args.seconds = min(args.seconds, 30)  # the machine is shared: never longer than 30 s
    os.environ["DATABASE_URL"] = args.database
    prepare_database(args.database)
    server, base = start_gunicorn(args.root.resolve(), args.database, args.workers,
                                  Path("/tmp/presence-bench-gunicorn.log"))
    try:
        print(f"code: {args.root}; {args.workers} gunicorn workers on {args.database.split('@')[-1]}")
        measure(base, server, args.clients, args.seconds)
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
