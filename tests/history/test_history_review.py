"""The review of a finished game on the pages (issue 27 item 5): beside each move of the replay,
each person's accuracy on the game page, a column of "My games", the profile's trend and the
rules page's section; a running game shows none."""
from __future__ import annotations

import re

from sqlalchemy import select

from siete.data.base import db
from siete.data.games import GamePlayer
from siete.data.people import Player
from siete.data.reviews import MoveReviewRow, SeatReviewRow
from siete.engine.review import BEST_BELOW, INACCURACY_BELOW, MISTAKE_BELOW
from tests.history.history_games import client_logged_in_as, make_human, play_human_game, review_queued

MARKS = ("best", "inaccuracy", "mistake", "blunder")


def _human_game(app, hands=6, stop_after=None):
    with app.app_context():
        ana = make_human("Ana")
        return play_human_game(app, ana, ("standard", "bold"), hands=hands, stop_after=stop_after)


def _moves(app, game_id, hand):
    with app.app_context():
        return db.session.execute(select(MoveReviewRow.mark, Player.name).join(
            GamePlayer, GamePlayer.id == MoveReviewRow.game_player_id).join(
            Player, Player.id == GamePlayer.player_id).where(
            MoveReviewRow.game_id == game_id, MoveReviewRow.hand_number == hand)).all()


def test_the_replay_marks_each_move_and_the_players_show_their_accuracy(app, client):
    game_id = _human_game(app)
    page = client.get(f"/games/{game_id}?hand=2").get_data(as_text=True)
    moves = _moves(app, game_id, 2)
    assert moves
    shown = re.findall(r'class="move-review move-review--(\w+)"', page)
    assert sorted(shown) == sorted(mark for mark, _name in moves)
    assert "draw " in page and "stand " in page  # the options' values beside the moves
    with app.app_context():
        seats = db.session.execute(select(SeatReviewRow)).scalars().all()
    assert page.count("<dt>Accuracy</dt>") == sum(1 for s in seats if s.decisions)
    assert 'href="/rules#review"' in page
    fragment = client.get(f"/games/{game_id}?hand=3", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert len(re.findall(r"move-review--\w+", fragment)) == len(_moves(app, game_id, 3))


def test_the_review_is_in_spanish_too(app, client):
    game_id = _human_game(app)
    client.set_cookie("lang", "es")
    page = client.get(f"/games/{game_id}?hand=1&lang=es").get_data(as_text=True)
    assert "<dt>Precisión</dt>" in page
    assert re.search(r"pedir [+−]\d,\d\d, plantarse [+−]\d,\d\d", page)


def test_a_running_game_has_no_review(app, client):
    game_id = _human_game(app, hands=10, stop_after=3)
    page = client.get(f"/games/{game_id}?hand=1").get_data(as_text=True)
    assert "move-review--" not in page and "<dt>Accuracy</dt>" not in page


def test_my_games_and_the_profile_show_the_accuracy(app):
    game_id = _human_game(app)
    client = client_logged_in_as(app, "Ana")
    assert "accuracy " not in client.get("/games").get_data(as_text=True)  # queued, not yet
    assert review_queued(app) == 1  # the worker's next tick
    with app.app_context():
        seat = db.session.execute(select(SeatReviewRow).join(Player, Player.id == SeatReviewRow.player_id)
                                  .where(Player.name == "Ana", SeatReviewRow.game_id == game_id)).scalar_one()
    # a best decision counts 1, an inaccuracy half (engine/review_scale.weighted_accuracy)
    accuracy = f"{round(100 * (seat.best + seat.inaccuracies / 2) / seat.decisions)}%"
    mine = client.get("/games").get_data(as_text=True)
    assert re.search(f"accuracy {accuracy}[;<]", mine)  # then what a decision cost, unless ~0
    profile = client.get("/players/Ana").get_data(as_text=True)
    assert 'id="review-title"' in profile and accuracy in profile
    assert 'id="player-accuracy-title"' in profile  # the trend, one bar per reviewed game


def test_the_rules_page_explains_the_marks_with_the_thresholds(client):
    page = client.get("/rules").get_data(as_text=True)
    assert 'id="review"' in page
    for value in (BEST_BELOW, INACCURACY_BELOW, MISTAKE_BELOW):  # as shares, like the figures
        assert f"{round(100 * value)}%" in page
    for mark in MARKS:
        assert f"<strong>{mark}</strong>" in page


def test_the_trend_is_a_bar_a_reviewed_game(app):
    """The profile's chart: the accuracy per game (given, as the review counts it); a game with
    no decision is left out."""
    from siete.web.charts import accuracy_chart

    with app.test_request_context():
        chart = accuracy_chart([(5, 75.0, 4), (6, None, 0), (9, 100.0, 1)])
        assert [(bar.label, bar.value) for bar in chart.bars] == [("5", 75.0), ("9", 100.0)]
        assert chart.bars[0].tooltip == "game 5: accuracy 75% over 4 decisions"
        assert chart.bars[1].tooltip == "game 9: accuracy 100% over 1 decision"
        assert accuracy_chart([]) is None


def test_the_seat_figures_count_in_the_singular_too(app):
    """One decision, one blunder: '1 of 1 decision best', '1 blunder' (and in Spanish)."""
    from flask import render_template_string

    from siete.service.records.review_pages import ReviewFigures

    macro = ('{% from "history/_move_review.html" import seat_review_figures %}'
             '{{ seat_review_figures(figures) }}')
    one = ReviewFigures(decisions=1, best=0, inaccuracies=0, mistakes=1, blunders=1, value_lost=0.4)
    two = ReviewFigures(decisions=2, best=1, inaccuracies=2, mistakes=0, blunders=0, value_lost=0.1)
    for language, expected in (
            ("en", ("0 of 1 decision best", "0 inaccuracies, 1 mistake, 1 blunder",
                    "1 of 2 decisions best", "2 inaccuracies, 0 mistakes, 0 blunders")),
            ("es", ("0 de 1 decisión óptima", "0 imprecisiones, 1 error, 1 error grave",
                    "1 de 2 decisiones óptimas", "2 imprecisiones, 0 errores, 0 errores graves"))):
        with app.test_request_context(headers={"Accept-Language": language}):
            html = render_template_string(macro, figures=one) + render_template_string(macro, figures=two)
        for words in expected:
            assert words in html, (language, words, html)


def test_the_accuracy_says_its_inaccuracies_count_a_half(app):
    """63% beside "18 of 34 decisions best" reads as a wrong sum (18/34 is 53%): the figure
    counts each inaccuracy as a half, and the count beside it now says so (and in Spanish)."""
    from flask import render_template_string

    from siete.service.records.review_pages import ReviewFigures

    macro = ('{% from "history/_move_review.html" import seat_review_figures %}'
             '{{ seat_review_figures(figures) }}')
    figures = ReviewFigures(decisions=34, best=18, inaccuracies=7, mistakes=7, blunders=2,
                            value_lost=5.0)
    clean = ReviewFigures(decisions=3, best=3, inaccuracies=0, mistakes=0, blunders=0, value_lost=0)
    for language, words in (
            ("en", "63% (18 of 34 decisions best; the 7 inaccuracies count a half each)"),
            ("es", "(18 de 34 decisiones óptimas; las 7 imprecisiones cuentan la mitad cada una)")):
        with app.test_request_context(headers={"Accept-Language": language}):
            html = render_template_string(macro, figures=figures)
            plain = render_template_string(macro, figures=clean)
        text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
        assert words in text.replace(" )", ")").replace("( ", "("), (language, text)
        assert "imprecisi" not in plain.split("<dt>")[1] and "inaccurac" not in plain.split("<dt>")[1]
