"""A game's randomness (RULES.md R1.5, R3.1): seeded sources, the seat cards and shuffled decks.

Every driver (the web, the worker, the simulator) makes its randomness here, from a seed
passed in: the engine itself never reads a clock or a global random source.
"""
from __future__ import annotations

import math
import random
from typing import Final

from siete.engine.cards import CardSet


def seeded_rng(seed: int | str, step: int | str) -> random.Random:
    """The random source of one step of a seeded game: the same seed and step, the same draws.

    Every driver makes its randomness here (a table's seat cards and each of its versions,
    a simulated game), so a recorded seed replays the same cards; paced play resumes the same
    stream with random_stream.resumed_rng.
    """
    return random.Random(f"{seed}:{step}")


def draw_seat_cards(cards: CardSet, rng: random.Random, players: int) -> list[str]:
    """R3.1: one card each from a shuffled deck."""
    return rng.sample(cards.active, players)


def shuffled_deck(cards: CardSet, rng: random.Random) -> list[str]:
    """R1.5: a full, freshly shuffled deck of the active cards.

    A Fisher-Yates shuffle driven by one random number below n! instead of n calls to
    rng.randrange: simulations shuffle a deck every hand and this is about twice as fast.
    The number is drawn by rejection from getrandbits, so every order stays equally likely.
    Its digits in mixed radix n, n-1, ..., 2 are the swap positions, read a chunk at a time:
    one big division gives a chunk's digits as an int under 2**30 (one CPython digit, where
    the small % and // are fastest). The digits, and so each seed's deck, are exactly those
    of dividing the big number once per card.
    """
    deck = list(cards.active)
    count = len(deck)
    orders, bits = _orders(count)
    number = rng.getrandbits(bits)
    while number >= orders:
        number = rng.getrandbits(bits)
    for product, swaps in _digit_chunks(count):
        number, digits = divmod(number, product)
        for i, radix in swaps:  # radix is i + 1: the digit j is uniform in 0..i
            j = digits % radix
            digits //= radix
            deck[i], deck[j] = deck[j], deck[i]
    return deck


# Keyed by a deck's size: a handful of sizes in any process, bounded all the same. Dicts, not
# lru_cache: every shuffle asks, and the compiled engine reads a dict in C where a cached
# function is called through the interpreter.
SIZES_KEPT = 16
_ORDERS: Final[dict[int, tuple[int, int]]] = {}
_CHUNKS: Final[dict[int, tuple[tuple[int, tuple[tuple[int, int], ...]], ...]]] = {}


def _orders(count: int) -> tuple[int, int]:
    """How many orders `count` cards have, and the bits needed to draw one of them."""
    known = _ORDERS.get(count)
    if known is None:
        if len(_ORDERS) >= SIZES_KEPT:
            _ORDERS.clear()
        orders = math.factorial(count)
        known = _ORDERS[count] = (orders, orders.bit_length())
    return known


def _digit_chunks(count: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """_swap_chunks(count), kept."""
    known = _CHUNKS.get(count)
    if known is None:
        if len(_CHUNKS) >= SIZES_KEPT:
            _CHUNKS.clear()
        known = _CHUNKS[count] = _swap_chunks(count)
    return known


def _swap_chunks(count: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Fisher-Yates' swaps (i, radix i + 1) from the top card down, in groups whose radices
    multiply to less than 2**30, each group with that product."""
    chunks: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    product, swaps = 1, list[tuple[int, int]]()
    for i in range(count - 1, 0, -1):
        if product * (i + 1) >= 1 << 30:
            chunks.append((product, tuple(swaps)))
            product, swaps = 1, []
        product *= i + 1
        swaps.append((i, i + 1))
    return tuple(chunks + [(product, tuple(swaps))] if swaps else chunks)
