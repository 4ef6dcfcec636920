"""Races and repeats over HTTP: the same move from several tabs at once applies once, a stale tab
gets "the table has moved on" with the current table, and tables starting together all start."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.chat_rows import TableMessage
from siete.data.games import Game, Hand
from siete.engine.codes import Event
from siete.service.social.chat import MESSAGES_PER_SPAN
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

MOVED_ON = "The table has moved on since you looked; here it is now."


def post_together(clients, path: str, forms: list[dict]) -> list:
    """Send one POST per client at the same moment (a barrier) and return the responses in order."""
    barrier = threading.Barrier(len(clients), timeout=30)
    responses: list = [None] * len(clients)

    def send(index: int) -> None:
        barrier.wait()
        responses[index] = clients[index].post(path.format(**forms[index]), data=forms[index], headers=HX)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return responses


def test_the_same_bet_from_five_tabs_at_once_applies_once(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    seat = seat_of_user(app, game_id, ana)
    _, before = load(app, game_id)
    tabs = [client_for(app, ana) for _ in range(5)]
    form = {"version": before.version, "amount": 2, "action": "bet"}
    responses = post_together(tabs, f"/tables/{game_id}/{{action}}", [form] * 5)
    codes = sorted(r.status_code for r in responses)
    assert codes == [200, 409, 409, 409, 409], codes
    _, after = load(app, game_id)
    assert after.seats[seat].bet == 2 and after.seats[seat].points == before.seats[seat].points - 2
    assert sum(1 for event in after.log if (event.event, event.seat) == (Event.BET, seat)) == 1
    assert after.conserved_total() == after.config.initial_points * len(after.seats)  # R2.4
    for refused in (r for r in responses if r.status_code == 409):
        body = text(refused)
        # The loser sees why, and the table as it is now, ready for the next move.
        assert MOVED_ON in body and f'data-version="{after.version}"' in body
        assert ">Stand</button>" in body  # after a bet, a single card: draw or stand


def test_draw_and_stand_from_two_tabs_at_once_one_wins(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    _, state = load(app, game_id)
    client.post(f"/tables/{game_id}/bet", data={"version": state.version, "amount": 1}, headers=HX)
    _, state = load(app, game_id)
    seat = seat_of_user(app, game_id, ana)
    forms = [{"version": state.version, "action": "draw"}, {"version": state.version, "action": "stand"}]
    responses = post_together([client_for(app, ana), client_for(app, ana)],
                              f"/tables/{game_id}/{{action}}", forms)
    assert sorted(r.status_code for r in responses) == [200, 409]
    winner = forms[[r.status_code for r in responses].index(200)]["action"]
    _, after = load(app, game_id)
    mine = after.seats[seat].actions if after.hand == 1 else next(
        t for t in after.last_hand.turns if t.seat == seat).actions
    assert mine[0].kind == winner  # only the winning move is in the hand
    assert after.conserved_total() == after.config.initial_points * len(after.seats)


def test_a_retried_move_after_success_changes_nothing(app):
    """A browser retry (same form, same version) after the first one went through: 409, no change."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    version = load(app, game_id)[1].version
    assert client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": 1},
                       headers=HX).status_code == 200
    _, after_first = load(app, game_id)
    for action in ("bet", "draw", "stand"):
        retry = client.post(f"/tables/{game_id}/{action}", data={"version": version, "amount": 1},
                            headers=HX)
        assert retry.status_code == 409 and MOVED_ON in text(retry)
    assert load(app, game_id)[1].to_dict() == after_first.to_dict()


def test_a_plain_form_retry_is_flashed_and_changes_nothing(app):
    """Without htmx (JS off) the stale move redirects back and the flash says the table moved on."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    version = load(app, game_id)[1].version
    client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": 1})
    _, now = load(app, game_id)
    retry = client.post(f"/tables/{game_id}/bet", data={"version": version, "amount": 1})
    assert retry.status_code == 303
    assert MOVED_ON in text(client.get(f"/tables/{game_id}"))
    assert load(app, game_id)[1].to_dict() == now.to_dict()


FORM = {"seats": 4, "standard_bots": 3, "cautious_bots": 0, "bold_bots": 0, "max_hands": 15,
        "turn_seconds": 30}


@pytest.mark.mariadb_only
def test_many_tables_start_at_once_without_deadlocks(app):
    """Regression: each start's locking read of its missing state row took an InnoDB gap lock on
    game_states, and concurrent starts deadlocked inserting their rows (503 under load)."""
    users = [make_user(app, f"Racer{i}") for i in range(6)]
    clients = [client_for(app, uid) for uid in users]
    game_ids = [table_id_from(c.post("/tables", data=FORM)) for c in clients]
    forms = [{"game_id": gid} for gid in game_ids]
    responses = post_together(clients, "/tables/{game_id}/start", forms)
    assert [r.status_code for r in responses] == [200] * 6
    with app.app_context():
        statuses = db.session.scalars(select(Game.status).where(Game.id.in_(game_ids))).all()
        assert set(statuses) <= {"playing", "finished"}


def test_two_players_joining_the_last_seat_at_once_one_gets_it(app):
    ana, bea, cai = make_user(app, "Ana"), make_user(app, "Bea"), make_user(app, "Cai")
    game_id = table_id_from(client_for(app, ana).post("/tables", data={**FORM, "seats": 2,
                                                                        "standard_bots": 0}))
    responses = post_together([client_for(app, bea), client_for(app, cai)],
                              f"/tables/{game_id}/join", [{}, {}])
    assert sorted(r.status_code for r in responses) == [200, 409]
    with app.app_context():
        assert len(db.session.get(Game, game_id).players) == 2
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 0


@pytest.mark.mariadb_only
def test_eight_chat_messages_sent_at_once_are_counted_in_turn(app):
    """The rate limit (5 in 10 s) counts under the game row's lock: eight tabs of one person
    sending at the same moment store five messages, and the other three get a clear 429."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    clients = [client_for(app, ana) for _ in range(8)]
    forms = [{"game_id": game_id, "body": f"tab {n}"} for n in range(8)]
    responses = post_together(clients, "/tables/{game_id}/chat", forms)
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] * MESSAGES_PER_SPAN + [429] * (8 - MESSAGES_PER_SPAN)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(TableMessage)) == MESSAGES_PER_SPAN
        assert db.session.get(Game, game_id).messages_sent == MESSAGES_PER_SPAN
