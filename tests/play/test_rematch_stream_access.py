"""A private table's rematch is news to its players alone (SECURITY.md, "No side doors to a
private table"): whoever views the finished private table by its old link, sits nowhere there
and is not asked to the rematch, is never shown the rematch (its page answers them 404), and
their stream on the finished table said "changed" the moment the rematch was opened and at
each answer of its invitees (a seat taken, a no), telling them that a private table exists
and when its people came to it. That news is now the players' (as a chat message is): the
finished table's players still hear it, and a public table's rematch is news to everyone."""
from __future__ import annotations

from collections import Counter

import pytest

from siete.data.base import db
from siete.data.games import Game
from siete.service.tables.lobby_actions import TableSpec
from siete.service.tables.rematch import play_again
from siete.service.tables.rematch_invites import decline
from tests.support.friends import finished_game, player_of
from tests.support.play import client_for, make_user
from tests.support.settings import app_settings

BEAT = b": beat\n\n"
CHANGED = b"event: changed\n"


@pytest.fixture(autouse=True)
def no_stream_held(monkeypatch) -> None:
    """Each test counts its own streams; a quiet stream beats soon."""
    monkeypatch.setattr("siete.service.news.table_stream._open", Counter())
    monkeypatch.setattr("siete.play.stream_routes.HEARTBEAT_S", 0.2)
    monkeypatch.setattr("siete.play.stream_routes.SEATED_BEAT_S", 0.2)


@pytest.fixture
def people(app) -> dict[str, int]:
    return {name: make_user(app, name) for name in ("Ana", "Bea", "Eve")}


def stream(app, user: int, path: str):
    """The stream's answer and its events past its opening (retry, then the catch-up)."""
    answer = client_for(app, user).get(path)
    assert answer.status_code == 200, path
    events = iter(answer.response)
    assert next(events).startswith(b"retry: ")
    assert CHANGED in next(events)
    return answer, events


def rematch_and_decline(app, people: dict[str, int], old: int) -> int:
    """Ana opens the rematch (Bea invited), then Bea says no: two changes of the rematch."""
    with app.app_context():
        spec = TableSpec(name="again", seats=3, bots=("standard",), max_hands=2)
        new = play_again(app_settings(), old, player_of(people["Ana"]), spec)
        db.session.commit()
    with app.app_context():
        decline(new, player_of(people["Bea"]))
        db.session.commit()
    return new


def test_who_views_a_finished_private_table_by_its_link_hears_nothing_of_its_rematch(app, people):
    """R4.2's spirit for tables: Eve may see the finished table (its key), not its rematch."""
    old = finished_game(app, people["Ana"], people["Bea"], private=True)
    with app.app_context():
        key = db.session.get(Game, old).invite_token
    eves, events = stream(app, people["Eve"], f"/tables/{old}/stream?key={key}")
    new = rematch_and_decline(app, people, old)
    assert next(events) == BEAT  # was "changed" at the rematch's opening
    assert next(events) == BEAT  # and at Bea's no
    eves.close()
    assert client_for(app, people["Eve"]).get(f"/tables/{new}").status_code == 404


def test_the_players_of_a_finished_private_table_hear_of_its_rematch(app, people):
    """Bea played there (and left: a bot played her seat out): the rematch is offered to her."""
    old = finished_game(app, people["Ana"], people["Bea"], private=True)
    beas, events = stream(app, people["Bea"], f"/tables/{old}/stream")
    rematch_and_decline(app, people, old)
    assert CHANGED in next(events)
    beas.close()


def test_a_public_tables_rematch_is_news_to_every_page_of_the_finished_table(app, people):
    """A public rematch is offered to anyone logged in who looks ("open"): everyone hears it."""
    old = finished_game(app, people["Ana"], people["Bea"])
    eves, eve_events = stream(app, people["Eve"], f"/tables/{old}/stream")
    rematch_and_decline(app, people, old)
    assert CHANGED in next(eve_events)
    eves.close()
