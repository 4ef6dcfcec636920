"""Every command of the project on the app's CLI: `flask --app wsgi <cmd>`, and through it
`python -m siete <cmd>` (siete.cli.main looks commands up there)."""
from __future__ import annotations

from flask import Flask

from siete.cli.database import db_setup_command, init_db_command
from siete.cli.odds import odds_command
from siete.cli.ratings import ratings_command
from siete.cli.replay import replay_command
from siete.cli.reports import reports_command
from siete.cli.simulate import simulate_command
from siete.migrations import init_migrations
from siete.worker import worker_command

# replay and simulate (without --record) run without a database or app config; the others run
# in the app's context.
COMMANDS = (init_db_command, db_setup_command, replay_command, simulate_command, odds_command,
            reports_command, ratings_command, worker_command)


def register_commands(app: Flask) -> None:
    """Attach every command to app.cli, plus `db ...` and `db-adopt` (Alembic migrations)."""
    for command in COMMANDS:
        app.cli.add_command(command)
    init_migrations(app)
