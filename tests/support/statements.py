"""Counting the SQL statements the app sends (the move's and the poll's statement budgets)."""
from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

from siete.data.base import db


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

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", before)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", before)


@contextmanager
def counted_commits(app):
    """Count the transactions the app commits while the block runs (a list, one entry each)."""
    commits: list[int] = []

    def on_commit(_conn):
        commits.append(1)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "commit", on_commit)
    try:
        yield commits
    finally:
        event.remove(engine, "commit", on_commit)
