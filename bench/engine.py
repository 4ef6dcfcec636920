"""Bot-vs-bot hands per second on one core, for a 4-bot table (the engine's speed target: 30,000)."""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from siete.engine.cards import get_cards  # noqa: E402
from siete.engine.config import GameConfig  # noqa: E402
from siete.simulate import play_game  # noqa: E402


def measure(seconds: float, seed: int) -> tuple[int, int, float]:
    """Play whole 4-bot games for about `seconds`; return games, hands and elapsed time."""
    get_cards()  # the cards file is read once, before the clock starts
    config = GameConfig(max_hands=30)
    names = ["ana", "bob", "cris", "dani"]
    bots = dict(zip(names, ["standard", "standard", "cautious", "bold"]))
    rng = random.Random(seed)
    games = hands = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = play_game(names, bots, config, rng)
        games += 1
        hands += state.hand
    return games, hands, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--runs", type=int, default=1,
                        help="measure this many times and report the fastest (a busy machine "
                             "only ever slows a run down, so the best is the least disturbed)")
    args = parser.parse_args()
    runs = [measure(args.seconds, args.seed) for _ in range(max(1, args.runs))]
    games, hands, elapsed = max(runs, key=lambda r: r[1] / r[2])
    print(f"4-bot table: {games} games, {hands} hands in {elapsed:.2f} s"
          + (f" (fastest of {len(runs)} runs)" if len(runs) > 1 else ""))
    print(f"hands/s: {hands / elapsed:,.0f}   games/s: {games / elapsed:,.0f}   (target 30,000 hands/s)")


if __name__ == "__main__":
    main()
