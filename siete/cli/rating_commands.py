"""`flask ratings rebuild`: recompute every skill rating from the finished games."""
from __future__ import annotations

import click
from flask.cli import AppGroup

from siete.service.records.ratings import rated_players, rebuild_ratings

ratings_command = AppGroup("ratings", help="Skill ratings (OpenSkill, Plackett-Luce).")


@ratings_command.command("rebuild")
def rebuild() -> None:
    """Recompute all ratings from the history, in the order the games were rated, with the
    rules each finish applies (siete/service/records/rating_rules.py, docs/ratings.md)."""
    games = rebuild_ratings()
    click.echo(f"Rated {games} finished games; {rated_players()} players have a rating.")
