"""Hostile input, property-based: malformed, oversized, wrong-type values (markup, SQL, unicode,
huge and negative numbers) in every form and route never give a 500 and never change a game."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.games import Game
from siete.data.people import User
from siete.web.login import LOGIN_SESSION_KEY
from tests.support.play import HX, client_for, load, make_user, started_game

FUZZ = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
HOSTILE = st.sampled_from([
    "", " ", "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "' OR 1=1 --",
    "1; DROP TABLE games", "%s", "{{7*7}}", "../../etc/passwd", "\x00", "ñandú 🂡", "١٢٣", "1e309",
    "-1", "0", "-2147483649", "99999999999999999999999", "NaN", "1.5", "0x10", " 7 ", "null", "[]",
])
# Text a browser can send (no lone surrogates), up to a few KB, or a hostile classic.
VALUES = st.one_of(HOSTILE, st.integers().map(str),
                   st.text(st.characters(exclude_categories=("Cs",)), max_size=3000))


@pytest.fixture
def app_config():
    """No rate limits here: the fuzzer signs up and logs in far more often than a person."""
    return {"RATELIMIT_ENABLED": False}


def no_server_error(response) -> None:
    body = response.get_data(as_text=True)
    assert response.status_code < 500, body[:500]
    assert "Traceback" not in body


@pytest.fixture
def game(app):
    """A running game where it is Ana's turn to bet: (app, client as Ana, game id)."""
    ana = make_user(app, "Ana")
    return app, client_for(app, ana), started_game(app, ana)


def legal(value: str, allowed: set[int]) -> bool:
    try:
        return int(value.strip()) in allowed
    except ValueError:
        return False


@FUZZ
@given(action=st.sampled_from(["bet", "draw", "stand"]), version=VALUES, amount=VALUES,
       htmx=st.booleans())
def test_moves_with_a_bad_version_change_nothing(game, action, version, amount, htmx):
    app, client, game_id = game
    before = load(app, game_id)[1]
    if legal(version, {before.version}):
        version = f"{version}x"
    response = client.post(f"/tables/{game_id}/{action}", data={"version": version, "amount": amount},
                           headers=HX if htmx else {})
    no_server_error(response)
    assert response.status_code in ((400, 409) if htmx else (303, 400, 409))
    assert load(app, game_id)[1].to_dict() == before.to_dict()


@FUZZ
@given(amount=VALUES)
def test_bets_out_of_range_change_nothing(game, amount):
    app, client, game_id = game
    before = load(app, game_id)[1]
    allowed = set(range(1, 5))  # R4.4: 1 to 20% of 20 points
    if legal(amount, allowed):
        amount = f"{amount}.5"
    response = client.post(f"/tables/{game_id}/bet", data={"version": before.version, "amount": amount},
                           headers=HX)
    no_server_error(response)
    assert response.status_code in (400, 422)
    assert load(app, game_id)[1].to_dict() == before.to_dict()


@FUZZ
@given(game_id=st.one_of(st.integers(-10**30, 10**30).map(str), HOSTILE), poll=VALUES)
def test_table_urls_with_junk_ids_or_versions(game, game_id, poll):
    app, client, real_id = game
    before = load(app, real_id)[1]
    for path in (f"/tables/{game_id}", f"/tables/{game_id}/fragment", f"/tables/{real_id}/fragment"):
        no_server_error(client.get(path, query_string={"v": poll}, headers=HX))
    for action in ("bet", "join", "start", "leave", "again"):
        no_server_error(client.post(f"/tables/{game_id}/{action}", data={"version": poll}))
    assert load(app, real_id)[1].to_dict() == before.to_dict()


TABLE_FIELDS = ("name", "seats", "standard_bots", "cautious_bots", "bold_bots", "watch_only",
                "max_hands", "turn_seconds")


@FUZZ
@given(form=st.fixed_dictionaries({}, optional={name: VALUES for name in TABLE_FIELDS}))
def test_new_table_form_never_500_and_refusals_store_nothing(game, form):
    app, client, _ = game
    with app.app_context():
        tables = db.session.scalar(select(func.count()).select_from(Game))
    response = client.post("/tables", data=form)
    no_server_error(response)
    with app.app_context():
        after = db.session.scalar(select(func.count()).select_from(Game))
    if response.status_code == 303:
        assert after == tables + 1
    else:
        assert response.status_code in (400, 422) and after == tables


@FUZZ
@given(username=VALUES, email=VALUES, password=VALUES, confirm=st.one_of(VALUES, st.just("same")))
def test_sign_up_with_junk_never_500_and_refusals_store_nothing(client, app, username, email,
                                                                 password, confirm):
    with app.app_context():
        users = db.session.scalar(select(func.count()).select_from(User))
    response = client.post("/auth/register", data={
        "username": username, "email": email, "password": password,
        "confirm": password if confirm == "same" else confirm})
    no_server_error(response)
    with app.app_context():
        after = db.session.scalar(select(func.count()).select_from(User))
    assert after == users + (1 if response.status_code == 302 else 0)
    if response.status_code == 302:
        client.post("/auth/logout")


@FUZZ
@given(username=VALUES, password=VALUES, next_url=VALUES)
def test_log_in_with_junk_never_500(client, username, password, next_url):
    response = client.post("/auth/login", query_string={"next": next_url},
                           data={"username": username, "password": password})
    no_server_error(response)
    assert response.status_code in (200, 400)


@FUZZ
@given(name=VALUES, query=VALUES)
def test_reports_and_profiles_with_junk_never_500(client, name, query):
    for path in (f"/players/{name}", f"/reports/players/{name}", "/reports", "/reports.json", "/"):
        no_server_error(client.get(path, query_string={"q": query, "only": query}))


def test_oversized_bodies_are_refused_not_crashed(game):
    app, client, game_id = game
    before = load(app, game_id)[1]
    huge = "9" * 2_000_000
    visitor = app.test_client()
    for sender, path, data in (
            (client, f"/tables/{game_id}/bet", {"version": before.version, "amount": huge}),
            (visitor, "/auth/login", {"username": huge, "password": huge}),
            (client, "/tables", {"name": huge, "seats": huge})):
        response = sender.post(path, data=data, headers=HX)
        no_server_error(response)
        # The login form answers 200 with the field's error (there is no MAX_CONTENT_LENGTH).
        assert response.status_code in ((200, 400, 413) if sender is visitor else (400, 413, 422))
    with visitor.session_transaction() as session:
        assert LOGIN_SESSION_KEY not in session
    assert load(app, game_id)[1].to_dict() == before.to_dict()
