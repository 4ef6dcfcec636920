"""A seeded random source that counts what it has used, so paced play can resume it (the web's
bots move one step per request; deck.seeded_rng is the unpaced games' source).

Kept apart from deck.py so deck.py can be compiled: this class subclasses random.Random, which
a class compiled by mypyc may not do (the interpreter crashes), and nothing hot uses it: the
simulator and the bulk recorder draw from deck.seeded_rng's plain random.Random.
"""
from __future__ import annotations

import random


class CountedRandom(random.Random):
    """seeded_rng's source that counts the 32-bit words of its stream it has used, so a later
    step can take the stream up where this one left it (resumed_rng).

    Every draw of random.Random reads whole words of one Mersenne Twister stream: random()
    two, getrandbits(k) ceil(k / 32) (choice, shuffle and the like go through getrandbits).
    """

    words: int = 0

    def random(self) -> float:
        self.words += 2
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.words += (k + 31) // 32
        return super().getrandbits(k)


def resumed_rng(seed: int | str, step: int | str, words: int) -> CountedRandom:
    """deck.seeded_rng(seed, step) with its first `words` words already used: the same draws as
    the source that used them would make next, however the moves are split between calls."""
    rng = CountedRandom(f"{seed}:{step}")
    if words:
        random.Random.getrandbits(rng, 32 * words)  # reads exactly `words` words
    rng.words = words
    return rng
