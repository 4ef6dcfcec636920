"""#15.1 and #15.2: logging out ends a "keep me logged in" session; sessions can be revoked.

Every session and remember cookie carries the account's session generation ("<id>:<gen>");
a password change, a reset and "Log out everywhere" bump it, which ends them all.
"""
from __future__ import annotations

from sqlalchemy import select

from siete.data.base import db
from siete.data.people import User
from siete.service.accounts import parse_session_id, revoke_sessions

PASSWORD = "correct-horse-9"
NEW_PASSWORD = "brand-new-pass-7"
REMEMBER = "remember_token"


def register(client, username="Ana1"):
    response = client.post("/auth/register", data={
        "username": username, "email": f"{username.lower()}@example.com",
        "password": PASSWORD, "confirm": PASSWORD})
    assert response.status_code == 302, response.get_data(as_text=True)[:300]


def login(client, username="Ana1", password=PASSWORD, remember=False):
    data = {"username": username, "password": password}
    if remember:
        data["remember"] = "y"
    return client.post("/auth/login", data=data)


def is_logged_in(client) -> bool:
    """The account page answers only a logged-in user (others are sent to the login page)."""
    return client.get("/auth/password").status_code == 200


def forget_session_cookie(client) -> None:
    """What closing the browser does: the session cookie goes, the remember cookie stays."""
    client.delete_cookie("session")


def user_id(app, username="Ana1") -> int:
    with app.app_context():
        return db.session.scalar(select(User.id).where(User.username_key == username.lower()))


def remembered_client(app, username="Ana1"):
    """A second browser that logged in with "Keep me logged in"."""
    other = app.test_client()
    assert login(other, username, remember=True).status_code == 302
    assert other.get_cookie(REMEMBER) is not None
    return other


def test_logout_ends_a_remember_me_session(app, client):
    """#15.1: after logging out, the remember cookie is gone and the next page is logged out."""
    register(client)
    client.post("/auth/logout")
    assert login(client, remember=True).status_code == 302
    assert client.get_cookie(REMEMBER) is not None
    assert client.post("/auth/logout").status_code == 302
    assert client.get_cookie(REMEMBER) is None
    assert not is_logged_in(client)


def test_a_remember_cookie_alone_logs_in_and_carries_the_generation(app, client):
    register(client)
    other = remembered_client(app)
    forget_session_cookie(other)
    assert is_logged_in(other)  # the remember cookie did it
    with other.session_transaction() as sess:
        assert parse_session_id(sess["_user_id"]) == (user_id(app), 0)


def test_a_password_change_ends_the_other_sessions_and_remember_cookies(app, client):
    """#15.2: the old session cookie and the one-year remember cookie stop working."""
    register(client)
    other = remembered_client(app)
    stale_session = app.test_client()
    assert login(stale_session).status_code == 302
    response = client.post("/auth/password", data={
        "current_password": PASSWORD, "new_password": NEW_PASSWORD, "confirm": NEW_PASSWORD})
    assert response.status_code == 302
    assert is_logged_in(client)  # the device that changed it stays in
    assert not is_logged_in(stale_session)
    assert not is_logged_in(other)
    forget_session_cookie(other)
    assert not is_logged_in(other)  # nor does the remember cookie log it back in


def test_log_out_everywhere_ends_every_session_of_the_account(app, client):
    register(client)
    other = remembered_client(app)
    bystander = app.test_client()
    register(bystander, "Bea2")
    page = client.get("/auth/password").get_data(as_text=True)
    assert "Log out everywhere" in page and "/auth/logout-everywhere" in page
    assert client.post("/auth/logout-everywhere").status_code == 302
    assert not is_logged_in(client) and not is_logged_in(other)
    forget_session_cookie(other)
    assert not is_logged_in(other)
    assert is_logged_in(bystander)  # another account is untouched
    assert login(client).status_code == 302 and is_logged_in(client)  # logging in again works


def test_revoke_sessions_bumps_the_generation_checked_on_every_request(app, client):
    register(client)
    uid = user_id(app)
    with app.app_context():
        assert revoke_sessions(uid) == 1
        assert revoke_sessions(uid) == 2
    assert not is_logged_in(client)
    with client.session_transaction() as sess:  # a session forged with the right generation
        sess["_user_id"] = f"{uid}:2"          # (it is signed, so only the server can make one)
    assert is_logged_in(client)


def test_older_sessions_without_a_generation_count_as_generation_zero(app, client):
    """Sessions made before the generation existed keep working until the first revocation."""
    register(client)
    uid = user_id(app)
    with client.session_transaction() as sess:
        sess["_user_id"] = str(uid)
    assert is_logged_in(client)
    with app.app_context():
        revoke_sessions(uid)
    assert not is_logged_in(client)


def test_parse_session_id_refuses_garbage():
    assert parse_session_id("7:3") == (7, 3) and parse_session_id("7") == (7, 0)
    for bad in ("", None, "x", "7:x", ":", "7:3:1"):
        assert parse_session_id(bad) is None
