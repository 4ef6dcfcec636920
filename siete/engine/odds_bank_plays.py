"""The punter search's memo of the bank's R8.2 play (odds_punter_walk.PunterWalk._bank_draws),
shared by every punter search instead of kept in each.

What the punter gets when the bank at some total draws and plays R8.2 on depends on the unseen
counts, the bank's total and the punter's own total, and on the search's context only through
the other punters' caps (the chances of the cards), the punter's face-down card (it is in what
the bank has not seen) and R8.2's most threatening face-up total: never on the bank's first
card, nor on which other punter shows what beyond that top. So searches whose contexts differ
there (a bank that showed a 4 and drew a 2, or showed a 2 and drew a 4; other punters whose
totals differ but leave the same caps and top) meet the same bank positions, and one
table per (caps, face-down card, top) serves them all: each entry is the very same float the
search would have worked out again, by the same operations in the same order.
"""
from __future__ import annotations

from typing import Final

# The entries every table holds together (about 100 bytes each), forgotten in one go when full:
# they are no search's own, so odds_cache.py's budget does not count them.
BANK_PLAYS_KEPT: Final = 300_000


class BankPlays:
    """Every punter search's bank play, one table per (caps, face-down card, top), each keyed
    as PunterWalk keys it: (counts_key << 4 | bank total) << 4 | the punter's total."""

    def __init__(self) -> None:
        self.tables: dict[int, dict[int, float]] = {}
        self.held = 0  # entries added since the last clear (a racing thread may miss one)

    def table(self, caps: int, hidden: int, top: int) -> dict[int, float]:
        """The table for these caps (odds_face_down.caps_key), face-down card and top (each
        under 16 half points), made empty the first time. Kept for good: a search holds its
        tables, and clear() empties them in place."""
        key = (caps << 4 | hidden) << 4 | top
        found = self.tables.get(key)
        if found is None:
            found = self.tables[key] = {}
        return found

    def added(self) -> None:
        """One entry more; past BANK_PLAYS_KEPT, every table is emptied."""
        self.held += 1
        if self.held > BANK_PLAYS_KEPT:
            self.clear()

    def clear(self) -> None:
        for table in self.tables.values():
            table.clear()
        self.held = 0


BANK_PLAYS: Final = BankPlays()
