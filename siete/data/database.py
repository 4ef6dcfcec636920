"""Engine tuning for SQLite and MySQL, and schema creation + seeding.

The handle `db` itself lives with the models (siete.data.base), which need it to be
declared; it is re-exported here, where the rest of the app has always taken it from.
"""
from __future__ import annotations

import logging
import re
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, event, func, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DisconnectionError, IntegrityError, SQLAlchemyError
from sqlalchemy.pool import ConnectionPoolEntry, PoolProxiedConnection, PoolResetState

from siete.data import all_tables  # noqa: F401  (create_all needs every table)
from siete.data.base import db
from siete.data.reference import GameDetails
from siete.paths import SQL_DIR

SCHEMA_SQL = SQL_DIR / "schema.sql"
SEED_SQL = SQL_DIR / "seed.sql"
SQLITE_BUSY_TIMEOUT_MS = 15_000
# A pooled MySQL connection idle for longer than this is pinged before use (_watch_mysql_pool).
PING_AFTER_IDLE_S = 1.0
POOL_SIZE = 15  # MySQL connections a process keeps (engine_options)
RETURNED_AT = "siete_returned_at"  # connection record info: when it was last checked in
IN_TRANSACTION = "siete_in_transaction"  # ... and whether a transaction may be open on it

LOG = logging.getLogger(__name__)


def is_mysql_url(url: str) -> bool:
    """True for mysql:// and mariadb:// URLs (any driver)."""
    return make_url(url).get_backend_name() in ("mysql", "mariadb")


def engine_options(url: str) -> dict[str, Any]:
    """SQLALCHEMY_ENGINE_OPTIONS suited to the database behind url."""
    if not is_mysql_url(url):
        return {}
    return {
        # MySQL closes idle connections (wait_timeout) and a restarted server drops them all.
        # configure_engine pings a pooled connection before use, but only one that sat idle:
        # pool_pre_ping's ping on every checkout would be a round trip on every request.
        "pool_pre_ping": False,
        # The pool's rollback on return came right after the Session's own rollback or commit:
        # a second round trip per request for nothing. configure_engine's reset listener
        # rolls back only a connection that may still be inside a transaction.
        "pool_reset_on_return": None,
        # Recycle before common proxy/load-balancer idle cut-offs (often 5 minutes).
        "pool_recycle": 280,
        # Every connection a process may hold is kept: the same 15 as SQLAlchemy's default
        # (5 kept + 10 overflow), but an overflow connection is closed when it is given back
        # and opened anew at the next busy moment, and opening one costs ~30 ms of CPU
        # (PyMySQL builds a TLS context for every connection it opens, even to a server
        # without TLS). Under bench/load.py's 300 players that churn ran all the time.
        # 15 a process keeps 8 gunicorn workers and the worker process under MySQL's
        # default max_connections (151).
        "pool_size": POOL_SIZE,
        "max_overflow": 0,
        # Every move serialises on a locking read of its table (SELECT ... FOR UPDATE) and then
        # reads the seats without a lock. Under InnoDB's default REPEATABLE READ those plain
        # reads come from a snapshot taken at the request's first query, before the lock was
        # granted, so two players joining the last seat both saw it free (a duplicate seat).
        # READ COMMITTED makes every read after the lock see what the previous holder committed.
        "isolation_level": "READ COMMITTED",
        # Times are stored as UTC, like SQLite's CURRENT_TIMESTAMP, whatever the server's zone.
        "connect_args": {"charset": "utf8mb4", "init_command": "SET time_zone = '+00:00'"},
    }


def configure_engine(engine: Engine, ping_after_idle_s: float = PING_AFTER_IDLE_S) -> None:
    """Pool checks for MySQL; on SQLite, foreign keys and the write lock taken up front."""
    if engine.dialect.name in ("mysql", "mariadb"):
        _watch_mysql_pool(engine, ping_after_idle_s)
        return
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
        # pysqlite opens transactions lazily and only before writes, so a read-then-write
        # transaction can meet a lock it cannot wait out (SQLITE_BUSY at upgrade time).
        # Taking over BEGIN ourselves (isolation_level None, BEGIN IMMEDIATE below) gives each
        # transaction the single write lock at its start: transactions run one at a time, which
        # is what SELECT ... FOR UPDATE guarantees on MySQL and SQLite otherwise lacks.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")  # off by default in SQLite
        # Wait for the lock instead of failing at once when another request holds it.
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        # Write-ahead logging with synchronous=NORMAL: a commit appends to the log instead of
        # syncing the whole database file, several times faster per move, and the file still
        # cannot be corrupted by a crash (only the last commits may be lost on power failure).
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        # An AUTOCOMMIT connection opens no transaction (a migration's PRAGMA foreign_keys,
        # which SQLite ignores inside one, runs on such a connection).
        if connection.get_execution_options().get("isolation_level") != "AUTOCOMMIT":
            connection.exec_driver_sql("BEGIN IMMEDIATE")


def _watch_mysql_pool(engine: Engine, ping_after_idle_s: float) -> None:
    """Ping a pooled connection only after it sat idle; roll back only one left in a transaction."""

    @event.listens_for(engine, "connect")
    def _fresh(_dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info[RETURNED_AT] = time.monotonic()  # just opened: no need to ping it

    @event.listens_for(engine, "checkout")
    def _ping_if_idle(dbapi_connection: Any, record: ConnectionPoolEntry,
                      _proxy: PoolProxiedConnection) -> None:
        # Under load a connection comes back to work within milliseconds, and a ping then would
        # only cost a round trip. One used a moment ago is dead only if the server went away in
        # that moment: its request gets the 503 page and the pool replaces every connection.
        if time.monotonic() - record.info.get(RETURNED_AT, 0.0) < ping_after_idle_s:
            return
        try:
            dbapi_connection.ping(reconnect=False)
        except Exception as exc:  # the pool discards it and checks out a new one
            raise DisconnectionError("pooled connection is dead") from exc

    @event.listens_for(engine, "checkin")
    def _stamp(_dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
        record.info[RETURNED_AT] = time.monotonic()

    def _mark(open_now: bool) -> Callable[..., None]:
        def listener(conn: Connection, *_args: object) -> None:
            if conn.invalidated:  # the server went away mid-transaction: the pool discards
                return            # this connection, and reading it would hide the real error
            conn.connection.info[IN_TRANSACTION] = open_now
        return listener

    event.listen(engine, "begin", _mark(True))
    event.listen(engine, "commit", _mark(False))
    event.listen(engine, "rollback", _mark(False))

    @event.listens_for(engine, "reset")
    def _roll_back_if_open(dbapi_connection: DBAPIConnection, record: ConnectionPoolEntry,
                           reset_state: PoolResetState) -> None:
        # Unknown counts as open: a connection is never returned to the pool mid-transaction.
        if not reset_state.transaction_was_reset and record.info.get(IN_TRANSACTION, True):
            dbapi_connection.rollback()
            record.info[IN_TRANSACTION] = False


def limit_statement_time(seconds: float) -> None:
    """Cap each of this session's statements at `seconds` (MariaDB; SQLite has no such limit)."""
    if db.engine.dialect.name in ("mysql", "mariadb"):
        db.session.execute(text(f"SET SESSION max_statement_time = {float(seconds)}"))


def lift_statement_time_limit() -> None:
    """End the request's transaction and give the pooled connection back without the cap."""
    if db.engine.dialect.name not in ("mysql", "mariadb"):
        return
    try:
        db.session.rollback()
        db.session.execute(text("SET SESSION max_statement_time = 0"))
    except Exception:  # noqa: BLE001 - a broken connection is discarded by the pool anyway
        db.session().invalidate()


def database_answers() -> bool:
    """Whether the database answers a trivial query now (the health check)."""
    try:
        db.session.execute(text("SELECT 1"))
        return True
    except SQLAlchemyError:
        LOG.warning("health check: database unavailable", exc_info=True)
        return False
    finally:
        db.session.rollback()  # end the transaction (on SQLite it holds the write lock)


def sql_statements(path: Path) -> list[str]:
    """The statements of one of our .sql files: comment lines dropped, split at a ';' ending a line."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines()
             if not line.lstrip().startswith("--")]
    parts = re.split(r";[ \t]*$", "\n".join(lines), flags=re.MULTILINE)
    return [part.strip() for part in parts if part.strip()]


def run_sql_file(path: Path) -> None:
    """Run every statement of path in one transaction (MySQL commits DDL as it goes)."""
    with db.engine.begin() as conn:
        for statement in sql_statements(path):
            # no_parameters: the text goes to the driver as is, so a '%' is not a placeholder.
            conn.execution_options(no_parameters=True).exec_driver_sql(statement)


def create_schema() -> None:
    """Create any missing table: from sql/schema.sql on MySQL, from the models elsewhere."""
    if db.engine.dialect.name in ("mysql", "mariadb"):
        # One catalogue query instead of eleven CREATE TABLE IF NOT EXISTS on every start.
        if not set(db.metadata.tables) <= set(inspect(db.engine).get_table_names()):
            run_sql_file(SCHEMA_SQL)
    else:
        db.metadata.create_all(db.engine)


def is_seeded() -> bool:
    """True once the reference data (the game_details row) is in place."""
    with db.engine.connect() as conn:
        return (conn.scalar(select(func.count()).select_from(GameDetails)) or 0) > 0


def init_database() -> bool:
    """Create missing tables and seed an empty database; never drops data. True if it seeded."""
    create_schema()
    if is_seeded():
        return False
    try:
        run_sql_file(SEED_SQL)
    except IntegrityError:
        # Another process seeded between our check and our insert: its rows stand, ours rolled back.
        if not is_seeded():
            raise
        return False
    return True
