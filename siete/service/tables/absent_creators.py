"""A waiting table whose creator has gone away: when its creator's page has not asked anything of
the table for CREATOR_AWAY while another person sits there and is present, the creator is taken
as having left (siete.service.tables.lobby_actions.leave_waiting_table): their seat is freed and the table
passes to the first such person, who may start it or wait for someone to take the free seat.

Only the start button is at stake: a creator alone at a table keeps it (it expires after the
worker's WAITING_TABLE_TTL_S), and nobody is handed a table they are not looking at. The worker
finds these tables in its one query (siete.service.tables.due_tables) and hands each over here, under
the table's lock, after checking again.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, and_, exists, func

from siete.data.base import utcnow
from siete.data.game_rows import GAMES, SEATS
from siete.data.games import Game, GamePlayer
from siete.data.people import Player
from siete.data.vocabulary import GameStatus
from siete.service.records.recording import seats_by_join_order
from siete.service.tables.lobby_actions import free_seat
from siete.service.tables.table_locks import locked_table

# Long enough for a look at the rules or a reload on a slow phone (a page polls every few
# seconds), short enough that a friend waiting at a full table is not left there for long.
CREATOR_AWAY = timedelta(minutes=2)
PLAYERS = Player.__table__


def absent_creator_condition(away_cutoff: ColumnElement[datetime]) -> ColumnElement[bool]:
    """Waiting tables whose seated creator was last seen before `away_cutoff` (never: since the
    table was opened) while another person seated there was seen after it."""
    creator_gone = exists().where(
        SEATS.c.game_id == GAMES.c.id, SEATS.c.player_id == PLAYERS.c.id,
        PLAYERS.c.user_id == GAMES.c.creator_user_id,
        func.coalesce(SEATS.c.last_seen_at, GAMES.c.created_at) <= away_cutoff)
    other = SEATS.alias("other")
    someone_here = exists().where(
        other.c.game_id == GAMES.c.id, other.c.player_id == PLAYERS.c.id,
        PLAYERS.c.user_id.is_not(None), PLAYERS.c.user_id != GAMES.c.creator_user_id,
        other.c.last_seen_at > away_cutoff)
    return and_(GAMES.c.status == GameStatus.WAITING, creator_gone, someone_here)


def _seen(seat: GamePlayer, game: Game) -> datetime:
    return seat.last_seen_at or game.created_at


def pass_from_absent_creator(game_id: int, now: datetime | None = None, by: str = "worker") -> bool:
    """Free the absent creator's seat and give the table to the first person present; True if it
    did (False: the table started or closed, or its creator came back, or nobody else is here)."""
    cutoff = (now or utcnow()) - CREATOR_AWAY
    with locked_table(game_id) as (game, _row):
        if game.status != GameStatus.WAITING or game.creator_user_id is None:
            return False
        seats = seats_by_join_order(game)
        mine = next((gp for gp in seats if gp.player.user_id == game.creator_user_id), None)
        if mine is None or _seen(mine, game) > cutoff:
            return False
        heir = next((gp.player for gp in seats if gp is not mine and gp.player.user_id is not None
                     and gp.last_seen_at is not None and gp.last_seen_at > cutoff), None)
        if heir is None:
            return False
        game.creator_user_id, game.updated_by, game.updated_at = heir.user_id, by, utcnow()
        free_seat(game, mine)
        return True
