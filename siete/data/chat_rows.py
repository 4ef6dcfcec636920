"""Chat at a table (`table_messages`) and who each person muted (`chat_mutes`), as prebuilt
statements (siete.service.social.chat says who may read and write).

A message is free text kept with its game for the game's players: not a game event (the state,
its version and the record stay as they are); games.messages_sent counts them for the table's
poll. A mute is one viewer hiding one person's messages, at every table.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    and_,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, db
from siete.data.games import Game, GamePlayer
from siete.data.people import Player
from siete.data.table_changes import note_said

MESSAGE_MAX = 200  # characters a message may have (the limit; utf8mb4 keeps any of them)


class TableMessage(ControlColumns, Model):
    """One chat message someone wrote at a table, and when."""

    __tablename__ = "table_messages"
    __table_args__ = (
        # The table's chat reads its newest; the rate limit counts a sender's recent ones.
        Index(None, "game_id", "id"),
        Index(None, "player_id", "sent_at"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    body: Mapped[str] = mapped_column(String(MESSAGE_MAX))
    sent_at: Mapped[datetime] = mapped_column(DateTime)


class ChatMute(ControlColumns, Model):
    """A viewer (player_id) hides the messages of another person (muted_player_id)."""

    __tablename__ = "chat_mutes"
    __table_args__ = (UniqueConstraint("player_id", "muted_player_id"),
                      Index(None, "muted_player_id"), MYSQL_TABLE)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    muted_player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))


GAMES, SEATS, PLAYERS = Game.__table__, GamePlayer.__table__, Player.__table__
MESSAGES, MUTES = TableMessage.__table__, ChatMute.__table__


@dataclass(frozen=True)
class ChatTable:
    """What the chat's rules read of a table and of one person at it."""

    status: str
    ended_at: datetime | None
    private: bool
    spectators_allowed: bool
    messages_sent: int
    seated: bool  # the person has a seat here now (not left)
    was_seated: bool  # the person has or had a seat here (a player of the game)


# The game and the person's seat in one row; with_for_update locks the game's row, which the
# send then writes (messages_sent): two sends at once are counted one after the other.
_SEAT = (select(SEATS.c.left_at).where(SEATS.c.game_id == GAMES.c.id,
                                       SEATS.c.player_id == bindparam("player_id"))
         .scalar_subquery())
_HAS_SEAT = select(func.count()).where(SEATS.c.game_id == GAMES.c.id,
                                       SEATS.c.player_id == bindparam("player_id")).scalar_subquery()
CHAT_TABLE = (select(GAMES.c.status, GAMES.c.ended_at, GAMES.c.private, GAMES.c.chat_spectators,
                     GAMES.c.messages_sent, _SEAT.label("left_at"), _HAS_SEAT.label("has_seat"))
              .where(GAMES.c.id == bindparam("game_id")))
RECENT_OF_SENDER = (select(func.count())
                    .where(MESSAGES.c.game_id == bindparam("game_id"),
                           MESSAGES.c.player_id == bindparam("player_id"),
                           MESSAGES.c.sent_at >= bindparam("since")))
# updated_at stays: it is a waiting table's last change of seats, which the worker expires it by
# (siete.service.tables.due_tables), and talk alone must not keep a table open that nobody starts.
COUNT_MESSAGE = (update(GAMES).where(GAMES.c.id == bindparam("row_game"))
                 .values(messages_sent=GAMES.c.messages_sent + 1, updated_at=GAMES.c.updated_at))
_MUTED_BY_VIEWER = select(MUTES.c.muted_player_id).where(MUTES.c.player_id == bindparam("viewer"))
NEWEST = (select(MESSAGES.c.id, MESSAGES.c.player_id, PLAYERS.c.name, MESSAGES.c.body, MESSAGES.c.sent_at)
          .join(PLAYERS, PLAYERS.c.id == MESSAGES.c.player_id)
          .where(MESSAGES.c.game_id == bindparam("game_id"),
                 MESSAGES.c.player_id.not_in(_MUTED_BY_VIEWER))
          .order_by(MESSAGES.c.id.desc()).limit(bindparam("count")))
# The people the viewer muted who wrote at this table: the chat offers to show them again.
MUTED_HERE = (select(PLAYERS.c.id, PLAYERS.c.name)
              .join(MUTES, and_(MUTES.c.muted_player_id == PLAYERS.c.id,
                                MUTES.c.player_id == bindparam("viewer")))
              .where(PLAYERS.c.id.in_(select(MESSAGES.c.player_id)
                                      .where(MESSAGES.c.game_id == bindparam("game_id"))))
              .order_by(PLAYERS.c.name))
IS_MUTED = select(MUTES.c.id).where(MUTES.c.player_id == bindparam("viewer"),
                                    MUTES.c.muted_player_id == bindparam("muted"))
WROTE_HERE = select(MESSAGES.c.id).where(MESSAGES.c.game_id == bindparam("game_id"),
                                         MESSAGES.c.player_id == bindparam("player_id")).limit(1)


def chat_table(game_id: int, player_id: int | None, lock: bool = False) -> ChatTable | None:
    """The table's chat settings and the person's seat; None if there is no such table."""
    statement = CHAT_TABLE.with_for_update() if lock else CHAT_TABLE
    row = db.session.connection().execute(
        statement, {"game_id": game_id, "player_id": player_id or 0}).first()
    if row is None:
        return None
    return ChatTable(row.status, row.ended_at, bool(row.private), bool(row.chat_spectators),
                     int(row.messages_sent), bool(row.has_seat) and row.left_at is None,
                     bool(row.has_seat))


def sent_since(game_id: int, player_id: int, since: datetime) -> int:
    """How many messages the person wrote at this table since `since`."""
    return int(db.session.connection().execute(
        RECENT_OF_SENDER, {"game_id": game_id, "player_id": player_id, "since": since}).scalar_one())


def add_message(game_id: int, player_id: int, body: str, now: datetime, by: str) -> None:
    """Store the message and count it on the table: the count moves the pulse the table's
    fetch compares, and the note makes the commit tell the table's streams."""
    connection = db.session.connection()
    connection.execute(insert(MESSAGES), {"game_id": game_id, "player_id": player_id, "body": body,
                                          "sent_at": now, "created_at": now, "updated_at": now,
                                          "created_by": by, "updated_by": by})
    connection.execute(COUNT_MESSAGE, {"row_game": game_id})
    note_said(game_id)


@dataclass(frozen=True)
class ChatMessage:
    id: int
    player_id: int
    player_name: str
    body: str
    sent_at: datetime


def newest_messages(game_id: int, viewer: int, count: int) -> list[ChatMessage]:
    """The table's newest `count` messages the viewer has not muted, oldest first."""
    rows = db.session.connection().execute(
        NEWEST, {"game_id": game_id, "viewer": viewer, "count": count}).all()
    return [ChatMessage(row[0], row[1], row[2], row[3], row[4]) for row in reversed(rows)]


def muted_here(game_id: int, viewer: int) -> list[tuple[int, str]]:
    """(player id, name) of each person the viewer muted who wrote at this table."""
    rows = db.session.connection().execute(MUTED_HERE, {"game_id": game_id, "viewer": viewer})
    return [(row[0], row[1]) for row in rows]


def wrote_here(game_id: int, player_id: int) -> bool:
    return db.session.connection().execute(
        WROTE_HERE, {"game_id": game_id, "player_id": player_id}).first() is not None


def set_mute(viewer: int, muted: int, on: bool, by: str) -> None:
    """Mute (on) or show again one person for the viewer; doing it twice changes nothing."""
    connection = db.session.connection()
    params = {"viewer": viewer, "muted": muted}
    exists = connection.execute(IS_MUTED, params).first() is not None
    if on and not exists:
        try:  # a second click sent at once: the unique key refuses it, the first one stands
            with db.session.begin_nested():
                connection.execute(insert(MUTES), {"player_id": viewer, "muted_player_id": muted,
                                                   "created_by": by, "updated_by": by})
        except IntegrityError:
            pass
    elif not on and exists:
        connection.execute(delete(MUTES).where(MUTES.c.player_id == viewer,
                                               MUTES.c.muted_player_id == muted))
