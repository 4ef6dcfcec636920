"""Quick reactions (`table_reactions`), as prebuilt statements.

A reaction is one of siete.engine.reaction_kinds.Reaction, sent by a seated player; it is not a game
event (no state, version or record changes). Each seat counts the reactions it sent
(game_players.reactions_sent), which the pulse a page compares adds up (siete.data.presence_rows).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.orm import Mapped, mapped_column

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, db, one_of
from siete.data.games import Game, GamePlayer
from siete.data.people import Player
from siete.data.table_changes import note_changed
from siete.engine.reaction_kinds import Reaction

REACTION_KINDS = tuple(kind.value for kind in Reaction)


class TableReaction(ControlColumns, Model):
    """One quick reaction a seated player sent to a table, and when."""

    __tablename__ = "table_reactions"
    __table_args__ = (
        CheckConstraint(one_of("kind", REACTION_KINDS), name="kind"),
        # The rate limit counts a player's recent reactions at a table; the log reads its newest.
        Index(None, "game_id", "player_id", "sent_at"),
        Index(None, "player_id"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    kind: Mapped[str] = mapped_column(String(12))
    sent_at: Mapped[datetime] = mapped_column(DateTime)


GAMES, SEATS = Game.__table__, GamePlayer.__table__
PLAYERS, REACTIONS = Player.__table__, TableReaction.__table__

COUNT_SENT = (update(SEATS)
              .where(SEATS.c.game_id == bindparam("row_game"), SEATS.c.player_id == bindparam("row_player"))
              .values(reactions_sent=SEATS.c.reactions_sent + 1, last_seen_at=bindparam("now")))
INSERT_REACTION = insert(REACTIONS)
# The sender's seat, locked: two reactions sent at once are counted one after the other.
# The game's status is a subquery, which a locking read does not lock (moves lock the game).
LOCK_SEAT = (select(SEATS.c.id, SEATS.c.left_at,
                    select(GAMES.c.status).where(GAMES.c.id == SEATS.c.game_id)
                    .scalar_subquery().label("status"),
                    select(GAMES.c.ended_at).where(GAMES.c.id == SEATS.c.game_id)
                    .scalar_subquery().label("ended_at"))
             .where(SEATS.c.game_id == bindparam("game_id"), SEATS.c.player_id == bindparam("player_id"))
             .with_for_update())
RECENT_OF_PLAYER = (select(func.count(), func.max(REACTIONS.c.sent_at))
                    .where(REACTIONS.c.game_id == bindparam("game_id"),
                           REACTIONS.c.player_id == bindparam("player_id"),
                           REACTIONS.c.sent_at >= bindparam("since")))
NEWEST_COUNT = 8  # the reactions a table's log shows
NEWEST = (select(REACTIONS.c.id, PLAYERS.c.name, REACTIONS.c.kind, REACTIONS.c.sent_at)
          .join(PLAYERS, PLAYERS.c.id == REACTIONS.c.player_id)
          .where(REACTIONS.c.game_id == bindparam("game_id"))
          .order_by(REACTIONS.c.id.desc()).limit(NEWEST_COUNT))


@dataclass(frozen=True)
class SenderSeat:
    """The sender's seat, as the reaction's checks need it."""

    left_at: datetime | None
    game_status: str
    game_ended_at: datetime | None


def lock_sender_seat(game_id: int, player_id: int) -> SenderSeat | None:
    """The player's seat at the table, row-locked until commit; None if they have none."""
    row = db.session.connection().execute(LOCK_SEAT, {"game_id": game_id, "player_id": player_id}).first()
    return None if row is None else SenderSeat(row.left_at, row.status, row.ended_at)


def add_reaction(game_id: int, player_id: int, kind: str, now: datetime, by: str) -> None:
    """Store the reaction and count it on the seat (which the table's poll notices)."""
    connection = db.session.connection()
    connection.execute(INSERT_REACTION, {"game_id": game_id, "player_id": player_id, "kind": kind,
                                         "sent_at": now, "created_at": now, "updated_at": now,
                                         "created_by": by, "updated_by": by})
    connection.execute(COUNT_SENT, {"row_game": game_id, "row_player": player_id, "now": now})
    note_changed(game_id)


def recent_of_player(game_id: int, player_id: int, since: datetime) -> tuple[int, datetime | None]:
    """How many reactions the player sent at this table since `since`, and the latest's time."""
    row = db.session.connection().execute(
        RECENT_OF_PLAYER, {"game_id": game_id, "player_id": player_id, "since": since}).one()
    return int(row[0]), row[1]


@dataclass(frozen=True)
class SentReaction:
    id: int
    player_name: str
    kind: str
    sent_at: datetime


def newest_reactions(game_id: int) -> list[SentReaction]:
    """The table's newest reactions (NEWEST_COUNT), oldest first."""
    rows = db.session.connection().execute(NEWEST, {"game_id": game_id}).all()
    return [SentReaction(row[0], row[1], row[2], row[3]) for row in reversed(rows)]


# The tables with reactions that closed before `cutoff` (finished at ended_at; abandoned, which
# sets no ended_at, at its last change): read from the reactions' side, which stays small.
CLOSED_WITH_REACTIONS = (
    select(REACTIONS.c.game_id).distinct().join(GAMES, GAMES.c.id == REACTIONS.c.game_id)
    .where(GAMES.c.status.in_(["finished", "abandoned"]),
           func.coalesce(GAMES.c.ended_at, GAMES.c.updated_at) < bindparam("cutoff")))
DELETE_CHUNK = 500


def delete_reactions_closed_before(cutoff: datetime) -> int:
    """Delete every reaction at a table that closed before `cutoff`; how many went."""
    connection = db.session.connection()
    games = [row[0] for row in connection.execute(CLOSED_WITH_REACTIONS, {"cutoff": cutoff})]
    deleted = 0
    for start in range(0, len(games), DELETE_CHUNK):
        chunk = games[start:start + DELETE_CHUNK]
        deleted += connection.execute(delete(REACTIONS).where(REACTIONS.c.game_id.in_(chunk))).rowcount
    return deleted
