"""The one way services read and write a table's rows: a game, its seats and its live state.

A table is two rows, each read one of two ways (the engine's GameState is the JSON the second
row stores):

    row                    ORM model (data/games.py)    plain dataclass (here)
    games                  Game, with its seats         PlainGameRow
    game_states            GameStateRow                 PlainStateRow

Services read a games row as a `GameRow`, whichever way it was loaded. The two ways:
- the fast path every move takes: a started table's game and state read and written with
  plain statements (`PlainGameRow`, `PlainStateRow`). Moves are most of the traffic, and loading
  ORM objects, then letting the unit of work find and flush what changed, cost about 2 ms of
  CPU a move. These statements are built once, so each is compiled a single time.
- the ORM path for what changes who sits (join, leave, start) and for showing a table: the
  `Game` with its seats (`lock_with_seats`, `game_for_page`).
The session keeps its objects across commits, so every write of the fast path is also given to
an object of that row the session already holds (the identity-map upkeep stays in here).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, TypeAlias

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from siete.data.base import Model, db, utcnow
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.login_sessions import SessionClaim, session_columns_for_a_lock
from siete.data.table_changes import note_changed, note_version
from siete.data.vocabulary import GameStatus

GAMES, STATES, SEATS = Game.__table__, GameStateRow.__table__, GamePlayer.__table__


@dataclass
class PlainGameRow:
    """A games row as plain data, for the paths that never need its seats as objects.

    Same attribute names as the ORM Game, so the engine glue and the templates read either;
    the audit columns are left out.
    """

    id: int
    name: str
    status: str
    mode: str
    num_players: int
    initial_points: int
    max_hands: int
    seed: int
    turn_seconds: int
    creator_user_id: int | None
    started_at: datetime | None
    ended_at: datetime | None
    duration_s: int | None
    hands_played: int
    winner_player_id: int | None
    show_odds: bool = False  # a practice table: odds shown, not rated
    private: bool = False  # shown only to its players and invite key holders


# A games row whichever path loaded it: what services read of a game.
GameRow: TypeAlias = Game | PlainGameRow


@dataclass
class PlainStateRow:
    """A game_states row as plain data: the engine's JSON, its version and the running timer."""

    game_id: int
    version: int
    state: str
    turn_deadline: datetime | None


# STRAIGHT_JOIN keeps MySQL locking the game row before the state row, the order in which
# play._lock_table locks them, so the two paths cannot deadlock.
# Without the lock (READ_STARTED), showing a started table: game_for_page's ORM objects, the
# game with its seats and their players, were half a fetch's CPU, and a started table's page
# names its players from the state.
READ_STARTED = (
    select(*(GAMES.c[column.name] for column in fields(PlainGameRow)), STATES.c.version, STATES.c.state,
           STATES.c.turn_deadline)
    .join(STATES, STATES.c.game_id == GAMES.c.id).where(GAMES.c.id == bindparam("game_id")))
LOCK_STARTED = READ_STARTED.with_for_update().prefix_with("STRAIGHT_JOIN", dialect="mysql")
# The worker's claim: the same locks, but a table another process holds is skipped, not waited
# for (MariaDB SKIP LOCKED; SQLite ignores it and its single write lock serialises anyway).
LOCK_STARTED_OR_SKIP = LOCK_STARTED.with_for_update(skip_locked=True)
# A move by the browser whose login session the signed cookie names: the same lock, and in the
# same statement that session's account (its user and player name, and when it was last seen),
# so the move checks the session without a round trip of its own. The subqueries read
# without locking (MySQL locks only the rows of the statement's own tables), and an ended
# session reads as NULL.
LOCK_STARTED_FOR_SESSION = LOCK_STARTED.add_columns(*session_columns_for_a_lock())
INSERT_STATE = insert(STATES)
UPDATE_STATE = update(STATES).where(STATES.c.game_id == bindparam("row_id"))
UPDATE_GAME = update(GAMES).where(GAMES.c.id == bindparam("row_id"))
UPDATE_SEAT = update(SEATS).where(SEATS.c.id == bindparam("row_id"))
MARK_LEFT = update(SEATS).where(SEATS.c.game_id == bindparam("row_game"),
                                SEATS.c.player_id == bindparam("row_player"))


def lock_started(game_id: int, skip_locked: bool = False) -> tuple[PlainGameRow, PlainStateRow] | None:
    """A started table's game and state, row-locked until commit; None if it has no state
    (or, with skip_locked, if another transaction holds it)."""
    statement = LOCK_STARTED_OR_SKIP if skip_locked else LOCK_STARTED
    found = db.session.connection().execute(statement, {"game_id": game_id}).first()
    return None if found is None else table_and_state(found._asdict())


def started_for_page(game_id: int) -> tuple[PlainGameRow, PlainStateRow] | None:
    """A started table's game and state as plain rows, without a lock (showing a table); None
    if it has no state row (a waiting table, or none), or this request's session holds the
    game as an object (it may have changes not flushed yet: game_for_page reads that one)."""
    if held_object(Game, game_id) is not None:
        return None
    found = db.session.connection().execute(READ_STARTED, {"game_id": game_id}).first()
    return None if found is None else table_and_state(found._asdict())


@dataclass
class SessionNow:
    """A login session as the database has it now: its account's user id and player name, and
    when it was last seen (all None if the session was ended; no player yet: player_name None)."""

    user_id: int | None
    player_name: str | None
    last_seen_at: datetime | None


def lock_started_for_session(game_id: int, claim: SessionClaim
                             ) -> tuple[PlainGameRow, PlainStateRow, SessionNow] | None:
    """lock_started, and the session's account read in the same statement."""
    found = db.session.connection().execute(
        LOCK_STARTED_FOR_SESSION,
        {"game_id": game_id, "session_id": claim.session_id, "digest": claim.digest}).first()
    if found is None:
        return None
    values = found._asdict()
    now = SessionNow(values.pop("session_user"), values.pop("session_player"), values.pop("session_seen"))
    return (*table_and_state(values), now)


def table_and_state(values: dict[str, Any]) -> tuple[PlainGameRow, PlainStateRow]:
    live = PlainStateRow(values["id"], values.pop("version"), values.pop("state"), values.pop("turn_deadline"))
    return PlainGameRow(**values), live


def write_state(live: PlainStateRow, by: str, new: bool = False) -> None:
    """Store `live` as the table's state row: a new row when the game has just started."""
    values = {"version": live.version, "state": live.state, "turn_deadline": live.turn_deadline,
              "updated_by": by, "updated_at": utcnow()}
    if new:
        db.session.connection().execute(
            INSERT_STATE, {"game_id": live.game_id, "created_by": by, **values})
    else:
        db.session.connection().execute(UPDATE_STATE, {"row_id": live.game_id, **values})
        _keep_in_step(GameStateRow, live.game_id, values)
    note_changed(live.game_id, lobby=new)
    note_version(live.game_id, live.version)


def write_game(game: GameRow, by: str, **values: object) -> None:
    """UPDATE the game's row now, and keep `game` (ORM or plain) in step with what was written."""
    values = {**values, "updated_by": by, "updated_at": utcnow()}
    db.session.connection().execute(UPDATE_GAME, {"row_id": game.id, **values})
    note_changed(game.id, lobby=True)  # its status or hands played: what the lobby lists
    if not isinstance(game, Game):
        for name, value in values.items():
            setattr(game, name, value)
    _keep_in_step(Game, game.id, values)


def write_seats(by: str, values: dict[int, dict[str, object]]) -> None:
    """UPDATE seats by id ({game_players.id: {column: value}}, the same columns for each).
    Always written with their game (write_game), which notes the table's change."""
    now = utcnow()
    db.session.connection().execute(UPDATE_SEAT, [
        {"row_id": seat_id, **columns, "updated_by": by, "updated_at": now}
        for seat_id, columns in values.items()])
    for seat_id, columns in values.items():
        _keep_in_step(GamePlayer, seat_id, columns)


def mark_left(game_id: int, player_id: int, by: str) -> None:
    """Note when a player left a running game (their seat goes on with a bot)."""
    values = {"left_at": utcnow(), "updated_by": by}
    values["updated_at"] = values["left_at"]
    db.session.connection().execute(MARK_LEFT, {"row_game": game_id, "row_player": player_id, **values})
    note_changed(game_id, lobby=True)
    for held in list(db.session.identity_map.values()):
        if isinstance(held, GamePlayer) and (held.game_id, held.player_id) == (game_id, player_id):
            _keep_in_step(GamePlayer, held.id, values)


def _keep_in_step(model: type[Model], key: int, values: dict[str, Any]) -> None:
    """Give an object of this row that the session holds the values just written around it.

    The session keeps its objects across commits (expire_on_commit=False), so without this a
    caller that read the row as an object before, say a test or the simulator, would see it
    as it was. The values count as stored: a later flush does not write them again.
    """
    held = held_object(model, key)
    if held is not None:
        for name, value in values.items():
            set_committed_value(held, name, value)


def held_object(model: type[Model], key: int) -> Any:
    """The session's object for that row if it already holds one (no query), else None."""
    return db.session.identity_map.get(identity_key(model, key))


# Seats and their players in one extra query (a join), not one per seat: every render names them
# all. The join is a separate SELECT from the game's locking one, so it locks no players row
# (named bots sit at many tables at once).
SEATS_AND_PLAYERS = selectinload(Game.players).joinedload(GamePlayer.player)
SEAT_IDS = (select(SEATS.c.id, SEATS.c.player_id).where(SEATS.c.game_id == bindparam("game_id"))
            .order_by(SEATS.c.join_order))
VERSION_AND_DEADLINE = select(STATES.c.version, STATES.c.turn_deadline).where(
    STATES.c.game_id == bindparam("game_id"))


def lock_with_seats(game_id: int) -> tuple[Game, GameStateRow | None] | None:
    """The game row locked with its seats, then its state row if it has started; None if no game."""
    game = db.session.execute(
        select(Game).where(Game.id == game_id).with_for_update()
        .options(SEATS_AND_PLAYERS).execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if game is None:
        return None
    # Locking reads see the newest committed rows, never an older snapshot of this request.
    # Only a started game has a state row (start_table writes it with status 'playing'). A
    # locking read of a missing row takes an InnoDB gap lock, and two tables starting at once
    # would each hold one and deadlock inserting their rows: so waiting tables skip it.
    row = None if game.status == GameStatus.WAITING else db.session.execute(
        select(GameStateRow).where(GameStateRow.game_id == game_id).with_for_update()
        .execution_options(populate_existing=True)).scalar_one_or_none()
    return game, row


def game_for_page(game_id: int) -> tuple[Game, GameStateRow | None] | None:
    """The game with its seats and its state row, without a lock (showing a table); None if none.

    A game this request already holds (it just joined or started it) comes from the session's
    identity map with no query; otherwise its seats come with it, since the page names them.
    """
    game = db.session.get(Game, game_id) if held_object(Game, game_id) is not None else \
        db.session.get(Game, game_id, options=[SEATS_AND_PLAYERS])
    if game is None:
        return None
    return game, db.session.get(GameStateRow, game_id)


def game_exists(game_id: int) -> bool:
    return db.session.get(Game, game_id) is not None


def seat_ids(game: GameRow) -> list[tuple[int, int]]:
    """(game_players.id, player_id) of each seat in join order, without loading the seats.

    A hand's rows need only these two numbers per seat; the ORM seats are 20 columns each.
    """
    loaded: list[GamePlayer] | None = vars(game).get("players")  # an ORM Game's seats, if loaded
    if loaded is not None:  # already loaded by this request: no query
        seats = sorted(loaded, key=lambda gp: gp.join_order)
        if any(gp.id is None for gp in seats):  # seats added in this unit (a start fills with
            db.session.flush()  # bots): they get their ids now, or a settled hand has none
        return [(gp.id, gp.player_id) for gp in seats]
    return [(row[0], row[1]) for row in db.session.connection().execute(SEAT_IDS, {"game_id": game.id})]


def version_and_deadline(game_id: int) -> tuple[int, datetime | None] | None:
    """The table's version and deadline in one small query, for cheap polling."""
    found = db.session.connection().execute(VERSION_AND_DEADLINE, {"game_id": game_id}).first()
    return None if found is None else (found[0], found[1])
