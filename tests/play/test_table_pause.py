"""The hand's end, seen: a settled hand stays on the table until the pause ends or every person
says "next"; the next turn's timer starts at the deal; timeouts are said; leaving asks first."""
from __future__ import annotations

import re
from datetime import timedelta

from lxml import html

from siete.data.base import db, utcnow
from siete.data.people import User
from siete.service.tables import timers, turns
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table, player_for, start_table
from siete.settings import service_settings
from tests.support.play import (
    HX,
    client_for,
    load,
    make_user,
    play_out_hand,
    seat_of_user,
    set_deadline,
    started_game,
    text,
)
from tests.support.settings import app_settings


def deadline_of(app, game_id):
    with app.app_context():
        return turns.version_and_deadline(game_id)[1]


def test_the_settled_hand_stays_until_next_and_the_turn_timer_starts_at_the_deal(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client, seat = client_for(app, ana), seat_of_user(app, game_id, ana)
    state = play_out_hand(app, client, game_id, seat)
    assert state.phase == "deal" and state.hand == 1  # not dealt in the same request
    pause = (deadline_of(app, game_id) - utcnow()).total_seconds()
    assert 0 < pause <= service_settings(app).settle_pause_s
    page = html.fromstring(text(client.get(f"/tables/{game_id}", headers=HX)))
    assert page.xpath('//section[@class="pause"]//h2')[0].text_content() == "Hand 1 is over"
    assert page.xpath('//button[@id="move-next"][@autofocus]')  # Enter now deals, never bets
    assert not page.xpath('//button[starts-with(@id, "move-bet")]')
    # every seat still shows its cards and its result
    for li in page.xpath('//ol[contains(@class, "seats")]/li[not(contains(@class, "seat--out"))]'):
        assert li.xpath('.//*[@data-card]') and li.xpath('.//p[contains(@class, "seat__result")]')
    assert page.xpath('//section[@class="settlement"]')
    response = client.post(f"/tables/{game_id}/next", headers=HX)
    assert response.status_code == 200
    _, after = load(app, game_id)
    assert after.hand == 2 and after.phase == "play"
    if after.seats[after.current_seat()].name == "Ana":  # R4.3: her turn's clock starts now
        left = (deadline_of(app, game_id) - utcnow()).total_seconds()
        assert 25 < left <= 30


def test_the_pause_says_your_result_in_good_spanish(app):
    """The result words are the table's ("perdió", "se pasó": a seat's, third person): after
    "Tú:" they read "Tú: perdió", bad Spanish; "Tu mano: perdió" agrees with them."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client, seat = client_for(app, ana), seat_of_user(app, game_id, ana)
    play_out_hand(app, client, game_id, seat)
    spanish = {**HX, "Accept-Language": "es"}
    page = html.fromstring(text(client.get(f"/tables/{game_id}", headers=spanish)))
    said = page.xpath('//strong[contains(@class, "pause__you")]')[0].text_content()
    assert re.fullmatch(r"Tu mano: (ganó( con 7½)?|perdió|se pasó) \([+−-]?\d+\)\.", said), said


def test_the_pause_ends_through_the_timer_path(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    state = play_out_hand(app, client_for(app, ana), game_id, seat_of_user(app, game_id, ana))
    with app.app_context():
        assert not timers.run_due_timers(app_settings(), game_id)  # not yet
        assert timers.run_due_timers(app_settings(), game_id, now=utcnow() + timedelta(seconds=60))
    _, after = load(app, game_id)
    assert after.hand == state.hand + 1 or after.phase == "over"


def two_people_table(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    with app.app_context():
        players = [player_for(db.session.get(User, uid)) for uid in (ana, bea)]
        game = create_table(players[0], TableSpec(name="two", seats=3, bots=("standard",), max_hands=5),
                            app.config["GAME"], seed=5)
        join_table(game.id, players[1])
        start_table(app_settings(), game.id, players[0])
        game_id = game.id
    return game_id, {ana: seat_of_user(app, game_id, ana), bea: seat_of_user(app, game_id, bea)}


def test_with_two_people_the_deal_waits_for_both_and_the_pause_does_not_restart(app):
    game_id, seats = two_people_table(app)
    clients = {uid: client_for(app, uid) for uid in seats}
    for _ in range(20):
        _, state = load(app, game_id)
        if state.phase != "play":
            break
        mover = next(uid for uid, s in seats.items() if s == state.current_seat())
        move = "bet" if state.turn != 0 and not state.seats[seats[mover]].bet else "stand"
        clients[mover].post(f"/tables/{game_id}/{move}", data={"version": state.version, "amount": 1}, headers=HX)
    assert state.phase == "deal"
    first, second = list(seats)
    deadline = deadline_of(app, game_id)
    page = text(clients[first].post(f"/tables/{game_id}/next", headers=HX))
    _, state = load(app, game_id)
    assert state.phase == "deal" and state.ready == [seats[first]]
    assert deadline_of(app, game_id) == deadline  # one person's "next" does not restart the pause
    assert "You are ready. Waiting for: Bea." in page or "You are ready. Waiting for: Ana." in page
    assert 'hx-trigger="sse:changed, siete:poll"' in page  # the other's "next" will be news
    other = text(clients[second].get(f"/tables/{game_id}", headers=HX))
    assert 'id="move-next"' in other
    clients[second].post(f"/tables/{game_id}/next", headers=HX)
    _, state = load(app, game_id)
    assert state.hand == 2 and state.phase == "play" and state.ready == []


def test_next_after_the_deal_changes_nothing(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    _, before = load(app, game_id)
    response = client_for(app, ana).post(f"/tables/{game_id}/next", headers=HX)
    assert response.status_code == 200
    assert load(app, game_id)[1].version == before.version


def test_a_timeout_is_said_to_the_player_and_in_the_log(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    set_deadline(app, game_id, utcnow() - timedelta(seconds=1))
    page = text(client.get(f"/tables/{game_id}/fragment?v=0", headers=HX))
    assert "Your time ran out: the house bot played your turn as it would have." in page
    assert 'role="alert" id="timeout-notice"' in page
    said = "Ana: time ran out; the house bot plays the turn"
    assert said in page  # the log, for everyone
    other = text(client_for(app, None).get(f"/tables/{game_id}"))
    assert "Your time ran out" not in other and said in other


def test_leaving_asks_first_on_its_own_page(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    table = html.fromstring(text(client.get(f"/tables/{game_id}")))
    assert table.xpath('//a[@id="table-leave"]/@href') == [f"/tables/{game_id}/leave"]
    confirm = text(client.get(f"/tables/{game_id}/leave"))
    assert "You cannot come back to this game." in confirm
    assert re.search(rf'<form method="post" action="/tables/{game_id}/leave">', confirm)
    _, state = load(app, game_id)
    assert all(s.bot is None for s in state.seats if s.name == "Ana")  # asking changed nothing
    assert client.post(f"/tables/{game_id}/leave").status_code == 303
    _, state = load(app, game_id)
    assert next(s for s in state.seats if s.name == "Ana").bot == "standard"


def test_seats_keep_their_place_with_the_viewer_last(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client, seat = client_for(app, ana), seat_of_user(app, game_id, ana)
    _, state = load(app, game_id)
    shown = [int(i) for i in re.findall(r'<li id="seat-\d+" data-seat="(\d+)"', text(client.get(f"/tables/{game_id}")))]
    at = state.seating.index(seat)
    assert shown == state.seating[at + 1:] + state.seating[:at] + [seat]
    assert f'id="seat-{seat}" data-seat="{seat}"' in text(client.get(f"/tables/{game_id}"))


def test_rules_page_explains_the_terms_with_cards_and_bots(app):
    page = text(client_for(app, None).get("/rules"))
    for anchor in ("bank", "stake", "bet-range", "hidden-card", "bot-standard", "bot-cautious", "bot-bold"):
        assert f'id="{anchor}"' in page
    assert page.count('data-card="') >= 6 and "20% of your points" in page
    assert "<script>" not in page and "style=" not in page


def test_static_files_are_compressed_and_cached_by_content(app):
    client = client_for(app, None)
    page = text(client.get("/rules"))
    src = re.search(r'src="(/static/htmx.min.js\?v=[0-9a-f]{10})"', page).group(1)
    response = client.get(src, headers={"Accept-Encoding": "br, gzip"})
    assert response.headers["Content-Encoding"] in ("br", "gzip")
    assert "immutable" in response.headers["Cache-Control"] and "max-age=31536000" in response.headers["Cache-Control"]
    assert len(response.data) < 20_000
    plain = client.get("/static/htmx.min.js")  # no hash: the ordinary, revalidated caching
    assert "immutable" not in plain.headers.get("Cache-Control", "")
    table = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert table.headers.get("Content-Encoding") == "gzip"


def test_a_table_page_holds_a_stream_and_asks_at_its_news(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    page = text(client_for(app, ana).get(f"/tables/{game_id}"))
    assert f'sse-connect="/tables/{game_id}/stream?v=' in page and "htmx-ext-sse.js" in page
    watcher = text(client_for(app, None).get(f"/tables/{game_id}", headers=HX))
    assert 'hx-trigger="sse:changed, siete:poll"' in watcher and "data-your-turn" not in watcher
