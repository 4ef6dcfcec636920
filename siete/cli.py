"""Flask CLI commands: `flask --app wsgi init-db` (others add theirs in register_commands)."""
from __future__ import annotations

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy.engine import make_url

from siete.db import db, init_database

__all__ = ["init_database", "init_db_command", "register_commands"]


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the missing tables and load the reference data once; existing data is kept."""
    seeded = init_database()
    where = make_url(db.engine.url).render_as_string(hide_password=True)
    if seeded:
        click.echo(f"Created the tables and loaded the reference data in {where}.")
    else:
        click.echo(f"The database in {where} was already set up; nothing was changed.")


def register_commands(app: Flask) -> None:
    """Attach the CLI commands to app. >>> Others add their commands here. <<<"""
    app.cli.add_command(init_db_command)
    from siete.reports.cli import reports_command  # the reports engineer's command
    app.cli.add_command(reports_command)
    from siete.commands import simulate_command  # bot games, stored like web games with --record
    app.cli.add_command(simulate_command)
