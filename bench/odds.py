"""How long the odds solver takes over one decision (issue 27: ≤ 2 ms median, ≤ 20 ms worst).

Random positions on the 40 cards, dealt as the rules allow: a punter heads-up or among 2 to 6
others (each stood on a face-down card and 0-2 drawn ones, bust, or still to play), at its
first card or after a draw or two; or the bank after 1 to 6 punters, with stakes 1 to 5. Each
decision is timed cold, the solver's cache emptied first (what a person's hint or a review step
costs), with `odds()` (every figure) and with `best_action()` (what the expert asks). Times are
wall-clock and CPU on one core; a busy machine only ever slows them down (--runs takes the
fastest of several).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from siete.engine.cards import SPANISH_DECK  # noqa: E402
from siete.engine.odds import Position, best_action, clear_cache, odds  # noqa: E402
from siete.engine.odds_position import PositionError, bank_position, punter_position  # noqa: E402

KINDS = ("punter heads-up", "punter among others", "bank")


def positions(kind: str, count: int, rng: random.Random) -> Iterator[Position]:
    """`count` random positions of one kind."""
    while count:
        pool = list(SPANISH_DECK.active)
        rng.shuffle(pool)
        others: list[list[str | None]] = []
        many = 0 if kind == "punter heads-up" else rng.randint(1 if kind == "bank" else 2, 6)
        for _ in range(many):
            drawn = [pool.pop() for _ in range(rng.choice((0, 0, 1, 1, 2)))]
            bust = rng.random() < 0.2
            others.append([pool.pop(), *drawn, pool.pop()] if bust else [None, *drawn])
        try:
            if kind == "bank":
                bank = [pool.pop() for _ in range(rng.choice((1, 1, 2)))]
                yield bank_position(SPANISH_DECK, bank, others, [rng.randint(1, 5) for _ in others])
            else:
                you = [pool.pop() for _ in range(rng.choice((1, 1, 2, 3)))]
                yield punter_position(SPANISH_DECK, you, [pool.pop()], others)
        except PositionError:  # a hand over 7½, nobody standing...: deal again
            continue
        count -= 1


def timed(ask: Callable[[Position], object], batch: list[Position]) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each decision, cold."""
    walls, cpus = [], []
    for position in batch:
        clear_cache()
        wall, cpu = time.perf_counter(), time.process_time()
        ask(position)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus


def summary(label: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (f"{label:<34} median {statistics.median(ordered) * 1e3:6.2f} ms   "
            f"p99 {p99 * 1e3:6.2f} ms   max {ordered[-1] * 1e3:6.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=400, help="positions of each kind")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--runs", type=int, default=1, help="time each position this many "
                        "times and keep its fastest")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    everything: dict[str, list[float]] = {"odds": [], "best_action": []}
    print(f"{args.positions} positions of each kind, cold cache, fastest of {args.runs} run(s)")
    for kind in KINDS:
        batch = list(positions(kind, args.positions, rng))
        for name, ask in (("odds", odds), ("best_action", best_action)):
            runs = [timed(ask, batch) for _ in range(max(1, args.runs))]
            walls = [min(r[0][i] for r in runs) for i in range(len(batch))]
            cpus = [min(r[1][i] for r in runs) for i in range(len(batch))]
            everything[name] += walls
            print(summary(f"{kind}, {name}", walls) + "   (wall)")
            print(summary(f"{kind}, {name}", cpus) + "   (CPU)")
    for name, walls in everything.items():
        print(summary(f"all decisions, {name}", walls) + "   (wall)")
    print("target: median <= 2 ms, worst <= 20 ms")


if __name__ == "__main__":
    main()
