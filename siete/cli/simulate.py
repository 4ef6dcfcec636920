"""Flask CLI commands of the game itself: `flask --app wsgi simulate --games N --record`."""
from __future__ import annotations

import json

import click
from flask import current_app

from siete.cli_i18n import gettext as _
from siete.db import db


@click.command("simulate")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=10, show_default=True)
@click.option("--players", type=click.IntRange(2, 8), default=4, show_default=True)
@click.option("--profiles", default="standard,cautious,bold", show_default=True,
              help="comma-separated bot profiles, repeated to fill the seats")
@click.option("--hands", type=click.IntRange(1, 1000), default=None, help="hands per game")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--record/--no-record", default=False,
              help="store every game in the database, through the same path as web games")
@click.option("--one-by-one", is_flag=True,
              help="with --record: store each game through the web's table path (slow) instead "
                   "of in batches of the same rows")
@click.option("--workers", type=click.IntRange(0, 8), default=1, show_default=True,
              help="with --record: processes that play the games while this one stores them")
@click.option("--json", "as_json", is_flag=True, help="print the statistics as JSON")
def simulate_command(games: int, players: int, profiles: str, hands: int | None, seed: int,
                     record: bool, one_by_one: bool, workers: int, as_json: bool) -> None:
    """Play bot-vs-bot games; with --record they are stored like any game played on the web."""
    from tqdm import tqdm

    from siete.simulate import seat_profiles, simulate

    config = current_app.config["GAME"].with_overrides(max_hands=hands)
    try:
        seats = seat_profiles(profiles, players)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--profiles") from None
    if record:
        from siete.service.errors import RuleBroken
        from siete.service.simulating import simulate_recorded, simulate_recorded_bulk

        try:
            if one_by_one:
                ids = simulate_recorded(seats, games, config, seed, config.max_hands,
                                        progress=tqdm(range(games), unit="game"))
            else:
                ids = simulate_recorded_bulk(seats, games, config, seed, config.max_hands,
                                             progress=tqdm(range(games), unit="game"),
                                             workers=workers)
        except RuleBroken as exc:
            raise click.ClickException(str(exc)) from None
        click.echo(_("stored %(num)s games (ids %(first)s-%(last)s) in %(url)s", num=len(ids),
                     first=ids[0], last=ids[-1],
                     url=db.engine.url.render_as_string(hide_password=True)))
        return
    stats = simulate(seats, games, config, seed, progress=True)
    rows = [s.row(name) for name, s in stats.items()]
    if as_json:
        click.echo(json.dumps({"games": games, "seed": seed, "profiles": rows}, indent=1))
    else:
        for row in rows:
            click.echo(_("%(profile)9s: %(games)s seats, win rate %(rate).1f%% (%(low).1f%%-%(high).1f%%), "
                         "mean points %(mean).2f", profile=row["profile"], games=row["games"],
                         rate=row["win_rate"] * 100, low=row["win_ci_low"] * 100,
                         high=row["win_ci_high"] * 100, mean=row["mean_points"]))
