"""The log events and turn draws every move records, shared from dicts the compiled engine reads.

records.log_event and records.draw_action share each fact from an lru_cache, but records.py
stays plain Python (it holds named tuples), so each call the compiled rules made went through
the interpreter's call protocol and the cache's key building: a tenth of a simulated hand. A
dict read from compiled code is a plain C call. A fact missing here is taken from records.py's
cache, so both hand out the very same objects.
"""
from __future__ import annotations

from typing import Final

from siete.engine.codes import Event
from siete.engine.records import FACTS_KEPT, EventValue, LogEvent, TurnAction, draw_action, log_event

_EVENTS: Final[dict[tuple[Event, int, EventValue], LogEvent]] = {}
_DRAWS: Final[dict[str, TurnAction]] = {}


def shared_event(event: Event, seat: int, value: EventValue = None) -> LogEvent:
    """records.log_event(event, seat, value): the log's event, shared."""
    key = (event, seat, value)
    fact = _EVENTS.get(key)
    if fact is None:
        if len(_EVENTS) >= FACTS_KEPT:  # odd configurations only: the facts are few
            _EVENTS.clear()
        fact = _EVENTS[key] = log_event(event, seat, value)
    return fact


def shared_draw(card: str) -> TurnAction:
    """records.draw_action(card): a turn's draw of `card`, shared."""
    fact = _DRAWS.get(card)
    if fact is None:
        if len(_DRAWS) >= FACTS_KEPT:
            _DRAWS.clear()
        fact = _DRAWS[card] = draw_action(card)
    return fact
