"""Setting a database up, and what it took: tables created, a database adopted, migrations run,
reference data loaded; or nothing, when it was up to date.

The factory builds a missing SQLite database on its first start (so `flask run` alone just works)
and stamps it at the migrations' head: the models' tables are the head's schema. `db-setup` and
`init-db` then say what was done during their start, the factory's part included, so on a
brand-new clone `make run` reports the tables the factory made rather than "nothing changed".
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import upgrade
from sqlalchemy import inspect

from siete.data.base import db
from siete.data.database import init_database
from siete.data.migrations import adopt_database
from siete.paths import MIGRATIONS_DIR

FIRST_START = "siete.first_start"  # app.extensions: what the factory did to a missing database


@dataclass(frozen=True)
class DatabaseSetup:
    """What one setup did; all False and no upgrade when the database was up to date."""

    created: bool = False  # the tables were missing and were made
    adopted: bool = False  # a database made before migrations was stamped at the baseline
    upgraded_from: str | None = None  # the revision an upgrade of existing tables started from
    seeded: bool = False  # the reference data was loaded
    revision: str | None = None  # the migrations' revision the database is at now

    @property
    def changed(self) -> bool:
        return self.created or self.adopted or self.seeded or self.upgraded_from is not None

    def after(self, earlier: DatabaseSetup | None) -> DatabaseSetup:
        """This setup, counting what an earlier step of the same start did (the factory's, which
        the first setup of the process reports and takes: a second one says what it did)."""
        if earlier is None:
            return self
        return replace(self, created=self.created or earlier.created,
                       seeded=self.seeded or earlier.seeded)


@cache
def migration_scripts() -> ScriptDirectory:
    """migrations/versions/, read once a process."""
    return ScriptDirectory(str(MIGRATIONS_DIR))


def head_revision() -> str | None:
    """The newest migration in migrations/versions/."""
    return migration_scripts().get_current_head()


def current_revision() -> str | None:
    """The revision the database is stamped at (None: not under migrations)."""
    with db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def has_tables() -> bool:
    return inspect(db.engine).has_table("games")


def create_on_first_start(app: Flask) -> None:
    """On SQLite with no tables: create them from the models, stamp the head, seed; noted in
    app.extensions for db-setup and init-db to report."""
    with app.app_context():
        if db.engine.dialect.name != "sqlite" or has_tables():
            return
        seeded = init_database()
        with db.engine.begin() as conn:
            MigrationContext.configure(conn).stamp(migration_scripts(), "head")
        app.extensions[FIRST_START] = DatabaseSetup(created=True, seeded=seeded,
                                                    revision=head_revision())


def set_up_database(app: Flask) -> DatabaseSetup:
    """db-setup's work: adopt a database made before migrations, upgrade it to the head, seed it
    once. The caller holds the setup lock."""
    created = not has_tables()
    adopted = adopt_database()
    before = now = current_revision()
    if before != head_revision():
        upgrade(directory=str(MIGRATIONS_DIR))
        now = head_revision()
    seeded = init_database()
    upgraded_from = before if before != now and not created else None
    return DatabaseSetup(created=created, adopted=adopted, upgraded_from=upgraded_from,
                         seeded=seeded, revision=now).after(app.extensions.pop(FIRST_START, None))


def initialise_database(app: Flask) -> DatabaseSetup:
    """init-db's work: create the missing tables and seed an empty database; no migrations."""
    created = not has_tables()
    seeded = init_database()
    return DatabaseSetup(created=created, seeded=seeded).after(app.extensions.pop(FIRST_START, None))
