"""Presence at a table: the seats' last_seen_at, read with the table's version in one statement
(the page that watches a table compares them), and written as a person's requests come in.

Presence is game_players.last_seen_at; the seats come along as one JSON column
(siete.data.watched_seats), or summed up in one row for an unchanged poll (POLL_ROW).
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import bindparam, case, func, literal_column, select, update
from sqlalchemy.sql.elements import ColumnClause

from siete.data.base import db
from siete.data.game_rows import READ_STARTED, PlainGameRow, PlainStateRow, held_object, table_and_state
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.invites import pending_invites
from siete.data.login_sessions import LoginSession, SessionClaim, claimed_player_id
from siete.data.watched_seats import PollSummaryRow, WatchRow, seats_column, seats_of

GAMES, STATES, SEATS, SESSIONS = Game.__table__, GameStateRow.__table__, GamePlayer.__table__, LoginSession.__table__

# The viewer is the account of the login session the signed cookie names (checked by its
# secret's digest), read as a scalar subquery in the same statement: no round trip of its own.
_VIEWER = (select(SESSIONS.c.user_id)
           .where(SESSIONS.c.id == bindparam("session_id"),
                  SESSIONS.c.secret_digest == bindparam("digest"))
           .scalar_subquery())
# One statement, one row: the game, its state row if started, its seats (seats_column), and
# how many of a rematch's invitees can still answer (a waiting table's version counts them).
WATCH_ROW = (
    select(GAMES.c.status, GAMES.c.private, GAMES.c.invite_token, STATES.c.version,
           STATES.c.turn_deadline, seats_column(GAMES.c.id), _VIEWER.label("viewer"),
           GAMES.c.messages_sent,
           pending_invites(GAMES.c.id, bindparam("invites_since")).label("pending_invites"))
    .select_from(GAMES)
    .outerjoin(STATES, STATES.c.game_id == GAMES.c.id)
    .where(GAMES.c.id == bindparam("game_id")))
# A started table's page (a render that is not a move's answer): READ_STARTED's game and state
# with WATCH_ROW's seats, viewer and chat count, in one statement instead of two (a spectator's
# render at each move's news read the table twice, and MariaDB's CPU is per statement).
WATCH_STARTED = READ_STARTED.add_columns(GAMES.c.invite_token, seats_column(GAMES.c.id),
                                         _VIEWER.label("viewer"), GAMES.c.messages_sent)
# The poll's statement: a started public table's version and deadline, and its seats summed up,
# in one row (outer joins: a waiting table has no state row). No subquery, no JSON and no name,
# and few columns: pymysql reads every column's description again with every result (about
# 30 µs of Python a column), so the seats' sums travel as one integer, `pulse`: bits 0-7 are
# the seats seen since `since` (by join order), bit 8 says the seat `seat` exists, and the
# reactions' count is above (pulse >> 9); the chat's count (`said`, games.messages_sent) is one
# column more. The version is NULL for a private table (whose poll must know its viewer), a
# waiting one and a missing one: those polls read read_watch_row.
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

def _watch_params(game_id: int, claim: SessionClaim | None) -> dict[str, object]:
    """WATCH_ROW's and WATCH_STARTED's parameters: the table, and the login session that names
    the viewer (none: session 0, which no row has)."""
    return {"game_id": game_id, "session_id": claim.session_id if claim else 0,
            "digest": claim.digest if claim else ""}


def read_watch_row(game_id: int, claim: SessionClaim | None, invites_since: datetime,
                   viewer_name: str | None = None) -> WatchRow | None:
    """The table's status, version, deadline and seats in one statement; None if no such game.

    The viewer's seat is that of the account of the login session `claim` names, or (a mover,
    known by the move's lock) that of the player `viewer_name`. A rematch's invitees asked
    after `invites_since` can still answer."""
    params = {**_watch_params(game_id, claim), "invites_since": invites_since}
    row = db.session.connection().execute(WATCH_ROW, params).first()
    if row is None:
        return None
    return WatchRow(row.status, row.version, row.turn_deadline,
                    seats_of(row.seats, row.viewer, viewer_name), bool(row.private), row.invite_token,
                    int(row.messages_sent or 0), int(row.pending_invites or 0))


def read_started_watched(game_id: int, claim: SessionClaim | None
                         ) -> tuple[WatchRow, PlainGameRow, PlainStateRow] | None:
    """WATCH_STARTED: a started table's watch row (as read_watch_row's for `claim`), game and
    state row; None for a table that has not started or is missing, or that this request's
    session holds as an object (started_for_page's reasons: the caller reads those apart)."""
    if held_object(Game, game_id) is not None:
        return None
    found = db.session.connection().execute(WATCH_STARTED, _watch_params(game_id, claim)).first()
    if found is None:
        return None
    values = found._asdict()
    token, seats, viewer, said = (values.pop(name) for name in ("invite_token", "seats", "viewer", "messages_sent"))
    game, live = table_and_state(values)
    row = WatchRow(game.status, live.version, live.turn_deadline, seats_of(seats, viewer), bool(game.private),
                   token, int(said or 0))
    return row, game, live


def read_poll_summary(game_id: int, seat: int | None, since: datetime) -> PollSummaryRow | None:
    """POLL_ROW: a started public table's version and deadline, the seats seen since `since`, and the seat
    with the join order `seat` (the poll's viewer, by its page's word); None for any other
    table (private, waiting or missing)."""
    row = db.session.connection().execute(
        POLL_ROW, {"game_id": game_id, "seat": seat, "since": since}).one()
    if row.version is None:
        return None
    pulse = int(row.pulse or 0)
    return PollSummaryRow(row.version, row.turn_deadline, pulse & (NAMED_SEAT_BIT - 1),
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
