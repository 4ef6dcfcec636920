"""The lobby's marker: one aggregate over the open tables (waiting or playing) and their seats
that changes whenever the lobby's lists would (a table opened, started, finished or closed; a
seat taken or left; a hand played), so the lobby's poll answers 204 with one query otherwise.

The aggregate runs over the tables the lobby lists for its visitor (the caller's filter), never
over all: counting private tables would tell a stranger one opened, its seats and when it plays."""
from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import ColumnElement, func, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.vocabulary import OPEN_STATUSES

GAMES, SEATS = Game.__table__, GamePlayer.__table__

LOBBY_MARKS = (
    select(func.count(func.distinct(GAMES.c.id)), func.max(GAMES.c.id), func.count(SEATS.c.id),
           func.coalesce(func.sum(GAMES.c.hands_played), 0), func.count(SEATS.c.left_at),
           func.coalesce(func.sum(GAMES.c.status == OPEN_STATUSES[1]), 0))
    .select_from(GAMES).outerjoin(SEATS, SEATS.c.game_id == GAMES.c.id)
    .where(GAMES.c.status.in_([str(status) for status in OPEN_STATUSES])))


def lobby_marker(listed: ColumnElement[bool]) -> str:
    """Open tables, the newest id, seats, hands played, seats left and seats of started tables,
    among the tables `listed` admits, as one short string of digits and dots."""
    row = db.session.connection().execute(LOBBY_MARKS.where(listed)).one()
    return ".".join(str(int(value or 0)) for value in row)


def privacy(game_ids: Collection[int]) -> dict[int, bool]:
    """Whether each of these tables is private, by id (a table not there is left out)."""
    rows = db.session.connection().execute(
        select(GAMES.c.id, GAMES.c.private).where(GAMES.c.id.in_(list(game_ids))))
    return {row.id: bool(row.private) for row in rows}
