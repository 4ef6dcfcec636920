"""The reports' pages (siete/reports/) and the command line (siete/cli/) run no SQL: they call the
services (siete/service/reports/ for the reports), whose queries are the files of sql/; and the
command line imports no blueprint, which would bring the web stack into every command."""
from __future__ import annotations

import ast
from pathlib import Path

from tests.support.source_imports import ROOT, imported_modules

CALLERS = ("siete/reports", "siete/cli")
BLUEPRINTS = ("siete.auth", "siete.play", "siete.reports", "siete.history", "siete.site")
# What the callers may take from SQLAlchemy: its errors (to answer a database that is down) and
# make_url (to show which database a command talks to); nothing that builds or runs a query.
HARMLESS_SQLALCHEMY = ("sqlalchemy.exc", "sqlalchemy.engine")
# Calls that run SQL, on a session, a connection or an engine, and Flask-SQLAlchemy's Model.query.
RUNNING = {"execute", "exec_driver_sql", "scalar", "scalars", "query"}


def caller_files() -> list[Path]:
    return sorted(path for folder in CALLERS for path in (ROOT / folder).rglob("*.py"))


def sqlalchemy_imports(path: Path) -> set[str]:
    return {name for name in imported_modules(path)
            if name.partition(".")[0] == "sqlalchemy" and not name.startswith(HARMLESS_SQLALCHEMY)}


def sql_runs(path: Path) -> list[str]:
    """`x.execute(...)`, `x.query`, `text(...)` and the like, as 'line: code'."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Attribute) and node.attr in RUNNING:
            found.append(f"{node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "text":
            found.append(f"{node.lineno}: text()")
    return found


def test_the_callers_import_nothing_of_sqlalchemy_that_makes_a_query():
    found = {str(p.relative_to(ROOT)): sorted(names) for p in caller_files() if (names := sqlalchemy_imports(p))}
    assert found == {}


def test_the_callers_run_no_sql():
    found = {str(p.relative_to(ROOT)): runs for p in caller_files() if (runs := sql_runs(p))}
    assert found == {}


def test_the_command_line_imports_no_blueprint():
    found = {str(path.relative_to(ROOT)): sorted(names) for path in (ROOT / "siete/cli").rglob("*.py")
             if (names := {n for n in imported_modules(path) if n.startswith(BLUEPRINTS)})}
    assert found == {}


def test_the_checks_see_what_they_look_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from sqlalchemy import text\nrows = db.session.execute(text('SELECT 1'))\n"
                      "Player.query.first()\n", encoding="utf-8")
    assert sql_runs(sample) == ["2: .execute", "2: text()", "3: .query"]
