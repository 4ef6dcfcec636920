"""A game row in My games says its points with their number: a game ended with 1 point read
"1 points" ("1 puntos"), the slip the trial saw on the lobby's "1 libres"."""
from __future__ import annotations

from sqlalchemy import select, update

from siete.data.base import db
from siete.data.games import GamePlayer
from tests.history.history_games import client_logged_in_as, make_human, play_human_game


def set_final_points(game_id: int, player_id: int, points: int | None) -> int | None:
    """Write a seat's final points; returns what they were (the record is put back after, for
    the session's replay check)."""
    seat = (GamePlayer.game_id == game_id, GamePlayer.player_id == player_id)
    before = db.session.scalar(select(GamePlayer.final_points).where(*seat))
    db.session.execute(update(GamePlayer).where(*seat).values(final_points=points))
    db.session.commit()
    return before


def test_a_game_ended_with_one_point_says_one_point(app):
    with app.app_context():
        ana = make_human("Ana")
        game_id = play_human_game(app, ana, ("standard",), hands=2)
        kept = set_final_points(game_id, ana.id, 1)
    try:
        client = client_logged_in_as(app, "Ana")
        en = client.get("/games").get_data(as_text=True)
        assert "1 point<" in en and "1 points" not in en
        es = client.get("/games", headers={"Accept-Language": "es"}).get_data(as_text=True)
        assert "1 punto<" in es and "1 puntos" not in es
    finally:
        with app.app_context():
            set_final_points(game_id, ana.id, kept)
