"""What the odds solver keeps between calls: the search last asked, by the context that fixes
it, and answers, by position. Bounded: one search's memo tables and about 30 MB of answers.

A turn's next decision reuses the kept search's memo tables (its context stays the same through
the turn); the lock keeps the web's threads from reordering the searches at once (a dict read and
written by several threads stays whole in CPython, so the answers need none).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

from siete.engine.odds_bank import BankSearch
from siete.engine.odds_face_down import clear_card_memos
from siete.engine.odds_punter import PunterSearch

Search = PunterSearch | BankSearch
Answer = TypeVar("Answer")

# The memo entries all kept searches may hold (about 100 bytes each): past it, the searches
# least recently used are forgotten, all but the last asked. None: an expert's table ran 21-27%
# faster keeping only the last search than with 400,000 entries (about 500 searches, 55 MB
# more RSS), though it executes 5% more instructions: a later hand seldom meets a kept
# search's counts again, and its large, scattered memo tables cost more in cache misses than
# their few hits save. A hand's unseen cards meet again in odds_face_down's memos, shared by
# every search, and in the answers below.
SEARCH_BUDGET = 0
_searches: OrderedDict[Hashable, tuple[Search, int]] = OrderedDict()  # with their sizes
_held = [0]  # the entries of every kept search, as last counted
_lock = threading.Lock()


def kept(context: Hashable) -> Search | None:
    """The search kept for `context`, if any (then `keep` a new one). Two calls, not one
    with a function to build it: the compiled engine allocates such a function on each ask."""
    with _lock:
        found = _searches.get(context)
        if found is not None:
            _searches.move_to_end(context)
            return found[0]
    return None


def keep(context: Hashable, search: Search) -> Search:
    """Keep `search` for `context`."""
    with _lock:
        _searches[context] = (search, 0)
    return search


def counted(context: Hashable, search: Search) -> None:
    """Count what `search`, kept for `context`, holds now (unless it was forgotten since),
    and forget the searches least recently used while all of them hold more than the
    budget."""
    size = search.size()
    with _lock:
        entry = _searches.get(context)
        if entry is not None and entry[0] is search:
            _searches[context] = (search, size)
            _held[0] += size - entry[1]
        while len(_searches) > 1 and _held[0] > SEARCH_BUDGET:
            _held[0] -= _searches.popitem(last=False)[1][1]


def forget_searches() -> None:
    with _lock:
        _searches.clear()
        _held[0] = 0
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
