"""Private tables (#26): the invite key, compared in constant time; a new link ends the old
one; who may see, join and watch; the lobby leaves private tables out for everyone else."""
from __future__ import annotations

import pytest

from siete.data.base import db
from siete.data.games import Game
from siete.service.errors import NotAllowed, TableNotFound
from siete.service.tables import table_access
from siete.service.tables.lobby_actions import join_table
from siete.service.tables.lobby_lists import lobby_page
from siete.service.tables.table_access import may_see, renew_link, token_matches
from tests.support.friends import open_table, player_of
from tests.support.play import make_user


@pytest.fixture
def people(app):
    return {name: make_user(app, name) for name in ("Ana", "Bea", "Cris")}


def test_a_private_table_gets_a_long_random_key_and_a_public_one_none(app, people):
    with app.app_context():
        private = open_table(player_of(people["Ana"]), private=True)
        public = open_table(player_of(people["Ana"]))
        db.session.commit()
        assert private.private and len(private.invite_token) == 43  # token_urlsafe(32)
        assert not public.private and public.invite_token is None
        other = open_table(player_of(people["Bea"]), private=True)
        assert other.invite_token != private.invite_token


def test_the_key_is_compared_in_constant_time(app, people, monkeypatch):
    calls = []

    def spy(a, b):
        calls.append((a, b))
        return a == b

    monkeypatch.setattr(table_access.hmac, "compare_digest", spy)
    with app.app_context():
        game = open_table(player_of(people["Ana"]), private=True)
        assert token_matches(game, game.invite_token)
        assert not token_matches(game, "A" * 43)
        assert len(calls) == 2 and all(isinstance(a, bytes) for a, _b in calls)


def test_a_wrong_odd_or_missing_key_opens_nothing(app, people):
    with app.app_context():
        game = open_table(player_of(people["Ana"]), private=True)
        for key in (None, "", "x" * 43, "ñandú-" * 7, game.invite_token + "x"):
            assert not token_matches(game, key)
            assert not may_see(game, people["Cris"], key)
            assert not may_see(game, None, key)
        assert may_see(game, None, game.invite_token)


def test_who_may_see_a_private_table(app, people):
    """The creator and the seated; the invite key; nobody else, logged in or not."""
    with app.app_context():
        game = open_table(player_of(people["Ana"]), private=True)
        join_table(game.id, player_of(people["Bea"]), game.invite_token)
        game = db.session.get(Game, game.id)
        assert may_see(game, people["Ana"], None) and may_see(game, people["Bea"], None)
        assert not may_see(game, people["Cris"], None) and not may_see(game, None, None)
        assert may_see(game, people["Cris"], game.invite_token)


def test_joining_a_private_table_needs_its_key(app, people):
    with app.app_context():
        game = open_table(player_of(people["Ana"]), private=True)
        key, game_id = game.invite_token, game.id
        db.session.commit()
        with pytest.raises(TableNotFound):
            join_table(game_id, player_of(people["Bea"]))
        with pytest.raises(TableNotFound):
            join_table(game_id, player_of(people["Bea"]), "not-the-key")
        join_table(game_id, player_of(people["Bea"]), key)
        assert len(db.session.get(Game, game_id).players) == 3


def test_a_new_link_ends_the_old_one(app, people):
    with app.app_context():
        game = open_table(player_of(people["Ana"]), private=True)
        old, game_id = game.invite_token, game.id
        db.session.commit()
        new = renew_link(game_id, people["Ana"])
        game = db.session.get(Game, game_id)
        assert new != old and game.invite_token == new
        assert not may_see(game, people["Cris"], old) and may_see(game, people["Cris"], new)
        with pytest.raises(TableNotFound):
            join_table(game_id, player_of(people["Cris"]), old)


def test_only_the_creator_renews_and_only_a_private_table(app, people):
    with app.app_context():
        private = open_table(player_of(people["Ana"]), private=True)
        public = open_table(player_of(people["Ana"]))
        db.session.commit()
        with pytest.raises(NotAllowed):
            renew_link(private.id, people["Bea"])
        with pytest.raises(NotAllowed):
            renew_link(public.id, people["Ana"])


def test_the_lobby_lists_a_private_table_only_for_its_creator_and_players(app, people):
    with app.app_context():
        private = open_table(player_of(people["Ana"]), private=True, name="Secret")
        public = open_table(player_of(people["Bea"]), name="Open")
        join_table(private.id, player_of(people["Bea"]), private.invite_token)
        db.session.commit()

        def listed(viewer):
            return {g.name for g in lobby_page(1, 20, viewer=viewer).open}

        assert listed(people["Ana"]) == {"Secret", "Open"} == listed(people["Bea"])
        assert listed(people["Cris"]) == {"Open"} == listed(None)
        assert public.id not in {g.id for g in lobby_page(1, 20, viewer=people["Cris"]).running}
