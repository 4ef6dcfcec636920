"""Flask CLI commands: `flask --app wsgi init-db` (others add theirs in register_commands)."""
from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy.engine import make_url

from siete.cli_i18n import gettext as _
from siete.db import db, init_database

__all__ = ["init_database", "init_db_command", "register_commands"]


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the missing tables and load the reference data once; existing data is kept."""
    seeded = init_database()
    where = make_url(db.engine.url).render_as_string(hide_password=True)
    if seeded:
        click.echo(_("Created the tables and loaded the reference data in %(where)s.", where=where))
    else:
        click.echo(_("The database in %(where)s was already set up; nothing was changed.",
                     where=where))


def register_commands(app: Flask) -> None:
    """Attach the CLI commands to app. >>> Others add their commands here. <<<"""
    app.cli.add_command(init_db_command)
    from siete.cli.reports import reports_command  # the reports engineer's command
    app.cli.add_command(reports_command)
    from siete.cli.simulate import simulate_command  # bot games, stored like web games with --record
    app.cli.add_command(simulate_command)
    from siete.migrations import init_migrations  # `flask db upgrade` and friends (Alembic)
    init_migrations(app)
    from siete.worker import worker_command  # keeps time for every table (README: the worker)
    app.cli.add_command(worker_command)
