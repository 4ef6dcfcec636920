"""Moves at a running table: load it under a lock, check the version, let the engine act, save."""
from __future__ import annotations

import json
import random
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterator

from sqlalchemy import bindparam, select
from sqlalchemy.orm import selectinload

from siete.db import db
from siete.engine import rules
from siete.engine.bots import run_bots
from siete.engine.moves import MOVES, apply_move, replace_with_bot, time_out
from siete.engine.state import DEAL, OVER, PLAY, GameState, RuleError
from siete.models import Game, GamePlayer, Player, utcnow
from siete.models import GameState as StateRow
from siete.service.errors import Conflict, Forbidden, NotFound, RuleBroken
from siete.service.recording import record_finish, record_hand
from siete.service.table_rows import (STATES, LiveState, TableRow, held_object, lock_started,
                                      mark_left, write_state)

# Seats and their players in one extra query (a join), not one per seat: every render names them
# all. The join is a separate SELECT from the game's locking one, so it locks no players row
# (named bots sit at many tables at once).
SEATS = selectinload(Game.players).joinedload(GamePlayer.player)
POLL_MARKER = select(STATES.c.version, STATES.c.turn_deadline).where(
    STATES.c.game_id == bindparam("game_id"))
BOT_HAND_PAUSE_S = 2  # bots-only tables deal one hand per pause, so people can watch them play


@contextmanager
def locked_table(game_id: int) -> Iterator[tuple[Game, StateRow | None]]:
    """The game with its seats and its state, row-locked until commit; any error rolls back.

    For what changes who sits (join, leave a waiting table, start); moves and timers take
    locked_started_table, which reads no objects.
    """
    with _rolled_back_on_error():
        yield _lock_table(game_id)


@contextmanager
def locked_started_table(game_id: int) -> Iterator[tuple[TableRow, LiveState]]:
    """A started table's game and state as plain rows, locked until commit; any error rolls back."""
    with _rolled_back_on_error():
        started = lock_started(game_id)
        if started is None:
            if db.session.get(Game, game_id) is None:
                raise NotFound("there is no such table")
            raise Conflict("this game is not being played now")
        yield started


@contextmanager
def _rolled_back_on_error() -> Iterator[None]:
    try:
        yield
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def _lock_table(game_id: int) -> tuple[Game, StateRow | None]:
    """The game row locked with its seats, then its state row if it has started."""
    game = db.session.execute(
        select(Game).where(Game.id == game_id).with_for_update()
        .options(SEATS).execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if game is None:
        raise NotFound("there is no such table")
    # Locking reads see the newest committed rows, never an older snapshot of this request.
    # Only a started game has a state row (start_table writes it with status 'playing'). A
    # locking read of a missing row takes an InnoDB gap lock, and two tables starting at once
    # would each hold one and deadlock inserting their rows: so waiting tables skip it.
    row = None if game.status == "waiting" else db.session.execute(
        select(StateRow).where(StateRow.game_id == game_id).with_for_update()
        .execution_options(populate_existing=True)).scalar_one_or_none()
    return game, row


@dataclass(frozen=True)
class TableSnapshot:
    """A table as the request that just moved left it, so rendering it needs no second read."""

    game: Game | TableRow
    state: GameState
    version: int
    deadline: datetime | None

    @classmethod
    def of(cls, game: Game | TableRow, live: LiveState, state: GameState) -> TableSnapshot:
        return cls(game, state, live.version, live.turn_deadline)


def load_state(row: StateRow | LiveState) -> GameState:
    return GameState.from_dict(json.loads(row.state))


def save_state(game: Game | TableRow, live: LiveState, state: GameState, by: str,
               new: bool = False) -> None:
    """Write the state back with its version and the deadline of whoever must act next."""
    live.state = json.dumps(state.to_dict(), separators=(",", ":"))
    live.version = state.version
    live.turn_deadline = next_deadline(game, state)
    write_state(live, by, new)


def next_deadline(game: Game | TableRow, state: GameState, now: datetime | None = None) -> datetime | None:
    """When the turn timer runs out for a human, or when a bots-only table deals again."""
    now = now or utcnow()
    if state.phase == PLAY and state.seats[state.current_seat()].bot is None:
        return now + timedelta(seconds=game.turn_seconds)
    if state.phase == DEAL and game.mode == "bots":
        return now + timedelta(seconds=BOT_HAND_PAUSE_S)
    return None


def advance(game: Game | TableRow, state: GameState, by: str, pause_bots: bool = True) -> None:
    """Let bots play, record each settled hand, deal the next; stop when a human must act.

    A bots-only table pauses between hands (`pause_bots`) so people can watch it; the
    simulator plays its games straight through.
    """
    rng = random.Random(f"{game.seed}:{state.version}")
    while True:
        run_bots(state, rng)
        if state.phase == PLAY:
            return
        if state.last_hand and state.last_hand["number"] > game.hands_played:
            record_hand(game, state, state.last_hand, by)
        if state.phase == OVER:
            record_finish(game, state, by)
            return
        if game.mode == "bots" and pause_bots:
            return  # the next hand is dealt when the pause is over (see run_due_timers)
        rules.deal(state, rules.shuffled_deck(rng))


def seat_in_state(state: GameState, player_name: str | None) -> int:
    """The seat of a player in a started game: seats carry the players' names, which are unique."""
    try:
        return state.seat_index(player_name)
    except RuleError:
        raise Forbidden("you are not seated at this table") from None


def act(game_id: int, player_name: str | None, action: str, amount: int | None = None,
        version: int | None = None) -> TableSnapshot:
    """Apply one move for the player of that name; a stale version or a forbidden move changes nothing.

    A move needs only the name: the seats of a started game carry their (unique) players' names.
    """
    if action not in MOVES:
        raise RuleBroken("unknown action")
    with locked_started_table(game_id) as (game, row):
        if game.status != "playing":
            raise Conflict("this game is not being played now")
        if version is not None and version != row.version:
            raise Conflict("the table has moved on since you looked; here it is now")
        state = load_state(row)
        seat = seat_in_state(state, player_name)
        if state.seats[seat].bot is not None:
            raise Forbidden("a bot plays your seat now")
        try:
            apply_move(state, seat, action, amount)
        except RuleError as exc:
            raise RuleBroken(exc.to_player) from None
        advance(game, state, player_name)
        save_state(game, row, state, player_name)
        return TableSnapshot.of(game, row, state)


def poll_marker(game_id: int) -> tuple[int, datetime | None] | None:
    """The table's version and deadline in one small query, for cheap polling."""
    found = db.session.connection().execute(POLL_MARKER, {"game_id": game_id}).first()
    return None if found is None else (found[0], found[1])


def run_due_timers(game_id: int, now: datetime | None = None) -> bool:
    """If the turn timer ran out, stand for the idle human (or deal for bots); True if it did."""
    try:
        return _run_timer(game_id, now or utcnow())
    except Conflict:  # not started (or gone): no timer runs there
        return False


def _run_timer(game_id: int, now: datetime) -> bool:
    with locked_started_table(game_id) as (game, row):
        if row.turn_deadline is None or row.turn_deadline > now:
            return False
        state = load_state(row)
        if state.phase == PLAY and state.seats[state.current_seat()].bot is None:
            time_out(state, state.current_seat())
        elif state.phase == DEAL and game.mode == "bots":
            rules.deal(state, rules.shuffled_deck(random.Random(f"{game.seed}:{state.version}")))
        advance(game, state, "timer")
        save_state(game, row, state, "timer")
        return True


def leave_game(game_id: int, player: Player) -> None:
    """A player who leaves mid-game is replaced by a standard bot and the game goes on."""
    with locked_started_table(game_id) as (game, row):
        state = load_state(row)
        seat = seat_in_state(state, player.name)
        if game.status != "playing":
            raise Conflict("this game is not being played now")
        try:
            replace_with_bot(state, seat, "standard")
        except RuleError as exc:
            raise Conflict(exc.to_player) from None
        mark_left(game_id, player.id, player.name)
        advance(game, state, player.name)
        save_state(game, row, state, player.name)


def current_state(game_id: int) -> tuple[Game, GameState | None]:
    """The game and its state without a lock, for showing the table."""
    # A game this request already holds (it just joined or started it) comes from the session's
    # identity map with no query; otherwise its seats come with it, since the page names them.
    game = db.session.get(Game, game_id) if held_object(Game, game_id) is not None else \
        db.session.get(Game, game_id, options=[SEATS])
    if game is None:
        raise NotFound("there is no such table")
    row = db.session.get(StateRow, game_id)
    return game, None if row is None else load_state(row)
