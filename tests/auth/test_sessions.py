"""#15.1, #15.2 and #24.3: logins are rows (login_sessions) that logging out, "End", "log out
everywhere" and a password change delete, so every copy of a login's cookies (the session and
the "keep me logged in" cookie) stops working, on every worker and replica."""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import event, func, select, update

from siete.data.base import db, utcnow
from siete.data.login_sessions import LoginSession
from siete.data.people import User
from siete.service.accounts.sessions import end_all_sessions, prune_idle_sessions
from siete.web.login import LOGIN_SESSION_KEY
from tests.support.accounts import NEW_PASSWORD, PASSWORD, login, logout, sign_up

REMEMBER = "remember_token"
FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0"
CHROME_WINDOWS = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
                  "Chrome/124.0.0.0 Safari/537.36")


def user_agent(agent: str | None) -> dict[str, str]:
    """The header that names the browser (the sessions page lists logins by it)."""
    return {"User-Agent": agent} if agent else {}


def is_logged_in(client) -> bool:
    """The account page answers only a logged-in user (others are sent to the login page)."""
    return client.get("/auth/account").status_code == 200


def forget_session_cookie(client) -> None:
    """What closing the browser does: the session cookie goes, the remember cookie stays."""
    client.delete_cookie("session")


def copy_of(app, client, *names):
    """Another browser holding copies of these cookies of `client` (what a thief would keep)."""
    thief = app.test_client()
    for name in names:
        thief.set_cookie(name, client.get_cookie(name).value)
    return thief


def user_id(app, username="Ana1") -> int:
    with app.app_context():
        return db.session.scalar(select(User.id).where(User.username_key == username.lower()))


def session_count(app, username="Ana1") -> int:
    uid = user_id(app, username)
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(LoginSession)
                                 .where(LoginSession.user_id == uid))


def remembered_client(app, username="Ana1", agent=None):
    """A second browser that logged in with "Keep me logged in"."""
    other = app.test_client()
    assert login(other, username, remember=True, headers=user_agent(agent)).status_code == 302
    assert other.get_cookie(REMEMBER) is not None
    return other


def test_logout_ends_a_remember_me_session(app, client):
    """#15.1: after logging out, the remember cookie is gone and the next page is logged out."""
    sign_up(client)
    logout(client)
    assert login(client, remember=True).status_code == 302
    assert client.get_cookie(REMEMBER) is not None
    assert logout(client).status_code == 302
    assert client.get_cookie(REMEMBER) is None
    assert not is_logged_in(client)


def test_logout_ends_every_copy_of_the_session_and_remember_cookies(app, client):
    """#24.3: cookies copied before logout open nothing after it, alone or together."""
    sign_up(client)
    logout(client)
    assert login(client, remember=True).status_code == 302
    both = copy_of(app, client, "session", REMEMBER)
    session_only = copy_of(app, client, "session")
    remember_only = copy_of(app, client, REMEMBER)
    assert is_logged_in(session_only) and is_logged_in(remember_only)  # the copies work until then
    assert logout(client).status_code == 302
    for copy in (copy_of(app, both, "session", REMEMBER), session_only, remember_only):
        assert not is_logged_in(copy)
    assert session_count(app) == 0


def test_a_remember_cookie_alone_logs_in_on_the_same_session(app, client):
    sign_up(client)
    other = remembered_client(app)
    forget_session_cookie(other)
    assert is_logged_in(other)  # the remember cookie did it, on the session it names
    with other.session_transaction() as sess:
        token = sess[LOGIN_SESSION_KEY]
    uid = user_id(app)
    with app.app_context():
        row = db.session.get(LoginSession, int(token.split(".")[0]))
        assert row.user_id == uid and row.remembered
    assert session_count(app) == 2  # the sign-up's and this browser's, not a third


def test_a_password_change_ends_the_other_sessions_and_remember_cookies(app, client):
    """#15.2: the old session cookie and the one-year remember cookie stop working."""
    sign_up(client)
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
    assert session_count(app) == 1


def test_log_out_everywhere_ends_every_session_of_the_account(app, client):
    sign_up(client)
    other = remembered_client(app)
    bystander = app.test_client()
    sign_up(bystander, "Bea2")
    page = client.get("/auth/account").get_data(as_text=True)
    assert "Log out everywhere" in page and "/auth/logout-everywhere" in page
    assert client.post("/auth/logout-everywhere").status_code == 302
    assert not is_logged_in(client) and not is_logged_in(other)
    forget_session_cookie(other)
    assert not is_logged_in(other)
    assert is_logged_in(bystander)  # another account is untouched
    assert login(client).status_code == 302 and is_logged_in(client)  # logging in again works


def test_the_sessions_list_names_each_device_and_ends_another(app, client):
    sign_up(client)
    logout(client)
    assert login(client, headers=user_agent(CHROME_WINDOWS)).status_code == 302
    phone = remembered_client(app, agent=FIREFOX_ANDROID)
    page = client.get("/auth/account", headers={"User-Agent": CHROME_WINDOWS}).get_data(as_text=True)
    assert "Chrome on Windows" in page and "Firefox on Android" in page
    assert page.count('class="session__badge">This device<') == 1
    assert page.index("Chrome on Windows") < page.index("This device") < page.index("Firefox on Android")
    assert "Kept logged in" in page and "Active now" in page
    with phone.session_transaction() as sess:
        phone_session = int(sess[LOGIN_SESSION_KEY].split(".")[0])
    ended = client.post(f"/auth/sessions/{phone_session}/end")
    assert ended.status_code == 302 and ended.headers["Location"] == "/auth/account"
    assert "That session has ended" in client.get("/auth/account").get_data(as_text=True)
    assert not is_logged_in(phone)
    forget_session_cookie(phone)
    assert not is_logged_in(phone)  # its remember cookie named the same, ended session
    assert is_logged_in(client)
    again = client.post(f"/auth/sessions/{phone_session}/end")
    assert "already ended" in client.get(again.headers["Location"]).get_data(as_text=True)


def test_nobody_can_end_another_accounts_session(app, client):
    sign_up(client)
    bea = app.test_client()
    sign_up(bea, "Bea2")
    with client.session_transaction() as sess:
        anas_session = int(sess[LOGIN_SESSION_KEY].split(".")[0])
    bea.post(f"/auth/sessions/{anas_session}/end")
    assert is_logged_in(client) and is_logged_in(bea)
    assert app.test_client().post(f"/auth/sessions/{anas_session}/end").status_code == 302  # to log in
    assert is_logged_in(client)


def test_a_session_number_past_the_column_is_one_already_ended_never_a_500(app, client):
    """login_sessions.id is an INT: a number past it (a typed or forged URL) reached the
    driver, and SQLite's overflowed into a 500."""
    sign_up(client)
    for number in (2**31, 99999999999999999999):
        answer = client.post(f"/auth/sessions/{number}/end")
        assert answer.status_code == 302 and answer.headers["Location"] == "/auth/account"
        assert "already ended" in client.get("/auth/account").get_data(as_text=True)
    assert is_logged_in(client)


def test_ending_this_devices_own_session_logs_it_out(app, client):
    sign_up(client)
    with client.session_transaction() as sess:
        own = int(sess[LOGIN_SESSION_KEY].split(".")[0])
    response = client.post(f"/auth/sessions/{own}/end")
    assert response.status_code == 302 and "/auth/login" in response.headers["Location"]
    assert not is_logged_in(client) and session_count(app) == 0


def test_last_seen_is_written_at_most_once_a_minute(app, client):
    sign_up(client)
    with app.app_context():
        signed_in = db.session.scalars(select(LoginSession)).one().last_seen_at
        engine = db.engine
    updates = []

    def count(_conn, _cursor, statement, *_args):
        if statement.lstrip().upper().startswith("UPDATE LOGIN_SESSIONS") and "WHERE" in statement:
            updates.append(statement)  # a request's (the test's own UPDATE has no WHERE)
    event.listen(engine, "before_cursor_execute", count)
    try:
        for _ in range(3):
            assert client.get("/").status_code == 200
        assert updates == []  # seen just now, at login
        with app.app_context():
            db.session.execute(update(LoginSession).values(last_seen_at=signed_in - timedelta(minutes=5)))
            db.session.commit()
        for _ in range(3):
            assert client.get("/").status_code == 200
        assert len(updates) == 1
    finally:
        event.remove(engine, "before_cursor_execute", count)
    with app.app_context():
        assert db.session.scalars(select(LoginSession)).one().last_seen_at >= signed_in


def test_cookies_from_before_login_sessions_open_nothing(app, client):
    """Sessions made when the cookie held "<user id>" or "<user id>:<generation>" name no row."""
    sign_up(client)
    uid = user_id(app)
    for old in (str(uid), f"{uid}:0"):
        other = app.test_client()
        with other.session_transaction() as sess:
            sess["_user_id"] = old  # what Flask-Login kept there before #24.3
            sess[LOGIN_SESSION_KEY] = old
        assert not is_logged_in(other)


def test_idle_sessions_are_pruned_when_no_cookie_can_name_them(app, client):
    sign_up(client)
    other = remembered_client(app)
    uid = user_id(app)
    with app.app_context():
        now = utcnow()
        db.session.execute(update(LoginSession).values(last_seen_at=now - timedelta(days=40)))
        db.session.commit()
        assert prune_idle_sessions(now, timedelta(days=31), timedelta(days=365)) == 1  # not remembered
        assert end_all_sessions(uid) == 1
    assert not is_logged_in(other)
