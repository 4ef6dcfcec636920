"""`python -m siete tournament`: a round robin of bot profiles, house ones and bots written
outside the project (--bot, docs/bots.md), that says who is better with what confidence."""
from __future__ import annotations

import json
import sys
from contextlib import ExitStack
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from tqdm import tqdm

from siete.cli.bot_loading import outside_bot_options, started_bots
from siete.cli.engine_commands import (
    EXIT_USAGE,
    base_config,
    progress_numbers,
    report_faults,
    unknown_profiles_message,
)
from siete.cli.fitted_tables import print_fitted
from siete.cli.simulate_jobs import all_cores, round_robin_in_jobs
from siete.engine.bots import with_bots
from siete.engine.codes import BotProfile
from siete.engine.simulate import UnknownProfiles, profile_names
from siete.engine.tournament import Match, Tournament, pairings, round_robin
from siete.i18n.catalogs import gettext as _


def seat_counts(spec: str, low: int, high: int) -> list[int]:
    """'2,4' -> [2, 4]; every count a table may seat."""
    try:
        counts = sorted({int(part) for part in spec.split(",") if part.strip()})
    except ValueError:
        counts = []
    if not counts or not all(low <= n <= high for n in counts):
        raise ValueError(_("--seats must list table sizes from %(min)s to %(max)s, like 2,4",
                           min=low, max=high))
    return counts


@click.command("tournament", help=_("a round robin of bot profiles: who is better, how surely"))
@click.option("--profiles", default=",".join(BotProfile), show_default=True,
              help=_("comma-separated profiles; every pair of them plays a match"))
@click.option("--seats", default="2", show_default=True,
              help=_("comma-separated table sizes; every pair meets at each"))
@click.option("--games", type=click.IntRange(1), default=200, show_default=True,
              help=_("games per match"))
@click.option("--hands", type=click.IntRange(1), default=None,
              help=_("hands per game (default: config)"))
@click.option("--seed", type=int, default=1, show_default=True,
              help=_("the seed: the same one, the same games"))
@click.option("--json", "as_json", is_flag=True, help=_("print JSON for machines"))
@click.option("--no-progress", is_flag=True, help=_("no progress bar"))
@outside_bot_options
@click.option("--jobs", type=click.IntRange(0, 64), default=1, show_default=True,
              help=_("processes that play the matches, one core each (0: all cores); the same "
                     "figures as one"))
@click.pass_context
def tournament_command(ctx: click.Context, profiles: str, seats: str, games: int,
                       hands: int | None, seed: int, as_json: bool, no_progress: bool,
                       bots: tuple[str, ...], bot_seconds: float, jobs: int) -> None:
    with ExitStack() as running:
        try:
            outside = running.enter_context(started_bots(bots, bot_seconds))
            known = with_bots(outside)
            config = base_config(None).with_overrides(max_hands=hands)
            names = list(dict.fromkeys(profile_names(profiles, known)))
            if len(names) < 2:
                raise ValueError(_("a tournament needs at least two profiles"))
            seatings = seat_counts(seats, config.min_players, config.max_players)
        except UnknownProfiles as exc:
            click.echo("tournament: " + unknown_profiles_message(exc, known), err=True)
            ctx.exit(EXIT_USAGE)
        except ValueError as exc:  # a bad --bot too
            click.echo(f"tournament: {exc}", err=True)
            ctx.exit(EXIT_USAGE)
        jobs = jobs or all_cores()
        if jobs > 1:
            total = len(pairings(names, seatings))
            with tqdm(total=total, disable=no_progress, unit="match", file=sys.stderr) as bar:
                result = round_robin_in_jobs(names, seatings, games, config, seed, jobs,
                                             bar.update, outside, bots, bot_seconds)
        else:
            result = round_robin(names, seatings, games, config, seed, known,
                                 numbers=progress_numbers(no_progress, "match"))
        faults = report_faults(outside, "tournament")
        if as_json:
            click.echo(json.dumps(tournament_json(result, games, seed, config.max_hands, faults),
                                  indent=1))
        else:
            print_tables(result, games, seed)


def print_tables(result: Tournament, games: int, seed: int) -> None:
    console = Console()
    print_fitted(console, matches_table(result.matches, games, seed))
    print_fitted(console, standings_table(result))


def match_row(match: Match) -> dict[str, Any]:
    low, high = match.interval()
    return {"first": match.first, "second": match.second, "seats": match.seats,
            "games": match.games, "first_wins": match.first_wins,
            "second_wins": match.second_wins, "first_share": round(match.share, 4),
            "share_ci_low": low, "share_ci_high": high, "confidence": match.confidence(),
            "better": match.better()}


def tournament_json(result: Tournament, games: int, seed: int, hands: int,
                    faults: dict[str, int]) -> dict[str, Any]:
    standings = []
    for name, standing in result.standings.items():
        low, high = standing.interval()
        standings.append({"profile": name, "games": standing.games, "wins": standing.wins,
                          "win_share": round(standing.wins / standing.games, 4),
                          "share_ci_low": low, "share_ci_high": high,
                          "matches_better": standing.matches_better,
                          "matches_worse": standing.matches_worse,
                          **({"faults": faults[name]} if name in faults else {})})
    return {"games_per_match": games, "seed": seed, "hands": hands,
            "matches": [match_row(m) for m in result.matches], "standings": standings}


def matches_table(matches: list[Match], games: int, seed: int) -> Table:
    """One row per match: the first profile's share of the wins, and what the games show."""
    table = Table(title=_("%(games)s games per match, seed %(seed)s", games=games, seed=seed))
    for index, column in enumerate((_("match"), _("seats"), _("first's wins (95% CI)"),
                                    _("confidence"), _("verdict"))):
        table.add_column(column, justify="left" if index in (0, 4) else "right")
    for match in matches:
        row = match_row(match)
        better = match.better()
        verdict = (_("%(name)s is better", name=better) if better
                   else _("no clear difference"))
        table.add_row(f"{match.first} - {match.second}", str(match.seats),
                      f"{row['first_share']:.1%} ({row['share_ci_low']:.1%}-"
                      f"{row['share_ci_high']:.1%})", f"{row['confidence']:.1%}", verdict)
    return table


def standings_table(result: Tournament) -> Table:
    """Each profile's share of the wins in all its matches (50% is even), best first."""
    table = Table(title=_("standings"))
    for index, column in enumerate((_("profile"), _("games"), _("win share (95% CI)"),
                                    _("matches won clearly"), _("matches lost clearly"))):
        table.add_column(column, justify="left" if index == 0 else "right")
    ranked = sorted(result.standings.items(), key=lambda item: -item[1].wins / item[1].games)
    for name, standing in ranked:
        low, high = standing.interval()
        table.add_row(name, str(standing.games),
                      f"{standing.wins / standing.games:.1%} ({low:.1%}-{high:.1%})",
                      str(standing.matches_better), str(standing.matches_worse))
    return table
