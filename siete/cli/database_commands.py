"""`init-db`: create the missing tables and load the reference data once; `db-setup`: what a
container runs at start (adopt, upgrade to the head, seed), one start at a time."""
from __future__ import annotations

import click
from flask.cli import with_appcontext
from flask_migrate import upgrade
from sqlalchemy.engine import make_url

from siete.data.base import db
from siete.data.database import init_database
from siete.data.migrations import MIGRATIONS_DIR, adopt_database, one_setup_at_a_time
from siete.i18n.catalogs import gettext as _


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the missing tables and load the reference data once; existing data is kept."""
    with one_setup_at_a_time():
        seeded = init_database()
    say_seeded(seeded)


@click.command("db-setup")
@with_appcontext
def db_setup_command() -> None:
    """Adopt a database made before migrations, upgrade it to the head and seed it once, while
    holding the database's setup lock: the app and its worker start together (compose)."""
    with one_setup_at_a_time():
        adopt_database()
        upgrade(directory=str(MIGRATIONS_DIR))
        seeded = init_database()
    say_seeded(seeded)


def say_seeded(seeded: bool) -> None:
    """Whether init-db (or db-setup) loaded the reference data or found it in place."""
    where = make_url(db.engine.url).render_as_string(hide_password=True)
    if seeded:
        click.echo(_("Created the tables and loaded the reference data in %(where)s.", where=where))
    else:
        click.echo(_("The database in %(where)s was already set up; nothing was changed.",
                     where=where))
