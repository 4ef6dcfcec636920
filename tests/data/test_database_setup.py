"""What db-setup and init-db say they did (siete.data.database_setup): on a brand-new clone
`make run` used to open with "The database … was already set up; nothing was changed.", because
the factory had built the SQLite file a moment before db-setup looked at it."""
from __future__ import annotations

from pathlib import Path

import pytest
from flask_migrate import upgrade
from sqlalchemy import text

from siete.app import create_app
from siete.data.base import db
from siete.data.database_setup import current_revision, head_revision
from siete.data.migrations import BASELINE
from siete.paths import MIGRATIONS_DIR

# The newest migration file names the head (revision ids are their file names: docs/migrations.md).
HEAD = sorted(p.stem for p in (MIGRATIONS_DIR / "versions").glob("0*.py"))[-1]


def said(output: str) -> list[str]:
    """The command's own lines, without Alembic's log (which goes to stderr in a terminal)."""
    return [line for line in output.splitlines() if not line.startswith("INFO  [alembic")]


def command_output(database: Path, command: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines `flask --app wsgi <command>` prints in a new process on the database file."""
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{database}")
    app = create_app()  # as wsgi.py does, in each process
    result = app.test_cli_runner().invoke(args=[command])
    with app.app_context():
        db.engine.dispose()
    assert result.exit_code == 0, result.output
    return said(result.output)


def test_the_head_is_the_newest_migration_file():
    assert head_revision() == HEAD


def test_db_setup_on_a_brand_new_sqlite_file_says_it_created_and_seeded_it(tmp_path, monkeypatch):
    database = tmp_path / "brand-new.sqlite"
    assert command_output(database, "db-setup", monkeypatch) == [
        f"Created the tables in sqlite:///{database}.",
        f"The database is at the newest migration, {HEAD}.",
        "Loaded the reference data (the game's details, the cards and the bots).",
    ]
    assert command_output(database, "db-setup", monkeypatch) == [
        f"The database in sqlite:///{database} is up to date (migration {HEAD}); nothing was changed."]


def test_the_factory_stamps_the_database_it_creates_at_the_head(tmp_path, monkeypatch):
    """The models' tables are the head's schema: db-setup has nothing to adopt or upgrade."""
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'stamped.sqlite'}")
    app = create_app()
    with app.app_context():
        assert current_revision() == HEAD
        db.engine.dispose()


def test_init_db_on_a_brand_new_sqlite_file_says_it_created_and_seeded_it(tmp_path, monkeypatch):
    database = tmp_path / "brand-new.sqlite"
    assert command_output(database, "init-db", monkeypatch) == [
        f"Created the tables in sqlite:///{database}.",
        "Loaded the reference data (the game's details, the cards and the bots).",
    ]
    assert command_output(database, "init-db", monkeypatch) == [
        f"The database in sqlite:///{database} was already set up; nothing was changed."]


def run_db_setup(database_url: str) -> list[str]:
    """db-setup in a later process than the one that prepared the database."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url})
    result = app.test_cli_runner().invoke(args=["db-setup"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert current_revision() == HEAD
        db.session.remove()
        db.engine.dispose()
    return said(result.output)


def test_db_setup_adopts_a_database_made_before_migrations_and_upgrades_it(app, database_url):
    with app.app_context():  # tables and reference data, as sql/schema.sql and seed.sql make them
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
    assert run_db_setup(database_url) == [
        f"Stamped the existing database at {BASELINE}.",
        f"Upgraded the database from migration {BASELINE} to {HEAD}.",
    ]


def test_db_setup_says_which_migrations_it_ran(app, database_url):
    with app.app_context():
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        upgrade(directory=str(MIGRATIONS_DIR), revision="0003_mail_outbox")
    assert run_db_setup(database_url) == [
        f"Upgraded the database from migration 0003_mail_outbox to {HEAD}.",
        "Loaded the reference data (the game's details, the cards and the bots).",
    ]
