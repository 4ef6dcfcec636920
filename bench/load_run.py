"""The phases of bench/load.py: the /livez ceiling, then the players (their set-up apart from
their play), in threads of one process."""
from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench.load_client import Browser
from bench.load_player import Player, Stats
from bench.load_streams import StreamReader, spectate


@dataclass(frozen=True)
class Mode:
    """How the players of a run are made, seated and played.

    `make(name, seed, stats)` builds a player; `settle(player, tables, deadline)` seats it after
    its login (opening or joining a table, the tables' ids added to `tables`) and says whether
    it succeeded; `play(player, deadline)` plays until the deadline."""

    make: Callable[[str, int, Stats], Player]
    settle: Callable[[Player, list[int], float], bool]
    play: Callable[[Player, float], None]


def classic_mode(base: str, think: float, streams: bool) -> Mode:
    """One person a table against three bots that answer at once, thinking `think` s on average."""
    def settle(player: Player, tables: list[int], deadline: float) -> bool:
        player.open_table()
        tables.append(player.game_id)
        if streams:
            player.reader = StreamReader(base, player.http.cookies)
        return True

    return Mode(make=lambda name, seed, stats: Player(base, name, stats, think, random.Random(seed)),
                settle=settle, play=lambda player, deadline: player.play_until(deadline))


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


SETTLE_S = 120  # at most this long for everyone to log in and sit before the timed phase


def run_players(base: str, names: list[str], seconds: float, mode: Mode, setup: Stats, stats: Stats,
                on_start=lambda: None, spectators: int = 0) -> tuple[float, float]:
    """Everyone logs in and takes a seat (`setup`), then all play for `seconds` (`stats`).

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
            player: Player | None = mode.make(name, seed, setup)
            try:
                with arriving:
                    player.log_in()
                if not mode.settle(player, tables, clock["ramp"] + SETTLE_S):
                    raise RuntimeError("no seat: the others of the table did not come")
            except Exception as exc:
                setup.failures.append(f"{name}: {exc.__class__.__name__}: {exc}")
                player = None
            barrier.wait()
            if player is None:
                return
            player.stats = stats
            try:
                mode.play(player, clock["start"] + seconds)
            except Exception as exc:  # a crashed player is a failure of the run, not of the bench
                stats.failures.append(f"{name}: {exc.__class__.__name__}: {exc}")
        return loop

    run_threads([player_loop(name, i) for i, name in enumerate(names)])
    return clock["start"] - clock["ramp"], time.monotonic() - clock["start"]
