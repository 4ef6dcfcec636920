"""`simulate --jobs N` and `tournament --jobs N`: the games played by N processes, one core
each, and added up.

Each game has a random source of its own (deck.seeded_rng(seed, game)), so any split of the
games gives the same figures as one process: the parts are added up exactly
(simulate.ProfileStats.add), and `--jobs 4` prints what `--jobs 1` prints, only sooner. Bots
written outside the project (--bot) are started once in each of those processes, each in a
process of its own as always; their faults are added up too. (A bot that learns from game to
game sees only its process's share of the games, so its figures may differ from one run's.)
"""
from __future__ import annotations

import atexit
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack

from siete.cli.bot_loading import started_bots
from siete.engine.bots import with_bots
from siete.engine.config import GameConfig
from siete.engine.plugged import BotFault, PluggedBot
from siete.engine.simulate import ProfileStats, simulate
from siete.engine.tournament import Match, Pairing, Tournament, pairings, play_match, tally

PARTS_PER_JOB = 8  # smaller parts than one per job: a busy core does not hold the rest back

Task = tuple[list[str], int, range, GameConfig, int, bool]
Faults = dict[str, tuple[list[BotFault], dict[str, int]]]

# The outside bots of this process when it is one of the jobs: started once, when the job's
# process starts (_start_bots), and used by every part of the games it is given.
_job_bots: dict[str, PluggedBot] = {}


def all_cores() -> int:
    """The cores this process may run on (--jobs 0)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _start_bots(specs: tuple[str, ...], seconds: float) -> None:
    running = ExitStack()
    _job_bots.update(running.enter_context(started_bots(specs, seconds)))
    atexit.register(running.close)


def play_part(task: Task) -> tuple[dict[str, ProfileStats], Faults]:
    """One process's share: the games numbered in `part`, and its bots' faults in them."""
    seats, games, part, config, seed, review = task
    for bot in _job_bots.values():
        bot.clear_faults()
    stats = simulate(seats, games, config, seed, review=review, part=part,
                     players=with_bots(_job_bots))
    return stats, {name: (bot.faults, bot.reasons) for name, bot in _job_bots.items()}


def _pool(jobs: int, bot_specs: tuple[str, ...], bot_seconds: float) -> ProcessPoolExecutor:
    # spawn: each process starts clean, not as a copy of this one and its progress-bar thread
    return ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_bots, initargs=(bot_specs, bot_seconds))


def _count_faults(outside: dict[str, PluggedBot], faults: Faults) -> None:
    for name, (kept, reasons) in faults.items():
        outside[name].count_in(kept, reasons)


def simulate_in_jobs(seats: list[str], games: int, config: GameConfig, seed: int, review: bool,
                     jobs: int, done: Callable[[int], object],
                     outside: dict[str, PluggedBot], bot_specs: tuple[str, ...] = (),
                     bot_seconds: float = 1.0) -> dict[str, ProfileStats]:
    """simulate() over `jobs` processes; `done(n)` is told as each part's n games are played.
    The faults of the bots `bot_specs` start in the jobs are counted into `outside`."""
    size = max(1, -(-games // (jobs * PARTS_PER_JOB)))
    parts = [range(first, min(games, first + size)) for first in range(0, games, size)]
    totals = {name: ProfileStats() for name in seats}  # the order one run's table has
    with _pool(jobs, bot_specs, bot_seconds) as pool:
        tasks = [(seats, games, part, config, seed, review) for part in parts]
        for part, (stats, faults) in zip(parts, pool.map(play_part, tasks)):
            for name, counted in stats.items():
                totals[name].add(counted)
            _count_faults(outside, faults)
            done(len(part))
    return totals


MatchTask = tuple[Pairing, int, GameConfig, int]


def play_one_match(task: MatchTask) -> tuple[Match, Faults]:
    """One process's match, and its bots' faults in it."""
    (first, second, seats), games, config, seed = task
    for bot in _job_bots.values():
        bot.clear_faults()
    match = play_match(first, second, seats, games, config, seed, with_bots(_job_bots))
    return match, {name: (bot.faults, bot.reasons) for name, bot in _job_bots.items()}


def round_robin_in_jobs(profiles: list[str], seatings: list[int], games: int,
                        config: GameConfig, seed: int, jobs: int, done: Callable[[int], object],
                        outside: dict[str, PluggedBot], bot_specs: tuple[str, ...] = (),
                        bot_seconds: float = 1.0) -> Tournament:
    """tournament.round_robin with its matches played by `jobs` processes; `done(1)` is told
    as each is played. Every match has its own seeds, so the result is one process's."""
    matches = []
    with _pool(jobs, bot_specs, bot_seconds) as pool:
        tasks = [(pairing, games, config, seed) for pairing in pairings(profiles, seatings)]
        for match, faults in pool.map(play_one_match, tasks):
            matches.append(match)
            _count_faults(outside, faults)
            done(1)
    return tally(profiles, matches)
