"""The odds solver's card counting: cards by value class.

The solver counts cards, not ids: a set of unseen cards is eight counts, one per value class
(VALUES, in half points: ½, 1, 2, ... 7; R1.2). Which card of a class it is never matters.
The other punters' face-down cards: odds_face_down.py.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from siete.engine.cards import SEVEN_HALF as CARDS_SEVEN_HALF

# Module constants are Final: the compiled engine then reads them as C statics (or inlines
# them), where a plain module name is a dict lookup on every use.
SEVEN_HALF: Final = CARDS_SEVEN_HALF

VALUES: Final = (1, 2, 4, 6, 8, 10, 12, 14)  # the value classes, half points: ½, 1, 2, ..., 7
CLASS_OF: Final = {value: i for i, value in enumerate(VALUES)}
KEY_BITS: Final = 6  # bits per class in a counts key: a class holds at most 63 cards


def counts_key(counts: Sequence[int]) -> int:
    """One int for a tuple of counts (memo keys): class i's count in bits 6i to 6i+5."""
    key = 0
    for i, count in enumerate(counts):
        key |= count << (KEY_BITS * i)
    return key


CLASS_STEP: Final = tuple(1 << (KEY_BITS * i) for i in range(len(VALUES)))  # one card of class i
CLASSES: Final = tuple(zip(range(len(VALUES)), VALUES, CLASS_STEP))  # (class, value, key step)
# By a total (half points, 0 to 7½): the classes a card may come from and leave the total
# under 7½, and the class that makes it exactly 7½ (-1: none). The bank's walks take the
# cards that end its draw (a bust, R5.1, or 7½, R5.2) in one sum, and loop over these.
UNDER: Final = tuple(tuple(c for c in CLASSES if c[1] < SEVEN_HALF - total)
                     for total in range(SEVEN_HALF + 1))
MAKES_SEVEN_HALF: Final = tuple(
    CLASS_OF.get(SEVEN_HALF - total, -1) if total < SEVEN_HALF else -1
    for total in range(SEVEN_HALF + 1))
# By a total: the classes that bust it (R4.5)
BUSTING: Final = tuple(tuple(i for i, value in enumerate(VALUES) if total + value > SEVEN_HALF)
                       for total in range(SEVEN_HALF + 1))
# How far a float bound may stray from its exact value: sums of chances stray by about 1e-15,
# so a bound that clears a comparison by more than this settles it.
SLACK: Final = 1e-12
# A searched decision: the value of standing and of drawing (None: no card to draw, R4.8).
Node = tuple[float, float | None]


def weight(counts: Sequence[int]) -> int:
    """The half points of all the cards counted."""
    return sum(count * value for count, value in zip(counts, VALUES))


def counts_below(counts: list[int]) -> list[int]:
    """below[l]: how many of the counted cards are of the classes under l (0 to 8). A loop,
    not itertools.accumulate: the compiled engine calls that as a Python object; over a list,
    not any sequence: the compiled engine then reads it by index, not through an iterator."""
    below = [0]
    running = 0
    for count in counts:
        running += count
        below.append(running)
    return below


def fitting_classes(shown: int) -> int:
    """How many value classes (from ½ up) a face-down card under `shown` may be: R4.5."""
    return sum(1 for value in VALUES if shown + value <= SEVEN_HALF)
