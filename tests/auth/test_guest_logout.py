"""A guest's "Log out" (#38): logging out gives up the guest's account and its games for good
(it has no password, so nobody can log in to it again), so it first says what it costs and
offers the sign-up that keeps them, with a form that logs out anyway. Without JavaScript: a
page and a form. A person's logout is unchanged."""
from __future__ import annotations

import re

import pytest

from tests.support.accounts import GUEST_SIGN_UP, guest_client, logged_in_user_id, logout, sign_up
from tests.support.play import text


@pytest.fixture
def app_config():
    return {"GUEST_RATE_LIMIT": "1000/minute"}


def give_up_form(page: str) -> str:
    """The page's "Log out anyway" form (the one posting to the logout)."""
    found = re.search(r'<form[^>]*action="/auth/logout"[^>]*>.*?</form>', page, re.S)
    assert found, page
    return found.group(0)


def test_a_guests_header_log_out_leads_to_what_it_costs(app):
    client, _ = guest_client(app)
    header = text(client.get("/")).split("</header>")[0]
    assert 'action="/auth/logout"' not in header  # no button that gives the games up at once
    assert re.search(r'<a id="header-logout" href="/auth/guest/logout">Log out</a>', header)
    page = text(client.get("/auth/guest/logout"))
    assert "Logging out gives up this guest account for good" in page
    assert re.search(r'<a [^>]*href="/auth/register"[^>]*>Sign up to keep your games</a>', page)
    form = give_up_form(page)
    assert 'method="post"' in form and 'name="csrf_token"' in form and 'name="give_up_guest"' in form
    assert "Log out anyway" in form


def test_a_guests_logout_that_did_not_come_from_that_page_ends_nothing(app):
    """A page open from before the change, or any POST without the page's answer, is sent to
    the page: the guest stays logged in."""
    client, guest_id = guest_client(app)
    response = logout(client)
    assert response.status_code == 303 and response.headers["Location"] == "/auth/guest/logout"
    assert logged_in_user_id(client) == guest_id


def test_log_out_anyway_ends_the_guests_session(app):
    client, guest_id = guest_client(app)
    response = client.post("/auth/logout", data={"give_up_guest": "1"})
    assert response.status_code == 302 and response.headers["Location"] == "/auth/login"
    assert logged_in_user_id(client) is None


def test_signing_up_from_that_page_keeps_the_guest_account(app):
    client, guest_id = guest_client(app)
    client.get("/auth/guest/logout")
    assert client.post("/auth/register", data=GUEST_SIGN_UP).status_code == 302
    assert logged_in_user_id(client) == guest_id  # the same account, now a person's
    assert 'action="/auth/logout"' in text(client.get("/")).split("</header>")[0]


def test_the_page_is_only_a_guests(app, client):
    assert client.get("/auth/guest/logout").headers["Location"].startswith("/auth/login")
    sign_up(client)
    assert client.get("/auth/guest/logout").headers["Location"] == "/"
    assert logout(client).status_code == 302  # a person's logout asks nothing
    assert logged_in_user_id(client) is None


def test_the_page_in_spanish(app):
    client, _ = guest_client(app)
    page = text(client.get("/auth/guest/logout", headers={"Accept-Language": "es"}))
    assert "Regístrate para conservar tus partidas" in page and "Salir de todos modos" in page


def test_the_account_pages_log_out_buttons_lead_a_guest_to_what_it_costs_too(app):
    """trial5: the account page's "Log out" (this device's session) and "Log out everywhere"
    ended a guest's only session at once, giving up its games with no word; they now go to the
    same page as the header's Log out, and the guest stays logged in."""
    client, guest_id = guest_client(app)
    page = text(client.get("/auth/account"))
    current = re.search(r'class="session session--current" data-session="(\d+)"', page).group(1)
    for path in (f"/auth/sessions/{current}/end", "/auth/logout-everywhere"):
        response = client.post(path)
        assert response.status_code == 303 and response.headers["Location"] == "/auth/guest/logout", path
        assert logged_in_user_id(client) == guest_id, path
