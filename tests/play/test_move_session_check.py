"""A move checks the login session in the statement that locks the table (#15.2, #16, #24.3).

Moves are most of the traffic; reading the account in a query of its own was a round trip on
every one. The signed session cookie names the login session; the move's locking SELECT reads
that session's account (user and player name) and when it was last seen with the table, and an
ended session changes nothing and is sent to log in, as Flask-Login's own check would.
"""
from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select, update

from siete.data.base import db
from siete.data.login_sessions import LoginSession
from siete.service.accounts.sessions import end_all_sessions
from siete.web.login import LOGIN_SESSION_KEY
from tests.support.play import HX, client_for, load, make_user, started_game, text
from tests.support.statements import counted_statements


def version_of(app, game_id: int) -> int:
    return load(app, game_id)[1].version


def bet(client, game_id: int, version: int, headers=HX):
    return client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": 1},
                       headers=headers)


def test_a_bet_reads_no_account_apart(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    version = version_of(app, game_id)
    with counted_statements(app) as statements:
        response = bet(client, game_id, version)
    assert response.status_code == 200, text(response)[:300]
    assert not any(s.lstrip().upper().startswith(("SELECT USERS", "UPDATE LOGIN_SESSIONS"))
                   for s in statements), statements
    assert "login_sessions" in statements[0] and "game_states" in statements[0]  # one statement
    assert 'data-seat="' in text(response) and "(you)" in text(response)  # drawn as Ana's table


def test_a_move_marks_a_session_seen_a_minute_later_in_its_own_transaction(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    with app.app_context():
        before = db.session.scalar(select(LoginSession.last_seen_at)) - timedelta(minutes=2)
        db.session.execute(update(LoginSession).values(last_seen_at=before))
        db.session.commit()
    with counted_statements(app) as statements:
        assert bet(client, game_id, version_of(app, game_id)).status_code == 200
    touches = [s for s in statements if s.lstrip().upper().startswith("UPDATE LOGIN_SESSIONS")]
    assert len(touches) == 1
    with app.app_context():
        assert db.session.scalar(select(LoginSession.last_seen_at)) > before


def test_an_ended_session_moves_nothing_and_is_sent_to_log_in(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    before = version_of(app, game_id)
    with app.app_context():
        end_all_sessions(ana)
    response = bet(client, game_id, before)
    assert response.status_code == 401 and "/auth/login" in response.headers["HX-Redirect"]
    assert version_of(app, game_id) == before  # the bet was not made
    with client.session_transaction() as session:
        assert LOGIN_SESSION_KEY not in session  # forgotten: the next move asks Flask-Login
    plain = bet(client_for(app, ana), game_id, before, headers={})
    assert plain.status_code == 200 or plain.status_code == 303  # a new login moves again
    with app.app_context():
        end_all_sessions(ana)
    plain = bet(client, game_id, version_of(app, game_id), headers={})
    assert plain.status_code == 302 and "/auth/login" in plain.headers["Location"]


def test_next_with_an_ended_session_is_sent_to_log_in(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    with app.app_context():
        end_all_sessions(ana)
    response = client.post(f"/tables/{game_id}/next", headers=HX)
    assert response.status_code == 401 and "HX-Redirect" in response.headers


def test_an_ended_session_learns_nothing_about_a_missing_table(app):
    """The check runs with the lock; without a table to lock it is made on its own."""
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    with app.app_context():
        end_all_sessions(ana)
    assert bet(client, 999_999, 1).status_code == 401
    valid = client_for(app, make_user(app, "Bea"))
    assert bet(valid, 999_999, 1).status_code == 404


def test_a_session_with_a_wrong_secret_moves_nothing(app):
    """The cookie is signed, but the row checks the secret too: a row id alone opens nothing."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    with client.session_transaction() as session:
        row, secret = session[LOGIN_SESSION_KEY].split(".")
        session[LOGIN_SESSION_KEY] = f"{row}.{secret[::-1]}"
    before = version_of(app, game_id)
    assert bet(client, game_id, before).status_code == 401
    assert version_of(app, game_id) == before


def test_a_forged_or_garbled_session_id_falls_back_to_flask_login(app):
    """A session whose token is not "<row>.<secret>" is Flask-Login's to judge (logged out)."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = app.test_client()
    with client.session_transaction() as session:
        session[LOGIN_SESSION_KEY] = "not-an-id"
    response = bet(client, game_id, version_of(app, game_id))
    assert response.status_code == 401
