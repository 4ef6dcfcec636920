"""Skill ratings (OpenSkill Plackett-Luce): written with each finish, in its transaction;
rebuilt from the history to the same values; shown on the leaderboard."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.people import Player
from siete.data.player_stats import GameRating, PlayerRating
from siete.service.records.rating_rules import shown_value
from siete.service.records.ratings import Skill, initial_skill, rate_places, rebuild_ratings
from tests.history.history_games import snapshot


def test_every_finished_game_is_rated_and_no_other(app, games):
    with app.app_context():
        finished = set(db.session.scalars(select(Game.id).where(Game.status == "finished")))
        rated = set(db.session.scalars(select(GameRating.game_id)))
        assert rated == finished and games["running"][0] not in rated
        for game_id in finished:
            seats = db.session.scalars(select(GamePlayer).where(GamePlayer.game_id == game_id)).all()
            rows = db.session.scalars(select(GameRating).where(GameRating.game_id == game_id)).all()
            assert {(r.player_id, r.place) for r in rows} == {(s.player_id, s.final_position) for s in seats}
        players = db.session.scalars(select(PlayerRating)).all()
        for rating in players:
            seats = db.session.scalars(select(GameRating).where(GameRating.player_id == rating.player_id)
                                       .order_by(GameRating.id)).all()
            assert rating.games == len(seats)
            assert (rating.mu, rating.sigma) == (seats[-1].mu_after, seats[-1].sigma_after)
            assert rating.ordinal == Skill(rating.mu, rating.sigma).ordinal


def test_the_winner_gains_and_the_last_loses(app, games):
    with app.app_context():
        rows = db.session.scalars(select(GameRating).where(GameRating.game_id == games["bots"][0])).all()
        by_place = sorted(rows, key=lambda r: r.place)
        assert by_place[0].mu_after > by_place[0].mu_before
        assert by_place[-1].mu_after < by_place[-1].mu_before


def test_rate_places_uses_plackett_luce():
    """The library's model, not a home-made formula: same numbers as openskill directly."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    got = rate_places([(7, 1), (8, 2), (9, 3)], {})
    for pid, team in zip((7, 8, 9), expected):
        assert got[pid] == Skill(round(team[0].mu, 6), round(team[0].sigma, 6))
    assert initial_skill() == Skill(25.0, round(25 / 3, 6))


def test_rebuild_gives_the_same_values(app, games, runner):
    with app.app_context():
        before = snapshot()
        assert all(before)
    result = runner.invoke(args=["ratings", "rebuild"])
    assert result.exit_code == 0, result.output
    assert "Rated 5 finished games" in result.output
    with app.app_context():
        db.session.expire_all()
        assert snapshot() == before
        assert rebuild_ratings() == 5
        assert snapshot() == before


def test_a_finish_that_fails_leaves_no_rating(app, games, monkeypatch):
    """Same transaction: if recording the finish fails after rating, nothing of it stays."""
    import siete.service.records.recording as recording
    from tests.history.history_games import make_human, play_human_game

    with app.app_context():
        before = snapshot()
        eva = make_human("Eva")

        def rate_then_fail(game_id, by, counts):
            recording_rate(game_id, by, counts)
            raise RuntimeError("the disk is full")

        recording_rate = recording.rate_game
        monkeypatch.setattr(recording, "rate_game", rate_then_fail)
        with pytest.raises(RuntimeError):
            play_human_game(app, eva, ("standard",), hands=2)
        db.session.rollback()
        assert snapshot() == before


def test_the_leaderboard_lists_everyone_rated_best_first(app, client, games):
    html = client.get("/rankings").get_data(as_text=True)
    ratings = [int(x) for x in re.findall(r'class="rank-row__rating"><span class="rating[^"]*">(\d+)<', html)]
    with app.app_context():
        assert len(ratings) == db.session.query(PlayerRating).count()
    assert ratings == sorted(ratings, reverse=True)
    assert 'href="/players/Ana"' in html and "bot: standard" in html


def test_the_leaderboard_changes_after_a_finished_game(app, client, games):
    from tests.history.history_games import make_human, play_human_game

    assert 'href="/players/Fede"' not in client.get("/rankings").get_data(as_text=True)
    with app.app_context():
        play_human_game(app, make_human("Fede"), ("standard", "cautious"), hands=3)
    assert 'href="/players/Fede"' in client.get("/rankings").get_data(as_text=True)


def test_the_lobby_shows_each_seated_players_rating(app, client, games):
    """#18: humans and bots on one scale, beside their names where tables are chosen."""
    html = client.get("/").get_data(as_text=True)
    running = html.split('id="running-tables"')[1]
    shown = dict(re.findall(r'([\w-]+) <span class="table-card__rating" title="Rating">'
                            r'<span class="rating[^"]*">(\d+)<', running))
    with app.app_context():
        rated = {p.name: shown_value(r.ordinal) for r, p in db.session.query(PlayerRating, Player)
                 .join(Player, Player.id == PlayerRating.player_id)}
    assert shown and all(rated[name] == int(value) for name, value in shown.items())
    assert "Ana" in shown  # the human of the running game has finished games, so a rating
