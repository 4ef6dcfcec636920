"""Guests (#38): one click makes a guest with a real seat; guests are unrated, out of the
rankings, may not open private tables or set a password; signing up from the guest's browser
keeps its games; one address cannot make guests without end; unused guests are pruned."""
from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import quote

import pytest
from sqlalchemy import func, select, update

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer
from siete.data.login_sessions import LoginSession
from siete.data.people import Player, User
from siete.data.player_stats import PlayerRating
from siete.service.accounts import credentials
from siete.service.accounts.guests import claim_guest, create_guest, prune_guests
from siete.service.records.ratings import leaderboard, ratings_of
from siete.service.tables.lobby_actions import TableSpec, create_table
from tests.support.accounts import GUEST_SIGN_UP, guest_client
from tests.support.friends import finished_game, open_table, player_of
from tests.support.play import client_for, make_user, text
from tests.support.settings import app_settings


@pytest.fixture
def app_config():
    return {"GUEST_RATE_LIMIT": "1000/minute"}


def count(model) -> int:
    return db.session.scalar(select(func.count()).select_from(model)) or 0


def test_a_guest_gets_a_name_a_login_and_no_password(app):
    client, guest_id = guest_client(app)
    page = text(client.get("/"))
    with app.app_context():
        guest = db.session.get(User, guest_id)
        assert re.fullmatch(r"Guest \d{4}", guest.username) and guest.email is None
        assert player_of(guest_id).name == guest.username
        assert guest.username in page and 'id="header-keep"' in page  # logged in, asked to sign up
        assert credentials.authenticate(guest.username, guest.password_hash) is None
        assert credentials.authenticate(guest.username, "") is None


def test_a_guest_is_named_in_the_visitors_language(app):
    client = app.test_client()
    client.post("/auth/guest", headers={"Accept-Language": "es-ES,es;q=0.9"})
    with app.app_context():
        assert re.fullmatch(r"Invitado \d{4}", db.session.scalar(select(User.username)
                                                                  .where(User.guest.is_(True))))


def test_guest_names_never_clash_with_people_or_bots(app):
    """People's names are letters and digits, bots' have hyphens: a guest's has a space. Names
    already taken are drawn again."""
    with app.app_context():
        names = {create_guest("Guest").username for _ in range(40)}
        assert len(names) == 40 and all(" " in name for name in names)
    form = app.test_client().post("/auth/register", data={**GUEST_SIGN_UP, "username": "Guest 1234"})
    assert form.status_code == 200  # refused: a person's name cannot hold a space
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(User).where(User.guest.is_(False))) == 0


def test_a_guest_may_not_open_a_private_table(app):
    client, guest_id = guest_client(app)
    form = {"name": "Mine", "seats": 3, "standard_bots": 1, "cautious_bots": 0, "bold_bots": 0,
            "max_hands": 5, "turn_seconds": 30, "private": "y"}
    response = client.post("/tables", data=form)
    assert response.status_code == 403 and "Guests cannot do this" in text(response)
    assert 'name="private"' not in text(client.get("/"))  # the form does not offer it
    with app.app_context():
        assert count(Game) == 0
        try:
            create_table(player_of(guest_id), TableSpec(name="x", seats=2, private=True), app_settings().game)
        except Exception as refused:  # the service refuses it too, with the code
            assert getattr(refused, "code", None) == "guest_not_allowed"
        else:
            raise AssertionError("a guest opened a private table")
    public = client.post("/tables", data={**form, "private": ""})
    assert public.status_code == 303  # a public table is fine


def test_a_guest_has_no_password_to_change(app):
    client, _guest = guest_client(app)
    response = client.get("/auth/password")
    assert response.status_code == 302 and response.headers["Location"].endswith("/auth/register")


def test_a_guests_account_and_profile_offer_signing_up_not_a_password_change(app):
    """A guest has no password (the route above sends it to sign up): its account page and
    its own profile show the way to keep the account, and no "Change password"."""
    client, guest_id = guest_client(app)
    with app.app_context():
        name = db.session.get(User, guest_id).username
    account = text(client.get("/auth/account"))
    profile = text(client.get(f"/players/{quote(name)}"))
    for page, keep in ((account, 'id="account-keep"'), (profile, 'id="profile-keep"')):
        assert keep in page and 'href="/auth/register"' in page
        assert 'href="/auth/password"' not in page and "Change password" not in page
    person = client_for(app, make_user(app, "Bea"))
    assert 'href="/auth/password"' in text(person.get("/auth/account"))  # an account keeps it
    assert 'id="account-keep"' not in text(person.get("/auth/account"))


def test_signing_up_from_the_guests_browser_keeps_its_games(app):
    client, guest_id = guest_client(app)
    bea = make_user(app, "Bea")
    game_id = finished_game(app, guest_id, bea)
    page = text(client.get("/auth/register"))
    assert 'id="register-guest"' in page
    response = client.post("/auth/register", data=GUEST_SIGN_UP)
    assert response.status_code == 302, text(response)[:500]
    with app.app_context():
        user = db.session.get(User, guest_id)
        assert (user.username, user.email, user.guest) == ("Rosa7", "rosa7@example.com", False)
        assert user.check_password(GUEST_SIGN_UP["password"])
        seat = db.session.scalar(select(GamePlayer).where(GamePlayer.game_id == game_id,
                                                          GamePlayer.player_id == user.player.id))
        assert seat is not None and user.player.name == "Rosa7"
        assert count(User) == 2  # no second account: the guest's became the person's
        assert db.session.scalar(select(func.count()).select_from(LoginSession)
                                 .where(LoginSession.user_id == guest_id)) == 1  # only the new one
    assert "Rosa7" in text(client.get("/games"))


def test_a_sign_up_that_clashes_keeps_the_guest_and_says_why(app):
    client, guest_id = guest_client(app)
    make_user(app, "Bea")
    response = client.post("/auth/register", data={**GUEST_SIGN_UP, "username": "bea"})
    assert response.status_code == 200 and "taken" in text(response).lower()
    assert 'value="rosa7@example.com"' in text(response)  # what was typed is still there
    with app.app_context():
        guest = db.session.get(User, guest_id)
        assert guest.guest and guest.username.startswith("Guest ")
    assert text(client.get("/")).count("Guest ") >= 1  # still logged in as the guest


def test_claiming_an_account_that_is_no_guest_is_refused(app):
    bea = make_user(app, "Bea")
    with app.app_context(), pytest.raises(credentials.AccountClash):
        claim_guest(bea, "Rosa7", "rosa7@example.com", "a fine long secret")


def test_guests_are_left_out_of_ratings_and_rankings(app):
    _client, guest_id = guest_client(app)
    with app.app_context():
        player = player_of(guest_id)
        db.session.add(PlayerRating(player_id=player.id, mu=30.0, sigma=1.0, ordinal=27.0, games=20))
        db.session.commit()
        assert ratings_of({player.id}) == {}
        assert player.name not in {row["name"] for row in leaderboard(who="all")}
        assert player.name not in {row["name"] for row in leaderboard(who="people")}
    assert player.name not in text(app.test_client().get("/rankings"))
    bea_id = make_user(app, "Bea")
    with app.app_context():
        from siete.service.records.player_history import rating_for_user
        from siete.service.records.player_profile import load_profile
        assert rating_for_user(guest_id) is None
        assert load_profile(player.name).rating is None
        from siete.service.records.rating_changes import guest_players
        bea = player_of(bea_id)
        assert guest_players([player.id, bea.id]) == {player.id}  # the game-over screen's filter


def test_a_guests_profile_says_guests_are_not_rated_not_that_a_rating_is_coming(app):
    """"not rated yet" promised a guest a rating that never comes: a guest's profile says
    a guest's rating is not shown (it is kept, unseen, for the account a sign-up makes:
    docs/ratings.md), before and after a game; an account's still says "not rated yet"."""
    _client, guest_id = guest_client(app)
    bea_id = make_user(app, "Bea")
    with app.app_context():
        guest = player_of(guest_id).name
    url = "/players/" + guest.replace(" ", "%20")
    assert "not shown: a guest's rating shows once they sign up" in text(app.test_client().get(url))  # no game yet
    finished_game(app, bea_id, guest_id)
    page = text(app.test_client().get(url))
    assert "not shown: a guest's rating shows once they sign up" in page and "not rated yet" not in page
    assert "not rated yet" in text(app.test_client().get("/players/Bea"))
    assert "a guest's rating" not in text(app.test_client().get("/players/Bea"))


class TestGuestRateLimit:
    @pytest.fixture
    def app_config(self):
        return {"GUEST_RATE_LIMIT": "2/minute"}

    def test_one_address_cannot_make_guests_without_end(self, app):
        for _ in range(2):
            assert app.test_client().post("/now").status_code == 303
        refused = app.test_client().post("/now")
        assert refused.status_code == 429
        also = app.test_client().post("/auth/guest")  # the two buttons share the count
        assert also.status_code == 429
        with app.app_context():
            assert db.session.scalar(select(func.count()).select_from(User).where(User.guest.is_(True))) == 2

    def test_a_logged_in_player_is_not_counted(self, app):
        ana = client_for(app, make_user(app, "Ana"))
        for _ in range(4):
            assert ana.post("/auth/guest").status_code == 303


def _age(app, user_id: int, days: int) -> None:
    with app.app_context():
        old = utcnow() - timedelta(days=days)
        db.session.execute(update(User).where(User.id == user_id).values(created_at=old))
        db.session.execute(update(LoginSession).where(LoginSession.user_id == user_id)
                           .values(last_seen_at=old))
        db.session.commit()


def test_unused_guests_are_pruned_with_what_is_theirs_alone(app):
    _c1, idle = guest_client(app)
    _c2, player_id_kept = guest_client(app)
    _c3, recent = guest_client(app)
    bea = make_user(app, "Bea")
    with app.app_context():
        idle_table = open_table(player_of(idle), seats=3).id  # never started, then closed
        db.session.execute(update(Game).where(Game.id == idle_table).values(status="abandoned"))
        db.session.commit()
    played = finished_game(app, player_id_kept, bea)
    _age(app, idle, 40)
    _age(app, player_id_kept, 40)
    with app.app_context():
        assert prune_guests(utcnow()) == 1
        assert db.session.get(User, idle) is None and db.session.get(Game, idle_table) is None
        assert db.session.scalar(select(Player.id).where(Player.user_id == idle)) is None
        kept = db.session.get(User, player_id_kept)  # its game is shared record: it stays
        assert kept is not None and db.session.get(Game, played) is not None
        assert db.session.get(User, recent) is not None
        assert prune_guests(utcnow()) == 0


def test_a_guest_sees_and_changes_only_what_anyone_may(app):
    """Authorization for a guest is a visitor's with a seat: no one else's private table, its
    link or its seats; its own seat only."""
    client, guest_id = guest_client(app)
    bea = make_user(app, "Bea")
    with app.app_context():
        private = open_table(player_of(bea), private=True).id
        db.session.commit()
    assert client.get(f"/tables/{private}").status_code == 404
    assert client.post(f"/tables/{private}/join").status_code == 404
    assert client.post(f"/tables/{private}/invite").status_code in (403, 404)
    assert client.post(f"/tables/{private}/start", data={"fill": "1"}).status_code in (403, 404)
    with app.app_context():
        game = db.session.get(Game, private)
        assert [gp.player.user_id for gp in game.players if gp.player.user_id] == [bea]
        assert game.status == "waiting"


def test_a_visitor_at_a_waiting_table_becomes_a_guest_and_comes_back_to_join(app):
    bea = make_user(app, "Bea")
    with app.app_context():
        table = open_table(player_of(bea), seats=3).id
        db.session.commit()
    visitor = app.test_client()
    page = text(visitor.get(f"/tables/{table}"))
    assert 'id="table-guest"' in page and f'action="/auth/guest?next=/tables/{table}"' in page
    back = visitor.post(f"/auth/guest?next=/tables/{table}")
    assert back.status_code == 303 and back.headers["Location"] == f"/tables/{table}"
    assert 'id="table-join"' in text(visitor.get(f"/tables/{table}"))
    assert visitor.post("/auth/guest?next=https://evil.example/").headers["Location"] == "/"


def test_a_guest_at_a_table_has_no_chat(app):
    """Chat is for people who signed up: a seated guest neither sees the box nor sends."""
    from siete.data.chat_rows import TableMessage

    client, _guest = guest_client(app)
    game_id = int(client.post("/now").headers["Location"].rsplit("/", 1)[1])
    assert 'id="chat-lines"' not in text(client.get(f"/tables/{game_id}"))
    refused = client.post(f"/tables/{game_id}/chat", data={"body": "hola"})
    assert refused.status_code == 403 and "hola" not in text(refused)
    with app.app_context():
        assert count(TableMessage) == 0
