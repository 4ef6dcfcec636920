"""Turn timers: when a deadline has passed, the game acts for whoever it waited for.

A person's run-out turn is played by the house bot (the standard profile: its bet, draws and
stand, engine/moves.time_out, from a source seeded by the game and the step), a settled hand's
pause ends with the next deal, and the bots play on: at once, or (paced play, siete.service.tables.pacing)
one move per due step, each due `bot_move_s` after the one before. Requests (the page and its poll) and the
worker (siete/service/tables/due_tables.py) take the same locked path, so a step is never taken twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from siete.data.base import utcnow_ms
from siete.engine.deck import seeded_rng
from siete.engine.moves import time_out
from siete.engine.state import DEAL, PLAY, GameState
from siete.service.errors import Conflict
from siete.service.tables.pacing import is_persons_turn, play_paced_step
from siete.service.tables.table_locks import locked_started_table
from siete.service.tables.turns import advance, deal_next, load_state, save_state
from siete.settings import ServiceSettings


@dataclass(frozen=True)
class TimerStep:
    """One automatic step a run-out timer took at a table: its version before and after."""

    game_id: int
    before: int
    after: int
    deadline: datetime
    next_deadline: datetime | None = None  # when the table's next step is due (None: never)


def run_due_timers(settings: ServiceSettings, game_id: int, now: datetime | None = None) -> bool:
    """If the turn timer ran out, the house bot plays the idle person's turn (or the next deal
    or bot move is made); True if it did."""
    return run_due_step(settings, game_id, now) is not None


def run_due_step(settings: ServiceSettings, game_id: int, now: datetime | None = None,
                 skip_locked: bool = False) -> TimerStep | None:
    """run_due_timers, saying what it did; with skip_locked a table someone holds is left alone."""
    try:
        return _run_timer(settings, game_id, now or utcnow_ms(), skip_locked)
    except Conflict:  # not started (or gone, or held by another process): no timer runs there
        return None


def _run_timer(settings: ServiceSettings, game_id: int, now: datetime,
               skip_locked: bool) -> TimerStep | None:
    with locked_started_table(game_id, skip_locked) as (game, row):
        if row.turn_deadline is None or row.turn_deadline > now:
            return None
        before, deadline = row.version, row.turn_deadline
        state = load_state(row, settings.game.cards)
        seat = state.current_seat()
        if _paced_step_due(settings, state):
            if play_paced_step(settings, game, state, "timer"):  # one move, the next counts
                save_state(settings, game, row, state, "timer", now=now)  # from this one
                return TimerStep(game_id, before, row.version, deadline, row.turn_deadline)
        if is_persons_turn(state) and state.bot_stream is not None:  # took their seat back from
            state.bot_stream = None  # the bot during its run of moves: a whole turn starts now
        elif state.phase == PLAY and seat is not None and state.seats[seat].bot is None:
            time_out(state, seat, seeded_rng(game.seed, f"timeout:{state.version}"))
        elif state.phase == DEAL:
            deal_next(game, state)
        advance(settings, game, state, "timer")
        save_state(settings, game, row, state, "timer")
        return TimerStep(game_id, before, row.version, deadline, row.turn_deadline)


def _paced_step_due(settings: ServiceSettings, state: GameState) -> bool:
    """A paced run's next move (a bot's, or a deal with no pause before it) is what is due.

    A bot at a seat in turn with no run under way (pacing was off when it was saved) moves too.
    """
    if settings.bot_move_s <= 0 or is_persons_turn(state):
        return False
    return state.bot_stream is not None or state.phase == PLAY
