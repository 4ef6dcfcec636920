"""Moves at a running table: load it under a lock, check the version, let the engine act, save."""
from __future__ import annotations

import json
import random
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterator

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from siete.db import db
from siete.engine import rules
from siete.engine.bots import run_bots
from siete.engine.moves import MOVES, apply_move, replace_with_bot, time_out
from siete.engine.state import DEAL, OVER, PLAY, GameState, RuleError
from siete.models import Game, GamePlayer, Player, utcnow
from siete.models import GameState as StateRow
from siete.service.errors import Conflict, Forbidden, NotFound, RuleBroken
from siete.service.recording import record_finish, record_hand, seats_by_join_order

# Seats and their players in one extra query (a join), not one per seat: every render names them
# all. The join is a separate SELECT from the game's locking one, so it locks no players row
# (named bots sit at many tables at once).
SEATS = selectinload(Game.players).joinedload(GamePlayer.player)
BOT_HAND_PAUSE_S = 2  # bots-only tables deal one hand per pause, so people can watch them play


@contextmanager
def locked_table(game_id: int, seats: bool = True) -> Iterator[tuple[Game, StateRow | None]]:
    """The game and its live state, row-locked until commit; any error rolls everything back.

    `seats=False` leaves the seats unread until something asks for them: a move finds its
    seat by name in the state, and only a hand's end writes to them.
    """
    try:
        started = None if seats else _lock_started_table(game_id)
        if started is not None:
            game, row = started
        else:
            game, row = _lock_table(game_id, seats)
        yield game, row
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def _lock_started_table(game_id: int) -> tuple[Game, StateRow] | None:
    """A started table's game and state rows, locked by one statement; None if it has no state.

    Moves and timers run only at started tables, and one statement is a round trip and a
    millisecond of ORM work less than two. STRAIGHT_JOIN keeps MySQL locking the game row
    before the state row, in the same order as _lock_table, so the two cannot deadlock.
    """
    found = db.session.execute(
        select(Game, StateRow).join(StateRow, StateRow.game_id == Game.id)
        .where(Game.id == game_id).with_for_update().prefix_with("STRAIGHT_JOIN", dialect="mysql")
        .execution_options(populate_existing=True)).first()
    return None if found is None else (found[0], found[1])


def _lock_table(game_id: int, seats: bool) -> tuple[Game, StateRow | None]:
    """The game row locked (with its seats if asked), then its state row if it has started."""
    game = db.session.execute(
        select(Game).where(Game.id == game_id).with_for_update()
        .options(*([SEATS] if seats else [])).execution_options(populate_existing=True)
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

    game: Game
    state: GameState
    version: int
    deadline: datetime | None

    @classmethod
    def of(cls, game: Game, row: StateRow, state: GameState) -> TableSnapshot:
        return cls(game, state, row.version, row.turn_deadline)


def load_state(row: StateRow) -> GameState:
    return GameState.from_dict(json.loads(row.state))


def save_state(game: Game, row: StateRow, state: GameState, by: str) -> None:
    """Write the state back with its version and the deadline of whoever must act next."""
    row.state = json.dumps(state.to_dict(), separators=(",", ":"))
    row.version = state.version
    row.turn_deadline = next_deadline(game, state)
    row.updated_by = by


def next_deadline(game: Game, state: GameState, now: datetime | None = None) -> datetime | None:
    """When the turn timer runs out for a human, or when a bots-only table deals again."""
    now = now or utcnow()
    if state.phase == PLAY and state.seats[state.current_seat()].bot is None:
        return now + timedelta(seconds=game.turn_seconds)
    if state.phase == DEAL and game.mode == "bots":
        return now + timedelta(seconds=BOT_HAND_PAUSE_S)
    return None


def advance(game: Game, state: GameState, by: str, pause_bots: bool = True) -> None:
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


def seat_of(game: Game, player: Player) -> int:
    """The engine seat (join order) of `player` at `game`."""
    for index, gp in enumerate(seats_by_join_order(game)):
        if gp.player_id == player.id:
            return index
    raise Forbidden("you are not seated at this table")


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
    with locked_table(game_id, seats=False) as (game, row):
        if row is None or game.status != "playing":
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
    found = db.session.execute(select(StateRow.version, StateRow.turn_deadline)
                               .where(StateRow.game_id == game_id)).first()
    return None if found is None else (found[0], found[1])


def run_due_timers(game_id: int, now: datetime | None = None) -> bool:
    """If the turn timer ran out, stand for the idle human (or deal for bots); True if it did."""
    with locked_table(game_id, seats=False) as (game, row):
        now = now or utcnow()
        if row is None or row.turn_deadline is None or row.turn_deadline > now:
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
    with locked_table(game_id) as (game, row):
        seat = seat_of(game, player)
        if row is None or game.status != "playing":
            raise Conflict("this game is not being played now")
        state = load_state(row)
        try:
            replace_with_bot(state, seat, "standard")
        except RuleError as exc:
            raise Conflict(exc.to_player) from None
        gp: GamePlayer = seats_by_join_order(game)[seat]
        gp.left_at = utcnow()
        advance(game, state, player.name)
        save_state(game, row, state, player.name)


def _held(model, key) -> bool:
    return db.session.identity_map.get(db.inspect(model).identity_key_from_primary_key((key,))) \
        is not None


def current_state(game_id: int) -> tuple[Game, GameState | None]:
    """The game and its state without a lock, for showing the table."""
    # A game this request already holds (it just moved) comes from the identity map, no query.
    game = db.session.get(Game, game_id) if _held(Game, game_id) else \
        db.session.get(Game, game_id, options=[SEATS])
    if game is None:
        raise NotFound("there is no such table")
    row = db.session.get(StateRow, game_id)
    return game, None if row is None else load_state(row)
