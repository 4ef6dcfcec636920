"""Shared fixtures: an app on a fresh, seeded database, its test client, CLI runner and `auth`.

The database is SQLite unless TEST_DATABASE_URL names a MySQL/MariaDB database. On SQLite the
app's first start (tables, migrations' stamp, seed) is done once per session, into a file every
test gets a copy of. On MySQL/MariaDB the database is dropped and created once per session, and
every test empties all tables afterwards and the next one seeds them again (measured faster there
than TRUNCATE: docs/testing.md).
Tests may override the `app_config` fixture to add settings to create_app.
"""
from __future__ import annotations

import os
import random
import shutil
import zlib
from pathlib import Path

import pytest
from sqlalchemy import create_engine, delete
from sqlalchemy.engine import URL, make_url

from siete.app import create_app
from siete.data.base import db
from siete.data.database import init_database, is_mysql_url
from tests.support.accounts import AuthActions
from tests.support.mail import start_inbox
from tests.support.replay_check import TALLY, check_recorded_games

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "")
# Bots play at once in the servers tests start as processes too (gunicorn, two replicas, the
# worker), as in the in-process app below; a test that watches paced play sets its own (#25).
os.environ.setdefault("BOT_MOVE_SECONDS", "0")
ON_MYSQL = bool(TEST_DATABASE_URL) and is_mysql_url(TEST_DATABASE_URL)
TEST_SETTINGS = {
    "TESTING": True,
    "SECRET_KEY": "test-secret-key-not-for-production-0123456789",
    "WTF_CSRF_ENABLED": False,
    # The suite's assertions read English; a request that sends Accept-Language still
    # gets its own language (the i18n tests do that).
    "BABEL_DEFAULT_LOCALE": "en",
    # Bots play at once, as before paced play (#25): tests that pace them say so.
    "BOT_MOVE_SECONDS": 0,
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "mariadb_only: needs a MySQL/MariaDB TEST_DATABASE_URL (skipped on SQLite)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip mariadb_only tests unless the run is against MySQL/MariaDB."""
    if ON_MYSQL:
        return
    skip = pytest.mark.skip(reason="needs TEST_DATABASE_URL=mysql+pymysql://...")
    for item in items:
        if "mariadb_only" in item.keywords:
            item.add_marker(skip)


def server_url(url: str | URL) -> URL:
    """The same MySQL server and credentials, with no database selected."""
    return make_url(url)._replace(database=None)  # URL.set() ignores None


def recreate_mysql_database(url: str | URL) -> None:
    """Drop and create, empty, the database url names (only names containing 'test')."""
    name = make_url(url).database
    if not name or "test" not in name.lower():
        raise pytest.UsageError(f"refusing to drop database {name!r}: its name must contain 'test'")
    engine = create_engine(server_url(url))
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP DATABASE IF EXISTS `{name}`")
            conn.exec_driver_sql(
                f"CREATE DATABASE `{name}` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin")
    finally:
        engine.dispose()


def pytest_terminal_summary(terminalreporter) -> None:
    """How many recorded games the replay check (replay_check.py) exported and replayed."""
    if TALLY.finished or TALLY.unfinished:
        terminalreporter.write_sep("-", "replay check")
        terminalreporter.write_line(
            f"{TALLY.finished} finished games (and {TALLY.unfinished} running or abandoned) "
            f"exported by /games/<id>/scenario.json and replayed as `python -m siete replay`, "
            f"in {TALLY.seconds:.1f} s; {len(TALLY.failures)} came out otherwise")


@pytest.fixture(autouse=True)
def reproducible_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games a test opens without a seed get seeds drawn from the test's own name, not at random.

    A test that passed once then passes every time: a random deal once let CI see a person take
    the bank after one timeout and never go away. Tests that want many deals ask for seeds (the
    engine's property tests draw their own); the served app in browser tests is another process.
    """
    seeds = random.Random(zlib.crc32(request.node.nodeid.encode()))

    class SeededSecrets:
        @staticmethod
        def randbits(bits: int) -> int:
            return seeds.getrandbits(bits)

    monkeypatch.setattr("siete.data.games.secrets", SeededSecrets)


@pytest.fixture(scope="session")
def on_mysql() -> bool:
    """True when the run is against MySQL/MariaDB (TEST_DATABASE_URL)."""
    return ON_MYSQL


@pytest.fixture(scope="session")
def recreate_database():
    """recreate_mysql_database, for test modules (they cannot import conftest reliably)."""
    return recreate_mysql_database


@pytest.fixture(scope="session")
def mysql_database_url() -> str:
    """TEST_DATABASE_URL, after its database was recreated empty for this session."""
    recreate_mysql_database(TEST_DATABASE_URL)
    return TEST_DATABASE_URL


@pytest.fixture(scope="session")
def seeded_sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database as the app's first start leaves it (every table, the migrations' stamp,
    the seed), made once per session: building one took most of a test's set-up."""
    path = tmp_path_factory.mktemp("seeded") / "seeded.sqlite"
    app = create_app({**TEST_SETTINGS, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        init_database()
        # Out of write-ahead logging, so the one file holds everything and a copy of it is whole
        # (each copy's engine turns WAL on again when it connects).
        with db.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql("PRAGMA journal_mode = DELETE")
        db.engine.dispose()
    return path


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL the app under test uses: on SQLite a copy of the seeded file, the test's own."""
    if ON_MYSQL:
        return request.getfixturevalue("mysql_database_url")
    copy = tmp_path / "siete-test.sqlite"
    shutil.copy(request.getfixturevalue("seeded_sqlite_file"), copy)
    return f"sqlite:///{copy}"


@pytest.fixture
def app_config() -> dict:
    """Extra create_app settings; override this fixture in a test module to change them."""
    return {}


@pytest.fixture
def app(database_url: str, app_config: dict):
    """A testing app on a database holding only the seed data."""
    app = create_app({**TEST_SETTINGS, "SQLALCHEMY_DATABASE_URI": database_url, **app_config})
    if is_mysql_url(database_url):  # a SQLite file is seeded already: copied, or built by create_app
        with app.app_context():
            init_database()
    yield app
    failures = check_recorded_games(app, TALLY)  # before the tables are emptied (MariaDB)
    with app.app_context():
        db.session.remove()
        if ON_MYSQL:
            empty_all_tables()
        db.engine.dispose()
    if failures:
        pytest.fail("exported and replayed, recorded games came out otherwise:\n"
                    + "\n".join(failures), pytrace=False)


def empty_all_tables() -> None:
    """Delete every row, children first (cheaper than recreating the schema per test)."""
    with db.engine.begin() as conn:
        for table in reversed(db.metadata.sorted_tables):
            conn.execute(delete(table))


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def auth(client) -> AuthActions:
    """Sign up, log in and out as the test's client: auth.register(), auth.login(), auth.logout()
    (tests/support/accounts.py; the same helpers take any other client)."""
    return AuthActions(client)


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def db_session(app):
    """The app's SQLAlchemy session, inside an app context."""
    with app.app_context():
        yield db.session


@pytest.fixture
def inbox():
    """A real SMTP server on loopback (aiosmtpd) for the mail tests; `inbox.messages` it kept."""
    handler, controller = start_inbox()
    yield handler
    controller.stop()
