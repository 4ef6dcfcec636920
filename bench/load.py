"""Load test: N browser-like players (1 human + 3 bots per table) against gunicorn on MariaDB.

    .venv/bin/python bench/load.py --players 100 --seconds 60 --workers 5

Without --url it makes a fresh database (siete_load), runs `flask --app wsgi init-db`, starts
gunicorn on a loopback port and stops it at the end. It measures /livez (no database) first as
the ceiling, then lets the players log in, open a table, bet, draw, stand and poll for
--seconds; it prints throughput, p50/p95/p99 per route and error counts, then checks the
database: points conserved in every hand (R2.4), hands numbered 1..n, each turn consistent with
its cards, and every move the players saw accepted stored exactly once.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import signal
import sys
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load_checks import check_database, poll_query_count  # noqa: E402
from bench.load_client import Browser, Response, poll_address, pulse  # noqa: E402
from bench.load_report import (  # noqa: E402
    GeneratorLag,
    own_cpu_seconds,
    print_database_cpu,
    print_routes,
    print_times,
)
from bench.load_server import (  # noqa: E402
    PASSWORD,
    create_users,
    database_cpu_seconds,
    prepare_database,
    server_cpu_seconds,
    server_times,
    start_gunicorn,
)
from bench.load_streams import StreamReader, print_against_livez, spectate, think_and_listen  # noqa: E402

HX = {"HX-Request": "true"}
TABLE_FORM = {"name": "load", "seats": 4, "standard_bots": 1, "cautious_bots": 1, "bold_bots": 1,
              # A long timer: a turn that times out would be an automatic move, not the player's.
              "max_hands": 15, "turn_seconds": 600}
POLL_EVERY_S = 1.5  # the slow poll; the fragment's data-poll-ms says how often the page polls now


@dataclass
class Stats:
    """Latencies per route, status counts and the moves the server accepted (shared by threads)."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, dict[int, int]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    failures: list[str] = field(default_factory=list)
    # (game_id, hand) -> {"bet": amount, "draw": n, "stand": n} for moves answered 200.
    ledger: dict[tuple[int, int], dict] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, route: str, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies[route].append(seconds)
            self.statuses[route][status] += 1


class Player:
    """One browser: its connection and cookies, its CSRF token and the table it plays at."""

    def __init__(self, base: str, username: str, stats: Stats, think: float, rng: random.Random):
        self.base, self.username, self.stats, self.think, self.rng = base, username, stats, think, rng
        self.http = Browser(base)
        self.csrf = ""
        self.game_id = 0
        self.fragment = ""
        self.reader: StreamReader | None = None  # --streams: the page's stream

    def call(self, route: str, method: str, path: str, **kwargs) -> Response:
        """One request, timed and counted under `route`."""
        start = time.perf_counter()
        response = self.http.request(method, path, **kwargs)
        self.stats.add(route, response.status_code, time.perf_counter() - start)
        if response.status_code >= 500:
            self.stats.failures.append(f"{route} {path}: {response.status_code}")
        return response

    def post(self, route: str, path: str, data: dict | None = None) -> Response:
        """A POST as htmx sends it: the CSRF token in X-CSRFToken, HX-Request set."""
        return self.call(route, "POST", path, data=data or {},
                         headers={**HX, "X-CSRFToken": self.csrf})

    def log_in(self) -> None:
        page = self.call("login_page", "GET", "/auth/login").text
        self.csrf = csrf_from(page)
        response = self.call("login", "POST", "/auth/login", data={
            "csrf_token": self.csrf, "username": self.username, "password": PASSWORD})
        if response.status_code != 302:
            raise RuntimeError(f"{self.username} could not log in: {response.status_code}")
        # The session was renewed at login, and with it the token.
        self.csrf = csrf_from(self.call("lobby", "GET", "/").text)

    def open_table(self, again_from: int | None = None) -> None:
        """A new table (or "Play again"), its page, then start it with the bots."""
        if again_from is None:
            response = self.post("create", "/tables", {**TABLE_FORM, "csrf_token": self.csrf})
        else:
            response = self.post("again", f"/tables/{again_from}/again")
        self.game_id = int(re.search(r"/tables/(\d+)$", response.headers["Location"]).group(1))
        self.call("table", "GET", f"/tables/{self.game_id}")
        response = self.post("start", f"/tables/{self.game_id}/start")
        if response.status_code != 200:  # counted already; carry on from what the table shows
            response = self.call("table", "GET", f"/tables/{self.game_id}", headers=HX)
        self.fragment = response.text

    def play_until(self, deadline: float) -> None:
        """Think (polling as the page does), move, think again, until the clock runs out.

        Thinking comes first: everyone starts at one instant (after the slow logins), and a
        hundred players who all clicked in the same millisecond would be a burst no table
        of people makes, queueing the first moves behind each other.
        """
        self.think_and_poll(deadline)
        while time.monotonic() < deadline:
            if 'data-status="finished"' in self.fragment:
                self.open_table(again_from=self.game_id)
                continue
            if not self.move():
                self.stats.failures.append(f"{self.username}: no move offered at table {self.game_id}")
                return
            self.think_and_poll(deadline)

    def move(self) -> bool:
        """Pick a legal move from the fragment's buttons and send it; False if none is offered."""
        page = self.fragment
        version = int(re.search(r'data-version="(\d+)"', page).group(1))
        hand = int(re.search(r"Hand (\d+) of", page).group(1))
        amounts = [int(a) for a in re.findall(r'id="move-bet-(\d+)"', page)]
        if not amounts and 'id="move-bet"' in page:
            low, high = re.search(r'min="(\d+)" max="(\d+)"', page).groups()
            amounts = list(range(int(low), int(high) + 1))
        if amounts:
            action, data = "bet", {"version": version, "amount": self.rng.choice(amounts)}
        elif 'id="move-draw"' in page and self.rng.random() < 0.55:
            action, data = "draw", {"version": version}
        elif 'id="move-stand"' in page:
            action, data = "stand", {"version": version}
        elif 'id="move-next"' in page:  # the settled hand is on the table: seen, deal the next
            response = self.post("next", f"/tables/{self.game_id}/next", pulse(page))
            self.fragment = response.text if response.status_code == 200 else \
                self.call("table", "GET", f"/tables/{self.game_id}", headers=HX).text
            return True
        else:
            return False
        response = self.post(action, f"/tables/{self.game_id}/{action}", data | pulse(page))
        if response.status_code == 200:
            self.fragment = response.text
            with self.stats.lock:
                entry = self.stats.ledger[(self.game_id, hand)]
                entry[action] += data.get("amount", 1)
        else:
            self.fragment = self.call("table", "GET", f"/tables/{self.game_id}", headers=HX).text
        return True

    def think_and_poll(self, deadline: float) -> None:
        """Wait like a person deciding, polling the unchanged table every POLL_EVERY_S (with
        --streams: listening to the page's stream instead, bench/load_streams.py)."""
        if self.reader is not None:
            return think_and_listen(self, deadline)
        wake = time.monotonic() + self.rng.uniform(0.5, 1.5) * self.think
        next_poll = time.monotonic() + self.rng.uniform(0, POLL_EVERY_S)
        while (now := time.monotonic()) < min(wake, deadline):
            if now >= next_poll:
                address = poll_address(self.fragment)
                response = self.call("poll", "GET", address, headers=HX) if address else None
                if response is not None and response.status_code == 200:  # a timer changed it
                    self.fragment = response.text
                every = re.search(r'data-poll-ms="(\d+)"', self.fragment)
                next_poll = now + (int(every.group(1)) / 1000 if every else POLL_EVERY_S)
            time.sleep(max(0.0, min(wake, next_poll, deadline) - time.monotonic()))


def csrf_from(html: str) -> str:
    return re.search(r'<meta name="csrf-token" content="([^"]+)"', html).group(1)


# ---- the runs and the report ----

def hammer_livez(base: str, threads: int, seconds: float, stats: Stats) -> None:
    """The ceiling: closed-loop GET /livez (no database) from `threads` clients."""
    deadline = time.monotonic() + seconds

    def loop() -> None:
        http = Browser(base)
        while time.monotonic() < deadline:
            start = time.perf_counter()
            status = http.request("GET", "/livez").status_code
            stats.add("livez", status, time.perf_counter() - start)

    run_threads([loop] * threads)


def run_threads(targets) -> None:
    threads = [threading.Thread(target=t, daemon=True) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def run_players(base: str, names: list[str], seconds: float, think: float,
                setup: Stats, stats: Stats, on_start=lambda: None, streams: bool = False,
                spectators: int = 0) -> tuple[float, float]:
    """Everyone logs in and opens a table (`setup`), then all play for `seconds` (`stats`).

    The timed phase starts when the last player is ready, so the slow scrypt logins (a
    deliberate cost) do not blur the figures of the game itself. Returns both phases' wall times.
    """
    clock: dict[str, float] = {"ramp": time.monotonic()}
    tables: list[int] = []

    def begin() -> None:
        on_start()
        clock.update(start=time.monotonic())
        for seed in range(spectators):  # watchers of the players' tables, holding streams too
            threading.Thread(target=spectate, daemon=True, args=(
                base, tables, clock["start"] + seconds, stats, random.Random(10_000 + seed))).start()
    barrier = threading.Barrier(len(names), action=begin)
    # People do not all log in within the same second; a hundred scrypt checks at once would
    # queue past the client timeout. A few log in at a time.
    arriving = threading.Semaphore(8)

    def player_loop(name: str, seed: int):
        def loop() -> None:
            player = Player(base, name, setup, think, random.Random(seed))
            try:
                with arriving:
                    player.log_in()
                    player.open_table()
                    tables.append(player.game_id)
                    if streams:
                        player.reader = StreamReader(base, player.http.cookies)
            except Exception as exc:
                setup.failures.append(f"{name}: {exc.__class__.__name__}: {exc}")
                player = None
            barrier.wait()
            if player is None:
                return
            player.stats = stats
            try:
                player.play_until(clock["start"] + seconds)
            except Exception as exc:  # a crashed player is a failure of the run, not of the bench
                stats.failures.append(f"{name}: {exc.__class__.__name__}: {exc}")
        return loop

    run_threads([player_loop(name, i) for i, name in enumerate(names)])
    return clock["start"] - clock["ramp"], time.monotonic() - clock["start"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers (ignored with --url)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds between a player's moves")
    parser.add_argument("--livez-seconds", type=float, default=5)
    parser.add_argument("--url", help="a running server to target instead of starting gunicorn")
    parser.add_argument("--streams", action="store_true",
                        help="pages hold a stream and fetch at its news instead of polling (issue 37)")
    parser.add_argument("--spectators", type=int, default=0, help="with --streams: watchers of the tables")
    parser.add_argument("--database-url", default="mysql+pymysql://root@127.0.0.1/siete_load",
                        help="the server's database (users are created and checked there)")
    args = parser.parse_args()
    server = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        prepare_database(args.database_url)
        log_path = Path(os.environ.get("TMPDIR", "/tmp")) / "siete-load-gunicorn.log"
        access_log = log_path.with_suffix(".access.log")
        server, base = start_gunicorn(args.database_url, args.workers, log_path, access_log)
        print(f"gunicorn: {args.workers} {os.environ.get('GUNICORN_WORKER_CLASS', 'gthread')} workers x "
              f"{os.environ.get('GUNICORN_THREADS', '250')} threads "
              f"at {base}, log {log_path}")
    cpu: list[float] = []
    client_cpu: list[float] = []
    log_span: list[int] = []
    db_cpu: list[float | None] = []
    try:
        names = create_users(args.database_url, args.players, f"L{int(time.time()) % 100000}p")
        ceiling = Stats()
        hammer_livez(base, args.players, args.livez_seconds, ceiling)
        print_routes(ceiling, args.livez_seconds, f"ceiling: /livez, {args.players} clients, "
                                                  f"{args.livez_seconds:g} s, no think time")
        setup, stats = Stats(), Stats()
        log_at = lambda: access_log.stat().st_size if server is not None else 0  # noqa: E731
        lag = GeneratorLag()
        ramp, elapsed = run_players(base, names, args.seconds, args.think, setup, stats,
                                    on_start=lambda: (cpu.append(server_cpu_seconds(server)),
                                                      db_cpu.append(database_cpu_seconds()),
                                                      client_cpu.append(own_cpu_seconds()),
                                                      log_span.append(log_at()), lag.start()),
                                    streams=args.streams, spectators=args.spectators)
        lag.stop()
        cpu.append(server_cpu_seconds(server))
        db_cpu.append(database_cpu_seconds())
        client_cpu.append(own_cpu_seconds())
        log_span.append(log_at())
        print_routes(setup, ramp, f"set-up: {args.players} players log in and open a table ({ramp:.1f} s)")
        listen = "pages hold streams" if args.streams else f"poll every {POLL_EVERY_S} s"
        print_routes(stats, elapsed, f"players: {args.players} for {args.seconds:g} s, "
                                     f"think {args.think:g} s, {listen}, {args.spectators} spectators")
        print_against_livez(stats, ceiling, server)
        if server is not None:
            inside = Stats(latencies=server_times(access_log, *log_span))
            print_times(inside, "inside gunicorn (its access log): from reading the request to "
                                "writing the answer, without the wait for a free worker")
            requests_done = sum(len(v) for v in stats.latencies.values())
            print(f"server CPU in the play phase: {cpu[1] - cpu[0]:.1f} s "
                  f"({(cpu[1] - cpu[0]) / elapsed:.2f} cores, "
                  f"{1000 * (cpu[1] - cpu[0]) / max(1, requests_done):.1f} ms per request)   "
                  f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
            print_database_cpu(db_cpu, elapsed, requests_done)
        used = client_cpu[1] - client_cpu[0]
        print(f"load generator CPU in the play phase: {used:.1f} s ({used / elapsed:.2f} cores, "
              "on the same cores as the server)")
        print(lag.summary())
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            server.wait(30)
    stats.failures += setup.failures
    for failure in stats.failures[:20]:
        print("FAILURE", failure)
    violations = check_database(args.database_url, stats.ledger)
    for violation in violations[:30]:
        print("VIOLATION", violation)
    queries = poll_query_count(args.database_url)
    print(f"\ninvariant violations: {len(violations)}   client failures: {len(stats.failures)}   "
          f"queries per unchanged poll: {queries}")
    fivexx = sum(n for s in (setup, stats) for r in s.statuses.values() for code, n in r.items() if code >= 500)
    return 1 if violations or stats.failures or fivexx or queries > 1 else 0


if __name__ == "__main__":
    sys.exit(main())
