"""What the game page shows, built from a GameRecord: standings, play order, and each hand
with its events, settlement and who took the bank next."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from siete.data.game_rows import PlainGameRow
from siete.engine.codes import GameResult, Result
from siete.history.review_view import ReviewedEvent, reviewed_events
from siete.i18n.history_words import _, duration_text, settlement_events
from siete.i18n.labels import BANK_RESULTS, GAME_STATUSES, RESULTS, word
from siete.i18n.words import bank_sentence
from siete.i18n.words import game_total as total_text
from siete.service.records.game_record import GameRecord, HandRow, Seat
from siete.service.records.review_pages import GameReviewRecord, ReviewFigures


@dataclass
class HandView:
    """One hand as the page tells it; its sentences are written only when shown (the replay)."""

    hand: HandRow
    next_bank: Seat | None  # who holds the bank in the next hand, when it changed hands
    seconds: int | None = None  # how long the hand took, from the previous one's end
    review: GameReviewRecord | None = None  # the game's review, with this hand's moves if shown

    @cached_property
    def reviewed_events(self) -> list[ReviewedEvent]:
        """The events with each decision's review beside it (the replay's hand)."""
        return reviewed_events(self.hand, self.review)

    @property
    def duration(self) -> str:
        return duration_text(self.seconds)

    @cached_property
    def events(self) -> list[str]:
        return [event.text for event in self.reviewed_events]

    @cached_property
    def settlement(self) -> list[str]:
        return settlement_events(self.hand)

    @property
    def number(self) -> int:
        return self.hand.number

    @property
    def bank_result(self) -> str:
        return word(BANK_RESULTS, self.hand.bank_result)

    @property
    def bank_sentence(self) -> str:
        hand = self.hand
        return bank_sentence(hand.bank.name, hand.bank_result, hand.bank_total)

    @property
    def outcome(self) -> str:
        """One line for the hands list: who won, who stood and lost to the bank (R5.3: a tie
        goes to the bank), who bust; a punter who lost standing was left out before, so a
        hand of three punters could read as two."""
        won = [t.seat.name for t in self.hand.turns if t.result in (Result.WIN, Result.SEVEN_HALF)]
        lost = [t.seat.name for t in self.hand.turns if t.result == Result.LOSE]
        bust = [t.seat.name for t in self.hand.turns if t.result == Result.BUST]
        parts = []
        if won:
            parts.append(_("won: %(names)s", names=", ".join(won)))
        if lost:
            parts.append(_("lost to the bank: %(names)s", names=", ".join(lost)))
        if bust:
            parts.append(_("bust: %(names)s", names=", ".join(bust)))
        return "; ".join(parts) or _("the bank took every stake")


@dataclass
class GameView:
    record: GameRecord
    hands: list[HandView]
    review: GameReviewRecord | None = None  # stored when the game ended

    def seat_review(self, seat: Seat) -> ReviewFigures | None:
        """The seat's review figures, None before the game's end or with no decision."""
        figures = self.review.seats.get(seat.id) if self.review else None
        return figures if figures is not None and figures.decisions else None

    @property
    def game(self) -> PlainGameRow:
        return self.record.game

    @property
    def status(self) -> str:
        return word(GAME_STATUSES, self.game.status)

    @property
    def duration(self) -> str:
        return duration_text(self.game.duration_s)

    @property
    def play_order(self) -> list[Seat]:
        """The seating after R3: the bank (position 0) first."""
        placed = [s for s in self.record.seats if s.start_position is not None]
        return sorted(placed, key=lambda s: s.start_position or 0)  # None left out above

    @property
    def standings(self) -> list[Seat]:
        placed = [s for s in self.record.seats if s.final_position is not None]
        return sorted(placed, key=lambda s: s.final_position or 0)  # None left out above

    @property
    def winner(self) -> Seat | None:
        return next((s for s in self.record.seats if s.result == GameResult.WON), None)

    def hand(self, number: int) -> HandView | None:
        return self.hands[number - 1] if 1 <= number <= len(self.hands) else None


def game_view(record: GameRecord, review: GameReviewRecord | None = None) -> GameView:
    hands = []
    for index, hand in enumerate(record.hands):
        following = record.hands[index + 1] if index + 1 < len(record.hands) else None
        next_bank = following.bank if following and following.bank.id != hand.bank.id else None
        began = record.hands[index - 1].recorded_at if index else record.game.started_at
        seconds = None
        if began is not None and hand.recorded_at is not None and hand.recorded_at >= began:
            seconds = int((hand.recorded_at - began).total_seconds())
        hands.append(HandView(hand, next_bank, seconds, review))
    return GameView(record, hands, review)


def result_text(result: str | None) -> str:
    return word(RESULTS, result)


__all__ = ["GameView", "HandView", "game_view", "result_text", "total_text"]
