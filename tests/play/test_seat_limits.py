"""Taking and leaving seats is rate limited per account (SEAT_RATE_LIMIT): every seat taken or
given up at a waiting table is news to every lobby that may list it, and a pair of friends
clicking Join and Leave in a loop made every lobby stream query without end (security round 5)."""
from __future__ import annotations

import pytest

from siete.data.base import db
from siete.data.games import Game
from tests.support.play import HX, client_for, make_user, text, waiting_table


@pytest.fixture
def app_config() -> dict:
    return {"SEAT_RATE_LIMIT": "3/minute"}


def seated(app, game_id: int) -> int:
    with app.app_context():
        return len(db.session.get(Game, game_id).players)


def test_join_and_leave_in_a_loop_is_refused_with_words(app):
    ana, bea, cris = make_user(app, "Ana"), make_user(app, "Bea"), make_user(app, "Cris")
    table = waiting_table(app, ana, seats=3)
    client = client_for(app, bea)
    assert client.post(f"/tables/{table}/join").status_code == 303
    assert client.post(f"/tables/{table}/leave").status_code == 303
    assert client.post(f"/tables/{table}/join").status_code == 303
    refused = client.post(f"/tables/{table}/leave", headers=HX)
    assert refused.status_code == 429 and refused.headers["HX-Retarget"] == "#flash"
    assert "taking and leaving seats too fast" in text(refused)
    assert seated(app, table) == 2  # the refused leave changed nothing: Bea still sits
    spanish = client.post(f"/tables/{table}/leave", headers={"Accept-Language": "es"})
    assert spanish.status_code == 429 and "demasiado deprisa" in text(spanish)
    # per account: Cris is not held back by Bea's clicks
    assert client_for(app, cris).post(f"/tables/{table}/join").status_code == 303
