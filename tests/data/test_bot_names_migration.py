"""Migration 0013 names the house bots after the cards, so people keep their first names.

A database at revision 0012, seeded as sql/seed.sql seeded it then (the bots Rosa, Paco...,
Lucia, Sofia, Ines) and holding recorded games, is upgraded: the same rows take the new names
and skeletons, every recorded game exports (/games/<id>/scenario.json) the same scenario but
for the names and replays to the stored result, the live states name the seats as the rows
do, a person whom 0004 left without a skeleton beside the bot gets it back, and a person can
sign up as Lucia. Downgrading puts the old names back.
"""
from __future__ import annotations

import importlib.util
import json

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, select, text
from sqlalchemy.schema import CreateColumn

from siete.data.base import db
from siete.data.database import SEED_SQL, run_sql_file
from siete.data.games import Game, GameStateRow, Turn
from siete.data.identity import name_skeleton
from siete.data.people import Player
from siete.paths import MIGRATIONS_DIR
from siete.service.records.bot_games import simulate_recorded
from siete.service.records.game_record import load_record
from tests.support.replay_check import check_recorded_games, exported_text

SPEC = importlib.util.spec_from_file_location("m0013", MIGRATIONS_DIR / "versions" / "0013_house_bot_names.py")
M0013 = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(M0013)
NEW_NAMES = dict(M0013.RENAMES)
PROFILES = ["standard", "cautious", "bold", "expert"]


def _seed_as_at_0012(tmp_path) -> None:
    """sql/seed.sql as it was before 0013: the bots under their old first names."""
    seed = SEED_SQL.read_text()
    for old, new in NEW_NAMES.items():
        seed = seed.replace(f"'{new}',", f"'{old}',", 1).replace(f"'{name_skeleton(new)}',",
                                                                  f"'{name_skeleton(old)}',", 1)
    at_0012 = tmp_path / "seed_0012.sql"
    at_0012.write_text(seed)
    run_sql_file(at_0012)


def _bots() -> dict[str, str | None]:
    return {name: skeleton for name, skeleton in db.session.execute(
        select(Player.name, Player.name_skeleton).where(Player.kind == "bot"))}


def _exports(app) -> dict[int, dict]:
    with app.test_request_context():
        ids = db.session.scalars(select(Game.id).order_by(Game.id)).all()
        return {game_id: json.loads(exported_text(load_record(game_id))) for game_id in ids}


def _state_names() -> dict[int, list[str]]:
    rows = db.session.execute(select(GameStateRow.game_id, GameStateRow.state)).all()
    return {game_id: [seat["name"] for seat in json.loads(state)["seats"]] for game_id, state in rows}


def _renamed(value):
    """The export (or any JSON) with every old bot name, as a whole name or a move's, renamed."""
    if isinstance(value, dict):
        return {k: _renamed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v) for v in value]
    if isinstance(value, str):
        name, colon, rest = value.partition(":")
        if name in NEW_NAMES:
            return NEW_NAMES[name] + colon + rest
    return value


def _add_newer_columns(table) -> None:
    """The simulator records through the models, which have every later migration's columns:
    add those the table lacks at 0012 (the later migrations check first, and keep them)."""
    have = {column["name"] for column in inspect(db.session.connection()).get_columns(table.name)}
    for column in table.columns:
        if column.name not in have:
            ddl = CreateColumn(column).compile(dialect=db.engine.dialect)
            db.session.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {ddl}"))


@pytest.fixture
def at_0012_with_games(app, tmp_path):
    """Revision 0012, the old seed, R0sa (an old account 0004 left without a skeleton beside
    the bot Rosa) and four recorded bot games that seat house bots of every profile."""
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        upgrade(directory=str(MIGRATIONS_DIR), revision="0012_timed_out_moves")
        _seed_as_at_0012(tmp_path)
        # SQL, not the model: the model has the newest columns (users.guest), 0012 does not.
        user_id = db.session.execute(text(
            "INSERT INTO users (username, username_key, username_skeleton, email, password_hash) "
            "VALUES ('R0sa', 'r0sa', 'rosa', 'r0sa@example.com', 'x')")).lastrowid
        db.session.execute(text("INSERT INTO players (name, name_skeleton, kind, user_id) "
                                "VALUES ('R0sa', NULL, 'human', :id)"), {"id": user_id})
        db.session.commit()
        _add_newer_columns(Game.__table__)
        _add_newer_columns(Turn.__table__)
        simulate_recorded(PROFILES, 4, app.config["GAME"], seed=13, max_hands=3)
        db.session.commit()
    yield
    with app.app_context():  # leave the schema as the other tests expect it
        db.session.rollback()
        upgrade(directory=str(MIGRATIONS_DIR))


def test_0013_renames_the_house_bots_and_keeps_the_games_readable(app, at_0012_with_games):
    with app.app_context():
        assert set(_bots()) == set(NEW_NAMES)
        before, states_before = _exports(app), _state_names()
        assert before and any(NEW_NAMES.keys() & set(export["players"]) for export in before.values())
        assert any(NEW_NAMES.keys() & set(names) for names in states_before.values())
        db.session.rollback()  # SQLite: the session's read holds the write lock
        upgrade(directory=str(MIGRATIONS_DIR))
        bots = _bots()
        assert bots == {new: name_skeleton(new) for new in NEW_NAMES.values()}
        assert db.session.scalar(select(Player.name_skeleton).where(Player.name == "R0sa")) == "rosa"
        assert _exports(app) == _renamed(before)  # the same games, under the new names
        assert _state_names() == _renamed(states_before)
        assert check_recorded_games(app) == []  # each export replays to the stored result
        db.session.rollback()
    client = app.test_client()
    for game_id in before:
        page = client.get(f"/games/{game_id}")
        assert page.status_code == 200
        assert any(new in page.get_data(as_text=True) for new in NEW_NAMES.values())
    assert client.get("/players/Rey-de-Oros").status_code == 200
    assert client.post("/auth/register", data={"username": "Lucia", "email": "lucia@example.com",
                                               "password": "correct-horse-9",
                                               "confirm": "correct-horse-9"}).status_code == 302


def test_0013_downgrades_to_the_old_names(app, at_0012_with_games):
    with app.app_context():
        states_before = _state_names()
        db.session.rollback()
        upgrade(directory=str(MIGRATIONS_DIR))
        upgrade(directory=str(MIGRATIONS_DIR))  # again: nothing left to rename
        db.session.rollback()
        downgrade(directory=str(MIGRATIONS_DIR), revision="0012_timed_out_moves")
        assert _bots() == {old: name_skeleton(old) for old in NEW_NAMES}
        assert db.session.scalar(select(Player.name_skeleton).where(Player.name == "R0sa")) is None
        assert _state_names() == states_before
