"""The app factory, the health routes, init-db and the SQLite engine settings."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy import func, inspect, select

from siete.app import _configure, create_app
from siete.data.base import db
from siete.data.people import Player, User
from siete.data.reference import Card, GameDetails
from siete.engine.config import GameConfig
from siete.settings import ServiceSettings, service_settings

UNREACHABLE_DB = "mysql+pymysql://root@127.0.0.1:1/siete_nowhere?connect_timeout=2"


def counts() -> dict[str, int]:
    """Rows in the seeded tables."""
    return {model.__tablename__: db.session.scalar(select(func.count()).select_from(model))
            for model in (GameDetails, Card, Player, User)}


def test_create_app_loads_the_game_config_from_xml(app):
    assert app.testing
    assert isinstance(app.config["GAME"], GameConfig)
    assert app.config["GAME"].max_players == 8  # config/Basic_Config_Game.xml


def test_a_test_may_pass_its_own_game_config(tmp_path):
    game = GameConfig(max_hands=15)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'g.sqlite'}", "GAME": game})
    assert app.config["GAME"] is game


def test_the_factory_builds_the_services_settings_once_from_the_config(tmp_path, monkeypatch):
    """#28: the services are given one ServiceSettings, not the app's config to read."""
    monkeypatch.setenv("SETTLE_PAUSE_S", "2.5")
    monkeypatch.delenv("TURN_SECONDS", raising=False)
    monkeypatch.setenv("BOT_MOVE_SECONDS", "0.5")
    game = GameConfig(max_hands=12)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 's.sqlite'}", "GAME": game,
                      "MAX_OPEN_TABLES": 7, "LOBBY_PAGE_SIZE": 9})
    assert service_settings(app) == ServiceSettings(game=game, settle_pause_s=2.5, turn_seconds=30,
                                                    max_open_tables=7, lobby_page_size=9,
                                                    bot_move_s=0.5)
    assert service_settings(app).game is game


def test_database_url_comes_from_the_environment_else_sqlite_in_the_instance_folder(
        tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    bare = Flask("siete", instance_path=str(tmp_path / "instance"))
    _configure(bare, None)
    assert bare.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'instance' / 'siete.sqlite'}"
    assert bare.config["SQLALCHEMY_ENGINE_OPTIONS"] == {}

    monkeypatch.setenv("DATABASE_URL", "mysql+pymysql://u:p@db.example/siete")
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    configured = Flask("siete", instance_path=str(tmp_path / "instance"))
    _configure(configured, None)
    assert configured.config["SQLALCHEMY_DATABASE_URI"] == "mysql+pymysql://u:p@db.example/siete"
    assert configured.config["SECRET_KEY"] == "from-the-environment"
    options = configured.config["SQLALCHEMY_ENGINE_OPTIONS"]
    # Liveness pings and the reset on return are done by siete.data.database's pool listeners, when needed.
    assert options["pool_pre_ping"] is False and options["pool_reset_on_return"] is None
    assert options["isolation_level"] == "READ COMMITTED"


def test_first_run_on_sqlite_creates_and_seeds_the_database(tmp_path, monkeypatch):
    """`flask run` with no DATABASE_URL and no database file just works."""
    path = tmp_path / "fresh.sqlite"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    app = create_app()
    assert path.exists()
    with app.app_context():
        assert counts()["cards"] == 48 and counts()["game_details"] == 1
        db.engine.dispose()


def test_healthz_and_livez_answer_ok(client):
    for url in ("/healthz", "/livez"):
        response = client.get(url)
        assert response.status_code == 200
        assert response.get_json() == {"status": "ok"}


def test_healthz_reports_a_database_it_cannot_reach_and_livez_does_not_care(tmp_path):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": UNREACHABLE_DB})
    client = app.test_client()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.get_json() == {"status": "db unavailable"}
    assert client.get("/livez").status_code == 200


def test_init_db_twice_keeps_the_data(app, runner):
    with app.app_context():
        db.session.add(User(username="Keeper", email="k@example.com", password_hash="x"))
        db.session.commit()
        before = counts()
    results = [runner.invoke(args=["init-db"]) for _ in range(2)]
    assert [result.exit_code for result in results] == [0, 0], results[0].output + results[1].output
    # the first may report the factory's first start (SQLite); the second has nothing to do
    assert "already set up" in results[1].output
    with app.app_context():
        assert counts() == before and before["users"] == 1


def test_init_db_builds_an_empty_database_then_leaves_it_alone(app, runner):
    with app.app_context():
        db.drop_all()
        assert not inspect(db.engine).has_table("cards")
    first = runner.invoke(args=["init-db"])
    assert first.exit_code == 0 and "Created the tables" in first.output, first.output
    second = runner.invoke(args=["init-db"])
    assert second.exit_code == 0 and "already set up" in second.output, second.output
    with app.app_context():
        assert counts() == {"game_details": 1, "cards": 48, "players": 10, "users": 0}


def test_sqlite_transactions_take_the_write_lock_at_begin(app, on_mysql):
    """Even a read-only transaction holds the lock, as SELECT ... FOR UPDATE would on MySQL."""
    if on_mysql:
        pytest.skip("SQLite engine settings")
    with app.app_context():
        path = Path(db.engine.url.database)
        with db.engine.connect() as conn:
            conn.execute(select(1))  # the "begin" hook has issued BEGIN IMMEDIATE
            other = sqlite3.connect(path, timeout=0.1, isolation_level=None)
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
            other.close()
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000


def test_the_rules_engine_imports_without_the_web_stack():
    """siete/__init__.py imports nothing (the factory is siete/app.py): simulations load only the engine."""
    import subprocess
    import sys

    code = ("import sys, siete.engine.cards, siete.engine.config; "
            "print(sorted(m for m in ('flask', 'sqlalchemy') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parents[2])
    assert result.stdout.strip() == "[]"
