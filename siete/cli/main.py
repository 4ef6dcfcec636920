"""`python -m siete <cmd>`: the same commands as `flask --app wsgi <cmd>`, with the same output.

A FlaskGroup whose app the factory builds only when a command needs one. replay, simulate,
tournament, odds and play are the group's own (they run without a database or app config, and
start fast); every other command (init-db, reports, ratings, worker, db, db-adopt, and Flask's
run, shell, routes) is looked up on the app's CLI, where siete.cli.commands registered it,
exactly as `flask --app wsgi` does.
"""
from __future__ import annotations

import click
from flask import Flask
from flask.cli import FlaskGroup

from siete.cli.engine_commands import replay_command, simulate_command
from siete.cli.odds_command import odds_command
from siete.cli.play_command import play_command
from siete.cli.tournament_command import tournament_command
from siete.data.xmlfiles import XmlFileError
from siete.i18n.catalogs import gettext as _

# A missing or broken XML file (the game config at start, the cards file on the first deal).
EXIT_BAD_FILE = 2


def build_app() -> Flask:
    """The app, for the commands that need one."""
    # Imported here, not at the top: the web stack (SQLAlchemy, Alembic, the models) takes
    # seconds to import on a busy machine, and replay and simulate never need it.
    from siete.app import create_app

    return create_app()


class SieteGroup(FlaskGroup):
    """Finds its own commands before Flask's plugins (Flask-Limiter's import alone costs more
    than a whole replay); anything else is looked up as FlaskGroup does."""

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return click.Group.get_command(self, ctx, name) or super().get_command(ctx, name)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; a bad XML file, whenever it is read, is its one line and exit 2."""
        try:
            return super().invoke(ctx)
        except XmlFileError as exc:
            click.echo(f"{ctx.invoked_subcommand or ctx.info_name}: {exc}", err=True)
            ctx.exit(EXIT_BAD_FILE)


cli = SieteGroup(name="siete", create_app=build_app, help=_(
    "Replay scenario files (SCENARIOS.md) or simulate bot-vs-bot games."))
cli.add_command(replay_command)
cli.add_command(simulate_command)
cli.add_command(odds_command)
cli.add_command(play_command)
cli.add_command(tournament_command)


def main(argv: list[str] | None = None) -> None:
    """Run one command and exit with its status (2 for usage errors and forbidden moves)."""
    cli.main(args=argv, prog_name="python -m siete")
