"""The lobby's lists: tables waiting for players and tables in play, newest first, a page at a
time, private tables only for the people they are open to."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import ColumnElement, select
from sqlalchemy.orm import selectinload

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.vocabulary import GameStatus
from siete.service.tables.table_access import joinable_for, listed_for
from siete.settings import ServiceSettings

# A table whose next step is this late is stuck (no worker ran it), not "in play": left out.
STUCK_AFTER = timedelta(minutes=5)


@dataclass(frozen=True)
class LobbyPage:
    """One page of each lobby list, newest first, and whether an older page follows."""

    page: int
    open: list[Game]
    running: list[Game]
    has_more: bool


def lobby_page(page: int = 1, size: int = 20, viewer: int | None = None,
               rematch_seconds: int = ServiceSettings.rematch_seconds) -> LobbyPage:
    """Tables waiting for players and tables really in play, `size` of each per page; private
    tables only for the account `viewer` opened or sits at; a rematch whose free seats are all
    kept for invitees who can still answer (`rematch_seconds`) only for them and its players."""
    listed = listed_for(viewer)
    joinable = joinable_for(viewer, utcnow() - timedelta(seconds=rematch_seconds))
    waiting = _newest((Game.status == GameStatus.WAITING) & listed & joinable, page, size)
    playing = _newest((Game.status == GameStatus.PLAYING) & listed, page, size, in_play=True)
    return LobbyPage(page, waiting[:size], playing[:size], len(waiting) > size or len(playing) > size)


def _newest(condition: ColumnElement[bool], page: int, size: int,
            in_play: bool = False) -> list[Game]:
    """A page (plus one row, to know if another follows) of the games matching `condition`."""
    query = select(Game).where(condition)
    if in_play:
        query = query.join(GameStateRow, GameStateRow.game_id == Game.id).where(
            (GameStateRow.turn_deadline.is_(None)) | (GameStateRow.turn_deadline > utcnow() - STUCK_AFTER))
    return list(db.session.execute(
        query.options(selectinload(Game.players).selectinload(GamePlayer.player))
        .order_by(Game.id.desc()).offset((page - 1) * size).limit(size + 1)).scalars())
