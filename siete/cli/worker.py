"""The worker process: `flask --app wsgi worker` (or `python -m siete worker`) keeps time for every
table, whether or not anyone is watching it.

Each tick runs one indexed query for what is due (siete.service.tables.due_tables), plays each due step
through the same locked path as a request, logs one line per step, sends the mail the outbox
holds (siete.cli.mail_sender), reviews the games that finished since (for at most
REVIEW_BUDGET_S, so paced bots stay on time), then sleeps until the next tick. Once an hour it also deletes
login sessions no cookie can name any more, outbox rows done with for a week, the reactions of
tables closed for longer than their rematch's time and guests nobody used for 30 days. SIGTERM
or SIGINT finish the step in hand and stop. Settings (config or environment): WORKER_INTERVAL_S
(1.0), WORKER_BATCH (50), WAITING_TABLE_TTL_S (1800).
"""
from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from datetime import UTC, datetime, timedelta

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.exc import SQLAlchemyError

from siete.cli.mail_sender import send_mail_tick
from siete.data.base import db, utcnow
from siete.service.accounts.guests import prune_guests
from siete.service.accounts.outbox import prune_outbox
from siete.service.accounts.sessions import prune_idle_sessions
from siete.service.records.game_review import review_queued_games
from siete.service.social.reactions import prune_reactions
from siete.service.tables.due_tables import run_tick
from siete.service.tables.timers import TimerStep
from siete.settings import ServiceSettings, service_settings

log = logging.getLogger("siete.cli.worker")
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
TICK_OFFSET_S = 0.01  # after the second: a deadline stored as 12:00:03 is due from 12:00:03.000
DEFAULTS = {"WORKER_INTERVAL_S": 1.0, "WORKER_BATCH": 50, "WAITING_TABLE_TTL_S": 1800}
HOUSEKEEPING_EVERY_S = 3600
REVIEW_BUDGET_S = 0.25  # a tick reviews queued games for this long at most (~100 ms a game)


def configure_worker(app: Flask) -> None:
    """The worker's settings: the app's config, else the environment, else DEFAULTS."""
    for key, default in DEFAULTS.items():
        app.config.setdefault(key, type(default)(os.environ.get(key, default)))


def now_utc() -> datetime:
    """Now in UTC, naive like the DATETIME columns, to the microsecond (deadlines are to the second)."""
    return datetime.now(UTC).replace(tzinfo=None)


class Worker:
    """The loop; `stop()` (the signal handlers call it) ends it after the step in hand."""

    def __init__(self, settings: ServiceSettings, interval: float, batch: int,
                 waiting_ttl_s: int) -> None:
        self.settings = settings
        self.interval, self.batch, self.waiting_ttl_s = interval, batch, waiting_ttl_s
        self.stopping = threading.Event()
        self.steps = 0
        self.next_housekeeping = 0.0  # monotonic time of the next hourly clean-up
        self.next_due: datetime | None = None  # the soonest deadline this tick's steps set

    def stop(self, *_args: object) -> None:
        self.stopping.set()

    def run(self, once: bool = False) -> int:
        """Tick until stopped (or once); returns the number of steps applied."""
        log.info("worker started: a tick every %.2f s, %d tables at most per tick",
                 self.interval, self.batch)
        while not self.stopping.is_set():
            self.tick()
            if once:
                break
            self.stopping.wait(self.until_next_tick())
        log.info("worker stopped after %d steps", self.steps)
        return self.steps

    def until_next_tick(self) -> float:
        """Seconds to the next tick, ticks falling just after whole multiples of the interval.

        Deadlines are stored to the second, so with a 1 s interval a tick at .01 past each
        second plays a step about 10 ms after it is due, where free-running ticks would be up
        to a whole interval late depending on when the worker happened to start. A paced bot's
        move is due under a second after the step before it: when a tick's step set such a
        deadline, the next tick comes just after it instead (a run of bot moves is played on
        time; the first one a request set is played by the next tick or by a poll).
        """
        regular = self.interval - ((time.time() - TICK_OFFSET_S) % self.interval)
        if self.next_due is None:
            return regular
        return max(0.0, min(regular, (self.next_due - now_utc()).total_seconds() + TICK_OFFSET_S))

    def tick(self) -> None:
        """One pass; a database error is logged and the next tick tries again."""
        try:
            self.next_due = None
            result = run_tick(self.settings, now_utc(), self.batch, self.waiting_ttl_s,
                              self._log_step, self.stopping.is_set)
            dues = [step.next_deadline for step in result.steps if step.next_deadline is not None]
            self.next_due = min(dues, default=None)
            for game_id in result.expired:
                log.info("table %d expired: nobody joined it in %d s", game_id, self.waiting_ttl_s)
            for game_id in result.handed_over:
                log.info("table %d passed on: its creator left it", game_id)
            for game_id in result.started:
                log.info("table %d started: its Play now countdown ran out", game_id)
            app = current_app._get_current_object()  # type: ignore[attr-defined]  # the app, not the proxy
            send_mail_tick(app, utcnow(), self.batch)
            self.review_games()
            if time.monotonic() >= self.next_housekeeping:
                self.next_housekeeping = time.monotonic() + HOUSEKEEPING_EVERY_S
                housekeeping(app, utcnow())
        except SQLAlchemyError:
            log.warning("tick failed; trying again at the next one", exc_info=True)
        finally:
            db.session.remove()  # no object outlives its tick: the next one reads afresh

    def review_games(self) -> None:
        """Review finished games for what is left of REVIEW_BUDGET_S before the next due step."""
        budget = REVIEW_BUDGET_S
        if self.next_due is not None:
            budget = min(budget, (self.next_due - now_utc()).total_seconds())
        reviewed = review_queued_games(self.settings.game.cards, "worker", self.batch, budget)
        if reviewed:
            log.info("reviewed %d finished game(s)", reviewed)

    def _log_step(self, step: TimerStep) -> None:
        self.steps += 1
        late = (now_utc() - step.deadline).total_seconds()
        log.info("table %d: v%d -> v%d, %.3f s after its deadline", step.game_id, step.before,
                 step.after, late)


def housekeeping(app: Flask, now: datetime) -> None:
    """Delete login sessions whose cookies have all expired, outbox rows done with, the
    reactions of tables closed for longer than their rematch's time, and unused guests."""
    remembered = app.config.get("REMEMBER_COOKIE_DURATION", timedelta(days=365))  # Flask-Login's
    if not isinstance(remembered, timedelta):  # default; the setting may be given in seconds
        remembered = timedelta(seconds=int(remembered))
    ended = prune_idle_sessions(now, app.permanent_session_lifetime, remembered)
    deleted, reactions = prune_outbox(now), prune_reactions(now)
    guests = prune_guests(now)
    if ended or deleted or reactions or guests:
        log.info("housekeeping: %d idle login session(s), %d old outbox row(s), %d old reaction(s)"
                 " and %d unused guest(s) deleted", ended, deleted, reactions, guests)


def start_logging(level: int = logging.INFO) -> None:
    """One line per record on stdout, where containers and `make run` collect them."""
    if not log.handlers:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter(
            "%(asctime)s worker[%(process)d] %(levelname)s %(message)s"))
        log.addHandler(handler)
    log.setLevel(level)
    log.propagate = False


def run_worker(app: Flask, interval: float | None = None, batch: int | None = None,
               once: bool = False) -> int:
    """Run the loop inside `app`'s context, stopping cleanly on SIGTERM/SIGINT."""
    configure_worker(app)
    worker = Worker(service_settings(app),
                    interval if interval is not None else app.config["WORKER_INTERVAL_S"],
                    batch if batch is not None else app.config["WORKER_BATCH"],
                    int(app.config["WAITING_TABLE_TTL_S"]))
    handled = threading.current_thread() is threading.main_thread()
    previous = {sig: signal.signal(sig, worker.stop) for sig in STOP_SIGNALS} if handled else {}
    start_logging()
    try:
        with app.app_context():
            return worker.run(once)
    finally:
        for sig, handler in previous.items():  # e.g. a test's runner gets its Ctrl-C back
            signal.signal(sig, handler)


@click.command("worker")
@click.option("--interval", type=click.FloatRange(0.05, 3600), default=None,
              help="seconds between ticks [WORKER_INTERVAL_S, 1.0]")
@click.option("--batch", type=click.IntRange(1, 10_000), default=None,
              help="due tables played per tick at most [WORKER_BATCH, 50]")
@click.option("--once", is_flag=True, help="run one tick and exit")
@with_appcontext
def worker_command(interval: float | None, batch: int | None, once: bool) -> None:
    """Keep time for every table: timed-out turns, pauses between hands, stale waiting tables."""
    # The app itself, not the context-local proxy (Flask documents _get_current_object).
    run_worker(current_app._get_current_object(), interval, batch, once)  # type: ignore[attr-defined]
