"""Quick reactions (`table_reactions`) and the seats' presence columns, as prebuilt statements.

A reaction is one of siete.engine.reaction_kinds.Reaction, sent by a seated player; it is not a game
event (no state, version or record changes). Presence is game_players.last_seen_at, which the
table's poll reads with its version in one query (siete.data.seat_marks).
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
    case,
    delete,
    func,
    insert,
    literal_column,
    select,
    update,
)
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql.elements import ColumnClause

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, db, one_of
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.login_sessions import LoginSession, SessionClaim, claimed_player_id
from siete.data.people import Player
from siete.data.seat_marks import TableMarks, TableSeen, seats_column, seats_of
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


GAMES, STATES, SEATS = Game.__table__, GameStateRow.__table__, GamePlayer.__table__
PLAYERS, SESSIONS, REACTIONS = Player.__table__, LoginSession.__table__, TableReaction.__table__


# The viewer is the account of the login session the signed cookie names (checked by its
# secret's digest), read as a scalar subquery in the same statement: no round trip of its own.
_VIEWER = (select(SESSIONS.c.user_id)
           .where(SESSIONS.c.id == bindparam("session_id"),
                  SESSIONS.c.secret_digest == bindparam("digest"))
           .scalar_subquery())
# One statement, one row: the game, its state row if started, and its seats (seats_column).
TABLE_MARKS = (
    select(GAMES.c.status, GAMES.c.private, GAMES.c.invite_token, STATES.c.version,
           STATES.c.turn_deadline, seats_column(GAMES.c.id), _VIEWER.label("viewer"),
           GAMES.c.messages_sent)
    .select_from(GAMES)
    .outerjoin(STATES, STATES.c.game_id == GAMES.c.id)
    .where(GAMES.c.id == bindparam("game_id")))
# The poll's statement: a started public table's version and deadline, and its seats summed up,
# in one row (outer joins: a waiting table has no state row). No subquery, no JSON and no name,
# and few columns: pymysql reads every column's description again with every result (about
# 30 µs of Python a column), so the seats' sums travel as one integer, `pulse`: bits 0-7 are
# the seats seen since `since` (by join order), bit 8 says the seat `seat` exists, and the
# reactions' count is above (pulse >> 9); the chat's count (`said`, games.messages_sent) is one
# column more. The version is NULL for a private table (whose poll must know its viewer), a
# waiting one and a missing one: those polls read table_marks.
_NAMED = SEATS.c.join_order == bindparam("seat")
REACTIONS_SHIFT, NAMED_SEAT_BIT = 9, 1 << 8
_ZERO: ColumnClause[int] = literal_column("0")  # constants written into the SQL, not bound: pymysql escapes each
POLL_ROW = (
    select(func.max(case((GAMES.c.private, None), else_=STATES.c.version)).label("version"),
           func.max(STATES.c.turn_deadline).label("turn_deadline"),
           func.sum(case((SEATS.c.last_seen_at >= bindparam("since"),
                          literal_column("1").op("<<")(SEATS.c.join_order)), else_=_ZERO)
                    + case((_NAMED, literal_column(str(NAMED_SEAT_BIT))), else_=_ZERO)
                    + SEATS.c.reactions_sent * literal_column(str(1 << REACTIONS_SHIFT))).label("pulse"),
           func.max(case((_NAMED, SEATS.c.last_seen_at))).label("named_seen"),
           func.max(GAMES.c.messages_sent).label("said"))
    .select_from(GAMES)
    .outerjoin(STATES, STATES.c.game_id == GAMES.c.id)
    .outerjoin(SEATS, SEATS.c.game_id == GAMES.c.id)
    .where(GAMES.c.id == bindparam("game_id")))
# The poll names its viewer's seat (the page put its join order in the poll's address); the
# write checks that the seat is the claimed session's account's, so a forged seat writes nothing.
MARK_SEEN_BY_CLAIM = (update(SEATS)
                      .where(SEATS.c.game_id == bindparam("row_game"),
                             SEATS.c.join_order == bindparam("row_order"),
                             SEATS.c.player_id == claimed_player_id())
                      .values(last_seen_at=bindparam("now")))
MARK_SEEN = (update(SEATS)
             .where(SEATS.c.game_id == bindparam("row_game"), SEATS.c.player_id == bindparam("row_player"))
             .values(last_seen_at=bindparam("now")))
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


def table_marks(game_id: int, claim: SessionClaim | None,
                viewer_name: str | None = None) -> TableMarks | None:
    """The table's status, version, deadline and seats in one statement; None if no such game.

    The viewer's seat is that of the account of the login session `claim` names, or (a mover,
    known by the move's lock) that of the player `viewer_name`."""
    params = {"game_id": game_id, "session_id": claim.session_id if claim else 0,
              "digest": claim.digest if claim else ""}
    row = db.session.connection().execute(TABLE_MARKS, params).first()
    if row is None:
        return None
    return TableMarks(row.status, row.version, row.turn_deadline,
                      seats_of(row.seats, row.viewer, viewer_name), bool(row.private), row.invite_token,
                      int(row.messages_sent or 0))


def table_seen(game_id: int, seat: int | None, since: datetime) -> TableSeen | None:
    """POLL_ROW: a started public table's markers, the seats seen since `since`, and the seat
    with the join order `seat` (the poll's viewer, by its page's word); None for any other
    table (private, waiting or missing)."""
    row = db.session.connection().execute(
        POLL_ROW, {"game_id": game_id, "seat": seat, "since": since}).one()
    if row.version is None:
        return None
    pulse = int(row.pulse or 0)
    return TableSeen(row.version, row.turn_deadline, pulse & (NAMED_SEAT_BIT - 1),
                     pulse >> REACTIONS_SHIFT, bool(pulse & NAMED_SEAT_BIT), row.named_seen,
                     int(row.said or 0))


def mark_seen_by_claim(game_id: int, join_order: int, claim: SessionClaim, now: datetime) -> bool:
    """Mark the seat `join_order` seen if it is the claimed session's account's; whether it was."""
    result = db.session.connection().execute(MARK_SEEN_BY_CLAIM, {
        "row_game": game_id, "row_order": join_order, "session_id": claim.session_id,
        "digest": claim.digest, "now": now})
    return bool(result.rowcount)


def mark_seen(game_id: int, player_id: int, now: datetime) -> None:
    db.session.connection().execute(MARK_SEEN, {"row_game": game_id, "row_player": player_id, "now": now})


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
