"""The log events and turn draws every move records, shared from dicts the compiled engine reads.

records.log_event and records.draw_action share each fact from an lru_cache, but records.py
stays plain Python (it holds named tuples), so each call the compiled rules made went through
the interpreter's call protocol and built a key of three. Here each kind of event has a dict
per seat, keyed by the value, read from compiled code. A fact missing here is taken from
records.py's cache, so both hand out the very same objects.
"""
from __future__ import annotations

from typing import Final

from siete.engine.codes import Event
from siete.engine.records import FACTS_KEPT, EventValue, LogEvent, TurnAction, draw_action, log_event


class SharedEvents:
    """records.log_event for one kind of event: the log's events of that kind, shared."""

    def __init__(self, event: Event) -> None:
        self.event = event
        # by seat, then by value: no key to build, and a value (a card, an amount) hashes in C
        self.by_seat: list[dict[EventValue, LogEvent]] = []

    def of(self, seat: int, value: EventValue = None) -> LogEvent:
        if seat < 0:  # never a seat: no list index, shared or not
            return log_event(self.event, seat, value)
        by_seat = self.by_seat
        while len(by_seat) <= seat:
            by_seat.append({})
        kept = by_seat[seat]
        fact = kept.get(value)
        if fact is None:
            if len(kept) >= FACTS_KEPT:  # odd configurations only: the facts are few
                kept.clear()
            fact = kept[value] = log_event(self.event, seat, value)
        return fact


_DRAWS: Final[dict[str, TurnAction]] = {}


def shared_draw(card: str) -> TurnAction:
    """records.draw_action(card): a turn's draw of `card`, shared."""
    fact = _DRAWS.get(card)
    if fact is None:
        if len(_DRAWS) >= FACTS_KEPT:
            _DRAWS.clear()
        fact = _DRAWS[card] = draw_action(card)
    return fact
