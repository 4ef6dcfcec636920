"""Open tables that can be joined: a waiting table its creator leaves passes to the next person
seated (or closes with nobody left), and the lobby lists no table nobody can join (R2.1: a
table starts with its seats filled, by people or by the bots its creator adds)."""
from __future__ import annotations

from sqlalchemy import update

from siete.data.base import db
from siete.data.games import Game
from tests.support.play import HX, client_for, load, make_user, text, waiting_table


def lobby_lists(app, user_id, game_id) -> bool:
    return f'id="lobby-table-{game_id}"' in text(client_for(app, user_id).get("/"))


def creator_of(app, game_id) -> int | None:
    with app.app_context():
        return db.session.get(Game, game_id).creator_user_id


def test_the_creator_who_leaves_a_full_table_passes_it_to_the_next_person(app):
    ana, bea, cai = make_user(app, "Ana"), make_user(app, "Bea"), make_user(app, "Cai")
    game_id = waiting_table(app, ana, seats=2)
    client_for(app, bea).post(f"/tables/{game_id}/join")
    assert not lobby_lists(app, cai, game_id)  # 2 of 2 seats taken: nobody else can join it
    assert lobby_lists(app, bea, game_id)  # who sits there still finds it

    left = client_for(app, ana).post(f"/tables/{game_id}/leave", headers=HX)
    assert left.status_code == 200
    assert load(app, game_id)[0] == "waiting" and creator_of(app, game_id) == bea
    assert lobby_lists(app, cai, game_id)  # a seat is free again, and Bea can start
    bea_page = text(client_for(app, bea).get(f"/tables/{game_id}"))
    assert 'id="table-fill-start"' in bea_page  # she may start it now, a bot in the free seat
    started = client_for(app, bea).post(f"/tables/{game_id}/start", data={"fill": "1"})
    assert started.status_code == 303 and load(app, game_id)[0] == "playing"


def test_a_creator_who_leaves_only_bots_behind_closes_the_table(app):
    ana, cai = make_user(app, "Ana"), make_user(app, "Cai")
    game_id = waiting_table(app, ana, seats=3, bots=1)
    client_for(app, ana).post(f"/tables/{game_id}/leave", headers=HX)
    assert load(app, game_id)[0] == "abandoned"
    assert not lobby_lists(app, cai, game_id) and not lobby_lists(app, None, game_id)


def test_the_lobby_leaves_out_a_waiting_table_with_nobody_to_start_it(app):
    """A table left with no creator (an account removed, a row from before) cannot start."""
    ana, cai = make_user(app, "Ana"), make_user(app, "Cai")
    game_id = waiting_table(app, ana, seats=3)
    assert lobby_lists(app, cai, game_id) and lobby_lists(app, None, game_id)
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id).values(creator_user_id=None))
        db.session.commit()
    assert not lobby_lists(app, cai, game_id) and not lobby_lists(app, None, game_id)


def test_a_full_table_is_listed_to_nobody_logged_out(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana, seats=2)
    assert lobby_lists(app, None, game_id)
    client_for(app, bea).post(f"/tables/{game_id}/join")
    assert not lobby_lists(app, None, game_id)
    assert lobby_lists(app, ana, game_id)  # its creator still sees it, to start it
