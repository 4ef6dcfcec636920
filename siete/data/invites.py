"""Who a rematch invited: one row per invited player of a table opened by "Play again",
with their answer. An invite not answered within the rematch window has run out (its age says
so: siete.service.tables.rematch); a seat left free is filled with a bot when the owner starts."""
from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    CheckConstraint,
    ColumnElement,
    ForeignKey,
    Index,
    Integer,
    ScalarSelect,
    String,
    UniqueConstraint,
    exists,
    func,
    select,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, one_of
from siete.data.games import GamePlayer
from siete.data.people import Player


class InviteAnswer(StrEnum):
    """game_invites.answer: still asked, or said no (a yes is a seat at the table)."""

    INVITED = "invited"
    DECLINED = "declined"


class GameInvite(ControlColumns, Model):
    """A player asked to the table `game_id` (a rematch); created_at starts the answer's clock."""

    __tablename__ = "game_invites"
    __table_args__ = (
        UniqueConstraint("game_id", "player_id"),
        CheckConstraint(one_of("answer", tuple(InviteAnswer)), name="answer"),
        Index(None, "player_id"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    answer: Mapped[str] = mapped_column(String(8), default=InviteAnswer.INVITED,
                                        server_default=InviteAnswer.INVITED.value)

    player: Mapped[Player] = relationship()


def pending_invites(game_id: ColumnElement[int] | Any, invites_since: datetime | Any) -> ScalarSelect[int]:
    """How many of the table's invitees can still answer: asked after `invites_since` (a value,
    or a bound parameter), not seated, and not having said no. A correlated count: `game_id` is
    the enclosing query's games.id. Their seats are kept (siete.service.tables.rematch_invites),
    and the waiting table's page version counts them (siete.service.social.presence)."""
    seated = exists().where(GamePlayer.game_id == GameInvite.game_id,
                            GamePlayer.player_id == GameInvite.player_id)
    return select(func.count(GameInvite.id)).where(
        GameInvite.game_id == game_id, GameInvite.created_at > invites_since,
        GameInvite.answer != InviteAnswer.DECLINED, ~seated,
    ).scalar_subquery()
