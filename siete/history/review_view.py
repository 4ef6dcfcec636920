"""A hand's events with the review of each decision beside it: the game page's
step-through shows each move's mark and its options' values, read from the stored review."""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from siete.engine.codes import BankResult
from siete.i18n.history_words import turn_events
from siete.service.records.game_record import HandRow, TurnRow
from siete.service.records.review_pages import GameReviewRecord, MoveNote


@dataclass(frozen=True)
class ReviewedEvent:
    """One line of "As it happened", and the review of the decision it tells, if one."""

    text: str
    note: MoveNote | None = None


def _steps(turn: TurnRow) -> list[int]:
    """The review's step of each line turn_events writes, in its order: the bet (0), then the
    turn's actions (1, 2, ...); a bust's line comes after them and has none."""
    bet = [0] if not turn.is_bank and turn.bet is not None else []
    return bet + list(range(1, len(turn.actions) + 1))


def reviewed_events(hand: HandRow, review: GameReviewRecord | None) -> list[ReviewedEvent]:
    """The hand's events (as HandView.events words them), each with its decision's review."""
    events = [ReviewedEvent(_("hand %(number)s: %(name)s holds the bank", number=hand.number,
                              name=hand.bank.name))]
    for turn in hand.turns:
        if turn.is_bank and hand.bank_result == BankResult.DID_NOT_PLAY:
            events.append(ReviewedEvent(_("everyone bust: the bank does not play")))
            continue
        steps = _steps(turn)
        for index, text in enumerate(turn_events(turn)):
            note = (review.note(turn.seat.id, steps[index])
                    if review is not None and index < len(steps) else None)
            events.append(ReviewedEvent(text, note))
    return events
