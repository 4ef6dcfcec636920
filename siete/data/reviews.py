"""The review of each finished game: every decision marked, and each seat's
figures, written once when the game ends (siete/service/records/game_review.py) and only read after."""
from __future__ import annotations

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    SmallInteger,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, TinyInt, one_of
from siete.engine.codes import Action
from siete.engine.review import Mark

# The CHECK lists, in the order sql/schema.sql writes them.
REVIEW_ACTIONS = tuple(Action)
REVIEW_MARKS = tuple(Mark)
# Values in stakes (engine/review.py), to a millionth: exact enough for a mark, as floats.
Stakes = Numeric(12, 6, asdecimal=False)


class MoveReviewRow(ControlColumns, Model):
    """One decision of a finished game: what was done, what each option was worth from the
    seat's view then (engine/review.py: values in stakes) and its mark."""

    __tablename__ = "move_reviews"
    __table_args__ = (
        # Also the index for "the review of a game" (its page reads them all at once).
        UniqueConstraint("game_id", "hand_number", "game_player_id", "step"),
        CheckConstraint(one_of("action", REVIEW_ACTIONS), name="action"),
        CheckConstraint(one_of("mark", REVIEW_MARKS), name="mark"),
        Index(None, "game_player_id"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    game_player_id: Mapped[int] = mapped_column(ForeignKey("game_players.id"))
    hand_number: Mapped[int] = mapped_column(SmallInteger)
    step: Mapped[int] = mapped_column(TinyInt)  # 0: the bet; then turn_actions.seq
    action: Mapped[str] = mapped_column(String(5))
    is_bank: Mapped[bool] = mapped_column(Boolean)
    mark: Mapped[str] = mapped_column(String(10))
    value_lost: Mapped[float] = mapped_column(Stakes)
    stand_ev: Mapped[float | None] = mapped_column(Stakes)
    draw_ev: Mapped[float | None] = mapped_column(Stakes)
    stake: Mapped[int | None] = mapped_column(Integer)
    best_stake: Mapped[int | None] = mapped_column(Integer)
    hand_value: Mapped[float | None] = mapped_column(Stakes)
    # The turn timer made this move (the house bot), not the player: marked "timed out" and
    # left out of the seat's figures.
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # The bot standing in for the away player made this move: marked so, outside the figures.
    stand_in: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")


class SeatReviewRow(ControlColumns, Model):
    """A seat's figures over its finished game: decisions, marks and the value lost in all."""

    __tablename__ = "seat_reviews"
    __table_args__ = (
        # A player's reviewed games newest first (its profile's trend, "My games").
        Index("ix_seat_reviews_player_game", "player_id", "game_id"),
        Index(None, "game_id"),
        MYSQL_TABLE,
    )
    game_player_id: Mapped[int] = mapped_column(
        ForeignKey("game_players.id"), primary_key=True, autoincrement=False)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    decisions: Mapped[int] = mapped_column(Integer)
    best: Mapped[int] = mapped_column(Integer)
    inaccuracies: Mapped[int] = mapped_column(Integer)
    mistakes: Mapped[int] = mapped_column(Integer)
    blunders: Mapped[int] = mapped_column(Integer)
    value_lost: Mapped[float] = mapped_column(Stakes)


class ReviewQueueRow(ControlColumns, Model):
    """A finished game waiting for its review: the game's end writes a row (one INSERT, so the
    last move's answer is not held up by the solver) and the worker reviews it and deletes it."""

    __tablename__ = "review_queue"
    __table_args__ = (MYSQL_TABLE,)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True,
                                         autoincrement=False)
