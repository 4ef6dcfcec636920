"""Moves at a running table: load it under a lock, check the version, let the engine act, save."""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app, has_app_context
from flask_babel import gettext as _
from sqlalchemy import bindparam, select
from sqlalchemy.orm import selectinload

from siete.db import db
from siete.engine import rules
from siete.engine.bots import run_bots
from siete.engine.moves import (
    MOVES,
    apply_move,
    come_back,
    everyone_ready,
    replace_with_bot,
    say_next,
    time_out,
)
from siete.engine.state import DEAL, OVER, PLAY, GameState, RuleError
from siete.models import Game, GamePlayer, Player, utcnow
from siete.models import GameState as StateRow
from siete.service.errors import Conflict, Forbidden, NotFound, RuleBroken
from siete.service.recording import record_finish, record_hand
from siete.service.table_rows import (
    STATES,
    LiveState,
    TableRow,
    held_object,
    lock_started,
    mark_left,
    write_state,
)
from siete.words import rule_message

# Seats and their players in one extra query (a join), not one per seat: every render names them
# all. The join is a separate SELECT from the game's locking one, so it locks no players row
# (named bots sit at many tables at once).
SEATS = selectinload(Game.players).joinedload(GamePlayer.player)
POLL_MARKER = select(STATES.c.version, STATES.c.turn_deadline).where(
    STATES.c.game_id == bindparam("game_id"))
BOT_HAND_PAUSE_S = 2  # bots-only tables deal one hand per pause, so people can watch them play
# After a hand is settled its cards and result stay on the table this long (or until every
# person at the table says "next"), so players see how it ended before the next deal.
SETTLE_PAUSE_S = 6


def settle_pause_s(game: Game | TableRow) -> float:
    """The pause between hands: SETTLE_PAUSE_S (app config) with people, BOT_HAND_PAUSE_S without."""
    if game.mode == "bots":
        return BOT_HAND_PAUSE_S
    if has_app_context():
        return float(current_app.config.get("SETTLE_PAUSE_S", SETTLE_PAUSE_S))
    return SETTLE_PAUSE_S


@contextmanager
def locked_table(game_id: int) -> Iterator[tuple[Game, StateRow | None]]:
    """The game with its seats and its state, row-locked until commit; any error rolls back.

    For what changes who sits (join, leave a waiting table, start); moves and timers take
    locked_started_table, which reads no objects.
    """
    with _rolled_back_on_error():
        yield _lock_table(game_id)


@contextmanager
def locked_started_table(game_id: int, skip_locked: bool = False) -> Iterator[tuple[TableRow, LiveState]]:
    """A started table's game and state as plain rows, locked until commit; any error rolls back.

    With skip_locked (the worker), a table another transaction holds is Conflict, not waited for.
    """
    with _rolled_back_on_error():
        started = lock_started(game_id, skip_locked)
        if started is None:
            if db.session.get(Game, game_id) is None:
                raise NotFound(_("there is no such table"))
            raise Conflict(_("this game is not being played now"))
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
        raise NotFound(_("there is no such table"))
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
               new: bool = False, keep_deadline: bool = False) -> None:
    """Write the state back with its version and the deadline of whoever must act next.

    `keep_deadline` leaves a running pause's end where it was (a person saying "next").
    """
    live.state = json.dumps(state.to_dict(), separators=(",", ":"))
    live.version = state.version
    if not keep_deadline:
        live.turn_deadline = next_deadline(game, state)
    write_state(live, by, new)


def next_deadline(game: Game | TableRow, state: GameState, now: datetime | None = None) -> datetime | None:
    """When the table's next automatic step is due: a person's turn timer runs out, or the
    pause after a settled hand ends and the next hand is dealt (run_due_timers does both)."""
    now = now or utcnow()
    if state.phase == PLAY and state.seats[state.current_seat()].bot is None:
        return now + timedelta(seconds=game.turn_seconds)
    if state.phase == DEAL:
        return now + timedelta(seconds=settle_pause_s(game))
    return None


def advance(game: Game | TableRow, state: GameState, by: str, pause_bots: bool = True) -> None:
    """Let bots play, record each settled hand; stop when a human must act or a hand is settled.

    Every table pauses after a settled hand (`pause_bots`), so people see how it ended; the
    next hand is dealt by run_due_timers when the pause is over, or by the last person's
    "next" (ready_for_next). The simulator plays its games straight through.
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
        if pause_bots and _pauses(game, state):
            return  # the next hand is dealt when the pause is over (see run_due_timers)
        rules.deal(state, rules.shuffled_deck(rng))


def _pauses(game: Game | TableRow, state: GameState) -> bool:
    """Whether the table waits between hands: bots-only tables (to be watched) and tables
    with a person still playing; bots left alone at a mixed table play it out at once."""
    return settle_pause_s(game) > 0 and (game.mode == "bots" or bool(state.waits_for()))


def seat_in_state(state: GameState, player_name: str | None) -> int:
    """The seat of a player in a started game: seats carry the players' names, which are unique."""
    try:
        return state.seat_index(player_name)
    except RuleError:
        raise Forbidden(_("you are not seated at this table")) from None


def act(game_id: int, player_name: str | None, action: str, amount: int | None = None,
        version: int | None = None) -> TableSnapshot:
    """Apply one move for the player of that name; a stale version or a forbidden move changes nothing.

    A move needs only the name: the seats of a started game carry their (unique) players' names.
    """
    if action not in MOVES:
        raise RuleBroken(_("unknown action"))
    with locked_started_table(game_id) as (game, row):
        if game.status != "playing":
            raise Conflict(_("this game is not being played now"))
        state = load_state(row)
        if _is_away(state, player_name):  # any move (even from a stale page) is a return: the
            _take_seat_back(row, state, state.seat_index(player_name), player_name)  # bot has
            return TableSnapshot.of(game, row, state)  # played the turns this move was meant for
        if version is not None and version != row.version:
            raise Conflict(_("the table has moved on since you looked; here it is now"))
        seat = seat_in_state(state, player_name)
        if state.seats[seat].bot is not None:
            raise Forbidden(_("a bot plays your seat now"))
        try:
            apply_move(state, seat, action, amount)
        except RuleError as exc:
            raise RuleBroken(rule_message(exc)) from None
        advance(game, state, player_name)
        save_state(game, row, state, player_name)
        return TableSnapshot.of(game, row, state)


def poll_marker(game_id: int) -> tuple[int, datetime | None] | None:
    """The table's version and deadline in one small query, for cheap polling."""
    found = db.session.connection().execute(POLL_MARKER, {"game_id": game_id}).first()
    return None if found is None else (found[0], found[1])


@dataclass(frozen=True)
class TimerStep:
    """One automatic step a run-out timer took at a table: its version before and after."""

    game_id: int
    before: int
    after: int
    deadline: datetime


def run_due_timers(game_id: int, now: datetime | None = None) -> bool:
    """If the turn timer ran out, stand for the idle human (or deal for bots); True if it did."""
    return run_due_step(game_id, now) is not None


def run_due_step(game_id: int, now: datetime | None = None,
                 skip_locked: bool = False) -> TimerStep | None:
    """run_due_timers, saying what it did; with skip_locked a table someone holds is left alone."""
    try:
        return _run_timer(game_id, now or utcnow(), skip_locked)
    except Conflict:  # not started (or gone, or held by another process): no timer runs there
        return None


def _run_timer(game_id: int, now: datetime, skip_locked: bool = False) -> TimerStep | None:
    with locked_started_table(game_id, skip_locked) as (game, row):
        if row.turn_deadline is None or row.turn_deadline > now:
            return None
        before, deadline = row.version, row.turn_deadline
        state = load_state(row)
        if state.phase == PLAY and state.seats[state.current_seat()].bot is None:
            time_out(state, state.current_seat())
        elif state.phase == DEAL:
            deal_next(game, state)
        advance(game, state, "timer")
        save_state(game, row, state, "timer")
        return TimerStep(game_id, before, row.version, deadline)


def take_seat_back(game_id: int, player_name: str | None) -> bool:
    """A person marked away is back (the table page, "I'm back"): the bot gives the seat up.

    True if they were away. Reads without a lock first, so a page load by anyone else costs
    no locking read.
    """
    try:
        _game, state = current_state(game_id)
    except NotFound:
        return False  # the page says so
    if state is None or not _is_away(state, player_name):
        return False
    with locked_started_table(game_id) as (_row_game, row):
        state = load_state(row)
        if not _is_away(state, player_name):
            return False
        _take_seat_back(row, state, state.seat_index(player_name), player_name)
        return True


def _is_away(state: GameState, player_name: str | None) -> bool:
    return state.phase != OVER and any(s.name == player_name and s.away for s in state.seats)


def _take_seat_back(row: LiveState, state: GameState, seat: int, by: str) -> None:
    """Hand the seat back to its person; whoever is in turn keeps the time they had."""
    come_back(state, seat)
    row.state = json.dumps(state.to_dict(), separators=(",", ":"))
    row.version = state.version
    write_state(row, by)


def deal_next(game: Game | TableRow, state: GameState) -> None:
    """Deal the next hand, from a deck seeded by the game and its version."""
    rules.deal(state, rules.shuffled_deck(random.Random(f"{game.seed}:{state.version}")))


def ready_for_next(game_id: int, player_name: str | None) -> TableSnapshot:
    """A person has seen the settled hand; once every person has, the next hand is dealt.

    Saying it after the deal changes nothing: the pause may have run out in the meantime.
    """
    with locked_started_table(game_id) as (game, row):
        state = load_state(row)
        seat = seat_in_state(state, player_name)
        if state.phase != DEAL or game.status != "playing":
            return TableSnapshot.of(game, row, state)
        try:
            all_ready = say_next(state, seat)
        except RuleError as exc:
            raise Forbidden(rule_message(exc)) from None
        if all_ready:
            deal_next(game, state)
            advance(game, state, player_name)
        save_state(game, row, state, player_name, keep_deadline=not all_ready)
        return TableSnapshot.of(game, row, state)


def leave_game(game_id: int, player: Player) -> None:
    """A player who leaves mid-game is replaced by a standard bot and the game goes on."""
    with locked_started_table(game_id) as (game, row):
        state = load_state(row)
        seat = seat_in_state(state, player.name)
        if game.status != "playing":
            raise Conflict(_("this game is not being played now"))
        try:
            replace_with_bot(state, seat, "standard")
        except RuleError as exc:
            raise Conflict(rule_message(exc)) from None
        mark_left(game_id, player.id, player.name)
        if state.phase == DEAL and everyone_ready(state):  # the others were waiting for this seat
            deal_next(game, state)
        advance(game, state, player.name)
        save_state(game, row, state, player.name)


def current_state(game_id: int) -> tuple[Game, GameState | None]:
    """The game and its state without a lock, for showing the table."""
    # A game this request already holds (it just joined or started it) comes from the session's
    # identity map with no query; otherwise its seats come with it, since the page names them.
    game = db.session.get(Game, game_id) if held_object(Game, game_id) is not None else \
        db.session.get(Game, game_id, options=[SEATS])
    if game is None:
        raise NotFound(_("there is no such table"))
    row = db.session.get(StateRow, game_id)
    return game, None if row is None else load_state(row)
