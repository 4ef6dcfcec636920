"""`python -m siete replay --record` (SCENARIOS.md) against a database that holds the house bots
and accounts: a scenario's people are recorded under the names it gives, even beside a house bot
or an account that looks like them (`as-de-0ros` beside As-de-Oros, `Bob` beside bob),
without weakening the sign-up guard; what cannot be recorded is one line and exit 2, never a
traceback. Run as the operator runs it, in a process of its own, on the suite's database."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.people import Player, User
from siete.service.accounts.credentials import name_problem
from tests.support.play import make_user

ROOT = Path(__file__).resolve().parents[2]
ONE_HAND = ROOT / "tests" / "scenarios" / "01_one_hand.json"


def scenario(names: dict[str, str], bots: tuple[str, ...] = ()) -> str:
    """01_one_hand with its people (ana, bob, cris) renamed: players, moves and bots."""
    data = json.loads(ONE_HAND.read_text())
    data["players"] = [names[p] for p in data["players"]]
    for hand in data["hands"]:
        hand["moves"] = [f"{names[m.split(':')[0]]}:{m.split(':', 1)[1]}" for m in hand["moves"]]
    if bots:
        data["bots"] = list(bots)
    return json.dumps(data)


def record(database_url: str, tmp_path: Path, *texts: str) -> subprocess.CompletedProcess:
    paths = []
    for number, text in enumerate(texts):
        paths.append(tmp_path / f"scenario{number}.json")
        paths[-1].write_text(text)
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "siete", "replay", "--record", *map(str, paths)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def stored_games(app) -> list[list[tuple[str, str]]]:
    """Each stored game's seats (name, kind), in join order."""
    with app.app_context():
        games = db.session.scalars(select(Game.id).order_by(Game.id)).all()
        return [db.session.execute(select(Player.name, Player.kind).join(GamePlayer)
                                   .where(GamePlayer.game_id == game).order_by(GamePlayer.join_order))
                .all() for game in games]


def test_look_alikes_of_house_bots_and_accounts_are_recorded_by_their_names(app, database_url,
                                                                              tmp_path):
    make_user(app, "bob")
    people = {"ana": "as-de-0ros", "bob": "Bob", "cris": "lola"}
    done = record(database_url, tmp_path, scenario(people),
                  scenario({"ana": "as-de-0ros", "bob": "Bob", "cris": "rosa"}, bots=("rosa",)),
                  scenario({"ana": "as-de-0ros", "bob": "Bob", "cris": "Rey-de-Oros"},
                           bots=("Rey-de-Oros",)))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert len(re.findall(r"stored as game \d+ \(abandoned, 1 hands\)", done.stdout)) == 3
    games = stored_games(app)
    assert games == [[("as-de-0ros", "human"), ("Bob", "human"), ("lola", "human")],
                     [("as-de-0ros", "human"), ("Bob", "human"), ("rosa", "bot")],  # one of each
                     [("as-de-0ros", "human"), ("Bob", "human"), ("Rey-de-Oros", "bot")]]  # the house's
    with app.app_context():
        house = ["As-de-Oros", "Rey-de-Oros"]
        assert db.session.scalars(select(Player.name).where(Player.name.in_(house))
                                  .order_by(Player.name)).all() == house
        bob = db.session.scalar(select(User).where(User.username == "bob"))
        assert bob.player.name == "bob" and bob.email == "bob@example.test"  # the account, untouched
        assert db.session.scalar(select(func.count()).select_from(GamePlayer)
                                 .where(GamePlayer.player_id == bob.player.id)) == 0
        # The sign-up guard holds: the names, and their look-alikes, stay refused.
        for name in ("as-de-0ros", "AS-DE-OROS", "lola", "LOLA", "1ola", "Bob", "B0B", "rosa", "Rosa"):
            assert name_problem(name) is not None, name
        assert name_problem("Ro5a") is None and name_problem("Ines") is None  # nothing more


@pytest.mark.parametrize("names, bots, reason", [
    ({"ana": "x" * 41, "bob": "bob", "cris": "cris"}, (), "cannot be stored as a player's name"),
    # One name is one player: the house bot As-de-Oros cannot be a person too (nor a person a bot).
    ({"ana": "As-de-Oros", "bob": "bob", "cris": "cris"}, (), "As-de-Oros is already a bot in the database"),
    ({"ana": "ana", "bob": "bob", "cris": "cris"}, ("bob",), "bob is already a human in the database"),
    # Refused by the rules before any row is written (a unique key said it before).
    ({"ana": "ana", "bob": "ana", "cris": "cris"}, (), "players: two players have the same name"),
])
def test_what_cannot_be_recorded_is_one_line_and_exit_2(app, database_url, tmp_path, names, bots,
                                                        reason):
    done = record(database_url, tmp_path, scenario({"ana": "ana", "bob": "bob", "cris": "cris"}),
                  scenario(names, bots))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"{tmp_path / 'scenario1.json'}: ") and reason in done.stderr
    assert stored_games(app) == []  # all or nothing


def test_no_database_is_one_line_and_exit_2(tmp_path):
    done = record("mysql+pymysql://root@127.0.0.1:1/none", tmp_path, ONE_HAND.read_text())
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("the scenarios were not stored: ") and done.stderr.count("\n") == 1
