"""Accounts: sign-up rules, log in/out, password change, safe redirects, throttling, sessions."""
from __future__ import annotations

import logging
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.people import Player, User
from siete.web.login import LOGIN_SESSION_KEY
from siete.web.urls import same_site_path
from tests.support.accounts import PASSWORD, logged_in_user_id


def count_users(app, username):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(User)
                                 .where(User.username_key == username.lower()))


def test_register_creates_account_and_human_player_then_logs_in(app, client, auth):
    response = auth.register("Ana1")
    assert response.status_code == 302
    with app.app_context():
        user = db.session.scalar(select(User).where(User.username_key == "ana1"))
        assert user.username == "Ana1" and user.email == "ana1@example.com"
        assert user.password_hash.startswith("scrypt:") and PASSWORD not in user.password_hash
        player = db.session.scalar(select(Player).where(Player.user_id == user.id))
        assert (player.kind, player.name, player.profile) == ("human", "Ana1", None)
    assert logged_in_user_id(client) == user.id


def test_a_session_loads_the_account_with_its_player_name_in_one_small_query(app, client, auth):
    """#7: every request loads the logged-in Account (id, username, player name), not ORM rows."""
    from siete.web.login import Account, load_user

    auth.register("Ana1")
    with client.session_transaction() as sess:
        token = sess[LOGIN_SESSION_KEY]
    with app.test_request_context():
        user_id = db.session.scalar(select(User.id).where(User.username_key == "ana1"))
        account = load_user(token)
        assert isinstance(account, Account) and account.is_authenticated
        assert (account.id, account.username, account.player_name) == (user_id, "Ana1", "Ana1")
        assert account.get_id() == token
        db.session.execute(db.delete(Player).where(Player.user_id == user_id))
        assert load_user(token).player_name is None  # no seat taken yet: no player
        row, secret = token.split(".")
        for forged in (f"{int(row) + 1}.{secret}", f"{row}.{secret}x", str(user_id), f"{user_id}:0", "x"):
            assert load_user(forged) is None
        db.session.rollback()
    header = client.get("/").get_data(as_text=True)  # the name opens the profile (#18)
    assert 'href="/players/Ana1"' in header and 'title="Your profile">Ana1<' in header  # then its rating's place


@pytest.mark.parametrize("username", ["Ana", "a12", "Zz9", "ManoloGarcia2024xyzw"])
def test_valid_usernames_are_accepted(app, auth, username):
    assert auth.register(username).status_code == 302
    assert count_users(app, username) == 1


@pytest.mark.parametrize("username, message", [
    ("ab", "3 to 20 characters"),
    ("A" * 21, "3 to 20 characters"),
    ("1abc", "Start with a letter"),
    ("ana maria", "no spaces or symbols"),
    (" ana", "Start with a letter"),
    ("ana!", "no spaces or symbols"),
    ("ana_b", "no spaces or symbols"),
    ("añaa", "no spaces or symbols"),
    ("", "This field is required"),
])
def test_invalid_usernames_are_refused_with_a_clear_error(app, auth, username, message):
    response = auth.register(username, email="someone@example.com")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert message in page
    assert 'aria-invalid="true"' in page  # the error sits beside the username field
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(User)) == 0


def test_duplicate_username_ignoring_case_is_refused(app, auth):
    assert auth.register("Maria").status_code == 302
    auth.logout()
    response = auth.register("mARIA", email="other@example.com")
    assert response.status_code == 200
    assert "That username is taken" in response.get_data(as_text=True)
    assert count_users(app, "maria") == 1


def test_a_bot_name_cannot_be_taken_by_a_new_account(app, auth):
    with app.app_context():
        if db.session.scalar(select(Player).where(Player.name == "Rosa")) is None:
            db.session.add(Player(name="Rosa", kind="bot", profile="standard"))
            db.session.commit()
    response = auth.register("rosa")
    assert response.status_code == 200
    assert "belongs to a player already" in response.get_data(as_text=True)


def test_duplicate_email_is_refused_without_saying_an_account_has_it(app, auth):
    """#15.6: the sign-up page does not say "an account with this email already exists"."""
    auth.register("Ana1", email="same@example.com")
    auth.logout()
    page = auth.register("Bea2", email="Same@Example.com").get_data(as_text=True)
    assert "cannot be used for a new account" in page
    assert "already exists" not in page and "Ana1" not in page
    assert count_users(app, "Bea2") == 0


@pytest.mark.parametrize("password, confirm, message", [
    ("short7!", "short7!", "Use 8 to 128 characters"),
    (PASSWORD, PASSWORD + "x", "The passwords do not match"),
])
def test_weak_or_mismatched_passwords_are_refused(auth, password, confirm, message):
    response = auth.register("Ana1", password=password, confirm=confirm)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and message in page
    assert 'value="Ana1"' in page  # what the user typed is kept (but never a password)
    assert password not in page


def test_bad_email_is_refused(auth):
    response = auth.register("Ana1", email="not-an-email")
    assert "Invalid email address" in response.get_data(as_text=True)


def test_login_logout_and_login_ignoring_case(client, auth):
    auth.register("Ana1")
    assert auth.logout().status_code == 302
    assert logged_in_user_id(client) is None
    response = auth.login("ANA1")
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert logged_in_user_id(client) is not None


def test_logout_only_accepts_post(client, auth):
    auth.register("Ana1")
    response = client.get("/auth/logout")
    assert response.status_code == 405
    assert logged_in_user_id(client) is not None


def test_wrong_password_and_unknown_user_get_the_same_answer(client, auth):
    auth.register("Ana1")
    auth.logout()
    wrong = auth.login("Ana1", "not-the-password")
    unknown = auth.login("Nobody", "not-the-password")
    for response in (wrong, unknown):
        assert response.status_code == 200
        assert "Wrong username or password" in response.get_data(as_text=True)
    assert logged_in_user_id(client) is None


def test_change_password(client, auth):
    auth.register("Ana1")
    response = client.post("/auth/password", data={
        "current_password": PASSWORD, "new_password": "brand-new-pass", "confirm": "brand-new-pass"})
    assert response.status_code == 302
    auth.logout()
    assert auth.login("Ana1", PASSWORD).status_code == 200  # the old one no longer works
    assert auth.login("Ana1", "brand-new-pass").status_code == 302


def test_change_password_checks_the_current_one(client, auth):
    auth.register("Ana1")
    response = client.post("/auth/password", data={
        "current_password": "guess-guess", "new_password": "brand-new-pass", "confirm": "brand-new-pass"})
    assert "That is not your current password" in response.get_data(as_text=True)


def test_change_password_needs_login(client):
    response = client.get("/auth/password")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/auth/login?next=")


@pytest.mark.parametrize("target, expected", [
    ("/reports", "/reports"),
    ("/tables/3?tab=log", "/tables/3?tab=log"),
    ("https://evil.example/", None),
    ("//evil.example/", None),
    ("/\\evil.example", None),
    ("javascript:alert(1)", None),
    ("reports", None),
    ("", None),
    (None, None),
])
def test_same_site_path_only_allows_paths_on_this_site(target, expected):
    assert same_site_path(target) == expected


@pytest.mark.parametrize("target, landing", [
    ("/reports", "/reports"),
    ("https://evil.example/steal", "/"),
    ("//evil.example/steal", "/"),
])
def test_login_returns_to_next_only_on_this_site(auth, target, landing):
    auth.register("Ana1")
    auth.logout()
    response = auth.login(next_url=target)
    assert response.status_code == 302 and response.headers["Location"] == landing


def test_login_renews_the_session(client, auth):
    """Session fixation: nothing planted in the session before login survives it."""
    auth.register("Ana1")
    auth.logout()
    with client.session_transaction() as sess:
        sess["planted"] = "by an attacker"
        sess[LOGIN_SESSION_KEY] = "999.planted"
    auth.login()
    with client.session_transaction() as sess:
        assert "planted" not in sess
        assert sess[LOGIN_SESSION_KEY] != "999.planted"


def test_htmx_request_without_login_gets_401_and_hx_redirect(client):
    response = client.get("/auth/password", headers={
        "HX-Request": "true", "HX-Current-URL": "http://localhost/tables/7"})
    assert response.status_code == 401
    location = urlsplit(response.headers["HX-Redirect"])
    assert location.path == "/auth/login"
    assert parse_qs(location.query)["next"] == ["/tables/7"]  # the page, not the fragment
    assert "<form" not in response.get_data(as_text=True)


def test_htmx_redirect_ignores_a_foreign_current_url(client):
    response = client.get("/auth/password", headers={
        "HX-Request": "true", "HX-Current-URL": "https://evil.example/x"})
    assert parse_qs(urlsplit(response.headers["HX-Redirect"]).query)["next"] == ["/auth/password"]


def test_password_never_reaches_the_logs(client, auth, caplog):
    caplog.set_level(logging.DEBUG)
    secret, wrong = "Zebra-Orchid-4417", "Wrong-Lantern-9921"
    auth.register("Ana1", password=secret)
    auth.logout()
    auth.login("Ana1", wrong)
    auth.login("Ana1", secret)
    client.post("/auth/password", data={"current_password": secret, "new_password": secret + "x",
                                        "confirm": secret + "x"})
    assert "failed login" in caplog.text  # the logs were captured...
    assert secret not in caplog.text and wrong not in caplog.text  # ...without any password


class TestLoginThrottle:
    """Failed logins are limited per client address; the limit answers 429 with a clear page."""

    @pytest.fixture
    def app_config(self):
        return {"LOGIN_RATE_LIMIT": "3/minute", "RATELIMIT_ENABLED": True}

    def test_failed_logins_are_throttled(self, client, auth):
        auth.register("Ana1")
        auth.logout()
        for _ in range(3):
            assert auth.login("Ana1", "bad-password").status_code == 200
        blocked = auth.login("Ana1", PASSWORD)
        assert blocked.status_code == 429
        assert "Too many attempts" in blocked.get_data(as_text=True)
        assert logged_in_user_id(client) is None

    def test_successful_logins_do_not_use_up_the_limit(self, auth):
        auth.register("Ana1")
        for _ in range(5):
            auth.logout()
            assert auth.login().status_code == 302

    def test_htmx_gets_the_429_as_a_fragment(self, auth):
        for _ in range(3):
            auth.login("Nobody", "bad-password")
        blocked = auth.login("Nobody", "bad-password", headers={"HX-Request": "true"})
        assert blocked.status_code == 429
        assert blocked.headers["HX-Retarget"] == "#flash"
        assert "<html" not in blocked.get_data(as_text=True)
