"""Limits per account and owner-only actions (issue 19), away seats on the table page, and the
lobby's pages and self-refreshing list, through the Flask test client."""
from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

import pytest

from siete.data.base import db, utcnow
from siete.data.games import Game
from siete.data.games import GameStateRow as StateRow
from siete.data.people import User
from siete.service.tables import timers, turns
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, player_for, start_table
from siete.settings import service_settings, use_settings
from tests.support.play import HX, client_for, make_user, table_id_from, text
from tests.support.settings import app_settings

WAITING = {"name": "mine", "seats": 4, "standard_bots": 1, "cautious_bots": 0, "bold_bots": 0,
           "max_hands": 15, "turn_seconds": 30}


@pytest.fixture
def app_config() -> dict:
    return {"MAX_OPEN_TABLES": 2, "TABLE_RATE_LIMIT": "3/minute", "LOBBY_PAGE_SIZE": 2}


def count_games(app, user_id: int) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(Game)
                                 .where(Game.creator_user_id == user_id))


def test_an_account_may_have_only_so_many_tables_open(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    first = table_id_from(client.post("/tables", data=WAITING))
    table_id_from(client.post("/tables", data=WAITING))
    refused = client.post("/tables", data=WAITING)
    assert refused.status_code == 429
    assert "You already have 2 tables open" in text(refused)
    assert count_games(app, ana) == 2  # nothing stored
    client.post(f"/tables/{first}/leave")  # the creator closes one: a place is free again
    table_id_from(client.post("/tables", data=WAITING))


def test_play_again_counts_against_the_cap_too(app):
    app.config["TABLE_RATE_LIMIT"] = "100/minute"
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    game_id = table_id_from(client.post("/tables", data={**WAITING, "seats": 2}))
    client.post(f"/tables/{game_id}/start", data={"fill": "1"})
    client.post(f"/tables/{game_id}/leave")  # finished by the bots: no longer open
    table_id_from(client.post("/tables", data=WAITING))
    table_id_from(client.post("/tables", data=WAITING))
    refused = client.post(f"/tables/{game_id}/again")
    assert refused.status_code == 303 and count_games(app, ana) == 3
    assert "You already have 2 tables open" in text(client.get(f"/tables/{game_id}"))


def test_opening_tables_is_rate_limited_per_account(app):
    use_settings(app, replace(service_settings(app), max_open_tables=100))
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    client = client_for(app, ana)
    for _ in range(3):
        table_id_from(client.post("/tables", data=WAITING))
    refused = client.post("/tables", data=WAITING)
    assert refused.status_code == 429 and "opening tables too fast" in text(refused)
    assert count_games(app, ana) == 3
    table_id_from(client_for(app, bea).post("/tables", data=WAITING))  # per account, not global


def test_a_refused_form_does_not_use_up_the_rate(app):
    use_settings(app, replace(service_settings(app), max_open_tables=100))
    client = client_for(app, make_user(app, "Ana"))
    for _ in range(4):
        assert client.post("/tables", data={**WAITING, "seats": 99}).status_code == 422
    table_id_from(client.post("/tables", data=WAITING))


def test_play_again_only_for_who_sat_at_the_table(app):
    ana, eve = make_user(app, "Ana"), make_user(app, "Eve")
    ana_client = client_for(app, ana)
    game_id = table_id_from(ana_client.post("/tables", data={**WAITING, "seats": 2}))
    ana_client.post(f"/tables/{game_id}/start", data={"fill": "1"})
    ana_client.post(f"/tables/{game_id}/leave")  # bots finish it
    eve_client = client_for(app, eve)
    response = eve_client.post(f"/tables/{game_id}/again")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/tables/{game_id}")
    assert count_games(app, eve) == 0
    page = text(eve_client.get(f"/tables/{game_id}"))
    assert "Only the players of this table can play it again." in page
    assert table_id_from(ana_client.post(f"/tables/{game_id}/again")) != game_id


def test_only_the_creator_closes_a_waiting_table(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = table_id_from(client_for(app, ana).post("/tables", data=WAITING))
    bea_client = client_for(app, bea)
    bea_client.post(f"/tables/{game_id}/join")
    bea_client.post(f"/tables/{game_id}/leave")  # Bea only gives up her seat
    with app.app_context():
        assert db.session.get(Game, game_id).status == "waiting"
    assert bea_client.post(f"/tables/{game_id}/start", headers=HX).status_code == 403


def away_table(app) -> tuple[int, int, int]:
    """Ana and Bea at a table, Ana marked away by the engine after two timeouts."""
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    with app.app_context():
        ana_p = player_for(db.session.get(User, ana))
        game = create_table(ana_p, TableSpec(name="away", seats=3, bots=("standard",)),
                            app.config["GAME"], seed=5)
        join_table(game.id, player_for(db.session.get(User, bea)))
        start_table(app_settings(), game.id, ana_p)
        for _ in range(80):
            _, state = turns.current_state(app_settings(), game.id)
            if state.seats[state.seat_index("Ana")].away:
                return game.id, ana, bea
            current = state.current_seat()  # None in the pause between hands: the timer deals
            turn = None if current is None else state.seats[current]
            if turn is not None and turn.name == "Bea":
                needs_bet = state.turn != 0 and not turn.bet
                turns.act(app_settings(), game.id, "Bea", "bet" if needs_bet else "stand",
                                 1 if needs_bet else None)
            else:
                timers.run_due_timers(app_settings(), game.id, now=utcnow() + timedelta(days=1))
            db.session.remove()
    raise AssertionError("Ana never went away")


def test_everyone_sees_who_is_away_and_the_page_takes_the_seat_back(app):
    game_id, ana, bea = away_table(app)
    bea_view = text(client_for(app, bea).get(f"/tables/{game_id}/fragment", headers=HX))
    assert "seat__badge--away" in bea_view
    ana_client = client_for(app, ana)
    polled = text(ana_client.get(f"/tables/{game_id}/fragment", headers=HX))
    assert "I'm back" in polled  # a poll does not count as coming back
    page = text(ana_client.get(f"/tables/{game_id}"))
    assert "Welcome back: your seat is yours again." in page
    with app.app_context():
        _, state = turns.current_state(app_settings(), game_id)
        assert not state.seats[state.seat_index("Ana")].away


def test_the_im_back_button_takes_the_seat_back(app):
    game_id, ana, _bea = away_table(app)
    response = client_for(app, ana).post(f"/tables/{game_id}/back", headers=HX)
    assert response.status_code == 200 and "Welcome back" in text(response)
    assert "seat__badge--away" not in text(response)


def _table_row(app, game_id: int) -> tuple[int, str]:
    with app.app_context():
        row = db.session.get(StateRow, game_id)
        return row.version, row.state


@pytest.mark.parametrize("who, status, message", [
    ("spectator", 403, "You are not seated at this table."),
    ("another seat", 409, "You are not away."),
])
def test_im_back_from_anyone_but_the_away_player_is_refused(app, who, status, message):
    """#24.10: "I'm back" once welcomed anyone back, a spectator even."""
    game_id, _ana, bea = away_table(app)
    caller = make_user(app, "Cai") if who == "spectator" else bea
    before = _table_row(app, game_id)
    response = client_for(app, caller).post(f"/tables/{game_id}/back", headers=HX)
    assert response.status_code == status and message in text(response)
    assert "Welcome back" not in text(response)
    assert _table_row(app, game_id) == before
    spanish = client_for(app, caller).post(f"/tables/{game_id}/back",
                                           headers={**HX, "Accept-Language": "es"})
    assert spanish.status_code == status
    assert {"You are not away.": "No estás ausente.",
            "You are not seated at this table.": "No tienes asiento en esta mesa."}[message] in text(spanish)
    plain = client_for(app, caller).post(f"/tables/{game_id}/back")  # no JS: back to the table
    assert plain.status_code == 303 and plain.headers["Location"].endswith(f"/tables/{game_id}")
    assert _table_row(app, game_id) == before


def test_im_back_refuses_a_logged_out_visitor_and_a_player_not_away(app):
    game_id, ana, _bea = away_table(app)
    before = _table_row(app, game_id)
    visitor = client_for(app, None).post(f"/tables/{game_id}/back", headers=HX)
    assert visitor.status_code == 401 and "/auth/login" in visitor.headers["HX-Redirect"]
    assert _table_row(app, game_id) == before
    ana_client = client_for(app, ana)
    assert ana_client.post(f"/tables/{game_id}/back", headers=HX).status_code == 200  # back
    after = _table_row(app, game_id)
    again = ana_client.post(f"/tables/{game_id}/back", headers=HX)  # a second press
    assert again.status_code == 409 and "You are not away." in text(again)
    assert _table_row(app, game_id) == after
    assert ana_client.post("/tables/999999/back", headers=HX).status_code == 404


def test_the_lobby_pages_its_lists_and_polls_them(app):
    use_settings(app, replace(service_settings(app), max_open_tables=100))
    ana = make_user(app, "Ana")
    with app.app_context():
        ana_p = player_for(db.session.get(User, ana))
        ids = [create_table(ana_p, TableSpec(name=f"t{n}", seats=3), app.config["GAME"]).id
               for n in range(5)]
    anyone = client_for(app, None)
    first = text(anyone.get("/"))
    assert f"lobby-table-{ids[-1]}" in first and f"lobby-table-{ids[0]}" not in first
    assert 'hx-get="/lobby/tables?page=1&amp;v=' in first and 'href="/?page=2"' in first
    third = text(anyone.get("/lobby/tables?page=3"))
    assert f"lobby-table-{ids[0]}" in third and 'rel="next"' not in third
    assert "<html" not in third  # the fragment alone
    assert anyone.get("/lobby/tables?page=abc").status_code == 200


def test_a_stuck_game_is_not_shown_as_in_play(app):
    ana = make_user(app, "Ana")
    with app.app_context():
        ana_p = player_for(db.session.get(User, ana))
        game = create_table(ana_p, TableSpec(name="stuck", seats=2, bots=("bold",)), app.config["GAME"])
        start_table(app_settings(), game.id, ana_p)
        assert f"lobby-table-{game.id}" in text(client_for(app, None).get("/"))
        db.session.execute(db.update(StateRow).where(StateRow.game_id == game.id)
                           .values(turn_deadline=utcnow() - timedelta(hours=1)))
        db.session.commit()
    assert f"lobby-table-{game.id}" not in text(client_for(app, None).get("/"))


def test_play_now_refused_by_the_rate_says_so_under_its_button(app):
    """Play now counts against the table rate (3 a minute here). Refused, the lobby answers 429
    with the reason beside the Play now button: a visitor's lobby has no "Open a table" form,
    where the reason used to go, so the click seemed to do nothing."""
    visitor = app.test_client()
    table_id_from(visitor.post("/now"))  # counted for the address: the visitor is a guest after it
    for _ in range(3):
        table_id_from(visitor.post("/now"))
    refused = visitor.post("/now")
    assert refused.status_code == 429
    html = refused.get_data(as_text=True)
    assert re.search(r'id="play-now-error">You are opening tables too fast', html)
    fresh = app.test_client()  # a visitor who was never refused: no such line
    assert 'id="play-now-error"' not in fresh.get("/").get_data(as_text=True)
