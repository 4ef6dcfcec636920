"""A person playing over HTTP, as a browser without JavaScript would: forms with their CSRF
tokens, redirects followed, one cookie jar per device."""
from __future__ import annotations

import re
import time

import requests

TIMEOUT = 30


def csrf(html: str) -> str:
    match = re.search(r'name="csrf-token" content="([^"]+)"', html) \
        or re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert match, "no CSRF token on the page"
    return match.group(1)


def wait_for_page(url: str, seconds: float = 240) -> float:
    """Seconds until url answers 200."""
    start = time.monotonic()
    while True:
        try:
            if requests.get(url, timeout=5).status_code == 200:
                return time.monotonic() - start
        except requests.RequestException:  # not listening yet
            pass
        if time.monotonic() - start > seconds:
            raise RuntimeError(f"{url} did not answer 200 in {seconds} s")
        time.sleep(0.5)


class Player:
    """One device: a requests.Session against base_url; `served_by` keeps each answer's
    X-Upstream header (which replica nginx chose), when there is one."""

    def __init__(self, base_url: str, username: str, password: str):
        self.base = base_url.rstrip("/")
        self.username, self.password = username, password
        self.http = requests.Session()
        # The assertions read English; the site's default language is Spanish (siete.i18n.languages).
        self.http.headers["Accept-Language"] = "en"
        self.served_by: list[str] = []

    def get(self, path: str) -> requests.Response:
        return self._note(self.http.get(self.base + path, timeout=TIMEOUT))

    def get_after_restart(self, path: str, tries: int = 3) -> requests.Response:
        """GET right after a container restarted: a request that times out (one CI run waited
        30 s for its first answer through nginx after `podman restart app`, though /livez had
        answered) is asked again, as a person would reload the page."""
        for attempt in range(tries):
            try:
                return self.get(path)
            except requests.Timeout:
                if attempt == tries - 1:
                    raise
        raise AssertionError("unreachable")

    def post(self, path: str, data: dict) -> requests.Response:
        return self._note(self.http.post(self.base + path, data=data, timeout=TIMEOUT))

    def _note(self, response: requests.Response) -> requests.Response:
        for hop in [*response.history, response]:
            if "X-Upstream" in hop.headers:
                self.served_by.append(hop.headers["X-Upstream"])
        return response

    def register(self) -> str:
        page = self.get("/auth/register").text
        lobby = self.post("/auth/register", {
            "username": self.username, "email": f"{self.username}@example.com",
            "password": self.password, "confirm": self.password, "csrf_token": csrf(page)})
        assert lobby.status_code == 200 and self.username in lobby.text, lobby.text[:2000]
        return lobby.text

    def login(self, token: str | None = None) -> requests.Response:
        """Log in with the form's token (from a new GET of the form unless given)."""
        token = token or csrf(self.get("/auth/login").text)
        return self.post("/auth/login", {"username": self.username, "password": self.password,
                                         "csrf_token": token})

    def open_table_with_bots(self, hands: int, turn_seconds: int = 600) -> int:
        """Open a 4-seat table with three bots, start it; return the game id."""
        lobby = self.get("/").text
        table = self.post("/tables", {
            "seats": 4, "standard_bots": 1, "cautious_bots": 1, "bold_bots": 1,
            "max_hands": hands, "turn_seconds": turn_seconds, "name": "compose test",
            "csrf_token": csrf(lobby)})
        assert table.status_code == 200, table.text[:2000]
        game_id = int(table.url.rstrip("/").rsplit("/", 1)[1])
        started = self.post(f"/tables/{game_id}/start", {"csrf_token": csrf(table.text)})
        assert started.status_code == 200, started.text[:2000]
        return game_id

    def play_to_the_end(self, game_id: int, max_steps: int = 400) -> int:
        """Bet the least when asked to bet, else stand, until the results show; return moves."""
        moves = 0
        for _ in range(max_steps):
            html = self.get(f"/tables/{game_id}").text
            if "results__winner" in html:
                return moves
            version = re.search(r'name="version" value="(\d+)"', html)
            if not version:  # not this player's turn: the bots are still playing
                time.sleep(0.3)
                continue
            bet = re.search(r'id="move-bet-(\d+)"', html)
            action, data = ("bet", {"amount": bet.group(1)}) if bet else ("stand", {})
            data.update(version=version.group(1), csrf_token=csrf(html))
            reply = self.post(f"/tables/{game_id}/{action}", data)
            assert reply.status_code == 200, reply.text[:2000]
            moves += 1
        raise AssertionError(f"game {game_id} did not finish in {max_steps} steps")
