"""The replay's move-by-move step: one decision of a stored hand, the table as the deciding seat
saw it just before (R4.2), and the review's mark and option values for it.

The table is rebuilt by the engine's replay (engine/replay_steps.py) from the game's own
scenario (scenario.py), so nothing of the rules is redone here. The deciding seat's view hides
the other punters' first cards, which is never more than the game page shows of a settled hand
(every card face up), so no viewer learns from a step what the page would not tell them.
"""
from __future__ import annotations

from dataclasses import dataclass

from siete.engine.config import GameConfig
from siete.engine.replay import ScenarioError
from siete.engine.replay_steps import hand_decisions
from siete.engine.views import SeatView
from siete.history.scenario import HandMove, hand_moves, scenario_of
from siete.i18n.labels import SEAT_STATES, word
from siete.service.records.game_record import GameRecord
from siete.service.records.review_pages import GameReviewRecord, MoveNote

Place = tuple[int, int]  # (hand number, move number in the hand), both from 1


@dataclass(frozen=True)
class StepSeat:
    """A seat as the deciding player saw it: None in `cards` is a face-down card."""

    name: str
    is_bank: bool
    deciding: bool
    bet: int | None
    cards: list[str | None]
    points: int
    total: float | None  # None while a card is face down to the decider
    shown_total: float
    status: str


@dataclass(frozen=True)
class Step:
    """One decision of the replay and the links around it."""

    hand: int
    number: int
    count: int  # the hand's moves
    move: HandMove
    seats: list[StepSeat]  # play order: punters 1, 2, ... then the bank
    note: MoveNote | None  # the review's, None when it has none (no choice, or no review)
    prev: Place | None
    next: Place | None

    @property
    def decider(self) -> str:
        return self.move.turn.seat.name


def move_counts(record: GameRecord) -> list[int]:
    """How many moves each stored hand has, hand 1 first (no replay needed)."""
    return [len(hand_moves(hand)) for hand in record.hands]


def neighbours(counts: list[int], hand: int, number: int) -> tuple[Place | None, Place | None]:
    """The decisions before and after (hand, number), across hands; None at either end."""
    places = [(h, m) for h, count in enumerate(counts, start=1) for m in range(1, count + 1)]
    index = places.index((hand, number))
    return (places[index - 1] if index else None,
            places[index + 1] if index + 1 < len(places) else None)


def replay_step(record: GameRecord, hand: int, number: int, review: GameReviewRecord | None,
                base: GameConfig) -> Step | None:
    """Move `number` of hand `hand`, or None when the hand has no such move (or the stored game
    cannot be played again, which the export's tests rule out)."""
    counts = move_counts(record)
    data = scenario_of(record)
    if data is None or not 1 <= hand <= len(counts) or not 1 <= number <= counts[hand - 1]:
        return None
    try:
        decision = hand_decisions(data, base, hand)[number - 1]
    except (ScenarioError, IndexError):
        return None
    move = hand_moves(record.hands[hand - 1])[number - 1]
    view = decision.view
    order = view.order[1:] + view.order[:1]
    seats = [_seat(view.seats[i], i == view.bank_seat, i == decision.seat) for i in order]
    note = review.note(move.turn.seat.id, move.step) if review is not None else None
    prev, following = neighbours(counts, hand, number)
    return Step(hand, number, counts[hand - 1], move, seats, note, prev, following)


def _seat(seat: SeatView, is_bank: bool, deciding: bool) -> StepSeat:
    status = word(SEAT_STATES, "out" if seat.out else seat.status)
    return StepSeat(seat.name, is_bank, deciding, seat.bet or None, list(seat.cards), seat.points,
                    seat.total, seat.shown_total, status)
