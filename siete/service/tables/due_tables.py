"""The worker's side of the tables: find what is due in one query, then play it through the
same locked path a request takes (siete.service.tables.timers.run_due_step).

What is due:
- a started table whose `game_states.turn_deadline` has passed: a person's turn timer ran out,
  or the pause between two hands is over (turn_deadline always means "when this table's next
  automatic step is due");
- a waiting table nobody has touched for WAITING_TABLE_TTL_S: it expires (status 'abandoned');
- a waiting table whose creator went away while another person waits there: it passes to that
  person (siete.service.tables.absent_creators);
- a waiting table Play now opened whose countdown ran out (games.autostart_at): it starts, bots
  in its free seats (siete.service.tables.quick_play).

Several workers (and several app replicas answering requests) may run at once. Each due table
is claimed with the locking read every move takes, with SKIP LOCKED on MariaDB/MySQL: a table
another worker or a request holds is skipped, never waited for, so workers spread the tables
between them and cannot deadlock with requests (the locks are taken in the requests' order,
games then game_states). Under the lock the deadline is read again, so a step another process
has applied is never applied twice. SQLite has no row locks: every transaction takes its single
write lock up front (BEGIN IMMEDIATE, siete.data.database), so the same re-check under that lock is enough.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import bindparam, null, select, union_all
from sqlalchemy.exc import InterfaceError, OperationalError

from siete.data.base import AnyCompoundSelect, db
from siete.data.game_rows import GAMES, STATES
from siete.data.vocabulary import GameStatus
from siete.service.tables.absent_creators import (
    CREATOR_AWAY,
    absent_creator_condition,
    pass_from_absent_creator,
)
from siete.service.tables.lobby_actions import expire_waiting_table
from siete.service.tables.quick_play import start_when_due
from siete.service.tables.timers import TimerStep, run_due_step
from siete.settings import ServiceSettings

log = logging.getLogger("siete.cli.worker")


def _due_query() -> AnyCompoundSelect:
    """Due timers (with their deadline), Play now tables to start, stale waiting tables and
    waiting tables whose creator went away (deadline NULL), oldest first.

    Each part reads an index alone when nothing is due: ix_game_states_turn_deadline and
    ix_games_status (the third looks at the seats of waiting tables only). One statement, so an
    idle site costs the worker one query per tick.
    """
    timers = (select(STATES.c.game_id.label("game_id"), STATES.c.turn_deadline.label("due"))
              .where(STATES.c.turn_deadline <= bindparam("now"))
              .order_by(STATES.c.turn_deadline).limit(bindparam("batch")).subquery("timers"))
    waiting = (select(GAMES.c.id.label("game_id"), null().label("due"))
               .where(GAMES.c.status == GameStatus.WAITING, GAMES.c.updated_at <= bindparam("cutoff"))
               .order_by(GAMES.c.id).limit(bindparam("batch")).subquery("stale"))
    absent = (select(GAMES.c.id.label("game_id"), null().label("due"))
              .where(absent_creator_condition(bindparam("away")))
              .order_by(GAMES.c.id).limit(bindparam("batch")).subquery("absent"))
    countdown = (select(GAMES.c.id.label("game_id"), null().label("due"))
                 .where(GAMES.c.autostart_at <= bindparam("now"), GAMES.c.status == GameStatus.WAITING)
                 .order_by(GAMES.c.autostart_at).limit(bindparam("batch")).subquery("countdown"))
    return union_all(select(timers.c.game_id, timers.c.due),
                     select(countdown.c.game_id, countdown.c.due),
                     select(waiting.c.game_id, waiting.c.due),
                     select(absent.c.game_id, absent.c.due))


DUE = _due_query()


@dataclass
class TickResult:
    """What one tick did: the steps it applied and the waiting tables it expired."""

    steps: list[TimerStep] = field(default_factory=list)
    expired: list[int] = field(default_factory=list)
    started: list[int] = field(default_factory=list)  # Play now tables whose countdown ran out
    failed: list[int] = field(default_factory=list)  # tables whose step raised (logged)
    handed_over: list[int] = field(default_factory=list)  # waiting tables their creator left


def due_work(now: datetime, batch: int, waiting_ttl_s: int) -> list[tuple[int, datetime | None]]:
    """(game id, deadline) of the due tables, deadline None for a waiting table to expire or
    to pass from its absent creator (a table may come twice: the second look finds nothing)."""
    cutoff = now - timedelta(seconds=waiting_ttl_s)
    rows = db.session.connection().execute(
        DUE, {"now": now, "cutoff": cutoff, "away": now - CREATOR_AWAY, "batch": batch}).all()
    db.session.commit()  # end the read: on SQLite it holds the write lock
    return [(row[0], row[1]) for row in rows]


def run_tick(settings: ServiceSettings, now: datetime, batch: int, waiting_ttl_s: int,
             on_step: Callable[[TimerStep], None] | None = None,
             should_stop: Callable[[], bool] = lambda: False) -> TickResult:
    """One pass: play every due step (at most `batch` of each kind) and expire stale tables."""
    result = TickResult()
    cutoff = now - timedelta(seconds=waiting_ttl_s)
    for game_id, due in due_work(now, batch, waiting_ttl_s):
        if should_stop():
            break
        try:
            _play_one(settings, game_id, due, now, cutoff, result, on_step)
        except (OperationalError, InterfaceError):
            raise  # the database is away or busy: the whole tick stops, the next one retries
        except Exception:  # one broken table must not stop the tables due after it
            log.exception("table %d: its due step failed; it stays due", game_id)
            db.session.rollback()
            result.failed.append(game_id)
    return result


def _play_one(settings: ServiceSettings, game_id: int, due: datetime | None, now: datetime,
              cutoff: datetime, result: TickResult,
              on_step: Callable[[TimerStep], None] | None) -> None:
    if due is None:
        if start_when_due(settings, game_id, now):
            result.started.append(game_id)
        elif expire_waiting_table(game_id, cutoff, by="worker"):
            result.expired.append(game_id)
        elif pass_from_absent_creator(game_id, now, by="worker"):
            result.handed_over.append(game_id)
        return
    step = run_due_step(settings, game_id, now, skip_locked=True)
    if step is None:  # another process held the table or had just played it
        return
    result.steps.append(step)
    if on_step is not None:
        on_step(step)
