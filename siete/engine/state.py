"""A game's state as plain data: seats, order, deck and the hand in progress; round-trips to JSON."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Final

from siete.engine.cards import CardSet
from siete.engine.codes import RULE_REASONS, Event, Phase, Result, RuleCode, SeatStatus, StandNote
from siete.engine.config import GameConfig
from siete.engine.records import (
    HandRecord,
    LogEvent,
    TurnAction,
    TurnRecord,
    results_from_json,
    results_json,
)

__all__ = ["BUST", "DEAL", "OUT", "OVER", "PLAY", "PLAYING", "STOOD", "WAITING", "GameState",
           "HandRecord", "LogEvent", "RuleError", "Seat", "TurnAction", "TurnRecord", "max_bet"]

# Short names for the codes the rules test on every move (a module global is read faster
# than an enum's member).
# Final: the compiled engine keeps each in a C static instead of looking it up by name.
DEAL: Final = Phase.DEAL
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
WAITING: Final = SeatStatus.WAITING
PLAYING: Final = SeatStatus.PLAYING
STOOD: Final = SeatStatus.STOOD
BUST: Final = SeatStatus.BUST
OUT: Final = SeatStatus.OUT



class RuleError(ValueError):
    """An action the rules forbid: `code` says why, `values` what the reason names (a player's
    name, a card, the top bet). str() is the reason as the replay writes it (RULE_REASONS);
    people read it in their language (siete/i18n/error_words.py)."""

    def __init__(self, code: RuleCode, **values: str | int) -> None:
        super().__init__(code)
        self.code = code
        self.values = values

    def __str__(self) -> str:
        return RULE_REASONS[self.code].format(**self.values)


@dataclass(slots=True)
class Seat:
    """One player of a game, in join order; `bot` names the strategy when a bot plays it."""

    name: str
    bot: str | None = None
    seat_card: str | None = None
    points: int = 0
    out: bool = False
    status: SeatStatus = WAITING
    cards: list[str] = field(default_factory=list)
    bet: int = 0  # what was bet this hand, kept for the record even after a bust
    stake: int = 0  # what is still on the table (R2.4 counts it with the points)
    points_start: int = 0
    actions: list[TurnAction] = field(default_factory=list)
    result: Result | None = None
    # The hand total in half points (15 is 7½). It is the sum of `cards`, kept as a field
    # because bots read it on every decision and simulations make millions of them.
    total: int = 0
    # A person whose turns the timer played `timeouts` times in a row is `away`: `bot` plays
    # the seat until they come back (moves.time_out, moves.come_back). A seat whose player
    # left has a bot and is not away: nobody comes back to it.
    away: bool = False
    timeouts: int = 0
    # The seat's decisions (bets, draws, stands by choice; not R4.6's stand at 7½) counted when
    # each hand is settled, whoever made them, and how many its own player made through
    # moves.apply_move (a person's click; never the timer nor a bot standing in). The ratings
    # read both (siete/service/records/rating_rules.py). own_moves is None in a state saved before it
    # was counted: who made that game's moves is unknown.
    moves: int = 0
    own_moves: int | None = 0
    # This hand: the first step of the turn the timer played (0 the bet, n the turn's n-th
    # action, as the review numbers them), or None; the hand's record keeps it for the review,
    # which marks those moves as timed out and leaves them out of the player's figures.
    timed_out: int | None = None
    # This hand: the first step the person made again on coming back (moves.come_back) while
    # the bot standing in for them had already played the steps before it; None when it had
    # played none of this turn. A seat still away when the hand is settled had all its steps
    # played by the stand-in (settlement._hand_record says so in the record).
    stand_in: int | None = None


@dataclass(slots=True)
class GameState:
    """Everything about one game.

    What every seat and spectator sees of it (R4.2) is the same function of its public steps:
    `version` grows by exactly one per step (a deal, a bet, a draw, a stand, a seat marked
    away, back or replaced, a "next"), and `log` holds only what all saw. A stand is one step
    whether the player chose it or 7½ made it (R4.6); a bust and a settlement come with the
    draw or stand that caused them, and show every card they depend on.
    """

    config: GameConfig
    seats: list[Seat]
    order: list[int]  # seat indices for the current (or next) hand, bank first (R3.3, R6.5)
    seating: list[int]  # the order after R3, kept for the record
    phase: Phase = DEAL
    turn: int | None = None  # position in `order` whose turn it is; 0 is the bank
    hand: int = 0  # number of the current or last dealt hand
    deck: list[str] = field(default_factory=list)  # cards still to be dealt, next first
    version: int = 0
    log: list[LogEvent] = field(default_factory=list)  # what all saw this hand
    results: list[tuple[int, Result]] = field(default_factory=list)  # (seat, result) as decided
    last_hand: HandRecord | None = None  # the record of the last settled hand
    winner: int | None = None
    # Between hands: the seats of the people who said they are ready for the next deal. The
    # settled hand stays on the table until they all have, or the pause runs out.
    ready: list[int] = field(default_factory=list)
    # Paced play (the web's bots move one at a time): [version, words], the random stream the
    # bots' run of moves draws from (random_stream.resumed_rng: seeded by the game and that version) and
    # how much of it they have used; None when no such run is under way. Not stored when None.
    bot_stream: list[int] | None = None

    @property
    def bank(self) -> int:
        return self.order[0]

    def seat_index(self, name: str) -> int:
        """The seat of the player called `name`."""
        for i, seat in enumerate(self.seats):
            if seat.name == name:
                return i
        raise RuleError(RuleCode.NOT_PLAYING, name=name)

    def current_seat(self) -> int | None:
        """The seat whose turn it is, or None between hands and after the game."""
        return None if self.turn is None else self.order[self.turn]

    def waits_for(self) -> list[int]:
        """The seats whose "next" ends the pause between hands: people still playing."""
        return [i for i, s in enumerate(self.seats) if s.bot is None and not s.out]

    def conserved_total(self) -> int:
        """Points held plus staked by everyone; R2.4 says it never changes."""
        return sum(s.points + s.stake for s in self.seats)

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON data, in the form stored states have always had."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["config"] = self.config.to_dict()
        data["seats"] = [_seat_json(s) for s in self.seats]
        data["log"] = [event.to_json() for event in self.log]
        data["results"] = results_json(self.results)
        data["last_hand"] = None if self.last_hand is None else self.last_hand.to_json()
        if self.bot_stream is None:  # states stored before paced play and unpaced ones alike
            del data["bot_stream"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], cards: CardSet) -> GameState:
        """The state to_dict stored, dealt from `cards` (the stored JSON does not hold them)."""
        values = dict(data)
        values["config"] = GameConfig.from_dict(data["config"], cards)
        values["seats"] = [_seat_from_json(s) for s in data["seats"]]
        values["phase"] = Phase(data["phase"])
        values["log"] = _public_log([LogEvent.from_json(e) for e in data.get("log", ())])
        values["results"] = results_from_json(data.get("results", ()))
        last_hand = data.get("last_hand")
        values["last_hand"] = None if last_hand is None else HandRecord.from_json(last_hand)
        return cls(**values)


def _seat_json(seat: Seat) -> dict[str, Any]:
    data = {f.name: getattr(seat, f.name) for f in fields(seat)}
    data["status"] = seat.status.value
    data["result"] = None if seat.result is None else seat.result.value
    data["actions"] = [action.to_json() for action in seat.actions]
    return data


def _seat_from_json(data: dict[str, Any]) -> Seat:
    """A stored seat; one saved before own_moves was counted says None."""
    values = dict(data)
    values["status"] = SeatStatus(data["status"])
    values["result"] = None if data["result"] is None else Result(data["result"])
    values["actions"] = [TurnAction.from_json(a) for a in data["actions"]]
    values.setdefault("own_moves", None)
    return Seat(**values)


def _public_log(log: list[LogEvent]) -> list[LogEvent]:
    """A log saved before the stand at 7½ was logged as a stand: the same log as it is now."""
    if all(e.event != Event.SEVEN_HALF for e in log):
        return log
    bank = log[0].seat if log and log[0].event == Event.HAND else None
    return [LogEvent(Event.STAND, e.seat, StandNote.BANK if e.seat == bank else None)
            if e.event == Event.SEVEN_HALF else e for e in log]


def max_bet(points: int) -> int:
    """R4.4: ceil(20% of the points), never more than the player holds."""
    top = -(-points // 5)
    return top if top <= points else points  # not min(): bots ask this on every decision
