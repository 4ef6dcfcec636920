"""Rematch (#26): "Play again" opens the next table with the same people invited; they join or
say no; the owner may fill their seats with bots once each has answered or the time ran out."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game
from siete.data.invites import GameInvite
from siete.service.errors import Conflict, NotAllowed, Problem
from siete.service.tables.lobby_actions import TableSpec, start_table
from siete.service.tables.rematch import play_again, played_with_people, rematch_offer
from siete.service.tables.rematch_invites import decline, invite_statuses
from siete.service.tables.table_access import may_see
from tests.support.friends import age_invites, finished_game, player_of
from tests.support.play import make_user
from tests.support.settings import app_settings

SPEC = TableSpec(name="Friends", seats=3, bots=("standard",), max_hands=2)


@pytest.fixture
def people(app):
    return {name: make_user(app, name) for name in ("Ana", "Bea", "Cris")}


def again(app, game_id: int, user_id: int) -> int:
    with app.app_context():
        return play_again(app_settings(), game_id, player_of(user_id), SPEC)


def test_play_again_opens_the_next_table_with_the_others_invited(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    new = again(app, old, people["Ana"])
    with app.app_context():
        game = db.session.get(Game, new)
        assert game.rematch_of == old and game.status == "waiting" and not game.private
        assert [gp.player.name for gp in game.players][0] == "Ana" and len(game.players) == 2  # + a bot
        invited = db.session.scalars(select(GameInvite).where(GameInvite.game_id == new)).all()
        assert [(i.player.name, i.answer) for i in invited] == [("Bea", "invited")]
        offer = rematch_offer(app_settings(), old, people["Bea"])
        assert (offer.game_id, offer.by, offer.answer, offer.free) == (new, "Ana", "waiting", 1)
        assert 0 < offer.seconds_left <= 60
        assert rematch_offer(app_settings(), old, people["Ana"]).answer == "seated"


def test_the_second_play_again_takes_the_seat_at_the_same_rematch(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    first, second = again(app, old, people["Ana"]), again(app, old, people["Bea"])
    assert first == second
    with app.app_context():
        names = {gp.player.name for gp in db.session.get(Game, first).players}
        assert {"Ana", "Bea"} <= names
        assert [s.state for s in invite_statuses(db.session.get(Game, first), 60)] == ["joined"]
        assert rematch_offer(app_settings(), old, people["Bea"]).answer == "seated"


def test_only_a_player_may_open_the_rematch(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    with app.app_context(), pytest.raises(NotAllowed) as refused:
        play_again(app_settings(), old, player_of(people["Cris"]), SPEC)
    assert refused.value.code == Problem.NOT_A_PLAYER


def test_a_private_game_s_rematch_is_private_and_open_to_its_invitees(app, people):
    old = finished_game(app, people["Ana"], people["Bea"], private=True)
    new = again(app, old, people["Ana"])
    with app.app_context():
        game = db.session.get(Game, new)
        assert game.private and game.invite_token
        assert may_see(game, people["Bea"], None)  # invited: no key needed
        assert not may_see(game, people["Cris"], None)
        assert rematch_offer(app_settings(), old, people["Cris"]) is None


def test_the_owner_waits_for_an_open_invite_before_bots_take_the_seat(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    new = again(app, old, people["Ana"])
    with app.app_context(), pytest.raises(Conflict) as refused:
        start_table(app_settings(), new, player_of(people["Ana"]), fill_with_bots=True)
    assert refused.value.code == Problem.INVITES_PENDING and refused.value.values["names"] == "Bea"


def test_a_decline_lets_the_owner_start_with_a_bot_in_the_seat(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    new = again(app, old, people["Ana"])
    with app.app_context():
        decline(new, player_of(people["Bea"]))
        assert rematch_offer(app_settings(), old, people["Bea"]).answer == "declined"
        assert [s.state for s in invite_statuses(db.session.get(Game, new), 60)] == ["declined"]
        start_table(app_settings(), new, player_of(people["Ana"]), fill_with_bots=True)
        game = db.session.get(Game, new)
        assert game.status == "playing" and sum(gp.player.kind == "bot" for gp in game.players) == 2


def test_no_answer_in_time_lets_the_owner_start_with_a_bot(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    new = again(app, old, people["Ana"])
    age_invites(app, new, 61)  # REMATCH_SECONDS is 60
    with app.app_context():
        assert [s.state for s in invite_statuses(db.session.get(Game, new), 60)] == ["no_answer"]
        assert rematch_offer(app_settings(), old, people["Bea"]).answer == "no_answer"
        start_table(app_settings(), new, player_of(people["Ana"]), fill_with_bots=True)
        assert db.session.get(Game, new).status == "playing"


def test_only_an_invitee_may_decline_and_only_before_the_start(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    new = again(app, old, people["Ana"])
    with app.app_context():
        with pytest.raises(NotAllowed):
            decline(new, player_of(people["Cris"]))
        age_invites(app, new, 61)
        start_table(app_settings(), new, player_of(people["Ana"]), fill_with_bots=True)
        with pytest.raises(Conflict):
            decline(new, player_of(people["Bea"]))


def test_played_with_people_is_false_at_a_table_of_bots(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    with app.app_context():
        assert played_with_people(old, people["Ana"]) and played_with_people(old, people["Bea"])
        assert not played_with_people(old + 1000, people["Ana"])
