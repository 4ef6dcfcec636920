"""Accounts through the web forms, as a person makes them: sign up, log in, log out.

The one set of these helpers every test uses (the `auth` fixture in tests/conftest.py wraps them
for the test's own client, as flaskr's tutorial does). Extra keyword arguments go to the test
client's request unchanged (headers=, query_string=, ...).
"""
from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

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
