"""Two worker processes on one database never apply a step twice (issue 19).

Each applied step is logged as `table N: vA -> vB` (the version under the lock, and after).
Only the workers move these tables, so per table the steps of both workers together must
chain exactly, A of one being B of the one before, from the version the game started with to
the version stored at the end: a step applied twice would repeat an A or break the chain.
The test keeps pulling every deadline into the past, so both workers always find work and
race for the same tables. On MariaDB the workers claim tables with SKIP LOCKED; on SQLite
the single write lock serialises them (the test runs on both).
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select, update
from sqlalchemy.exc import OperationalError

from siete.data.base import db, utcnow
from siete.data.games import Game, Hand
from siete.data.games import GameStateRow as StateRow
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, start_table
from tests.support.play import make_player
from tests.support.settings import app_settings

ROOT = Path(__file__).resolve().parents[2]
STEP = re.compile(r"table (\d+): v(\d+) -> v(\d+)")


def open_tables(app) -> dict[int, int]:
    """Six bots-only tables and two of four people; {game id: version at start}."""
    config = app.config["GAME"]
    people = [make_player(f"p{i}") for i in range(4)]
    ids = []
    for n in range(6):
        spec = TableSpec(name=f"bots {n}", seats=4, bots=("standard", "cautious", "bold", "standard"),
                         max_hands=12, creator_sits=False)
        game = create_table(people[0], spec, config, seed=n)
        start_table(app_settings(), game.id, people[0])
        ids.append(game.id)
    for n in range(2):
        game = create_table(people[0], TableSpec(name=f"people {n}", seats=4, turn_seconds=5),
                            config, seed=100 + n)
        for person in people[1:]:
            join_table(game.id, person)
        start_table(app_settings(), game.id, people[0])
        ids.append(game.id)
    db.session.remove()
    return dict(db.session.execute(select(StateRow.game_id, StateRow.version)
                                   .where(StateRow.game_id.in_(ids))).all())


def start_worker(database_url: str, log: Path) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": database_url, "WAITING_TABLE_TTL_S": "3600",
           "BOT_MOVE_SECONDS": "0"}  # as the tests' app: bots play at once
    return subprocess.Popen([sys.executable, "-m", "siete", "worker", "--interval", "0.05"],
                            cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)


def pull_deadlines_until_finished(ids, limit_s: float = 120) -> None:
    """Make every running deadline due, again and again, until all the games are over."""
    stop_at = time.monotonic() + limit_s
    while time.monotonic() < stop_at:
        try:
            db.session.execute(update(StateRow).where(StateRow.turn_deadline.is_not(None))
                               .values(turn_deadline=utcnow() - timedelta(seconds=1)))
            db.session.commit()
        except OperationalError:
            # This UPDATE locks rows the workers lock too, in another order: MariaDB may pick
            # it as a deadlock's victim. It only hurries the timers along; try again.
            db.session.rollback()
        left = db.session.scalar(select(db.func.count()).select_from(Game).where(
            Game.id.in_(ids), Game.status != "finished"))
        db.session.commit()
        if not left:
            return
        time.sleep(0.1)
    raise AssertionError("the workers did not finish the games in time")


@pytest.mark.slow  # two worker processes play eight tables to their end
def test_two_workers_never_apply_a_step_twice(app, database_url, tmp_path):
    with app.app_context():
        started = open_tables(app)
        logs = [tmp_path / "worker-a.log", tmp_path / "worker-b.log"]
        workers = [start_worker(database_url, log) for log in logs]
        try:
            pull_deadlines_until_finished(list(started))
        finally:
            for worker in workers:
                worker.send_signal(signal.SIGTERM)
            codes = [worker.wait(30) for worker in workers]
        texts = [log.read_text() for log in logs]
        assert codes == [0, 0], texts
        assert all("worker stopped after" in text for text in texts)  # a graceful SIGTERM

        steps = defaultdict(list)
        for text in texts:
            for game_id, before, after in STEP.findall(text):
                steps[int(game_id)].append((int(before), int(after)))
        assert all(STEP.search(text) for text in texts), "both workers played some steps"
        db.session.expire_all()
        for game_id, first in started.items():
            chain = sorted(steps[game_id])
            assert len({before for before, _ in chain}) == len(chain), chain  # none twice
            assert chain[0][0] == first
            assert all(a[1] == b[0] for a, b in zip(chain, chain[1:])), chain
            assert chain[-1][1] == db.session.get(StateRow, game_id).version
            game = db.session.get(Game, game_id)
            hands = db.session.scalars(select(Hand.number).where(Hand.game_id == game_id)).all()
            assert game.status == "finished" and sorted(hands) == list(range(1, game.hands_played + 1))
