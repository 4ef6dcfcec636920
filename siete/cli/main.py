"""`python -m siete <cmd>`: the same commands as `flask --app wsgi <cmd>`, with the same output.

A FlaskGroup whose app is built by the factory only when a command needs one: replay and simulate
(without --record) never build it; `db`, `db-adopt` and Flask's own (run, shell, routes) come from
the app's CLI, as with `flask`.
"""
from __future__ import annotations

from flask.cli import FlaskGroup

from siete.app import create_app
from siete.cli.commands import COMMANDS
from siete.cli_i18n import gettext as _

cli = FlaskGroup(name="siete", create_app=create_app, help=_(
    "Replay scenario files (SCENARIOS.md) or simulate bot-vs-bot games."))
for command in COMMANDS:
    cli.add_command(command)


def main(argv: list[str] | None = None) -> None:
    """Run one command and exit with its status (2 for usage errors and forbidden moves)."""
    cli.main(args=argv, prog_name="python -m siete")
