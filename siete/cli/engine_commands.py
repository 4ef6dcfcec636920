"""The engine's commands: `replay FILE...` plays scenario files (SCENARIOS.md) again, with
--record stores them as games; `simulate` plays bot-vs-bot games with statistics per profile
(bots written outside the project among them: --bot, docs/bots.md), with --record stores them
like any game played on the web (in batches, or --one-by-one through the tables' path).

Without --record neither needs a database or the app's config. replay's output and errors are a
machine format (SCENARIOS.md): only the help is translated.
"""
from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from contextlib import ExitStack
from typing import Any

import click
from flask import Flask, current_app, has_app_context
from flask.cli import ScriptInfo
from rich.console import Console
from rich.table import Table
from tqdm import tqdm

from siete.cli.bot_loading import fault_report, outside_bot_options, started_bots
from siete.cli.fitted_tables import print_fitted
from siete.cli.simulate_jobs import all_cores, simulate_in_jobs
from siete.data.xmlfiles import load_game
from siete.engine.bots import PROFILES, Players, with_bots
from siete.engine.codes import BotProfile
from siete.engine.config import GameConfig
from siete.engine.plugged import PluggedBot
from siete.engine.replay import ScenarioError, load_scenario, replay
from siete.engine.simulate import UnknownProfiles, seat_profiles, simulate
from siete.i18n.catalogs import gettext as _
from siete.settings import service_settings

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
    from sqlalchemy.exc import SQLAlchemyError

    from siete.service.records.scenario_games import record_scenarios as store_scenarios

    texts = []
    for path in paths:
        try:
            texts.append((path, read_scenario_text(path)))
        except OSError as exc:
            print(f"{path}: {exc.strerror}", file=sys.stderr)
            return EXIT_FORBIDDEN
    with app.app_context():
        try:
            games = store_scenarios(texts, service_settings(app).game)
        except ScenarioError as exc:
            print(str(exc), file=sys.stderr)
            return EXIT_FORBIDDEN
        except SQLAlchemyError as exc:  # e.g. no database there: one line, not a traceback
            reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            print(_("the scenarios were not stored: %(reason)s", reason=reason), file=sys.stderr)
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


EXIT_USAGE = 2


@click.command("simulate", help=_("bot-vs-bot games with statistics per profile"))
@click.option("--players", type=int, default=4, show_default=True, help=_("seats at the table (2-8)"))
@click.option("--profiles", default=",".join(BotProfile), show_default=True,
              help=_("comma-separated bot profiles, repeated to fill the seats"))
@click.option("--games", type=int, default=200, show_default=True, help=_("how many games to play"))
@click.option("--hands", type=int, default=None, help=_("hands per game (default: config)"))
@click.option("--seed", type=int, default=1, show_default=True,
              help=_("the seed: the same one, the same games"))
@click.option("--json", "as_json", is_flag=True, help=_("print JSON for machines"))
@click.option("--no-progress", is_flag=True, help=_("no progress bar"))
@click.option("--review", is_flag=True,
              help=_("review every game as the game pages do: accuracy and blunders per profile"))
@click.option("--record/--no-record", default=False,
              help="store every game in the database, through the same path as web games")
@click.option("--one-by-one", is_flag=True,
              help="with --record: store each game through the web's table path (slow) instead "
                   "of in batches of the same rows")
@click.option("--workers", type=click.IntRange(0, 8), default=1, show_default=True,
              help="with --record: processes that play the games while this one stores them")
@outside_bot_options
@click.option("--jobs", type=click.IntRange(0, 64), default=1, show_default=True,
              help=_("processes that play the games, one core each (0: all cores); the same "
                     "figures as one"))
@click.pass_context
def simulate_command(ctx: click.Context, players: int, profiles: str, games: int,
                     hands: int | None, seed: int, as_json: bool, no_progress: bool, review: bool,
                     record: bool, one_by_one: bool, workers: int, bots: tuple[str, ...],
                     bot_seconds: float, jobs: int) -> None:
    app = ctx.ensure_object(ScriptInfo).load_app() if record else None  # only --record needs it
    with ExitStack() as running:
        try:
            if jobs != 1 and record:
                raise ValueError(_("--jobs plays games without --record only"))
            outside = running.enter_context(started_bots(bots, bot_seconds))
            known = with_bots(outside)
            config = base_config(app).with_overrides(max_hands=hands)
            if not config.min_players <= players <= config.max_players or games < 1:
                raise ValueError(_("players must be %(min)s-%(max)s and games at least 1",
                                   min=config.min_players, max=config.max_players))
            seats = seat_profiles(profiles, players, known)
            if record and not set(seats) <= set(BotProfile):  # the database stores these only
                raise ValueError(_("--record stores only the profiles %(known)s",
                                   known=", ".join(BotProfile)))
        except UnknownProfiles as exc:
            click.echo("simulate: " + unknown_profiles_message(exc, known), err=True)
            ctx.exit(EXIT_USAGE)
        except ValueError as exc:  # BadBot too
            click.echo(f"simulate: {exc}", err=True)
            ctx.exit(EXIT_USAGE)
        if app is not None:
            with app.app_context():
                _record(seats, games, config, seed, one_by_one, workers, no_progress)
            return
        _simulate_and_print(seats, games, config, seed, outside,
                            {"players": players, "json": as_json, "quiet": no_progress,
                             "review": review, "jobs": jobs or all_cores(), "bots": bots,
                             "bot_seconds": bot_seconds})


def unknown_profiles_message(exc: UnknownProfiles, known: Players | None = None) -> str:
    return _("unknown profile(s) %(names)s; known: %(known)s",
             names=", ".join(exc.unknown) or _("(none)"), known=", ".join(known or PROFILES))


def progress_numbers(quiet: bool, unit: str) -> Any:
    """A wrapper that shows a progress bar on stderr over what it wraps (unless quiet)."""
    def numbers(items: Iterable[Any]) -> Iterable[Any]:
        counted: Iterable[Any] = tqdm(items, disable=quiet, unit=unit, file=sys.stderr)
        return counted
    return numbers


def report_faults(outside: dict[str, PluggedBot], command: str) -> dict[str, int]:
    """Say on stderr which bots from outside lost decisions; their counts by profile."""
    for bot in outside.values():
        for line in fault_report(bot):
            click.echo(f"{command}: {line}", err=True)
    return {name: bot.fault_count for name, bot in outside.items()}


def _simulate_and_print(seats: list[str], games: int, config: GameConfig, seed: int,
                        outside: dict[str, PluggedBot], options: dict[str, Any]) -> None:
    """Play the games, then print the table (or JSON) and what the outside bots did wrong."""
    if options["jobs"] > 1:
        with tqdm(total=games, disable=options["quiet"], unit="game", file=sys.stderr) as bar:
            stats = simulate_in_jobs(seats, games, config, seed, options["review"],
                                     options["jobs"], bar.update, outside, options["bots"],
                                     options["bot_seconds"])
    else:
        stats = simulate(seats, games, config, seed,
                         numbers=progress_numbers(options["quiet"], "game"),
                         review=options["review"], players=with_bots(outside))
    faults = report_faults(outside, "simulate")
    rows = [{**s.row(name), **({"faults": faults[name]} if name in faults else {})}
            for name, s in stats.items()]
    players, as_json = options["players"], options["json"]
    if as_json:
        click.echo(json.dumps({"games": games, "players": players, "seed": seed,
                               "hands": config.max_hands, "profiles": rows}, indent=1))
    else:
        print_fitted(Console(), statistics_table(rows, games, players, seed))


def base_config(app: Flask | None) -> GameConfig:
    """The app's game settings when there is an app, else the same XML file read here."""
    if app is not None:
        return service_settings(app).game
    return service_settings(current_app).game if has_app_context() else load_game()


def _record(seats: list[str], games: int, config: GameConfig, seed: int, one_by_one: bool,
            workers: int, no_progress: bool) -> None:
    """Play and store the games, then say which ids they got and where."""
    # Here, not at the top: without --record no database stack is loaded (a faster start).
    from siete.data.base import db
    from siete.i18n.error_words import cli_error_message
    from siete.service.errors import RuleBroken
    from siete.service.records.bot_games import simulate_recorded, simulate_recorded_bulk

    progress = tqdm(range(games), unit="game", disable=no_progress)
    try:
        if one_by_one:
            ids = simulate_recorded(seats, games, config, seed, config.max_hands, progress=progress)
        else:
            ids = simulate_recorded_bulk(seats, games, config, seed, config.max_hands,
                                         progress=progress, workers=workers)
    except RuleBroken as exc:
        raise click.ClickException(cli_error_message(exc)) from None
    click.echo(_("stored %(num)s games (ids %(first)s-%(last)s) in %(url)s", num=len(ids),
                 first=ids[0], last=ids[-1],
                 url=db.engine.url.render_as_string(hide_password=True)))


def statistics_table(rows: list[dict[str, Any]], games: int, players: int, seed: int) -> Table:
    """One row per profile: win rate with its 95% interval, points, busts, the bank's profit."""
    table = Table(title=_("%(games)s games, %(players)s seats, seed %(seed)s",
                          games=games, players=players, seed=seed))
    reviewed = any("accuracy" in r for r in rows)
    faulty = any("faults" in r for r in rows)
    columns = [_("profile"), _("games"), _("win rate (95% CI)"), _("mean points"),
               _("busts/hand"), _("bank profit/hand")]
    if reviewed:
        columns += [_("accuracy"), _("blunders/100 decisions")]
    if faulty:
        columns.append(_("decisions forfeited"))
    for index, column in enumerate(columns):
        table.add_column(column, justify="left" if index == 0 else "right")
    for r in rows:
        cells = [r["profile"], str(r["games"]),
                 f"{r['win_rate']:.1%} ({r['win_ci_low']:.1%}-{r['win_ci_high']:.1%})",
                 f"{r['mean_points']:.2f}", f"{r['busts_per_hand']:.3f}",
                 f"{r['bank_profit_per_hand']:+.3f}"]
        if reviewed:
            cells += [f"{r.get('accuracy', 0.0):.1%}", f"{r.get('blunders_per_100', 0.0):.2f}"]
        if faulty:
            cells.append(str(r["faults"]) if "faults" in r else "")
        table.add_row(*cells)
    return table
