"""Ratings people can trust (docs/ratings.md): a person whose seat a stand-in played is not
rewarded for it, a game no person moved in is aborted, private and practice tables are casual;
the rating is shown from 1500 up, never below 0, provisional for a player's first games, and
each rated game's change is shown at its end and on its page. RULES.md R4.3-R4.8 are the moves
a person makes; the turn timer and the bot that plays an away seat are the stand-ins."""
from __future__ import annotations

import re

from flask import current_app
from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.people import Player
from siete.data.player_stats import GameRating, PlayerRating
from siete.service.records.rating_rules import (
    PROVISIONAL_GAMES,
    SeatFacts,
    aborted,
    rated_places,
    shown,
    shown_value,
)
from siete.service.records.ratings import rebuild_ratings
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, start_table
from tests.history.history_games import client_logged_in_as, make_human, snapshot
from tests.support.play import play_out
from tests.support.settings import app_settings


def table_of(people: list[Player], bots: tuple[str, ...] = (), hands: int = 3,
             private: bool = False) -> int:
    """A started table of these people (the first opens it) and bots."""
    spec = TableSpec(name=f"{people[0].name}'s table", seats=len(people) + len(bots), bots=bots,
                     max_hands=hands, private=private)
    game = create_table(people[0], spec, current_app.config["GAME"])
    for person in people[1:]:
        join_table(game.id, person, game.invite_token)
    start_table(app_settings(), game.id, people[0])
    return game.id


def rating_rows(game_id: int) -> dict[str, GameRating]:
    rows = db.session.execute(select(Player.name, GameRating).join(Player, Player.id == GameRating.player_id)
                              .where(GameRating.game_id == game_id)).all()
    return {name: row for name, row in rows}


# --- the rules on their own -------------------------------------------------------------


def test_a_seat_a_stand_in_played_is_rated_last_even_when_the_stand_in_won():
    """The stand-in bot won the game for Cid, who never moved: Cid is rated below both people
    who played, who keep their order; bots and people who played are untouched."""
    seats = [SeatFacts(3, 1, True, moves=20, own_moves=0),  # Cid's stand-in won
             SeatFacts(1, 2, True, moves=18, own_moves=18),
             SeatFacts(9, 3, False, moves=17, own_moves=0),  # a bot: its moves are its own
             SeatFacts(2, 4, True, moves=15, own_moves=15)]
    assert rated_places(seats) == [(1, 1), (9, 2), (2, 3), (3, 4)]
    half = SeatFacts(4, 1, True, moves=10, own_moves=5)  # half its own: it played its game
    most = SeatFacts(5, 2, True, moves=10, own_moves=4)  # a stand-in made 6 of 10: a loss
    assert rated_places([half, most, SeatFacts(6, 3, False, 9, 0)]) == [(4, 1), (6, 2), (5, 3)]


def test_a_game_no_person_moved_in_is_aborted_and_bots_alone_are_not():
    friends = [SeatFacts(1, 1, True, moves=6, own_moves=0), SeatFacts(2, 2, True, moves=7, own_moves=0)]
    assert aborted(friends) and rated_places(friends) == []
    alone = [SeatFacts(1, 2, True, 4, 0), SeatFacts(9, 1, False, 5, 0)]
    assert rated_places(alone) == []
    bots = [SeatFacts(8, 1, False), SeatFacts(9, 2, False)]
    assert not aborted(bots) and rated_places(bots) == [(8, 1), (9, 2)]
    older = [SeatFacts(1, 2, True), SeatFacts(9, 1, False)]  # moves not counted then: rated
    assert rated_places(older) == [(9, 1), (1, 2)]


def test_the_rating_shown_starts_at_1500_and_is_never_negative():
    assert shown_value(0) == 1500  # a newcomer: OpenSkill's ordinal 0 (mu 25, sigma 25/3)
    assert shown_value(-2.5) == 1440  # the tie for 2nd that showed as -2.5
    for ordinal in (-63, -100, -1e6, -62.5001):
        assert shown_value(ordinal) == 0
    assert all(shown_value(o / 10) >= 0 for o in range(-2000, 2000))


def test_a_rating_is_provisional_until_enough_games():
    assert shown(3.0, PROVISIONAL_GAMES - 1).provisional
    assert not shown(3.0, PROVISIONAL_GAMES).provisional


# --- through the service and the pages ---------------------------------------------------


def test_a_person_who_never_moves_gains_nothing_and_ranks_below_those_who_played(app):
    """Cid opens the table and never moves: the timer, then a stand-in bot, play his seat.
    He is rated last, his rating falls, and the rankings list him below Ana and Bea; the
    rebuild arrives at the same numbers."""
    with app.app_context():
        cid, ana, bea = make_human("Cid"), make_human("Ana"), make_human("Bea")
        game_id = table_of([cid, ana, bea], bots=("standard",), hands=4)
        play_out(game_id, idle={"Cid"})
        rows = rating_rows(game_id)
        assert len(rows) == 4  # three people and the bot
        assert rows["Cid"].place == 4 and all(r.place < 4 for n, r in rows.items() if n != "Cid")
        assert rows["Cid"].mu_after < rows["Cid"].mu_before
        cid_seat = db.session.scalar(select(GamePlayer).where(GamePlayer.game_id == game_id,
                                                              GamePlayer.player_id == cid.id))
        assert cid_seat.final_position is not None  # his stand-in's place stays in the record
        before = snapshot()
    with app.app_context():
        assert rebuild_ratings() >= 1
        assert snapshot() == before
    html = app.test_client().get("/rankings?who=people").get_data(as_text=True)
    names = re.findall(r'href="/players/(\w+)"', html)
    assert names.index("Cid") > names.index("Ana") and names.index("Cid") > names.index("Bea")
    page = app.test_client().get(f"/games/{game_id}").get_data(as_text=True)
    assert "A stand-in bot made most of Cid’s moves: the game counts as a loss for Cid." in page


def test_a_game_abandoned_right_after_start_is_aborted_and_unrated(app):
    """Two friends open a table and start it; neither moves again. The stand-ins play it out;
    it is rated for no one, now or after a rebuild, and its pages say it was aborted."""
    with app.app_context():
        ana, bea = make_human("Ana"), make_human("Bea")
        game_id = table_of([ana, bea], hands=2)
        play_out(game_id, idle={"Ana", "Bea"})
        assert db.session.get(Game, game_id).status == "finished"
        assert not rating_rows(game_id)
        assert db.session.scalar(select(PlayerRating).where(PlayerRating.player_id.in_((ana.id, bea.id)))) is None
        rebuild_ratings()
        assert not rating_rows(game_id)
    words = "Aborted: no person made a move, so this game is not rated."
    assert words in client_logged_in_as(app, "Ana").get(f"/tables/{game_id}").get_data(as_text=True)
    assert words in app.test_client().get(f"/games/{game_id}").get_data(as_text=True)


def test_a_private_game_is_not_rated(app):
    """Friends' games are casual, like practice tables: not rated when they finish nor by the
    rebuild; the game page says so to its players."""
    with app.app_context():
        ana, bea = make_human("Ana"), make_human("Bea")
        game_id = table_of([ana, bea], bots=("standard",), hands=2, private=True)
        play_out(game_id, idle=set())
        assert db.session.get(Game, game_id).status == "finished" and not rating_rows(game_id)
        rebuild_ratings()
        assert not rating_rows(game_id)
        assert db.session.scalar(select(PlayerRating).where(PlayerRating.player_id == ana.id)) is None
    page = client_logged_in_as(app, "Ana").get(f"/tables/{game_id}").get_data(as_text=True)
    assert "A private table among friends: this game is not rated." in page


def test_the_change_shows_at_the_game_over_screen_and_on_the_game_page(app):
    """Each rated seat's change (+N / −N) beside its final place, and the rating after it,
    provisional after a first game; the same figures on the game page."""
    with app.app_context():
        ana, bea = make_human("Ana"), make_human("Bea")
        game_id = table_of([ana, bea], bots=("standard",), hands=2)
        play_out(game_id, idle=set())
        rows = rating_rows(game_id)
        from siete.service.records.ratings import Skill

        expected = {name: (shown_value(Skill(r.mu_before, r.sigma_before).ordinal),
                           shown_value(Skill(r.mu_after, r.sigma_after).ordinal))
                    for name, r in rows.items()}
    over = client_logged_in_as(app, "Ana").get(f"/tables/{game_id}/fragment").get_data(as_text=True)
    page = app.test_client().get(f"/games/{game_id}").get_data(as_text=True)
    for name in ("Ana", "Bea"):
        before, after = expected[name]
        delta = after - before
        sign = f"+{delta}" if delta > 0 else f"−{-delta}" if delta < 0 else "±0"
        change = f'title="Rating {before} → {after}">{sign}</span>'
        assert change in over and change in page, (name, sign)
    assert before == 1500
    assert 'rating--provisional' in over and "provisional" in over


def test_rankings_tell_people_and_bots_apart_and_mark_provisional_ratings(app):
    with app.app_context():
        ana, bea = make_human("Ana"), make_human("Bea")
        play_out(table_of([ana, bea], bots=("standard",), hands=2), idle=set())
        rating = db.session.scalar(select(PlayerRating).where(PlayerRating.player_id == bea.id))
        rating.ordinal, rating.games = -500, PROVISIONAL_GAMES  # far below any real rating
        db.session.commit()
    client = app.test_client()
    everyone = client.get("/rankings").get_data(as_text=True)
    assert re.search(r'href="/players/Ana">Ana</a> <span class="badge badge--person">person</span>', everyone)
    assert 'badge--bot">bot: standard' in everyone
    assert re.search(r'href="/players/Bea">Bea</a>.*?<span class="rating">0</span>', everyone, re.S)
    assert re.search(r'href="/players/Ana">Ana</a>.*?rating--provisional">\d+<span class="rating__mark"',
                     everyone, re.S)
    people = client.get("/rankings?who=people").get_data(as_text=True)
    assert "badge--bot" not in people and "badge--person" in people
    assert "badge--person" not in client.get("/rankings?who=bots").get_data(as_text=True)
    spanish = client.get("/rankings", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Provisional: menos de 10 partidas puntuadas" in spanish and ">persona<" in spanish


def test_a_guests_blank_rating_is_explained_at_the_game_over_screen_and_on_the_game_page(app):
    """A guest's row shows no change while the bots' rows beside it do (guests are unrated,
    #38): both screens name the guest and say why, so the blank is no puzzle."""
    from siete.service.accounts.guests import create_guest
    from tests.support.friends import player_of

    with app.app_context():
        ana = make_human("Ana")
        guest = player_of(create_guest("Guest").id)
        game_id = table_of([ana, guest], bots=("standard",), hands=2)
        play_out(game_id, idle=set())
        assert guest.name in rating_rows(game_id)  # rated for the others, not shown for itself
    note = f"{guest.name} played as a guest: a guest's rating is not shown."
    over = client_logged_in_as(app, "Ana").get(f"/tables/{game_id}/fragment").get_data(as_text=True)
    page = app.test_client().get(f"/games/{game_id}").get_data(as_text=True)
    assert note in over and note in page
    assert "Ana played as a guest" not in over
