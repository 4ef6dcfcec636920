"""Practice tables ("Show the odds", #27.4) are never rated: not when they finish, not when the
ratings are rebuilt, not on the rankings; "My games", the profile and the game page mark them."""
from __future__ import annotations

from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game
from siete.data.player_stats import GameRating, PlayerRating
from siete.engine.state import DEAL, OVER
from siete.service.records.ratings import rebuild_ratings
from siete.service.tables import turns
from siete.service.tables.lobby_actions import TableSpec, create_table, start_table
from tests.history.history_games import client_logged_in_as, make_human
from tests.support.play import human_move
from tests.support.settings import app_settings


def play_to_the_end(app, player, show_odds: bool) -> int:
    """A two-hand table of `player` and two bots, played through act() to its end."""
    spec = TableSpec(name=f"{player.name} practises" if show_odds else f"{player.name} plays",
                     seats=3, bots=("standard", "bold"), max_hands=2, show_odds=show_odds)
    game = create_table(player, spec, app.config["GAME"])
    start_table(app_settings(), game.id, player)
    for _ in range(500):
        db.session.expire_all()
        _game, state = turns.current_state(app_settings(), game.id)
        if state.phase == OVER:
            return game.id
        if state.phase == DEAL:
            turns.ready_for_next(app_settings(), game.id, player.name)
            continue
        move, amount = human_move(state, state.seat_index(player.name))
        turns.act(app_settings(), game.id, player.name, move, amount, state.version)
    raise AssertionError("the game did not end")


def test_a_practice_game_is_not_rated_and_a_plain_one_is(app):
    with app.app_context():
        ana, bea = make_human("Ana"), make_human("Bea")
        practice = play_to_the_end(app, ana, show_odds=True)
        plain = play_to_the_end(app, bea, show_odds=False)
        assert db.session.get(Game, practice).status == "finished"
        rated = set(db.session.scalars(select(GameRating.game_id)))
        assert plain in rated and practice not in rated
        assert db.session.scalar(select(PlayerRating).where(PlayerRating.player_id == ana.id)) is None
        before = sorted(db.session.execute(select(GameRating.game_id, GameRating.player_id)).all())
    assert rebuild_ratings_in(app) == 1  # the plain game alone
    with app.app_context():
        assert sorted(db.session.execute(select(GameRating.game_id, GameRating.player_id)).all()) == before
    rankings = client_logged_in_as(app, "Bea").get("/rankings").get_data(as_text=True)
    assert ">Bea<" in rankings and ">Ana<" not in rankings


def rebuild_ratings_in(app) -> int:
    with app.app_context():
        return rebuild_ratings()


def test_my_games_and_the_game_page_mark_a_practice_game(app):
    with app.app_context():
        ana = make_human("Ana")
        practice = play_to_the_end(app, ana, show_odds=True)
        plain = play_to_the_end(app, ana, show_odds=False)
    client = client_logged_in_as(app, "Ana")
    rows = client.get("/games").get_data(as_text=True)
    marked = [line for line in rows.split("<li") if "badge--practice" in line]
    assert len(marked) == 1 and f"/games/{practice}" in marked[0]
    page = client.get(f"/games/{practice}").get_data(as_text=True)
    assert "badge--practice" in page and "a practice game, not rated" in page
    assert "badge--practice" not in client.get(f"/games/{plain}").get_data(as_text=True)
