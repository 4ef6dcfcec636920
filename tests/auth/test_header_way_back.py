"""The header's "Log in" and "Sign up" bring the visitor back to the page they were on (next=),
a private table's with its invite key, and never send anyone to another site."""
from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from siete.data.base import db
from tests.support.friends import open_table, player_of
from tests.support.play import client_for, make_user, text

PASSWORD = "Zq8-mPw-41-river"


def header_links(page: str) -> dict[str, str]:
    """The path and next= of the header's two links, by id."""
    found = {}
    for link_id in ("header-login", "header-signup"):
        href = html.unescape(re.search(rf'id="{link_id}" href="([^"]+)"', page).group(1))
        parts = urlsplit(href)
        found[link_id] = (parts.path, parse_qs(parts.query).get("next", [None])[0])
    return found


def test_the_header_links_carry_the_page_they_are_on(app, client):
    page = text(client.get("/rankings?page=1"))
    assert header_links(page) == {"header-login": ("/auth/login", "/rankings?page=1"),
                                  "header-signup": ("/auth/register", "/rankings?page=1")}
    lobby = text(client.get("/"))  # the lobby is where both land anyway: no next= there
    assert header_links(lobby) == {"header-login": ("/auth/login", None),
                                   "header-signup": ("/auth/register", None)}


def test_on_a_private_table_the_header_keeps_its_invite_key(app):
    ana = make_user(app, "Ana")
    with app.app_context():
        game = open_table(player_of(ana), private=True, bots=("standard",))
        db.session.commit()
        game_id, key = game.id, game.invite_token
    visitor = client_for(app, None)
    visitor.get(f"/tables/{game_id}?key={key}")  # the key is remembered in the session...
    page = text(visitor.get(f"/tables/{game_id}"))  # ...so a reload has none in its address
    back = f"/tables/{game_id}?key={key}"
    assert {link: nxt for link, (_, nxt) in header_links(page).items()} == {
        "header-login": back, "header-signup": back}


def test_signing_up_from_the_header_lands_back_on_the_page(app, client):
    signup = header_links(text(client.get("/rules")))["header-signup"]
    assert signup == ("/auth/register", "/rules")
    form = html.unescape(text(client.get("/auth/register", query_string={"next": "/rules"})))
    assert header_links(form)["header-login"] == ("/auth/login", "/rules")  # kept on the form
    done = client.post("/auth/register", query_string={"next": "/rules"}, data={
        "username": "Dora", "email": "dora@example.com", "password": PASSWORD, "confirm": PASSWORD})
    assert done.status_code == 302 and done.headers["Location"] == "/rules"


def test_logging_in_from_the_header_lands_back_on_the_page(app, client):
    client.post("/auth/register", data={"username": "Eva", "email": "eva@example.com",
                                        "password": PASSWORD, "confirm": PASSWORD})
    client.post("/auth/logout", data={})
    login = header_links(text(client.get("/rules")))["header-login"]
    assert login == ("/auth/login", "/rules")
    done = client.post("/auth/login", query_string={"next": "/rules"},
                       data={"username": "Eva", "password": PASSWORD})
    assert done.status_code == 302 and done.headers["Location"] == "/rules"


@pytest.mark.parametrize("evil", ["https://evil.example/", "//evil.example/x", "/\\evil.example"])
def test_the_header_never_offers_an_off_site_way_back(app, client, evil):
    page = text(client.get("/auth/login", query_string={"next": evil}))
    assert header_links(page)["header-signup"] == ("/auth/register", None)
    done = client.post("/auth/register", query_string={"next": evil}, data={
        "username": "Fede", "email": "fede@example.com", "password": PASSWORD, "confirm": PASSWORD})
    assert done.status_code == 302 and done.headers["Location"] == "/"
