"""Who may do and see what: CSRF on every POST route, no acting for another seat or table, no
face-down card in any response to anyone else through a whole game, user text always escaped."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.games import Game
from siete.data.people import User
from siete.engine.cards import SPANISH_DECK
from siete.engine.views import is_face_down
from siete.i18n.words import card_name
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, player_for, start_table
from siete.web.login import LOGIN_SESSION_KEY
from siete.web.security import SECURITY_HEADERS
from tests.support.play import (
    HX,
    client_for,
    load,
    make_user,
    seat_of_user,
    started_game,
    table_id_from,
    text,
)
from tests.support.settings import app_settings

HOSTILE_NAME = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def post_routes(app, game_id: int) -> list[str]:
    """Every POST URL the app serves, with a real table id (and each move) filled in."""
    urls = []
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()):
            continue
        url = rule.rule.replace("<int:game_id>", str(game_id)).replace("<int:session_id>", "1")
        moves = ("bet", "draw", "stand") if "action" in rule.arguments else ("",)
        urls += [url.replace("<any(bet, draw, stand):action>", move) for move in moves]
    return urls


class TestCsrfEverywhere:
    @pytest.fixture
    def app_config(self):
        return {"WTF_CSRF_ENABLED": True}

    def test_every_post_route_refuses_a_request_without_a_valid_token(self, app):
        ana = make_user(app, "Ana")
        game_id = started_game(app, ana)
        client = client_for(app, ana)
        before = load(app, game_id)[1].to_dict()
        with app.app_context():
            games = db.session.scalar(select(func.count()).select_from(Game))
        urls = post_routes(app, game_id)
        assert len(urls) >= 10 and f"/tables/{game_id}/bet" in urls and "/auth/logout" in urls
        assert {f"/tables/{game_id}/chat", f"/tables/{game_id}/chat/mute"} <= set(urls)
        form = {"version": before["version"], "amount": 1, "fill": "1", "seats": 4, "name": "x", "body": "hi"}
        for url in urls:
            for headers in ({}, {**HX, "X-CSRFToken": "forged"}, HX):
                response = client.post(url, data={**form, "csrf_token": "forged"} if not headers else form,
                                       headers=headers)
                assert response.status_code == 400, (url, headers, response.status_code)
                assert "CSRF" in text(response) or "security token" in text(response).lower()
        assert load(app, game_id)[1].to_dict() == before
        with app.app_context():
            assert db.session.scalar(select(func.count()).select_from(Game)) == games
        with client.session_transaction() as session:
            assert LOGIN_SESSION_KEY in session  # not even logout went through


    def test_a_guest_and_a_visitor_are_refused_every_post_route_without_a_token(self, app):
        """The guest's own routes too (#38): a visitor's Play now without a token makes no guest."""
        from siete.data.people import User as Account
        visitor = app.test_client()
        token = re.search(r'name="csrf-token" content="([^"]+)"', text(visitor.get("/"))).group(1)
        assert visitor.post("/auth/guest", data={"csrf_token": token}).status_code == 303
        game_id = started_game(app, make_user(app, "Ana"))
        with app.app_context():
            accounts = db.session.scalar(select(func.count()).select_from(Account))
        for client in (visitor, app.test_client()):  # the guest, and a visitor
            for url in post_routes(app, game_id):
                response = client.post(url, data={"csrf_token": "forged", "seats": 4})
                assert response.status_code == 400, (url, response.status_code)
        with app.app_context():
            assert db.session.scalar(select(func.count()).select_from(Account)) == accounts


def test_a_player_cannot_act_at_a_table_they_do_not_sit_at(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    anas_game, beas_game = started_game(app, ana), started_game(app, bea)
    before = load(app, anas_game)[1].to_dict()
    # Bea sits at her own table and it is her turn there; Ana's table is not hers to play.
    response = client_for(app, bea).post(f"/tables/{anas_game}/bet",
                                         data={"version": before["version"], "amount": 1}, headers=HX)
    assert response.status_code == 403
    assert load(app, anas_game)[1].to_dict() == before
    assert load(app, beas_game)[1].seats[seat_of_user(app, beas_game, bea)].bet == 0


def test_form_fields_naming_another_seat_or_player_are_ignored(app):
    """The seat comes from the session alone: extra fields cannot steer a move to someone else."""
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    with app.app_context():
        ana_p, bea_p = (player_for(db.session.get(User, uid)) for uid in (ana, bea))
        game = create_table(ana_p, TableSpec(name="two", seats=3, bots=("standard",)), app.config["GAME"],
                            seed=7)
        join_table(game.id, bea_p)
        start_table(app_settings(), game.id, ana_p)
        game_id = game.id
    _, state = load(app, game_id)
    on_turn = state.current_seat()
    waiting_user = bea if state.seats[on_turn].name == "Ana" else ana
    forged = {"version": state.version, "amount": 1, "seat": on_turn, "player": state.seats[on_turn].name,
              "player_id": on_turn, "user_id": ana if waiting_user == bea else bea}
    for action in ("bet", "draw", "stand"):
        response = client_for(app, waiting_user).post(f"/tables/{game_id}/{action}", data=forged, headers=HX)
        assert response.status_code == 422 and "It is not your turn." in text(response)
    assert load(app, game_id)[1].to_dict() == state.to_dict()


def face_down_cards(state, viewer: int | None) -> list[str]:
    """Cards of other seats the viewer must not see now (R4.2)."""
    return [card for index, seat in enumerate(state.seats) if index != viewer
            for position, card in enumerate(seat.cards) if is_face_down(state, index, position, viewer)]


@pytest.mark.slow  # every page of every seat, at every step of a whole game
def test_r4_2_no_face_down_card_reaches_anyone_else_during_a_whole_game(app):
    """Two humans and two bots play to the end; after every move each viewer's page, fragment and
    poll are checked for every card that is face down to that viewer."""
    ana, bea, eve = make_user(app, "Ana"), make_user(app, "Bea"), make_user(app, "Eve")
    with app.app_context():
        players = [player_for(db.session.get(User, uid)) for uid in (ana, bea)]
        game = create_table(players[0], TableSpec(name="r42", seats=4, bots=("standard", "bold"),
                                                  max_hands=4), app.config["GAME"], seed=11)
        join_table(game.id, players[1])
        start_table(app_settings(), game.id, players[0])
        game_id = game.id
    seats = {uid: seat_of_user(app, game_id, uid) for uid in (ana, bea)}
    clients = {uid: client_for(app, uid) for uid in (ana, bea, eve)}
    with app.test_request_context():  # the cards' names as the pages say them (English here)
        labels, checked = {card: card_name(card) for card in SPANISH_DECK.active}, 0
    for _ in range(200):
        status, state = load(app, game_id)
        for uid, client in clients.items():
            hidden = face_down_cards(state, seats.get(uid))
            for response in (client.get(f"/tables/{game_id}"), client.get(f"/tables/{game_id}", headers=HX),
                             client.get(f"/tables/{game_id}/fragment?v=stale", headers=HX)):
                body, settled = split_settlement(text(response))
                for card in hidden:
                    assert f'data-card="{card}"' not in body and labels[card] not in body, (uid, card)
                    checked += 1
                # the last hand's summary shows that hand's cards, all face up by now (a new deck
                # may deal one of them face down again): it may show those and no others
                assert set(DATA_CARD.findall(settled)) <= last_hand_cards(state), uid
        if status == "finished":
            break
        if state.phase == "deal":  # between hands: the first person not yet ready says "next"
            mover = next(uid for uid, seat in seats.items() if seat not in state.ready)
            assert clients[mover].post(f"/tables/{game_id}/next", headers=HX).status_code == 200
            continue
        mover = next(uid for uid, seat in seats.items() if seat == state.current_seat())
        response = clients[mover].post(f"/tables/{game_id}/{next_move(state, seats[mover])}",
                                       data={"version": state.version, "amount": 1}, headers=HX)
        assert response.status_code == 200
        body, _ = split_settlement(text(response))
        for card in face_down_cards(load(app, game_id)[1], seats[mover]):
            assert f'data-card="{card}"' not in body
    assert status == "finished" and checked > 50


DATA_CARD = re.compile(r'data-card="([A-Z]\d\d)"')
SETTLEMENT = re.compile(r'<section class="settlement".*?</section>', re.S)


def split_settlement(html: str) -> tuple[str, str]:
    """The page without the last hand's summary, and that summary."""
    return SETTLEMENT.sub("", html), "".join(SETTLEMENT.findall(html))


def last_hand_cards(state) -> set[str]:
    turns = state.last_hand.turns if state.last_hand else ()
    return {card for turn in turns for card in turn.cards}


def next_move(state, seat: int) -> str:
    me = state.seats[seat]
    if state.turn != 0 and not me.bet:
        return "bet"
    return "draw" if me.total < 10 and state.deck else "stand"  # half points: 10 is 5


def test_user_text_is_escaped_everywhere_it_is_shown(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    form = {"name": HOSTILE_NAME, "seats": 4, "standard_bots": 3, "cautious_bots": 0, "bold_bots": 0,
            "max_hands": 15, "turn_seconds": 30}
    game_id = table_id_from(client.post("/tables", data=form))
    pages = [client.get("/"), client.get(f"/tables/{game_id}"), client.get(f"/tables/{game_id}", headers=HX),
             client.post(f"/tables/{game_id}/start", headers=HX), client_for(app, None).get("/")]
    for response in pages:
        body = text(response)
        assert response.status_code == 200
        assert "<script>alert" not in body and "<img src=x" not in body
        assert "&lt;script&gt;alert(" in body
    # A chat message, sent, shown on the table page and brought by a poll; refused, its draft.
    said = client.post(f"/tables/{game_id}/chat", data={"body": HOSTILE_NAME}, headers=HX)
    too_long = client.post(f"/tables/{game_id}/chat", data={"body": HOSTILE_NAME * 3}, headers=HX)
    polled = client.get(f"/tables/{game_id}/fragment?v=0&p=0.0.0&c=1", headers=HX)
    for response in (said, too_long, polled, client.get(f"/tables/{game_id}")):
        body = text(response)
        assert "<script>alert" not in body and "<img src=x" not in body
        assert "&lt;script&gt;alert(" in body
    # A refused sign-up echoes the name escaped too.
    refused = app.test_client().post("/auth/register", data={"username": HOSTILE_NAME, "email": "x@y.z",
                                                             "password": "p" * 10, "confirm": "p" * 10})
    assert "<script>alert" not in text(refused) and "&lt;script&gt;" in text(refused)


def test_security_headers_on_fragments_polls_refusals_and_redirects(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    version = load(app, game_id)[1].version
    responses = [client.get(f"/tables/{game_id}/fragment?v={version}", headers=HX),  # 204
                 client.post(f"/tables/{game_id}/draw", data={"version": version}, headers=HX),  # 422
                 client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": 1}, headers=HX),
                 client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": 1}, headers=HX),
                 client.post(f"/tables/{game_id}/stand", data={"version": "x"}),  # 400 page
                 client.post("/tables", data={"seats": 99})]  # 422 lobby
    assert [r.status_code for r in responses] == [204, 422, 200, 409, 400, 422]
    for response in responses:
        for name, value in SECURITY_HEADERS.items():
            assert response.headers.get(name) == value, (response.status_code, name)
