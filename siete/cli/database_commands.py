"""`init-db`: create the missing tables and load the reference data once; `db-setup`: what a
container runs at start (adopt, upgrade to the head, seed), one start at a time. Both say what
they did, the factory's first start included (siete.data.database_setup)."""
from __future__ import annotations

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy.engine import make_url

from siete.data.base import db
from siete.data.database_setup import DatabaseSetup, initialise_database, set_up_database
from siete.data.migrations import BASELINE, one_setup_at_a_time
from siete.i18n.catalogs import gettext as _


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the missing tables and load the reference data once; existing data is kept."""
    with one_setup_at_a_time():
        setup = initialise_database(current_app)
    for line in setup_lines(setup, where()):
        click.echo(line)


@click.command("db-setup")
@with_appcontext
def db_setup_command() -> None:
    """Adopt a database made before migrations, upgrade it to the head and seed it once, while
    holding the database's setup lock: the app and its worker start together (compose)."""
    with one_setup_at_a_time():
        setup = set_up_database(current_app)
    for line in setup_lines(setup, where()):
        click.echo(line)


def where() -> str:
    """The database's URL without its password."""
    return make_url(db.engine.url).render_as_string(hide_password=True)


def setup_lines(setup: DatabaseSetup, where: str) -> list[str]:
    """What a setup did, one sentence a step, in the order it was done."""
    if not setup.changed:
        if setup.revision:
            return [_("The database in %(where)s is up to date (migration %(revision)s); "
                      "nothing was changed.", where=where, revision=setup.revision)]
        return [_("The database in %(where)s was already set up; nothing was changed.", where=where)]
    lines = []
    if setup.created:
        lines.append(_("Created the tables in %(where)s.", where=where))
    if setup.adopted:
        lines.append(_("Stamped the existing database at %(revision)s.", revision=BASELINE))
    if setup.upgraded_from is not None:
        lines.append(_("Upgraded the database from migration %(old)s to %(new)s.",
                       old=setup.upgraded_from, new=setup.revision))
    elif setup.created and setup.revision:
        lines.append(_("The database is at the newest migration, %(revision)s.",
                       revision=setup.revision))
    if setup.seeded:
        lines.append(_("Loaded the reference data (the game's details, the cards and the bots)."))
    return lines
