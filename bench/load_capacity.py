"""bench/load.py --capacity: how many of the game's requests a second the server answers at
saturation, against how many /livez requests it answers in the same run (issue 37: capacity
at least 50% of /livez).

Each client thread is one person at a table of bots (who answer at once) watched by --viewers
other pages (anonymous spectators, each holding the table's stream). With no think time the
person moves, and at once every other viewer fetches the table at that news, as their pages do
(the person's own page lets it pass: the news names the version its move's answer shows); every
POLL_EVERY_MOVES moves the person's own page also sends one unchanged poll (a page whose stream
could not be held). The threads are as many as /livez's hammer had, on the same
client, so both phases saturate the same server from the same load generator.
"""
from __future__ import annotations

import random
import re
import time
from collections import defaultdict
from pathlib import Path

from bench.load_client import Browser, poll_address
from bench.load_meter import Reading
from bench.load_player import HX, Player, Stats
from bench.load_report import percentile
from bench.load_run import Mode
from bench.load_streams import StreamReader, shows_already, stream_path

POLL_EVERY_MOVES = 10
CPU_ROUTES = [("bet", r"POST /tables/\d+/bet$"), ("draw", r"POST /tables/\d+/draw$"),
              ("stand", r"POST /tables/\d+/stand$"), ("next", r"POST /tables/\d+/next$"),
              ("fragment", r"GET /tables/\d+/fragment$"), ("table", r"GET /tables/\d+$"),
              ("stream", r"GET /tables/\d+/stream$"), ("livez", r"GET /livez$")]


class Viewer:
    """Another page on a player's table: an anonymous browser holding the table's stream."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.browser = Browser(base)
        self.reader: StreamReader | None = None
        self.fragment = ""

    def watch(self, game_id: int) -> None:
        self.fragment = self.browser.request("GET", f"/tables/{game_id}", headers=HX).text
        path = stream_path(self.fragment)
        if path is None:
            return
        if self.reader is None:
            self.reader = StreamReader(self.base, self.browser.cookies)
        self.reader.follow(path)

    def fetch_news(self, player: Player) -> None:
        """The fetch this page makes when its stream says the table changed (route "watch")."""
        if self.reader is not None:
            self.reader.take_news()  # the fetch below is that news's; the reader only holds the stream
        address = poll_address(self.fragment)
        if address is None:
            return
        start = time.perf_counter()
        response = self.browser.request("GET", address, headers=HX)
        player.stats.add("watch", response.status_code, time.perf_counter() - start)
        if response.status_code >= 500:
            player.stats.failures.append(f"watch {address}: {response.status_code}")
        if response.status_code == 200:
            self.fragment = response.text


def capacity_mode(base: str, viewers: int) -> Mode:
    """The request mix above, closed loop, no think time."""
    watching: dict[str, list[Viewer]] = {}

    def settle(player: Player, tables: list[int], deadline: float) -> bool:
        player.open_table()
        tables.append(player.game_id)
        watching[player.username] = [Viewer(base) for _ in range(viewers)]
        for viewer in watching[player.username]:
            viewer.watch(player.game_id)
        # The person's own page holds its stream too (its news is answered by its own move).
        player.reader = StreamReader(base, player.http.cookies)
        path = stream_path(player.fragment)
        if path is not None:
            player.reader.follow(path)
        return True

    def play(player: Player, deadline: float) -> None:
        others, moves = watching[player.username], 0
        while time.monotonic() < deadline:
            if 'data-status="finished"' in player.fragment:
                player.open_table(again_from=player.game_id)
                for viewer in others:
                    viewer.watch(player.game_id)
                continue
            if not player.move():
                player.stats.failures.append(f"{player.username}: no move offered at table {player.game_id}")
                return
            # The mover's own page hears of its move too: the news names the version its move's
            # answer shows, so it asks nothing (siete.js). Should it have heard other news (none
            # comes here: only this person moves), it asks as think_and_listen's pages do.
            if player.reader is not None and player.reader.news.is_set() and not shows_already(
                    player.reader.take_news(), player.fragment) and (address := poll_address(player.fragment)):
                fetched = player.call("fetch", "GET", address, headers=HX)
                if fetched.status_code == 200:
                    player.fragment = fetched.text
            for viewer in others:
                viewer.fetch_news(player)
            moves += 1
            if moves % POLL_EVERY_MOVES == 0 and (address := poll_address(player.fragment)):
                player.call("poll", "GET", address, headers=HX)

    return Mode(make=lambda name, seed, stats: Player(base, name, stats, 0.0, random.Random(seed)),
                settle=settle, play=play)


def print_capacity(stats: Stats, elapsed: float, ceiling: Stats, livez_seconds: float,
                   livez_readings: tuple[Reading, Reading], play_readings: tuple[Reading, Reading]) -> None:
    """The game's requests a second at saturation against /livez's in the same run, and the same
    ratio from CPU: /livez's CPU a request against the game's (gunicorn and MariaDB), which the
    other jobs on a shared machine disturb less than two rates measured a minute apart."""
    livez_done = len(ceiling.latencies.get("livez", []))
    game_done = sum(len(v) for v in stats.latencies.values())
    livez, game = livez_done / livez_seconds, game_done / elapsed
    moves = sum(len(stats.latencies.get(r, [])) for r in ("bet", "draw", "stand", "next")) / elapsed
    livez_ms, game_ms = (_server_ms(readings, done) for readings, done in
                         ((livez_readings, livez_done), (play_readings, game_done)))
    print(f"\ncapacity: the game {game:,.0f} req/s ({moves:,.0f} moves/s), /livez {livez:,.0f} req/s "
          f"in the same run: capacity {100 * game / max(livez, 1e-9):.0f}% of /livez")
    print(f"  by CPU (gunicorn + MariaDB, ms a request): /livez {livez_ms:.2f}, the game {game_ms:.2f}: "
          f"{100 * livez_ms / max(game_ms, 1e-9):.0f}% (the load generator's own: /livez "
          f"{_client_ms(livez_readings, livez_done):.2f}, the game {_client_ms(play_readings, game_done):.2f})")


def _server_ms(readings: tuple[Reading, Reading], done: int) -> float:
    start, end = readings
    database = (end.database_s or 0.0) - (start.database_s or 0.0)
    return 1000 * (end.gunicorn_s - start.gunicorn_s + database) / max(1, done)


def _client_ms(readings: tuple[Reading, Reading], done: int) -> float:
    return 1000 * (readings[1].client_s - readings[0].client_s) / max(1, done)


def print_route_cpu(cpu_log: Path, spans: list[tuple[int, int]], gunicorn_s: float) -> None:
    """Each route's own CPU in gunicorn (bench/gunicorn_cpu.conf.py's per-request figures) over
    the byte spans of its log (the /livez phase's and the play phase's)."""
    used: dict[str, list[float]] = defaultdict(list)
    with cpu_log.open("rb") as log:
        text = ""
        for start, end in spans:
            log.seek(start)
            text += log.read(end - start).decode()
        for line in text.splitlines():
            method, path, status, micros = line.split(" ")
            route = next((name for name, pattern in CPU_ROUTES if re.match(pattern, f"{method} {path}")),
                         "other")
            if route == "fragment":
                route = "fragment 204" if status == "204" else "fragment 200"
            if route != "stream":  # a stream's CPU is its whole life, not a request's
                used[route].append(int(micros) / 1000)
    counted = sum(sum(v) for v in used.values()) / 1000
    print(f"\ngunicorn CPU per request by route (the serving thread's own clock; {counted:.1f} s of the "
          f"{gunicorn_s:.1f} s gunicorn used in the two phases):")
    print(f"{'route':<14}{'count':>8}{'mean ms':>9}{'p50 ms':>9}{'p95 ms':>9}")
    for route, values in sorted(used.items()):
        print(f"{route:<14}{len(values):>8}{sum(values) / len(values):>9.2f}{percentile(values, .5):>9.2f}"
              f"{percentile(values, .95):>9.2f}")
