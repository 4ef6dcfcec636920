"""The database's setup lock (siete.data.migrations.one_setup_at_a_time): containers that start
together adopt, upgrade and seed one after the other."""
from __future__ import annotations

import click
import pytest

from siete.data.base import db
from siete.data.migrations import one_setup_at_a_time


@pytest.mark.mariadb_only
def test_a_second_setup_waits_for_the_first_and_says_so_when_it_gives_up(app):
    with app.app_context():
        with one_setup_at_a_time():  # holds a pooled connection with the lock
            held = db.session.connection().exec_driver_sql(
                "SELECT IS_USED_LOCK(CONCAT('siete-setup:', DATABASE()))").scalar()
            assert held is not None
            # another start (another connection from the pool) gives up at once, saying why
            with pytest.raises(click.ClickException, match="setting up this database"):
                with one_setup_at_a_time(wait_s=0):
                    pass
        db.session.rollback()
        with one_setup_at_a_time(wait_s=0):  # released: the next start gets it at once
            pass


def test_on_sqlite_there_is_nothing_to_wait_for(app, on_mysql):
    if on_mysql:
        pytest.skip("the SQLite case")
    with app.app_context(), one_setup_at_a_time(wait_s=0):
        assert db.engine.dialect.name == "sqlite"
