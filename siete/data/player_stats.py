"""Skill ratings (OpenSkill's Plackett-Luce): each player's current rating, and each game's changes."""
from __future__ import annotations

from sqlalchemy import ForeignKey, Index, Integer, Numeric, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, TinyInt

# Stored to 6 decimals; siete/service/records/ratings.py rounds to the same before storing or reusing
# a value, so a rebuild from the history computes exactly what the games stored.
Skill = Numeric(9, 6, asdecimal=False)


class PlayerRating(ControlColumns, Model):
    """A player's current rating; ordinal (mu - 3 sigma) is sorted on and shown as
    1500 + 24 x ordinal (siete/service/records/rating_rules.py)."""

    __tablename__ = "player_ratings"
    __table_args__ = (Index(None, "ordinal"), MYSQL_TABLE)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True,
                                           autoincrement=False)
    mu: Mapped[float] = mapped_column(Skill)
    sigma: Mapped[float] = mapped_column(Skill)
    ordinal: Mapped[float] = mapped_column(Skill)
    games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class GameRating(ControlColumns, Model):
    """One seat of a rated game: its place and the player's rating before and after."""

    __tablename__ = "game_ratings"
    __table_args__ = (
        UniqueConstraint("game_id", "player_id"),
        # A player's rating over time from the index alone (profiles).
        Index("ix_game_ratings_player_history", "player_id", "id", "game_id", "mu_after",
              "sigma_after"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    place: Mapped[int] = mapped_column(TinyInt)
    mu_before: Mapped[float] = mapped_column(Skill)
    sigma_before: Mapped[float] = mapped_column(Skill)
    mu_after: Mapped[float] = mapped_column(Skill)
    sigma_after: Mapped[float] = mapped_column(Skill)
