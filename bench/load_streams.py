"""Pages that hold a stream, for bench/load.py --streams: a reader per page (a thread on its own
connection) that wakes its page when the server says "changed", and spectators that watch a
table the same way, fetching its fragment at each news as the browser's page does."""
from __future__ import annotations

import http.client
import re
import threading
import time
from urllib.parse import urlsplit

from bench.load_client import Browser, poll_address
from siete.service.news.table_bus import merged_news

REFUSED_RETRY_S = 2.0  # as the page's stream retries (the server's retry: 2000 ms)


class StreamReader:
    """One page's EventSource: reads `path` on its own connection, sets `news` at each
    "changed" (what it says is taken with take_news), and follows the page to a new address
    (a new table) when told."""

    def __init__(self, base: str, cookies: dict[str, str]) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.cookies = cookies
        self.news = threading.Event()
        self._said: str | None = None  # the news since the page last took it
        self._said_lock = threading.Lock()
        self.path: str | None = None
        self.open = False
        # The server refused the stream (503 while its bus is not ready, 429 past the visitor's
        # streams): the page polls meanwhile (siete.js) and the reader tries again.
        self.refused = False
        self._moved = threading.Event()
        self._stop = False
        READERS.append(self)
        threading.Thread(target=self._run, daemon=True).start()

    def follow(self, path: str) -> None:
        if path != self.path:
            self.path = path
            self._moved.set()

    def stop(self) -> None:
        self._stop = True
        self._moved.set()

    def _run(self) -> None:
        while not self._stop:
            self._moved.wait()
            self._moved.clear()
            if self._stop or self.path is None:
                continue
            try:
                self._read(self.path)
            except (OSError, http.client.HTTPException):
                time.sleep(0.5)
                self._moved.set()  # reconnect, as EventSource does

    def _read(self, path: str) -> None:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection.request("GET", path, headers={"Accept": "text/event-stream", "Cookie": cookie})
        reply = connection.getresponse()
        if reply.status != 200:
            connection.close()
            self.refused = True
            time.sleep(REFUSED_RETRY_S)
            self._moved.set()
            return
        self.open, self.refused = True, False
        try:
            while not self._stop and path == self.path:
                line = reply.fp.readline()
                if not line:
                    self._moved.set()  # the server ended it: reconnect
                    return
                if line.startswith(b"data: "):
                    self._heard(line[6:].decode().strip())
        finally:
            self.open = False
            connection.close()


    def _heard(self, news: str) -> None:
        with self._said_lock:  # as the page's siete.js merges what it has not answered yet
            self._said = news if self._said is None else merged_news(self._said, news)
        self.news.set()

    def take_news(self) -> str:
        """What the stream said since the last take ("changed", or the version a commit wrote)."""
        with self._said_lock:
            said, self._said = self._said, None
        self.news.clear()
        return said or "changed"


def shows_already(news: str, fragment: str) -> bool:
    """Whether the page lets the news pass: it names a version the page shows (siete.js)."""
    found = re.search(r'<section id="table"[^>]*data-version="(\d+)"', fragment)
    return news.isdigit() and found is not None and int(news) <= int(found.group(1))


def stream_path(fragment: str) -> str | None:
    """The stream a table page holds: /tables/<id>/stream with the markers it shows."""
    found = re.search(r'<section id="table"[^>]*data-game="(\d+)" data-version="([^"]*)"', fragment)
    return None if found is None else f"/tables/{found.group(1)}/stream?v={found.group(2)}"


def spectate(base: str, game_ids: list[int], deadline: float, stats, rng) -> StreamReader | None:
    """A spectator (no account): opens a table's page, holds its stream and fetches the
    fragment at each news (route "watch") until the deadline."""
    browser = Browser(base)
    game_id = rng.choice(game_ids)
    page = browser.request("GET", f"/tables/{game_id}", headers={"HX-Request": "true"})
    fragment, path = page.text, stream_path(page.text)
    if path is None:
        return None
    reader = StreamReader(base, browser.cookies)
    reader.follow(path)
    while time.monotonic() < deadline:
        if not reader.news.wait(min(1.0, max(0.0, deadline - time.monotonic()))):
            continue
        if shows_already(reader.take_news(), fragment):
            continue
        address = poll_address(fragment)
        if address is None:
            continue
        start = time.perf_counter()
        answer = browser.request("GET", address, headers={"HX-Request": "true"})
        stats.add("watch", answer.status_code, time.perf_counter() - start)
        if answer.status_code == 200:
            fragment = answer.text
    reader.stop()
    return reader


def think_and_listen(player, deadline: float) -> None:
    """A player's page with a stream: wait like a person deciding, fetching the fragment only
    when the stream says the table changed (route "fetch"), never on a timer."""
    wake = time.monotonic() + player.rng.uniform(0.5, 1.5) * player.think
    reader: StreamReader = player.reader
    path = stream_path(player.fragment)
    # A page keeps its stream while #table is swapped (templates/play/table.html): it moves
    # only to another table's page, not at every new version of this one.
    if path is not None and (reader.path or "?").split("?")[0] != path.split("?")[0]:
        reader.follow(path)
    while (now := time.monotonic()) < min(wake, deadline):
        if not reader.news.wait(min(wake, deadline) - now):
            continue
        if shows_already(reader.take_news(), player.fragment):
            continue
        address = poll_address(player.fragment)
        if address is None:
            continue
        response = player.call("fetch", "GET", address, headers={"HX-Request": "true"})
        if response.status_code == 200:
            player.fragment = response.text


READERS: list[StreamReader] = []  # every page's reader, to count the open ones
