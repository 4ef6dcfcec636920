"""Turn timers: when a deadline has passed, the game acts for whoever it waited for.

A person's run-out turn is stood (after betting 1 if the bet was still due), a settled hand's
pause ends with the next deal, and the bots play on. Requests (the page and its poll) and the
worker (siete/service/due_tables.py) take the same locked path, so a step is never taken twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from siete.data.base import utcnow
from siete.engine.moves import time_out
from siete.engine.state import DEAL, PLAY
from siete.service.errors import Conflict
from siete.service.play import advance, deal_next, load_state, save_state
from siete.service.table_locks import locked_started_table
from siete.settings import ServiceSettings


@dataclass(frozen=True)
class TimerStep:
    """One automatic step a run-out timer took at a table: its version before and after."""

    game_id: int
    before: int
    after: int
    deadline: datetime


def run_due_timers(settings: ServiceSettings, game_id: int, now: datetime | None = None) -> bool:
    """If the turn timer ran out, stand for the idle human (or deal for bots); True if it did."""
    return run_due_step(settings, game_id, now) is not None


def run_due_step(settings: ServiceSettings, game_id: int, now: datetime | None = None,
                 skip_locked: bool = False) -> TimerStep | None:
    """run_due_timers, saying what it did; with skip_locked a table someone holds is left alone."""
    try:
        return _run_timer(settings, game_id, now or utcnow(), skip_locked)
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
        if state.phase == PLAY and seat is not None and state.seats[seat].bot is None:
            time_out(state, seat)
        elif state.phase == DEAL:
            deal_next(game, state)
        advance(settings, game, state, "timer")
        save_state(settings, game, row, state, "timer")
        return TimerStep(game_id, before, row.version, deadline)
