"""Reference data loaded by sql/seed.sql: the game's details, deck types and cards."""
from __future__ import annotations

from sqlalchemy import (
    CHAR,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Integer,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from siete.data.base import MYSQL_TABLE, SUITS, ControlColumns, Model, Points, TinyInt, one_of


class GameDetails(ControlColumns, Model):
    """The game's fixed facts: player and bet limits and its rules in words."""

    __tablename__ = "game_details"
    __table_args__ = (
        CheckConstraint("min_players >= 2 AND max_players >= min_players", name="players"),
        CheckConstraint("min_bet >= 1 AND max_bet >= min_bet", name="bets"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    min_players: Mapped[int] = mapped_column(TinyInt)
    max_players: Mapped[int] = mapped_column(TinyInt)
    min_bet: Mapped[int] = mapped_column(Integer)
    max_bet: Mapped[int] = mapped_column(Integer)
    victory_rules: Mapped[str] = mapped_column(Text)
    defeat_rules: Mapped[str] = mapped_column(Text)


class DeckType(ControlColumns, Model):
    """A kind of deck (this game uses the Spanish one)."""

    __tablename__ = "deck_types"
    __table_args__ = (MYSQL_TABLE,)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(30), unique=True)
    description: Mapped[str] = mapped_column(String(255))
    cards: Mapped[list[Card]] = relationship(back_populates="deck_type", order_by="Card.deck_order")


class Card(ControlColumns, Model):
    """One card of a deck; code is the card id of R1.3 ('O05')."""

    __tablename__ = "cards"
    __table_args__ = (
        UniqueConstraint("deck_type_id", "code"),
        UniqueConstraint("deck_type_id", "deck_order"),
        CheckConstraint(one_of("suit", SUITS), name="suit"),
        CheckConstraint("real_value BETWEEN 1 AND 12", name="real_value"),
        CheckConstraint("game_value > 0 AND game_value <= 7.5", name="game_value"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deck_type_id: Mapped[int] = mapped_column(ForeignKey("deck_types.id"))
    code: Mapped[str] = mapped_column(CHAR(3))
    real_value: Mapped[int] = mapped_column(TinyInt)
    game_value: Mapped[float] = mapped_column(Points)
    suit: Mapped[str] = mapped_column(String(10))
    is_active: Mapped[bool] = mapped_column(Boolean)
    deck_order: Mapped[int] = mapped_column(SmallInteger)
    deck_type: Mapped[DeckType] = relationship(back_populates="cards")


