"""Every command of the project on the app's CLI: `flask --app wsgi <cmd>`, and through it
`python -m siete <cmd>` (siete.cli.main looks commands up there)."""
from __future__ import annotations

from flask import Flask

from siete.cli.database_commands import db_setup_command, init_db_command
from siete.cli.engine_commands import replay_command, simulate_command
from siete.cli.odds_command import odds_command
from siete.cli.rating_commands import ratings_command
from siete.cli.report_commands import reports_command
from siete.cli.review_commands import review_games_command
from siete.cli.tournament_command import tournament_command
from siete.cli.worker import worker_command
from siete.data.migrations import init_migrations

# replay, simulate (without --record) and tournament run without a database or app config; the
# others run in the app's context.
COMMANDS = (init_db_command, db_setup_command, replay_command, simulate_command,
            tournament_command, odds_command, reports_command, ratings_command, worker_command,
            review_games_command)


def register_commands(app: Flask) -> None:
    """Attach every command to app.cli, plus `db ...` and `db-adopt` (Alembic migrations)."""
    for command in COMMANDS:
        app.cli.add_command(command)
    init_migrations(app)
