"""One browser-like player of bench/load.py: its connection, cookies and CSRF token, the table it
plays at, its moves (picked from the fragment's buttons) and the polls of a page without a stream;
and the counters every player adds to."""
from __future__ import annotations

import random
import re
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field

from bench.load_client import Browser, Response, poll_address, pulse
from bench.load_server import PASSWORD
from bench.load_streams import StreamReader, think_and_listen

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
    # (game_id, hand, player) -> {"bet": amount, "draw": n, "stand": n} for moves answered 200:
    # a realistic table holds several people, each with their own moves in a hand.
    ledger: dict[tuple[int, int, str], dict] = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))
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
                entry = self.stats.ledger[(self.game_id, hand, self.username)]
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
