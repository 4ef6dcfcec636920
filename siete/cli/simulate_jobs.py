"""`simulate --jobs N`: the games played by N processes, one core each, and added up.

Each game has a random source of its own (deck.seeded_rng(seed, game)), so any split of the
games gives the same figures as one process: the parts are added up exactly
(simulate.ProfileStats.add), and `--jobs 4` prints what `--jobs 1` prints, only sooner.
"""
from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from siete.engine.config import GameConfig
from siete.engine.simulate import ProfileStats, simulate

PARTS_PER_JOB = 8  # smaller parts than one per job: a busy core does not hold the rest back

Task = tuple[list[str], int, range, GameConfig, int, bool]


def all_cores() -> int:
    """The cores this process may run on (--jobs 0)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def play_part(task: Task) -> dict[str, ProfileStats]:
    """One process's share: the games numbered in `part`."""
    seats, games, part, config, seed, review = task
    return simulate(seats, games, config, seed, review=review, part=part)


def simulate_in_jobs(seats: list[str], games: int, config: GameConfig, seed: int, review: bool,
                     jobs: int, done: Callable[[int], object]) -> dict[str, ProfileStats]:
    """simulate() over `jobs` processes; `done(n)` is told as each part's n games are played."""
    size = max(1, -(-games // (jobs * PARTS_PER_JOB)))
    parts = [range(first, min(games, first + size)) for first in range(0, games, size)]
    totals = {name: ProfileStats() for name in seats}  # the order one run's table has
    # spawn: each process starts clean, not as a copy of this one and its progress-bar thread
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        tasks = [(seats, games, part, config, seed, review) for part in parts]
        for part, stats in zip(parts, pool.map(play_part, tasks)):
            for name, counted in stats.items():
                totals[name].add(counted)
            done(len(part))
    return totals
