"""Counting the SQL statements the app sends (the move's and the poll's statement budgets)."""
from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

from siete.data.base import db


@contextmanager
def _listening(app, name: str, listener):
    """`listener` on the app's engine for the engine event `name` while the block runs."""
    with app.app_context():
        engine = db.engine
    event.listen(engine, name, listener)
    try:
        yield
    finally:
        event.remove(engine, name, listener)


@contextmanager
def counted_statements(app):
    """Collect the SQL statements the app sends while the block runs.

    BEGIN is left out: on SQLite the project's engine hook opens every transaction with an
    explicit BEGIN IMMEDIATE (MySQL sends none); it is transaction control, not a query.
    """
    statements: list[str] = []

    def before(_conn, _cursor, statement, *_args):
        if not statement.lstrip().upper().startswith("BEGIN"):
            statements.append(statement)

    with _listening(app, "before_cursor_execute", before):
        yield statements


@contextmanager
def counted_commits(app):
    """Count the transactions the app commits while the block runs (a list, one entry each)."""
    commits: list[int] = []
    with _listening(app, "commit", lambda _conn: commits.append(1)):
        yield commits
