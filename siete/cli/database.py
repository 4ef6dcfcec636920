"""`init-db`: create the missing tables and load the reference data once."""
from __future__ import annotations

import click
from flask.cli import with_appcontext
from sqlalchemy.engine import make_url

from siete.cli_i18n import gettext as _
from siete.db import db, init_database


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
