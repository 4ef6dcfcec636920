"""Accounts through the web forms, as a person makes them: sign up, log in, log out.

The one set of these helpers every test uses (the `auth` fixture in tests/conftest.py wraps them
for the test's own client, as flaskr's tutorial does). Extra keyword arguments go to the test
client's request unchanged (headers=, query_string=, ...).
"""
from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from siete.data.base import db
from siete.data.people import User
from siete.service.accounts.sessions import account_of
from siete.web.login import LOGIN_SESSION_KEY

PASSWORD = "correct-horse-9"
NEW_PASSWORD = "brand-new-pass-7"
USERNAME = "Ana1"


def register(client: FlaskClient, username: str = USERNAME, password: str = PASSWORD, *,
             email: str | None = None, confirm: str | None = None, **request: Any) -> TestResponse:
    """Send the sign-up form (address from the name unless given; confirm = password unless given)."""
    return client.post("/auth/register", data={
        "username": username, "email": email or f"{username.lower()}@example.com",
        "password": password, "confirm": password if confirm is None else confirm}, **request)


def sign_up(client: FlaskClient, username: str = USERNAME, *, email: str | None = None,
            logged_in: bool = True) -> None:
    """A new account that the form must make (its redirect); the client stays logged in to it
    unless logged_in is False (then it is a visitor again, as after logging out)."""
    response = register(client, username, email=email)
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    if not logged_in:
        logout(client)


def login(client: FlaskClient, username: str = USERNAME, password: str = PASSWORD, *,
          remember: bool = False, next_url: str | None = None, **request: Any) -> TestResponse:
    """Send the login form. next_url is put in the query as it is, unencoded, as a hand-made
    link would carry it (the redirect tests send hostile values)."""
    url = "/auth/login" if next_url is None else f"/auth/login?next={next_url}"
    data = {"username": username, "password": password}
    if remember:
        data["remember"] = "y"
    return client.post(url, data=data, **request)


def logout(client: FlaskClient) -> TestResponse:
    return client.post("/auth/logout")


class AuthActions:
    """The `auth` fixture: the helpers above, bound to one test client."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def register(self, username: str = USERNAME, password: str = PASSWORD, **kw: Any) -> TestResponse:
        return register(self.client, username, password, **kw)

    def sign_up(self, username: str = USERNAME, **kw: Any) -> None:
        sign_up(self.client, username, **kw)

    def login(self, username: str = USERNAME, password: str = PASSWORD, **kw: Any) -> TestResponse:
        return login(self.client, username, password, **kw)

    def logout(self) -> TestResponse:
        return logout(self.client)


# A guest's sign-up, as the sign-up form is filled from the guest's browser.
GUEST_SIGN_UP = {"username": "Rosa7", "email": "rosa7@example.com", "password": "a fine long secret",
                 "confirm": "a fine long secret"}


def logged_in_user_id(client: FlaskClient) -> int | None:
    """The user id of the live login session this client's cookie names, or None."""
    with client.session_transaction() as sess:
        token = sess.get(LOGIN_SESSION_KEY)
    with client.application.app_context():
        account = account_of(token)
        return None if account is None else account.user_id


def guest_client(app: Flask) -> tuple[FlaskClient, int]:
    """A browser that pressed "Play as a guest": its client and the guest's user id."""
    client = app.test_client()
    response = client.post("/auth/guest")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    with app.app_context():
        newest = db.session.scalar(select(User).where(User.guest.is_(True)).order_by(User.id.desc()))
        assert newest is not None
        return client, newest.id
