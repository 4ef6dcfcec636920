"""Paced play (#25) at the table's pages: while bots move one by one, a page that no shared bus
tells of the worker's moves asks just after the next move is due (data-due-ms), an ask that finds
it late plays it (one move), and without JavaScript the page reloads itself each second."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest

from siete.data.base import db, utcnow_ms
from siete.data.people import User
from siete.service.tables.lobby_actions import TableSpec, create_table, player_for, start_table
from tests.support.play import HX, client_for, load, make_user, set_deadline, text
from tests.support.settings import app_settings


@pytest.fixture
def app_config() -> dict:
    return {"BOT_MOVE_SECONDS": 0.8}


def watched_bots_table(app, user_id: int) -> int:
    with app.app_context():
        user = player_for(db.session.get(User, user_id))
        spec = TableSpec(name="watch", seats=3, bots=("standard", "bold", "cautious"), max_hands=2,
                         creator_sits=False)
        game = create_table(user, spec, app.config["GAME"], seed=3)
        start_table(app_settings(), game.id, user)
        return game.id


def due_ms(page: str) -> int:
    return int(re.search(r'data-due-ms="(\d+)"', page).group(1))


def test_a_page_asks_when_the_next_bot_move_is_due_and_the_late_ask_plays_it(app):
    ana = make_user(app, "Ana")
    game_id = watched_bots_table(app, ana)
    client = client_for(app, ana)
    version = load(app, game_id)[1].version
    set_deadline(app, game_id, utcnow_ms() + timedelta(seconds=60))  # not due (a slow machine)
    page = text(client.get(f"/tables/{game_id}", headers=HX))
    assert 59_000 <= due_ms(page) <= 60_030  # asks once, when the move is due
    assert 'class="countdown"' not in page  # no turn clock runs for a bot's paced move
    assert client.get(f"/tables/{game_id}/fragment?v={version}", headers=HX).status_code == 204
    set_deadline(app, game_id, utcnow_ms() - timedelta(milliseconds=5))  # the move is late
    fresh = client.get(f"/tables/{game_id}/fragment?v={version}", headers=HX)
    moved = load(app, game_id)[1].version
    assert fresh.status_code == 200 and moved == version + 1  # one move only (a bet)
    # the next move is due 0.8 s after this one: the page asks just after it
    assert f'data-version="{moved}"' in text(fresh) and 0 <= due_ms(text(fresh)) <= 830


def test_without_javascript_the_table_page_reloads_while_bots_move(app):
    ana = make_user(app, "Ana")
    game_id = watched_bots_table(app, ana)
    refresh = '<noscript><meta http-equiv="refresh" content="1"></noscript>'
    set_deadline(app, game_id, utcnow_ms() + timedelta(seconds=60))
    assert refresh in text(client_for(app, ana).get(f"/tables/{game_id}"))
    for _ in range(40):  # each late reload plays one move, until the hand is settled
        if load(app, game_id)[1].bot_stream is None:
            break
        set_deadline(app, game_id, utcnow_ms() - timedelta(seconds=1))
        client_for(app, ana).get(f"/tables/{game_id}")
    assert refresh not in text(client_for(app, ana).get(f"/tables/{game_id}"))  # the pause
