"""Schema migrations with Alembic (Flask-Migrate): `flask db upgrade` brings a database to the
models' schema; migrations/versions/ holds one script per change (docs/migrations.md).

sql/schema.sql stays the readable DDL; tests/reports/test_migrations.py checks that the
migrations' head and schema.sql build the same MariaDB database.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import click
from flask import Flask
from flask.cli import with_appcontext
from flask_migrate import Migrate, stamp
from sqlalchemy import inspect, text

from siete.data.base import db
from siete.data.database import create_schema
from siete.i18n.catalogs import gettext as _
from siete.paths import MIGRATIONS_DIR

BASELINE = "0001_baseline"
SETUP_WAIT_S = 600  # how long a start waits for another one's setup before giving up
migrate = Migrate()


def init_migrations(app: Flask) -> None:
    """Attach `flask db ...` and `flask db-adopt` to the app."""
    migrate.init_app(app, db, directory=str(MIGRATIONS_DIR), compare_type=True)
    app.cli.add_command(db_adopt_command)


@click.command("db-adopt")
@with_appcontext
def db_adopt_command() -> None:
    """Stamp a database made before migrations (tables, no alembic_version) at the baseline.

    Its missing tables are created first (sql/schema.sql). Run before `flask db upgrade`; a new
    empty database and one already under Alembic are left alone.
    """
    with one_setup_at_a_time():
        adopted = adopt_database()
    if adopted:
        click.echo(_("Stamped the existing database at %(revision)s.", revision=BASELINE))
    else:
        click.echo(_("Nothing to adopt: the database is empty or already under migrations."))


def adopt_database() -> bool:
    """db-adopt's work (db-setup does it too): True if it stamped a database at the baseline."""
    tables = set(inspect(db.engine).get_table_names())
    if "alembic_version" in tables or "games" not in tables:
        return False
    create_schema()
    stamp(directory=str(MIGRATIONS_DIR), revision=BASELINE)
    return True


@contextmanager
def one_setup_at_a_time(wait_s: float = SETUP_WAIT_S) -> Iterator[None]:
    """Hold a MySQL named lock (one per database) while the schema is adopted, upgraded or seeded.

    compose starts the app and its worker together, and on a fresh volume MySQL has already run
    sql/schema.sql and sql/seed.sql: both containers found tables and no alembic_version, both
    stamped, and one failed on the duplicate row and restarted. With the lock the second waits,
    then finds the work done. SQLite needs none: one file, opened by one process at start.
    """
    if db.engine.dialect.name not in ("mysql", "mariadb"):
        yield
        return
    name = f"siete-setup:{db.engine.url.database}"[:64]  # MySQL's longest lock name
    with db.engine.connect() as conn:
        if conn.scalar(text("SELECT GET_LOCK(:name, :wait)"), {"name": name, "wait": wait_s}) != 1:
            raise click.ClickException(_(
                "Another start has been setting up this database for %(seconds)d s; "
                "try again once it is done.", seconds=wait_s))
        try:
            yield
        finally:
            conn.scalar(text("SELECT RELEASE_LOCK(:name)"), {"name": name})
