"""The game page says why a player who lost the game can still gain rating: the rating goes by
final place (docs/ratings.md: OpenSkill's Plackett-Luce over the places; R7.2 names one winner
but ranks every seat). A newcomer's trial read "lost (place 2 of 4)" beside "1500 → 1548 (+48)"
as a mistake, with nothing on the page to say otherwise."""
from __future__ import annotations

from sqlalchemy import select

from siete.data.base import db
from siete.data.games import GamePlayer
from siete.data.player_stats import GameRating
from tests.history.history_games import make_human, play_human_game

NOTE = 'id="rating-by-place"'


def _game_with_changes(app, loser_gains: bool) -> int:
    """A rated game of Ana and two bots, its rating rows set so every seat gains, or only the winner."""
    with app.app_context():
        game_id = play_human_game(app, make_human("Ana"), ("standard", "bold"), hands=3)
        winner = db.session.scalar(select(GamePlayer.player_id).where(
            GamePlayer.game_id == game_id, GamePlayer.result == "won"))
        for row in db.session.scalars(select(GameRating).where(GameRating.game_id == game_id)):
            gains = loser_gains or row.player_id == winner
            row.mu_after, row.sigma_after = row.mu_before + (3 if gains else -3), row.sigma_before
        db.session.commit()
    return game_id


def test_a_loser_who_gained_rating_is_told_why(app, client):
    game_id = _game_with_changes(app, loser_gains=True)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert NOTE in page and "Ratings go by final place, not only by who won" in page
    client.set_cookie("lang", "es")
    assert "La valoración va por el puesto final" in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_no_note_when_only_the_winner_gained(app, client):
    game_id = _game_with_changes(app, loser_gains=False)
    assert NOTE not in client.get(f"/games/{game_id}").get_data(as_text=True)
