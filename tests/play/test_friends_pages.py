"""Play with friends through the pages (#26): the invite link on a waiting table, the way back
through sign-up and log-in, private tables answering 404 without their key (to players,
spectators and polls alike), a new link ending the old, and the rematch offered on the
finished table."""
from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from siete.data.base import db
from siete.data.games import Game
from siete.service.tables.lobby_actions import start_table
from tests.support.friends import age_invites, finished_game, open_table, player_of
from tests.support.play import HX, client_for, make_user, play_out, text
from tests.support.settings import app_settings

PASSWORD = "Zq8-mPw-41-river"


@pytest.fixture
def people(app):
    return {name: make_user(app, name) for name in ("Ana", "Bea", "Cris")}


def private_table(app, creator: int, bots: tuple = ("standard",)) -> tuple[int, str]:
    with app.app_context():
        game = open_table(player_of(creator), private=True, bots=bots)
        db.session.commit()
        return game.id, game.invite_token


def key_of(app, game_id: int) -> str:
    with app.app_context():
        db.session.expire_all()
        return db.session.get(Game, game_id).invite_token


# ---- the invite link ----

def test_a_waiting_table_shows_its_invite_link_to_its_players(app, people):
    with app.app_context():
        game_id = open_table(player_of(people["Ana"])).id
        db.session.commit()
    page = text(client_for(app, people["Ana"]).get(f"/tables/{game_id}"))
    assert 'id="invite-link"' in page and "readonly" in page
    assert f'value="http://localhost/tables/{game_id}"' in page  # a public table: its address
    assert 'data-invite-copy hidden' in page  # shown by invite.js; JS off: copy by hand
    assert "invite-renew" not in page  # nothing to renew on a public table


def test_a_private_table_s_link_carries_its_key_and_its_owner_may_renew_it(app, people):
    game_id, key = private_table(app, people["Ana"])
    page = text(client_for(app, people["Ana"]).get(f"/tables/{game_id}"))
    assert f'value="http://localhost/tables/{game_id}?key={key}"' in page
    assert f'action="/tables/{game_id}/invite"' in page


def test_a_logged_out_friend_gets_sign_up_and_log_in_that_come_back(app, people):
    game_id, key = private_table(app, people["Ana"])
    page = html.unescape(text(client_for(app, None).get(f"/tables/{game_id}?key={key}")))
    assert "Friends" in page and "Ana" in page  # the table and who sits
    for link_id, path in (("table-signup", "/auth/register"), ("table-login", "/auth/login")):
        href = re.search(rf'id="{link_id}" href="([^"]+)"', page).group(1)
        parts = urlsplit(href)
        assert parts.path == path and parse_qs(parts.query)["next"] == [f"/tables/{game_id}?key={key}"]
    assert "Sign up to join" in page and "Log in to join" in page
    # why they are there, before those buttons (trial2: a friend saw only a name and buttons)
    invited = "Ana invited you to this private table: take a free seat to play."
    assert page.index(invited) < page.index("Sign up to join")
    signed_up = html.unescape(text(client_for(app, people["Bea"]).get(f"/tables/{game_id}?key={key}")))
    assert invited in signed_up and 'id="table-join"' in signed_up
    assert invited not in html.unescape(text(client_for(app, people["Ana"]).get(f"/tables/{game_id}")))


def test_a_full_table_says_so_and_offers_to_watch(app, people):
    with app.app_context():
        game = open_table(player_of(people["Ana"]), seats=2)
        db.session.commit()
        game_id = game.id
    page = text(client_for(app, people["Cris"]).get(f"/tables/{game_id}"))
    assert "This table is full" in page and "table-join" not in page
    assert "Sign up to join" not in text(client_for(app, None).get(f"/tables/{game_id}"))


# ---- next= through sign-up and log-in ----

def test_the_way_back_survives_the_sign_up_link_its_errors_and_its_success(app, people):
    client = client_for(app, None)
    back = "/tables/7?key=abc"
    login = html.unescape(text(client.get("/auth/login", query_string={"next": back})))
    link = re.search(r'href="(/auth/register\?next=[^"]+)"', login).group(1)
    register = html.unescape(text(client.get(link)))
    action = re.search(r'<form class="form" method="post"\s+action="([^"]+)"', register).group(1)
    assert "next=" in action and "Log in</a>" in register
    bad = client.post(action, data={"username": "Dora", "email": "dora@example.com",
                                    "password": PASSWORD, "confirm": PASSWORD + "x"})
    assert bad.status_code == 200 and "The passwords do not match." in text(bad)
    assert action in html.unescape(text(bad))  # the form and its errors keep the way back
    good = client.post(action, data={"username": "Dora", "email": "dora@example.com",
                                     "password": PASSWORD, "confirm": PASSWORD})
    assert good.status_code == 302 and good.headers["Location"] == back


def test_the_way_back_survives_the_log_in_form_s_errors(app, people):
    client = client_for(app, None)
    response = client.post("/auth/login?next=/tables/9", data={"username": "Ana", "password": "wrong"})
    assert response.status_code == 200
    assert 'action="/auth/login?next=/tables/9"' in html.unescape(text(response)).replace("%2F", "/")


@pytest.mark.parametrize("evil", ["https://evil.example/", "//evil.example/x", "/\\evil.example",
                                  "javascript:alert(1)", "http://[", "/tables/1\r\nX: y"])
def test_sign_up_never_sends_anyone_off_the_site(app, evil):
    client = client_for(app, None)
    response = client.post("/auth/register", query_string={"next": evil},
                           data={"username": "Eva", "email": "eva@example.com",
                                 "password": PASSWORD, "confirm": PASSWORD})
    assert response.status_code == 302 and response.headers["Location"] == "/"


# ---- private tables ----

def test_a_private_table_is_404_by_its_number_alone(app, people):
    game_id, _key = private_table(app, people["Ana"])
    for who in (None, people["Cris"]):
        client = client_for(app, who)
        assert client.get(f"/tables/{game_id}").status_code == 404
        assert client.get(f"/tables/{game_id}/fragment?v=x", headers=HX).status_code == 404
        assert client.get(f"/games/{game_id}").status_code == 404
    assert client_for(app, people["Cris"]).post(f"/tables/{game_id}/join").status_code == 404
    assert client_for(app, people["Ana"]).get(f"/tables/{game_id}").status_code == 200


def test_a_stranger_s_poll_never_gets_the_cheap_204_of_a_private_table(app, people):
    """A 204 for the right marker would tell a stranger that the table exists and its version;
    the seated owner and a visitor with the key keep the cheap answer (#24 style, #26)."""
    game_id, key = private_table(app, people["Ana"])
    ana = client_for(app, people["Ana"])
    page = ana.get(f"/tables/{game_id}/fragment?v=x", headers=HX)
    marker = re.search(r'data-version="([^"]+)"', text(page)) or re.search(r"[?&]v=([^&\"]+)", text(page))
    assert marker, "the fragment names its poll marker"
    poll = f"/tables/{game_id}/fragment?v={html.unescape(marker.group(1))}"
    assert ana.get(poll, headers=HX).status_code == 204
    for who in (None, people["Cris"]):
        assert client_for(app, who).get(poll, headers=HX).status_code == 404
    with_key = client_for(app, people["Bea"])
    assert with_key.get(f"/tables/{game_id}?key={key}").status_code == 200  # remembered
    assert with_key.get(poll, headers=HX).status_code == 204


def test_a_started_private_table_s_poll_names_a_seat_and_still_gives_a_stranger_nothing(app, people):
    """#25: a started table's poll names its viewer's seat (`s`) and reads one row without the
    account; a private one still asks who polls, so a stranger who copies the owner's address
    (seat included) gets the 404, never the 204."""
    with app.app_context():
        game = open_table(player_of(people["Ana"]), private=True, seats=2)
        game_id = game.id
        start_table(app_settings(), game_id, player_of(people["Ana"]))
        db.session.commit()
    ana = client_for(app, people["Ana"])
    page = text(ana.get(f"/tables/{game_id}", headers=HX))
    poll = html.unescape(re.search(r'hx-get="([^"]+)"', page).group(1))
    assert "&s=" in poll and "s=-" not in poll
    assert ana.get(poll, headers=HX).status_code == 204
    for who in (None, people["Cris"]):
        assert client_for(app, who).get(poll, headers=HX).status_code == 404


def test_the_key_once_used_is_remembered_and_the_friend_joins_with_one_click(app, people):
    game_id, key = private_table(app, people["Ana"])
    cris = client_for(app, people["Cris"])
    assert cris.get(f"/tables/{game_id}?key={key}").status_code == 200
    assert cris.get(f"/tables/{game_id}").status_code == 200  # remembered in the session
    assert cris.get(f"/tables/{game_id}/fragment?v=x", headers=HX).status_code == 200
    joined = cris.post(f"/tables/{game_id}/join")
    assert joined.status_code == 303
    with app.app_context():
        assert "Cris" in {gp.player.name for gp in db.session.get(Game, game_id).players}


def test_a_new_link_ends_the_old_one_even_where_it_was_remembered(app, people):
    game_id, old = private_table(app, people["Ana"])
    cris = client_for(app, people["Cris"])
    assert cris.get(f"/tables/{game_id}?key={old}").status_code == 200
    assert client_for(app, people["Bea"]).post(f"/tables/{game_id}/invite").status_code == 404
    assert cris.post(f"/tables/{game_id}/invite").status_code == 303  # sees it; not the owner
    assert key_of(app, game_id) == old  # only the owner may renew
    assert client_for(app, people["Ana"]).post(f"/tables/{game_id}/invite").status_code == 303
    new = key_of(app, game_id)
    assert new != old
    assert cris.get(f"/tables/{game_id}").status_code == 404
    assert client_for(app, None).get(f"/tables/{game_id}?key={old}").status_code == 404
    assert client_for(app, None).get(f"/tables/{game_id}?key={new}").status_code == 200


def test_a_spectator_of_a_private_game_needs_the_key(app, people):
    game_id, key = private_table(app, people["Ana"], bots=("standard", "bold"))
    ana = client_for(app, people["Ana"])
    assert ana.post(f"/tables/{game_id}/start").status_code == 303
    assert client_for(app, people["Cris"]).get(f"/tables/{game_id}").status_code == 404
    watching = text(client_for(app, people["Cris"]).get(f"/tables/{game_id}?key={key}"))
    assert "You are watching" in watching


def test_the_lobby_leaves_a_private_table_out_for_others(app, people):
    game_id, _key = private_table(app, people["Ana"])
    assert f"lobby-table-{game_id}" not in text(client_for(app, people["Bea"]).get("/"))
    assert f"lobby-table-{game_id}" not in text(client_for(app, None).get("/lobby/tables"))
    assert f"lobby-table-{game_id}" in text(client_for(app, people["Ana"]).get("/"))


def test_the_lobby_form_opens_a_private_table(app, people):
    data = {"name": "Ours", "seats": 3, "standard_bots": 1, "cautious_bots": 0, "bold_bots": 0,
            "max_hands": 5, "turn_seconds": 30, "private": "y"}
    response = client_for(app, people["Ana"]).post("/tables", data=data)
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        assert db.session.get(Game, game_id).private
    assert client_for(app, people["Bea"]).get(f"/tables/{game_id}").status_code == 404


def test_a_finished_private_game_s_record_is_its_players(app, people):
    game_id = finished_game(app, people["Ana"], people["Bea"], private=True)
    assert client_for(app, people["Bea"]).get(f"/games/{game_id}").status_code == 200
    assert client_for(app, people["Cris"]).get(f"/games/{game_id}").status_code == 404
    assert client_for(app, people["Cris"]).get(f"/games/{game_id}/scenario.json").status_code == 404


# ---- rematch ----

def test_play_again_invites_the_other_player_who_joins_from_the_finished_table(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    ana, bea = client_for(app, people["Ana"]), client_for(app, people["Bea"])
    assert 'id="rematch"' in text(bea.get(f"/tables/{old}"))  # it waits for an offer
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    owner = text(ana.get(f"/tables/{new}"))
    assert "Rematch invitations" in owner and "Bea" in owner and "left to answer" in owner
    page = text(bea.get(f"/tables/{old}"))
    assert "Rematch?" in page and f'action="/tables/{new}/join"' in page
    marker = re.search(r"seen=([^\"&]+)", page).group(1)
    assert bea.get(f"/tables/{old}/rematch?seen={marker}").status_code == 204
    assert bea.post(f"/tables/{new}/join").headers["Location"] == f"/tables/{new}"
    assert "Go to the rematch" in text(bea.get(f"/tables/{old}/rematch?seen={marker}"))


def test_play_again_at_a_private_bots_table_opens_a_private_one(app, people):
    """SECURITY.md, "Private tables": a watch-only table's "Play again" opens the same table
    anew, and it was public: in the lobby, its page and record open to anyone, under the
    private table's name."""
    ana = client_for(app, people["Ana"])
    watch = {"name": "Just us", "seats": 3, "standard_bots": 3, "cautious_bots": 0, "bold_bots": 0,
             "max_hands": 2, "turn_seconds": 30, "private": "y", "watch_only": "y"}
    old = int(ana.post("/tables", data=watch).headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        play_out(old)  # "Watch again" follows a game over
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    assert new != old and "Just us" in text(ana.get(f"/tables/{new}"))
    for stranger in (client_for(app, people["Cris"]), client_for(app, None)):
        assert stranger.get(f"/tables/{new}").status_code == 404
        assert stranger.get(f"/games/{new}").status_code == 404
        assert "Just us" not in text(stranger.get("/"))


def test_no_rematch_offer_leaves_an_empty_box_the_css_hides(app, people):
    """friends.css hides .rematch:empty; a newline left inside the box kept it (and its margins
    and the results' gaps) as a blank band under "Game over" on every finished table. A
    visitor is offered nothing there (a player is offered Play again: below)."""
    old = finished_game(app, people["Ana"], people["Bea"])
    page = text(app.test_client().get(f"/tables/{old}"))
    assert "Game over" in page and re.search(r'<div id="rematch" class="rematch"[^>]*></div>', page)


def test_the_finished_table_offers_one_way_to_the_next_game(app, people):
    """"Play again" seats its player at the rematch another player opened, as the offer's
    Join does (and as its "Go to the rematch" once seated): the page shows one of them,
    never two doing the same, and the offer that comes by the poll takes Play again's place."""
    old = finished_game(app, people["Ana"], people["Bea"])
    ana, bea = client_for(app, people["Ana"]), client_for(app, people["Bea"])

    def actions(page: str) -> list[str]:
        again = ["play-again"] if ">Play again</button>" in page else []
        return re.findall(r'id="(rematch-join|rematch-go)"', page) + again

    assert actions(text(bea.get(f"/tables/{old}"))) == ["play-again"]
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    assert actions(text(bea.get(f"/tables/{old}"))) == ["rematch-join"]
    assert actions(text(bea.get(f"/tables/{old}/rematch?seen=none"))) == ["rematch-join"]
    assert actions(text(ana.get(f"/tables/{old}"))) == ["rematch-go"]
    bea.post(f"/tables/{new}/join")
    assert actions(text(bea.get(f"/tables/{old}"))) == ["rematch-go"]


def test_a_declined_rematch_starts_with_a_bot(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    ana, bea = client_for(app, people["Ana"]), client_for(app, people["Bea"])
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    refused = ana.post(f"/tables/{new}/start", data={"fill": "1"}, headers=HX)
    assert refused.status_code == 409 and "can still answer the rematch" in text(refused)
    assert bea.post(f"/tables/{new}/decline").headers["Location"] == f"/tables/{old}"
    # said once, by the rematch box: a flash over it said it a second time (trial2)
    assert text(bea.get(f"/tables/{old}")).count("You said no to the rematch.") == 1
    assert ana.post(f"/tables/{new}/start", data={"fill": "1"}, headers=HX).status_code == 200


def test_after_saying_no_the_box_offers_no_rematch_but_the_lobby(app, people):
    """"Play again" beside "You said no to the rematch." seated its player at that very rematch
    (play_again joins the open one): after a no, the box says so and points to the lobby to
    find or open another table, with no Play again, on the page and in the polled box."""
    old = finished_game(app, people["Ana"], people["Bea"])
    ana, bea = client_for(app, people["Ana"]), client_for(app, people["Bea"])
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    bea.post(f"/tables/{new}/decline")
    for page in (text(bea.get(f"/tables/{old}")), text(bea.get(f"/tables/{old}/rematch?seen=none"))):
        box = page[page.index('<div id="rematch"'):]
        assert "You said no to the rematch." in page
        assert 'id="play-again"' not in page and 'id="rematch-join"' not in page
        assert re.search(r'<a class="btn" id="rematch-lobby" href="/">Back to the lobby</a>', box)
    spanish = text(bea.get(f"/tables/{old}", headers={"Accept-Language": "es"}))
    assert "Has rechazado la revancha." in spanish and 'id="play-again"' not in spanish


def test_an_unanswered_rematch_starts_with_a_bot_after_the_time(app, people):
    old = finished_game(app, people["Ana"], people["Bea"])
    ana = client_for(app, people["Ana"])
    new = int(ana.post(f"/tables/{old}/again").headers["Location"].rsplit("/", 1)[1])
    age_invites(app, new, 61)
    assert "did not answer in time" in text(ana.get(f"/tables/{new}"))
    assert ana.post(f"/tables/{new}/start", data={"fill": "1"}, headers=HX).status_code == 200


def test_a_stranger_cannot_decline_or_see_the_private_rematch(app, people):
    old = finished_game(app, people["Ana"], people["Bea"], private=True)
    new = int(client_for(app, people["Ana"]).post(f"/tables/{old}/again").headers["Location"]
              .rsplit("/", 1)[1])
    cris = client_for(app, people["Cris"])
    assert cris.get(f"/tables/{new}").status_code == 404
    assert cris.get(f"/tables/{old}/rematch").status_code == 404
    assert cris.post(f"/tables/{new}/decline").status_code == 404
    assert cris.post(f"/tables/{new}/invite").status_code == 404
    assert client_for(app, people["Bea"]).get(f"/tables/{new}").status_code == 200  # invited
