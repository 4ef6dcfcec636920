"""No side doors to a private table: the routes that read a table by its number apart from the
table page (the leave page, leaving, "play again", the rematch box, a refused action without
htmx) answer a stranger (not its creator, not seated, no key) exactly as for a table that does
not exist, and the lobby's change marker counts only the tables the lobby shows its visitor."""
from __future__ import annotations

import html
import re

import pytest

from siete.data.base import db
from siete.service.tables.lobby_actions import start_table
from tests.support.friends import finished_game, open_table, player_of
from tests.support.play import client_for, make_user, text
from tests.support.settings import app_settings

MISSING = 987_654  # no table has this number


@pytest.fixture
def people(app):
    return {name: make_user(app, name) for name in ("Ana", "Bea", "Cris")}


def private_table(app, creator: int, started: bool = False) -> int:
    with app.app_context():
        game = open_table(player_of(creator), private=True, seats=2, name="Secret club")
        if started:
            start_table(app_settings(), game.id, player_of(creator))
        db.session.commit()
        return game.id


def answer(client, method: str, path: str) -> tuple[int, bytes, str | None]:
    """Status, body and Location of one request. Two things in a page are not the table's and
    are blanked: the CSRF token (signed with the time) and the page's own address (the language
    links come back to it), which names the number asked for."""
    response = getattr(client, method)(path)
    body = response.get_data().replace(path.encode(), b"PATH")
    token = re.search(rb'name="csrf-token" content="([^"]+)"', body)
    body = body.replace(token.group(1), b"CSRF") if token else body
    return response.status_code, body, response.headers.get("Location")


def same_as_missing(client, method: str, path: str, game_id: int) -> None:
    """The stranger's answer for the private table is byte for byte the missing table's."""
    private, missing = (answer(client, method, path.format(number)) for number in (game_id, MISSING))
    assert private == missing, (path, private[0], missing[0])
    assert private[0] == 404 and b"Secret club" not in private[1]


@pytest.mark.parametrize("started", [False, True], ids=["waiting", "playing"])
def test_the_leave_page_and_leaving_show_a_stranger_no_private_table(app, people, started):
    game_id = private_table(app, people["Ana"], started=started)
    cris = client_for(app, people["Cris"])
    for method, path in (("get", "/tables/{}/leave"), ("post", "/tables/{}/leave"),
                         ("get", "/tables/{}/rematch"), ("post", "/tables/{}/decline"),
                         # A refused action without htmx once redirected back to the table (303).
                         ("post", "/tables/{}/back"), ("post", "/tables/{}/start"),
                         ("post", "/tables/{}/next"), ("post", "/tables/{}/react"),
                         ("post", "/tables/{}/chat"), ("post", "/tables/{}/chat/mute")):
        same_as_missing(cris, method, path, game_id)
    owner = client_for(app, people["Ana"]).get(f"/tables/{game_id}/leave")
    assert owner.status_code == 200 and "Secret club" in text(owner)


def test_play_again_answers_a_stranger_as_for_no_table(app, people):
    game_id = finished_game(app, people["Ana"], people["Bea"], private=True)
    same_as_missing(client_for(app, people["Cris"]), "post", "/tables/{}/again", game_id)
    again = client_for(app, people["Bea"]).post(f"/tables/{game_id}/again")
    assert again.status_code == 303 and again.headers["Location"] != f"/tables/{game_id}"


def lobby_marker(client) -> str:
    page = html.unescape(text(client.get("/lobby/tables")))
    return re.search(r'hx-get="/lobby/tables\?[^"]*v=([^"&]+)', page).group(1)


def test_the_public_lobby_marker_ignores_private_tables(app, people):
    """A visitor polling the lobby learns nothing when a private table opens, is joined or
    starts; the creator's own marker moves, and so does everyone's for a public table."""
    visitor, stranger, ana = (client_for(app, who) for who in (None, people["Cris"], people["Ana"]))
    before = {name: lobby_marker(c) for name, c in (("visitor", visitor), ("stranger", stranger),
                                                      ("ana", ana))}
    game_id = private_table(app, people["Ana"])
    with app.app_context():
        start_table(app_settings(), game_id, player_of(people["Ana"]), fill_with_bots=True)
        db.session.commit()
    for name, client in (("visitor", visitor), ("stranger", stranger)):
        assert lobby_marker(client) == before[name], name
        assert client.get(f"/lobby/tables?v={before[name]}").status_code == 204
    assert lobby_marker(ana) != before["ana"]
    with app.app_context():
        open_table(player_of(people["Bea"]))
        db.session.commit()
    assert lobby_marker(visitor) != before["visitor"]
