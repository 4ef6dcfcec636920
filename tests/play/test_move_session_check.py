"""A move checks the session's account in the statement that locks the table (#15.2, #16).

Moves are most of the traffic; reading the account in a query of its own was a round trip on
every one. The signed session names the account and its session generation; the move's locking
SELECT reads the account's generation and player name with the table, and a revoked session
changes nothing and is sent to log in, as Flask-Login's own check would.
"""
from __future__ import annotations

from siete.service.accounts import revoke_sessions
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
    assert not any(s.lstrip().upper().startswith("SELECT USERS") for s in statements), statements
    assert "session_generation" in statements[0] and "game_states" in statements[0]  # one statement
    assert 'data-seat="' in text(response) and "(you)" in text(response)  # drawn as Ana's table


def test_a_revoked_session_moves_nothing_and_is_sent_to_log_in(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    before = version_of(app, game_id)
    with app.app_context():
        revoke_sessions(ana)
    response = bet(client, game_id, before)
    assert response.status_code == 401 and "/auth/login" in response.headers["HX-Redirect"]
    assert version_of(app, game_id) == before  # the bet was not made
    plain = bet(client_for(app, ana), game_id, before, headers={})
    assert plain.status_code == 302 and "/auth/login" in plain.headers["Location"]
    assert version_of(app, game_id) == before


def test_next_with_a_revoked_session_is_sent_to_log_in(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    with app.app_context():
        revoke_sessions(ana)
    response = client.post(f"/tables/{game_id}/next", headers=HX)
    assert response.status_code == 401 and "HX-Redirect" in response.headers


def test_a_revoked_session_learns_nothing_about_a_missing_table(app):
    """The check runs with the lock; without a table to lock it is made on its own."""
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    with app.app_context():
        revoke_sessions(ana)
    assert bet(client, 999_999, 1).status_code == 401
    valid = client_for(app, make_user(app, "Bea"))
    assert bet(valid, 999_999, 1).status_code == 404


def test_a_session_of_an_older_generation_still_moves_until_revoked(app):
    """A session made before the generation existed ("<id>") counts as generation 0."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)  # client_for stores the bare id
    assert bet(client, game_id, version_of(app, game_id)).status_code == 200


def test_a_forged_or_garbled_session_id_falls_back_to_flask_login(app):
    """A session whose id is not "<id>:<generation>" is Flask-Login's to judge (logged out)."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = app.test_client()
    with client.session_transaction() as session:
        session["_user_id"] = "not-an-id"
    response = bet(client, game_id, version_of(app, game_id))
    assert response.status_code == 401
