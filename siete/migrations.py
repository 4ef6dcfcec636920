"""Schema migrations with Alembic (Flask-Migrate): `flask db upgrade` brings a database to the
models' schema; migrations/versions/ holds one script per change (docs/migrations.md).

sql/schema.sql stays the readable DDL; tests/reports/test_migrations.py checks that the
migrations' head and schema.sql build the same MariaDB database.
"""
from __future__ import annotations

from pathlib import Path

import click
from flask import Flask
from flask.cli import with_appcontext
from flask_migrate import Migrate, stamp
from sqlalchemy import inspect

from siete.db import create_schema, db

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
BASELINE = "0001_baseline"
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
    tables = set(inspect(db.engine).get_table_names())
    if "alembic_version" in tables or "games" not in tables:
        click.echo("Nothing to adopt: the database is empty or already under migrations.")
        return

    create_schema()
    stamp(directory=str(MIGRATIONS_DIR), revision=BASELINE)
    click.echo(f"Stamped the existing database at {BASELINE}.")
