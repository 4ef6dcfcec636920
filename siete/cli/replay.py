"""`replay FILE...`: play scenario files (SCENARIOS.md) again; with --record, store them as games.

Without --record it needs no database and no app config. Its output and errors are a machine
format (SCENARIOS.md): only the help is translated.
"""
from __future__ import annotations

import json
import sys

import click
from flask import Flask
from flask.cli import ScriptInfo

from siete.cli_i18n import gettext as _
from siete.replay import ScenarioError, load_scenario, replay
from siete.xmlfiles import load_game

EXIT_FORBIDDEN = 2


def read_scenario_text(path: str) -> str:
    """The file's text, or stdin's for '-'."""
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def replay_files(paths: tuple[str, ...]) -> int:
    """Replay each file; print its JSON, or one line on stderr and exit 2 for a forbidden move."""
    base = load_game()
    outputs = []
    for path in paths:
        try:
            data = load_scenario(read_scenario_text(path))
            outputs.append(replay(data, base).to_json())
        except OSError as exc:
            print(f"{path}: {exc.strerror}", file=sys.stderr)
            return EXIT_FORBIDDEN
        except ScenarioError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_FORBIDDEN
    # The expected files are written with indent=1 and no final newline; match them byte for byte.
    sys.stdout.write("\n".join(json.dumps(o, indent=1, ensure_ascii=False) for o in outputs))
    return 0


def record_scenarios(paths: tuple[str, ...], app: Flask) -> int:
    """Store every scenario as a game (all or none); exit 2 naming the first that fails."""
    # Here, not at the top: plain replays (a subprocess per scenario in the tests) must not pay
    # for loading the database stack they never use.
    from siete.service.replaying import record_scenarios as store_scenarios

    texts = []
    for path in paths:
        try:
            texts.append((path, read_scenario_text(path)))
        except OSError as exc:
            print(f"{path}: {exc.strerror}", file=sys.stderr)
            return EXIT_FORBIDDEN
    with app.app_context():
        try:
            games = store_scenarios(texts, app.config["GAME"])
        except ScenarioError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_FORBIDDEN
        for path, game in zip(paths, games):
            print(_("%(path)s: stored as game %(id)s (%(status)s, %(hands)s hands)", path=path,
                    id=game.id, status=game.status, hands=game.hands_played))
    return 0


@click.command("replay", help=_("replay scenario files (SCENARIOS.md)"))
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--record", is_flag=True, help=_("store the games in the database"))
@click.pass_context
def replay_command(ctx: click.Context, files: tuple[str, ...], record: bool) -> None:
    if record:  # only then is the app (config, database) loaded
        ctx.exit(record_scenarios(files, ctx.ensure_object(ScriptInfo).load_app()))
    ctx.exit(replay_files(files))
