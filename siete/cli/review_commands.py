"""`flask review-games`: review the finished games that have no review (finished before games
were reviewed at their end), a batch per transaction."""
from __future__ import annotations

import click
from flask import current_app
from flask.cli import with_appcontext

from siete.service.records.game_review import review_stored_game, unreviewed_games
from siete.service.unit_of_work import unit_of_work
from siete.settings import service_settings

BY = "review-games"


@click.command("review-games")
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Review at most this many games (all by default).")
@click.option("--batch", type=click.IntRange(min=1), default=50, show_default=True)
@with_appcontext
def review_games_command(limit: int | None, batch: int) -> None:
    """Review every finished game that has no review yet, oldest first."""
    cards = service_settings(current_app).game.cards
    done = 0
    while limit is None or done < limit:
        size = batch if limit is None else min(batch, limit - done)
        with unit_of_work():
            ids = unreviewed_games(size)
            for game_id in ids:
                review_stored_game(game_id, cards, BY)
        done += len(ids)
        if len(ids) < size:
            break
    click.echo(f"Reviewed {done} finished games.")
