"""What the engine hands on about a game: the log's events, a turn's actions and the record of a
settled hand, as typed named tuples of codes.py's enums: immutable and read by field, and
built on every move of every simulated hand, where a frozen dataclass cost the engine's loop a
fifth more CPU (each field set through object.__setattr__) and a named tuple a few per cent.

Each keeps the JSON form it has always had (stored game states, scenarios, the replay's output):
to_json() writes it and from_json() reads it back, the enums as their plain strings. Only these
two methods know the JSON's shape; everything else reads the fields.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from siete.engine.codes import Action, BankResult, Event, Result, StandNote

# A log event's value, by its event (codes.Event): the hand's number or a bet's amount, a card,
# the stand's StandNote.BANK or None, a win's (paid, due, total).
EventValue = int | str | tuple[int, int, int] | None


class LogEvent(NamedTuple):
    """One fact all seats saw: `event` happened to `seat`, with `value`; JSON [event, seat, value]."""

    event: Event
    seat: int
    value: EventValue = None

    @property
    def amount(self) -> int:
        """The number a hand, bet, lose or winner event carries."""
        if not isinstance(self.value, int):
            raise TypeError(f"a {self.event.value} event carries no number")
        return self.value

    def to_json(self) -> list[Any]:
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        return [self.event.value, self.seat, value]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> LogEvent:
        event, seat, value = data
        return cls(Event(event), seat, tuple(value) if isinstance(value, list) else value)


class TurnAction(NamedTuple):
    """A draw (`detail` the card drawn) or a stand (`detail` StandNote.AUTO when R4.6 made it
    at 7½, None by choice) of a turn; JSON [kind, detail]."""

    kind: Action
    detail: str | None = None

    @property
    def automatic(self) -> bool:
        return self.detail == StandNote.AUTO

    def to_json(self) -> list[str | None]:
        return [self.kind.value, self.detail]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> TurnAction:
        kind, detail = data
        return cls(Action(kind), detail)


# A turn's stands: by choice, and the one R4.6 makes for a seat at 7½.
STAND_BY_CHOICE = TurnAction(Action.STAND)
STAND_AT_SEVEN_HALF = TurnAction(Action.STAND, StandNote.AUTO)

# Every move logs an event and records an action, millions of times in a simulation, and even a
# named tuple takes seven times a list's time to build. The same fact is the same immutable
# object, so the engine shares one per fact: a cache lookup costs half of building it. The
# facts are few (seats, cards, bets, hand numbers); the bound only caps odd configurations.
FACTS_KEPT = 1 << 16


@lru_cache(maxsize=FACTS_KEPT)
def log_event(event: Event, seat: int, value: EventValue = None) -> LogEvent:
    """The log's event: LogEvent(event, seat, value), shared."""
    return LogEvent(event, seat, value)


@lru_cache(maxsize=FACTS_KEPT)
def draw_action(card: str) -> TurnAction:
    """A turn's draw of `card`, shared."""
    return TurnAction(Action.DRAW, card)


class TurnRecord(NamedTuple):
    """One seat's turn in a settled hand: totals in half points, `bet` None for the bank."""

    seat: int
    position: int  # 0: the bank
    points_start: int
    points_end: int
    bet: int | None
    first_card: str
    cards: tuple[str, ...]
    actions: tuple[TurnAction, ...]
    total: int
    result: Result | None
    # the first step the turn timer played (0 the bet, n the n-th action), None if it played none
    timed_out: int | None = None
    # the first step the person made when a bot stood in for them (away) before it: the steps
    # before it are the bot's; one past the last if away all turn; None if no bot stood in
    stand_in: int | None = None

    def cards_drawn(self) -> int:
        return sum(1 for action in self.actions if action.kind == Action.DRAW)

    def to_json(self) -> dict[str, Any]:
        data = {"seat": self.seat, "position": self.position, "points_start": self.points_start,
                "points_end": self.points_end, "bet": self.bet, "first_card": self.first_card,
                "cards": list(self.cards), "actions": [a.to_json() for a in self.actions],
                "total": self.total, "result": _value(self.result)}
        if self.timed_out is not None:  # only then: records without it read as "not timed out"
            data["timed_out"] = self.timed_out
        if self.stand_in is not None:  # likewise: records without it read as "no stand-in"
            data["stand_in"] = self.stand_in
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TurnRecord:
        result = data["result"]
        return cls(data["seat"], data["position"], data["points_start"], data["points_end"],
                   data["bet"], data["first_card"], tuple(data["cards"]),
                   tuple(TurnAction.from_json(a) for a in data["actions"]), data["total"],
                   None if result is None else Result(result), data.get("timed_out"),
                   data.get("stand_in"))


class HandRecord(NamedTuple):
    """A settled hand (R5, R6): its bank, order, turns and results, who left and who banks next.
    Seats are indices in join order; totals in half points."""

    number: int
    bank: int
    order: tuple[int, ...]
    bank_total: int
    bank_result: BankResult
    turns: tuple[TurnRecord, ...]
    results: tuple[tuple[int, Result], ...]  # (seat, result) in the order they were decided
    eliminated: tuple[int, ...]
    next_bank: int | None

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "bank": self.bank, "order": list(self.order),
                "bank_total": self.bank_total, "bank_result": self.bank_result.value,
                "turns": [t.to_json() for t in self.turns], "results": results_json(self.results),
                "eliminated": list(self.eliminated), "next_bank": self.next_bank}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandRecord:
        return cls(data["number"], data["bank"], tuple(data["order"]), data["bank_total"],
                   BankResult(data["bank_result"]),
                   tuple(TurnRecord.from_json(t) for t in data["turns"]),
                   tuple(results_from_json(data["results"])), tuple(data["eliminated"]),
                   data["next_bank"])


def results_json(results: Iterable[tuple[int, Result]]) -> list[list[Any]]:
    """(seat, result) pairs as JSON's [seat, result] lists."""
    return [[seat, result.value] for seat, result in results]


def results_from_json(data: Iterable[Sequence[Any]]) -> list[tuple[int, Result]]:
    return [(seat, Result(result)) for seat, result in data]


def _value(code: Result | None) -> str | None:
    return None if code is None else code.value
