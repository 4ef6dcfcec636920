"""What a newcomer reads about ratings and the review, in English and Spanish (the last user
trial): no μ/σ, a "?" explained in visible text (a phone has no hover to read its title), and
the review's cost of a decision as a share of the points in play, left out when it rounds to
0 %, never "0.00 lost a decision"."""
from __future__ import annotations

import re

from sqlalchemy import select, update

from siete.data.base import db
from siete.data.people import Player
from siete.data.reviews import SeatReviewRow
from siete.service.tables.lobby_actions import TableSpec, create_table
from tests.history.history_games import client_logged_in_as, make_human, play_human_game, review_queued

LEGEND = "A rating marked “?” is provisional: fewer than 10 rated games."
LEYENDA = "Una valoración marcada con «?» es provisional: menos de 10 partidas puntuadas."


def _text(page: str) -> str:
    """The page's visible words: tags (and their title attributes) out, spaces joined."""
    without_tags = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", without_tags.replace("\xa0", " "))


def _rated_game(app) -> int:
    """Ana's first rated game, finished and reviewed: her rating is provisional."""
    with app.app_context():
        ana = make_human("Ana")
        game_id = play_human_game(app, ana, ("standard", "bold"), hands=4)
    review_queued(app)
    return game_id


def test_ratings_have_no_greek_and_the_question_mark_is_said_in_words(app):
    game_id = _rated_game(app)
    with app.app_context():  # a table Ana opens: the lobby lists her, with her rating
        ana = db.session.scalar(select(Player).where(Player.name == "Ana"))
        create_table(ana, TableSpec(name="next", seats=3), app.config["GAME"])
    client = client_logged_in_as(app, "Ana")
    rankings = client.get("/rankings").get_data(as_text=True)
    assert "μ" not in rankings and "σ" not in rankings and "OpenSkill" not in _text(rankings)
    assert re.search(r"\d+ rated games?\b", _text(rankings))
    for path in (f"/games/{game_id}", f"/tables/{game_id}/fragment", "/players/Ana"):
        page = client.get(path).get_data(as_text=True)
        assert "rating--provisional" in page, path
        assert LEGEND in _text(page), path
    lobby = client.get("/lobby/tables").get_data(as_text=True)  # bare numbers after the names
    assert "rating--provisional" in lobby
    assert ("The number after a name is that player’s rating; a rating marked “?” is provisional: "
            "fewer than 10 rated games.") in _text(lobby)
    client.set_cookie("lang", "es")
    for path in ("/rankings", f"/games/{game_id}", "/players/Ana"):
        page = client.get(path).get_data(as_text=True)
        assert "μ" not in page and "σ" not in page
        assert "«?»" in _text(page) and "provisional" in _text(page), path
    assert LEYENDA in _text(client.get("/players/Ana").get_data(as_text=True))


def _set_mean_lost(app, name: str, per_decision: float) -> None:
    with app.app_context():
        player_id = db.session.scalar(select(Player.id).where(Player.name == name))
        db.session.execute(update(SeatReviewRow).where(SeatReviewRow.player_id == player_id)
                           .values(value_lost=SeatReviewRow.decisions * per_decision))
        db.session.commit()


def test_the_cost_of_a_decision_reads_as_a_share_of_the_points_in_play(app):
    game_id = _rated_game(app)
    client = client_logged_in_as(app, "Ana")
    _set_mean_lost(app, "Ana", 0.04)
    mine = _text(client.get("/games").get_data(as_text=True))
    assert "a decision cost 4% of the points in play on average" in mine
    game = _text(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Average cost 4% of the points in play a decision" in game
    profile = _text(client.get("/players/Ana").get_data(as_text=True))
    assert "On average a decision cost 4% of the points in play." in profile
    for page in (mine, game, profile):
        assert "lost a decision" not in page and "a decision 0" not in page
    client.set_cookie("lang", "es")
    mine = _text(client.get("/games").get_data(as_text=True))
    assert "de media, cada decisión costó el 4% de los puntos en juego" in mine
    assert "perdido por decisión" not in mine


def test_a_cost_that_rounds_to_nothing_is_not_shown(app):
    game_id = _rated_game(app)
    client = client_logged_in_as(app, "Ana")
    _set_mean_lost(app, "Ana", 0.001)
    mine = _text(client.get("/games").get_data(as_text=True))
    assert re.search(r"accuracy \d+%", mine) and "a decision cost" not in mine
    assert "0.00" not in mine
    game = client.get(f"/games/{game_id}").get_data(as_text=True)
    seats = game[game.index('class="seat-list"'):]
    ana = seats[seats.index('href="/players/Ana"'):].split("</li>", 1)[0]
    assert "<dt>Accuracy</dt>" in ana and "Average cost" not in ana
    profile = _text(client.get("/players/Ana").get_data(as_text=True))
    assert "On average a decision cost" not in profile
    client.set_cookie("lang", "es")
    assert "0,00" not in _text(client.get("/games").get_data(as_text=True))
