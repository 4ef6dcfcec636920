"""The play blueprint through the Flask test client: lobby, creating, joining, starting, the table
page for players and spectators, leaving, playing again, and a whole game against three bots."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.engine.config import GameConfig
from siete.engine.views import table_view
from siete.i18n.words import describe_log
from siete.settings import service_settings, use_settings
from tests.support.play import (
    HX,
    THREE_BOTS,
    client_for,
    load,
    make_user,
    seat_of_user,
    started_game,
    table_id_from,
    text,
    waiting_table,
)

# ---- lobby ----

def test_lobby_lists_open_and_running_tables_with_seats_and_players(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    ana_client = client_for(app, ana)
    open_id = table_id_from(ana_client.post("/tables", data={**THREE_BOTS, "name": "Open one",
                                                              "standard_bots": 1, "cautious_bots": 0,
                                                              "bold_bots": 0}))
    running_id = started_game(app, bea)
    page = text(client_for(app, None).get("/"))
    assert "Open one" in page and "2 of 4 seats taken, 2 free" in page
    assert "Ana" in page and "15 hands" in page
    assert f'id="lobby-table-{running_id}"' in page and "Bea" in page
    assert page.index("Open one") < page.index('id="running-tables"')
    assert f'href="/tables/{open_id}"' in page and f'href="/tables/{running_id}"' in page
    # Anonymous visitors can watch, play now as a guest, and are asked to log in to open a table.
    assert "Opening a table of your own, with its seats, hands and time chosen, needs an account." in page
    assert "Play now as a guest" in page
    assert "<script>" not in page and "style=" not in page  # strict CSP: nothing inline


def test_lobby_offers_join_to_other_users_and_marks_your_seat(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = table_id_from(client_for(app, ana).post("/tables", data={**THREE_BOTS, "bold_bots": 0}))
    assert f'action="/tables/{game_id}/join"' in text(client_for(app, bea).get("/"))
    own = text(client_for(app, ana).get("/"))
    assert f'action="/tables/{game_id}/join"' not in own and "your seat" in own


# ---- creating tables ----

def test_create_table_with_bot_profiles_seats_the_creator_first(app):
    ana = make_user(app, "Ana")
    game_id = table_id_from(client_for(app, ana).post("/tables", data=THREE_BOTS))
    with app.app_context():
        game = db.session.get(Game, game_id)
        seats = sorted(game.players, key=lambda gp: gp.join_order)
        assert (game.status, game.num_players, game.max_hands, game.turn_seconds) == ("waiting", 4, 15, 30)
        assert seats[0].player.user_id == ana
        assert [gp.player.profile for gp in seats[1:]] == ["standard", "cautious", "bold"]


def test_an_unnamed_table_is_stored_in_no_language(app):
    # #25: a Spanish creator's default name showed as "Mesa de ana" on English pages, and the
    # other way round: the name stored is the creator's own, read alike in every language.
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    client.get("/language/es?next=/")
    game_id = table_id_from(client.post("/tables", data=dict(THREE_BOTS, name="  ")))
    with app.app_context():
        assert db.session.get(Game, game_id).name == "Ana"


def test_create_requires_login(app):
    response = client_for(app, None).post("/tables", data=THREE_BOTS)
    assert response.status_code == 302 and "/auth/login" in response.headers["Location"]


@pytest.mark.parametrize("changes, message", [
    ({"seats": 9}, "A table has 2 to 8 seats."),
    ({"seats": 1}, "A table has 2 to 8 seats."),
    ({"seats": "many"}, "Not a valid integer value."),
    ({"seats": 3, "standard_bots": 2, "cautious_bots": 1, "bold_bots": 0},
     "Too many bots: 3 bots for 2 seats, leaving one for you."),
    ({"max_hands": 31}, "Choose 1 to 30 hands"),
    ({"turn_seconds": 1}, "The turn timer is 5 to 600 seconds."),
])
def test_create_rejects_bad_tables_with_a_clear_message(app, changes, message):
    ana = make_user(app, "Ana")
    response = client_for(app, ana).post("/tables", data={**THREE_BOTS, **changes})
    assert response.status_code == 422
    assert message in text(response)
    with app.app_context():
        assert db.session.scalar(select(Game.id)) is None


def test_bots_only_table_starts_at_once_when_auto_mode_is_on(app):
    ana = make_user(app, "Ana")
    game_id = table_id_from(client_for(app, ana).post(
        "/tables", data={**THREE_BOTS, "watch_only": "y", "standard_bots": 0}))
    status, state = load(app, game_id)
    assert status in ("playing", "finished") and state.hand >= 1
    assert all(seat.bot for seat in state.seats) and len(state.seats) == 4  # free seats got standard bots
    with app.app_context():
        assert db.session.get(Game, game_id).mode == "bots"


def test_bots_only_table_is_refused_when_auto_mode_is_off(app):
    use_settings(app, replace(service_settings(app), game=GameConfig(auto_mode=False)))
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    assert "Bots only: I just watch" not in text(client.get("/"))
    response = client.post("/tables", data={**THREE_BOTS, "watch_only": "y"})
    assert response.status_code == 422
    assert "Bots-only tables are switched off on this server." in text(response)
    with app.app_context():
        assert db.session.scalar(select(Game.id)) is None


# ---- joining, leaving a waiting table, starting ----


def test_join_takes_a_free_seat_and_redirects_back(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana)
    bea_client = client_for(app, bea)
    response = bea_client.post(f"/tables/{game_id}/join")
    assert response.status_code == 303 and response.headers["Location"] == f"/tables/{game_id}"
    page = text(bea_client.get(f"/tables/{game_id}"))
    assert "You have a seat" in page and "2 of 3 seats taken" in page and "Bea" in page


def test_join_twice_a_full_table_or_a_started_one_is_refused(app):
    ana, bea, cai, dan = (make_user(app, n) for n in ("Ana", "Bea", "Cai", "Dan"))
    game_id = waiting_table(app, ana)
    bea_client = client_for(app, bea)
    bea_client.post(f"/tables/{game_id}/join")
    twice = bea_client.post(f"/tables/{game_id}/join", headers=HX)
    assert twice.status_code == 409 and "You already have a seat here." in text(twice)
    client_for(app, cai).post(f"/tables/{game_id}/join")
    full = client_for(app, dan).post(f"/tables/{game_id}/join", headers=HX)
    assert full.status_code == 409 and "The table is full." in text(full)
    client_for(app, ana).post(f"/tables/{game_id}/start")
    late = client_for(app, dan).post(f"/tables/{game_id}/join", headers=HX)
    assert late.status_code == 409 and "This game has already started." in text(late)
    # Without htmx the error is flashed on the table page (PRG).
    plain = client_for(app, dan)
    assert plain.post(f"/tables/{game_id}/join").status_code == 303
    assert "This game has already started." in text(plain.get(f"/tables/{game_id}"))


def test_join_an_unknown_table_is_404(app):
    bea = make_user(app, "Bea")
    assert client_for(app, bea).post("/tables/999/join").status_code == 404
    assert client_for(app, bea).post("/tables/999/join", headers=HX).status_code == 404
    assert client_for(app, None).get("/tables/999").status_code == 404


def test_only_the_creator_starts(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana, seats=2)
    bea_client = client_for(app, bea)
    bea_client.post(f"/tables/{game_id}/join")
    assert f'action="/tables/{game_id}/start"' not in text(bea_client.get(f"/tables/{game_id}"))
    response = bea_client.post(f"/tables/{game_id}/start", headers=HX)
    assert response.status_code == 403 and "Only the table&#39;s creator can start the game." in text(response)
    assert load(app, game_id)[0] == "waiting"


def test_start_with_free_seats_needs_fill_with_bots(app):
    ana = make_user(app, "Ana")
    game_id = waiting_table(app, ana, seats=4, bots=1)
    client = client_for(app, ana)
    page = text(client.get(f"/tables/{game_id}"))
    assert "Fill with bots and start" in page and ">Start<" not in page
    refused = client.post(f"/tables/{game_id}/start", headers=HX)
    assert refused.status_code == 409 and "2 seat(s) are still free" in text(refused)
    assert load(app, game_id)[0] == "waiting"
    started = client.post(f"/tables/{game_id}/start", data={"fill": "1"}, headers=HX)
    assert started.status_code == 200 and 'data-status="playing"' in text(started)
    status, state = load(app, game_id)
    assert status == "playing" and len(state.seats) == 4
    assert [s.bot for s in state.seats[2:]] == ["standard", "standard"]


def test_start_when_full_shows_the_game(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana, seats=2)
    client_for(app, bea).post(f"/tables/{game_id}/join")
    ana_client = client_for(app, ana)
    assert ">Start</button>" in text(ana_client.get(f"/tables/{game_id}"))
    response = ana_client.post(f"/tables/{game_id}/start")
    assert response.status_code == 303
    page = text(ana_client.get(f"/tables/{game_id}"))
    assert "Hand 1 of 15" in page and "Bank:" in page


def test_leaving_a_waiting_table_frees_the_seat_and_the_creator_closes_it(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana)
    bea_client = client_for(app, bea)
    bea_client.post(f"/tables/{game_id}/join")
    left = bea_client.post(f"/tables/{game_id}/leave", headers=HX)
    assert left.status_code == 200 and "1 of 3 seats taken" in text(left)
    closed = client_for(app, ana).post(f"/tables/{game_id}/leave", headers=HX)
    assert "This table was closed" in text(closed)
    assert load(app, game_id)[0] == "abandoned"
    assert f"lobby-table-{game_id}" not in text(client_for(app, None).get("/"))


# ---- the table page: players and spectators ----

def test_table_page_shows_seats_bank_turn_hand_and_log(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    page = text(client_for(app, ana).get(f"/tables/{game_id}"))
    _, state = load(app, game_id)
    view = table_view(state, seat_of_user(app, game_id, ana))
    assert f"Hand 1 of {view.max_hands}" in page
    assert f"Bank: <strong>{state.seats[state.bank].name}</strong>" in page
    assert "Turn: <strong>you</strong>" in page
    for seat in view.seats:
        assert f'id="seat-{seat.index}"' in page and seat.name in page
    with app.test_request_context():  # the log's facts as siete/i18n/words.py says them (English here)
        sentences = describe_log(state, seat_of_user(app, game_id, ana))
    assert sentences and all(line in page for line in sentences)
    # The log is swapped with the table; the live region that reads new lines out is outside it.
    assert 'id="announcer" class="visually-hidden" role="log" aria-live="polite"' in page
    assert page.index('id="announcer"') > page.index('</section>')
    assert re.search(r'class="countdown" data-deadline="(29|30)"', page)
    for amount in view.actions.bet:
        assert f">Bet {amount}</button>" in page
    assert "<script>" not in page and "style=" not in page  # strict CSP: nothing inline


def test_other_users_and_anonymous_visitors_watch_without_buttons(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = started_game(app, ana)
    for client in (client_for(app, bea), client_for(app, None)):
        response = client.get(f"/tables/{game_id}")
        page = text(response)
        assert response.status_code == 200 and "You are watching" in page
        assert ">Bet 1</button>" not in page and ">Leave the game<" not in page


def test_leave_mid_game_hands_the_seat_to_a_standard_bot(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana, max_hands=3)
    seat = seat_of_user(app, game_id, ana)
    client = client_for(app, ana)
    response = client.post(f"/tables/{game_id}/leave", headers=HX)
    assert response.status_code == 200
    page = text(response)
    assert "a standard bot took over your seat" in page
    # A done move is news, not an error: it is drawn as a status, not an alert.
    assert 'game__notice" role="status">You left the game' in page and "flash--error" not in page
    status, state = load(app, game_id)
    assert state.seats[seat].bot == "standard"
    # Only bots are left at a mixed table, so they play it out at once.
    assert status == "finished" and state.phase == "over"
    with app.app_context():
        gp = db.session.scalar(select(GamePlayer).where(GamePlayer.game_id == game_id,
                                                        GamePlayer.join_order == seat))
        assert gp.left_at is not None
    again = client.post(f"/tables/{game_id}/leave", headers=HX)
    assert again.status_code == 409


def test_whole_game_against_three_bots_through_the_routes(app):
    """Read the legal moves from the view and post them until the game is over (R7)."""
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    game_id = table_id_from(client.post("/tables", data={**THREE_BOTS, "max_hands": 5}))
    assert client.post(f"/tables/{game_id}/start", headers=HX).status_code == 200
    seat = seat_of_user(app, game_id, ana)
    for _ in range(500):
        status, state = load(app, game_id)
        if status == "finished":
            break
        view = table_view(state, seat)
        moves, me = view.actions, view.seats[seat]
        if state.phase == "deal":  # the settled hand stays up until Ana says she has seen it
            response = client.post(f"/tables/{game_id}/next", headers=HX)
        elif moves.bet:
            data = {"version": view.version, "amount": moves.bet[0]}
            response = client.post(f"/tables/{game_id}/bet", data=data, headers=HX)
        elif moves.draw and me.total is not None and me.total < 5:
            response = client.post(f"/tables/{game_id}/draw", data={"version": view.version}, headers=HX)
        elif moves.stand:
            response = client.post(f"/tables/{game_id}/stand", data={"version": view.version}, headers=HX)
        else:
            pytest.fail(f"the game waits, but not for Ana: {view.phase} turn {view.turn_seat}")
        assert response.status_code == 200, text(response)[:400]
        assert f'data-version="{load(app, game_id)[1].version}"' in text(response)
    status, state = load(app, game_id)
    assert status == "finished" and state.phase == "over"
    page = text(client.get(f"/tables/{game_id}"))
    winner = state.seats[state.winner]
    assert "Game over" in page and f"<strong>{winner.name}</strong> wins" in page
    assert page.count('class="standings__row') == 4
    assert "hx-trigger" not in page  # a finished game stops polling
    standings = page.split('class="standings"')[1].split("</table>")[0]
    points = [int(p) for p in re.findall(r"<td>(\d+)</td>\s*(?:<td class=\"standings__rating\">)", standings)]
    assert len(points) == 4  # each row: place, name, points, then its rating change
    assert points == sorted(points, reverse=True) and sum(s.points for s in state.seats) == 80
    assert ">Play again</button>" in page


def test_play_again_opens_a_new_table_with_the_same_settings(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana, max_hands=2, turn_seconds=45)
    client = client_for(app, ana)
    client.post(f"/tables/{game_id}/leave")
    assert load(app, game_id)[0] == "finished"
    new_id = table_id_from(client.post(f"/tables/{game_id}/again"))
    assert new_id != game_id
    with app.app_context():
        game = db.session.get(Game, new_id)
        seats = sorted(game.players, key=lambda gp: gp.join_order)
        assert (game.status, game.num_players, game.max_hands, game.turn_seconds) == ("waiting", 4, 2, 45)
        assert seats[0].player.user_id == ana
        assert [gp.player.profile for gp in seats[1:]] == ["standard", "cautious", "bold"]
