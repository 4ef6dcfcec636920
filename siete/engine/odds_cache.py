"""What the odds solver keeps between calls: the search last asked, by the context that fixes
it, and answers, by position. Bounded: one search's memo tables and about 30 MB of answers.

A turn's next decision reuses the kept search's memo tables (its context stays the same through
the turn). The web's threads need no lock: a dict read and written by several threads at once
stays whole in CPython, and so does the one slot of the search.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

from siete.engine.odds_bank import BankSearch
from siete.engine.odds_face_down import clear_card_memos
from siete.engine.odds_punter import PunterSearch

Search = PunterSearch | BankSearch
Answer = TypeVar("Answer")

# The search asked last, with its context (None: none yet). One, not a budget of memo entries
# over the least recently used searches: an expert's table ran 21-27% faster keeping only the
# last than with 400,000 entries (about 500 searches, 55 MB more RSS), though it executes 5%
# more instructions: a later hand seldom meets a kept search's counts again, and its large,
# scattered memo tables cost more in cache misses than their few hits save. A hand's unseen
# cards meet again in odds_face_down's memos, shared by every search, and in the answers below.
# No lock: a thread reads or replaces the one slot whole (two threads at once may each build a
# search; each ask locks its own search's `_busy`).
_last: list[tuple[Hashable, Search] | None] = [None]


def kept(context: Hashable) -> Search | None:
    """The search kept for `context`, if any (then `keep` a new one). Two calls, not one
    with a function to build it: the compiled engine allocates such a function on each ask."""
    found = _last[0]
    if found is not None and found[0] == context:
        return found[1]
    return None


def keep(context: Hashable, search: Search) -> Search:
    """Keep `search` for `context`, in the place of the search kept before."""
    _last[0] = (context, search)
    return search


def forget_searches() -> None:
    _last[0] = None
    clear_card_memos()


class Answers(Generic[Answer]):
    """Answers kept by position (odds._answer_key), forgotten in one go when full."""

    KEPT = 50_000  # about 300 bytes a position

    def __init__(self) -> None:
        self.table: dict[Hashable, Answer] = {}

    def get(self, position: Hashable) -> Answer | None:
        return self.table.get(position)

    def put(self, position: Hashable, answer: Answer) -> Answer:
        if len(self.table) >= self.KEPT:
            self.table.clear()
        self.table[position] = answer
        return answer

    def clear(self) -> None:
        self.table.clear()
