"""The pages' streams (server-sent events): a commit that changes a table (a move, a seat taken,
a reaction) is news on that table's channel, and the lobby's when what it lists changed; a
stream says "changed" for it, catches a reconnect or an old page up at once, and a private
table's stream is no more open to a stranger than its page."""
from __future__ import annotations

import socket
import threading
import time
from collections import Counter

import pytest

from siete.data.base import db
from siete.service.news import table_bus
from siete.service.news.hang_ups import hang_ups
from siete.service.news.table_bus import (
    CHANGED,
    LOBBY,
    Bus,
    heard_news,
    merged_news,
    table_channel,
    tables_in,
)
from siete.service.news.table_stream import MAX_STREAMS_PER_VISITOR, news_stream
from tests.support.friends import open_table, player_of
from tests.support.play import client_for, make_user, started_game, text, waiting_table
from tests.support.redis_here import redis_url_or_skip


class Heard:
    """Every channel the process's bus delivers to, in order, and the news it delivers."""

    def __init__(self, bus: Bus) -> None:
        self.channels: list[str] = []
        self.news: list[tuple[str, str]] = []
        original = bus.deliver

        def deliver(channel: str, news: str = CHANGED) -> None:
            self.channels.append(channel)
            self.news.append((channel, news))
            original(channel, news)
        bus.deliver = deliver  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def no_stream_held(monkeypatch) -> None:
    """Each test counts its own streams: a slot is the process's until its stream closes, and
    the account and session ids of every test's fresh database are the same small numbers."""
    monkeypatch.setattr("siete.service.news.table_stream._open", Counter())


@pytest.fixture
def heard(app) -> Heard:
    return Heard(table_bus.bus())


def version_of(page: str) -> str:
    return page.split('data-version="')[1].split('"')[0]


def test_a_move_is_news_on_its_table_only_naming_the_version_its_answer_shows(app, heard):
    """The news names the version the move wrote: the mover's page, handed the table its move
    left, need not ask again (siete.js). A seat taken is news to the lobby too."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    page = text(client.get(f"/tables/{game_id}"))
    heard.news.clear()
    answer = text(client.post(f"/tables/{game_id}/bet", data={"version": version_of(page), "amount": "1"},
                              headers={"HX-Request": "true"}))
    assert heard.news == [(table_channel(game_id), version_of(answer))]
    assert int(version_of(answer)) > int(version_of(page))
    bea = make_user(app, "Bea")
    other = waiting_table(app, bea)
    heard.channels.clear()
    assert client_for(app, ana).post(f"/tables/{other}/join").status_code == 303
    assert heard.channels.count(table_channel(other)) == 1 and LOBBY in heard.channels


def test_news_heard_together_is_told_as_one_that_no_page_lets_pass_unless_it_shows_both():
    assert merged_news("7", "9") == merged_news("9", "7") == "9"
    assert merged_news("7", CHANGED) == merged_news(CHANGED, "7") == CHANGED
    ear = Bus().subscribe(table_channel(1))
    ear.wake(news="7")
    ear.wake(news=CHANGED)  # a reaction: no version, so every page must ask
    assert ear.wait(0.1) == CHANGED and ear.wait(0.05) is None
    ear.wake(news="7")
    ear.wake(news="8")
    assert ear.wait(0.1) == "8"


def test_a_failed_move_is_no_news(app, heard):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    heard.channels.clear()
    answer = client_for(app, ana).post(f"/tables/{game_id}/bet", data={"version": "999", "amount": "1"})
    assert answer.status_code in (303, 409)
    assert heard.channels == []


def first_events(response, count: int) -> list[str]:
    chunks = []
    for chunk in response.response:
        chunks.append(chunk.decode() if isinstance(chunk, bytes) else chunk)
        if len(chunks) == count:
            break
    response.close()
    return chunks


def test_the_table_stream_catches_an_old_page_up_then_says_changed_at_each_news(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    page = text(client.get(f"/tables/{game_id}"))
    answer = client.get(f"/tables/{game_id}/stream?v=0&p=0.0")
    assert answer.status_code == 200 and answer.mimetype == "text/event-stream"
    assert answer.headers["X-Accel-Buffering"] == "no"
    timer = threading.Timer(0.3, table_bus.bus().publish, [table_channel(game_id), "12"])
    timer.start()
    retry, behind, news = first_events(answer, 3)
    assert retry.startswith("retry: ") and "event: changed\ndata: changed" in behind
    assert "event: changed\ndata: 12\n" in news  # the version the news names
    fresh = client.get(f"/tables/{game_id}/stream?v={version_of(page)}",
                       headers={"Last-Event-ID": "1"})
    assert "event: changed" in first_events(fresh, 2)[1]  # a reconnect may have missed news


def test_a_private_tables_stream_is_a_missing_table_to_a_stranger(app):
    ana, eve = make_user(app, "Ana"), make_user(app, "Eve")
    game_id = waiting_table(app, ana)
    with app.app_context():
        from siete.data.base import db
        from siete.data.games import Game
        db.session.get(Game, game_id).private = True
        db.session.commit()
    assert client_for(app, eve).get(f"/tables/{game_id}/stream").status_code == 404
    assert client_for(app, None).get("/tables/999999/stream").status_code == 404
    assert client_for(app, ana).get(f"/tables/{game_id}/stream").status_code == 200


def test_streams_past_the_visitors_cap_are_refused_so_the_page_polls(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    held = [client.get("/lobby/stream") for _ in range(MAX_STREAMS_PER_VISITOR)]
    assert all(answer.status_code == 200 for answer in held)
    assert client.get("/lobby/stream").status_code == 429
    held.pop().close()
    assert client.get("/lobby/stream").status_code == 200


def test_logging_in_again_and_again_buys_no_more_streams(app):
    """The cap is the account's, not each login session's: one account logged in ten times (a
    script's loop; a successful login is not throttled) held ten times the cap of streams, and
    each holds one of the worker's threads (gunicorn.conf.py): enough of them and no page loads."""
    ana = make_user(app, "Ana")
    first, second = client_for(app, ana), client_for(app, ana)  # two logins, two sessions
    held = [first.get("/lobby/stream") for _ in range(MAX_STREAMS_PER_VISITOR)]
    assert all(answer.status_code == 200 for answer in held)
    game_id = started_game(app, ana)
    assert status_of(second.get("/lobby/stream")) == 429
    assert status_of(second.get(f"/tables/{game_id}/stream")) == 429
    held.pop().close()
    assert status_of(second.get(f"/tables/{game_id}/stream")) == 200
    assert status_of(client_for(app, make_user(app, "Bea")).get("/lobby/stream")) == 200  # hers
    for answer in reversed(held):  # each holds its request context: the last pushed first
        answer.close()


def test_many_accounts_at_one_address_share_its_cap(app):
    """One address may make 50 guests a day, each an account with its own cap of streams (each
    holding a worker's thread): every stream from an address counts toward the address's cap
    too, and one closed makes room again; another address is not held back."""
    app.config["STREAMS_PER_ADDRESS"] = 3
    guests = [client_for(app, make_user(app, f"Guest{n}")) for n in range(4)]
    held = [guest.get("/lobby/stream") for guest in guests[:3]]
    assert [answer.status_code for answer in held] == [200, 200, 200]
    assert status_of(guests[3].get("/lobby/stream")) == 429
    elsewhere = guests[3].get("/lobby/stream", environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert status_of(elsewhere) == 200
    held.pop().close()
    assert status_of(guests[3].get("/lobby/stream")) == 200
    for answer in reversed(held):
        answer.close()


def status_of(answer) -> int:
    """The answer's status, its stream (if any) closed unread."""
    answer.close()
    return answer.status_code


def test_a_stream_ends_when_the_process_closes_and_when_its_time_is_up():
    bus = Bus()
    events = news_stream(bus, "lobby", behind=False, beat_every=0.05)
    assert next(events).startswith("retry: ")
    bus.close()
    assert list(events) == []
    timed = news_stream(Bus(), "lobby", behind=False, beat_every=0.01, until=0)
    assert next(timed).startswith("retry: ") and list(timed) == []


def test_news_crosses_processes_through_redis():
    """Two buses on one Redis stand for two processes: what one publishes wakes the other's
    listener (skipped where no Redis answers)."""
    url = redis_url_or_skip(14)
    sender, receiver = Bus(url), Bus(url)
    assert receiver.ready()  # its subscriber, as the stream route starts it
    ear = receiver.subscribe("table:7")
    for _ in range(50):  # the subscriber thread needs a moment to subscribe
        sender.publish("table:7")
        if ear.wait(0.1):
            break
    else:
        pytest.fail("the news never arrived")
    ear.close()
    assert receiver.open_streams() == 0


def test_without_redis_a_stream_is_refused_so_the_page_polls_and_moves_still_work(app, monkeypatch):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    monkeypatch.setattr(table_bus, "_bus", Bus("redis://127.0.0.1:1/0"))  # nothing listens there
    client = client_for(app, ana)
    assert client.get(f"/tables/{game_id}/stream").status_code == 503
    page = text(client.get(f"/tables/{game_id}"))
    moved = client.post(f"/tables/{game_id}/bet", data={"version": version_of(page), "amount": "1"})
    assert moved.status_code == 303  # the change is committed; publishing it failed quietly


def test_a_stream_ends_as_soon_as_its_browser_hangs_up():
    """Its thread is freed at once, not at the next news or beat."""
    server_end, browser_end = socket.socketpair()
    events = news_stream(Bus(), "lobby", behind=False, beat_every=30, until=time.monotonic() + 5,
                         client=server_end)
    assert next(events).startswith("retry: ")
    assert hang_ups().watching() == 1
    browser_end.close()
    started = time.monotonic()
    assert list(events) == []  # no beat came before the end
    assert time.monotonic() - started < 2
    assert hang_ups().watching() == 0
    server_end.close()


def test_a_stream_whose_connection_carries_anything_else_is_no_longer_watched_but_goes_on():
    server_end, browser_end = socket.socketpair()
    events = news_stream(Bus(), "lobby", behind=False, beat_every=0.2, client=server_end)
    assert next(events).startswith("retry: ")
    browser_end.sendall(b"GET / HTTP/1.1\r\n")
    deadline = time.monotonic() + 2
    while hang_ups().watching() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hang_ups().watching() == 0
    assert next(events) == ": beat\n\n"
    events.close()
    server_end.close()
    browser_end.close()


def lobby_event_after(app, viewer: int | None, opened_by: int, private: bool) -> bytes:
    """What the viewer's lobby stream (its page current) says next once `opened_by` opens a
    table: an event, or the beat that a quiet stream sends (HEARTBEAT_S, shortened)."""
    client = client_for(app, viewer)
    marker = text(client.get("/")).split("/lobby/stream?v=")[1].split('"')[0]
    answer = client.get(f"/lobby/stream?v={marker}")
    assert answer.status_code == 200
    events = iter(answer.response)
    assert next(events).startswith(b"retry: ")  # and no catching up: the page is current
    with app.app_context():  # an app context of its own: the stream's is still pushed
        open_table(player_of(opened_by), private=private)
        db.session.commit()
    said = next(events)
    answer.close()
    return said


def test_a_private_table_is_no_news_on_the_lobby_stream_of_someone_it_is_not_listed_for(app, monkeypatch):
    """SECURITY.md, "No side doors to a private table": the lobby's marker counts only the
    tables listed for its visitor, and so does its stream. It said "changed" at every private
    table's opening (and seat, start, end), so a stranger's stream told them when one did."""
    monkeypatch.setattr("siete.play.stream_routes.HEARTBEAT_S", 0.2)  # a quiet stream beats soon
    ana, eve = make_user(app, "Ana"), make_user(app, "Eve")
    assert lobby_event_after(app, None, ana, private=True) == b": beat\n\n"
    assert lobby_event_after(app, eve, ana, private=True) == b": beat\n\n"
    assert b"event: changed" in lobby_event_after(app, ana, ana, private=True)  # hers: listed
    assert b"event: changed" in lobby_event_after(app, eve, ana, private=False)  # public: news


def test_the_lobby_news_names_its_tables_but_a_page_hears_only_changed(app, monkeypatch):
    """The lobby's news names the tables it concerns (each lobby stream decides from them
    whether it is its visitor's news, with no query for a public table): those ids stay in the
    server, and the page is told no more than "changed"."""
    monkeypatch.setattr("siete.play.stream_routes.HEARTBEAT_S", 0.2)
    ana, eve = make_user(app, "Ana"), make_user(app, "Eve")
    said = lobby_event_after(app, eve, ana, private=False)
    assert b"data: changed" in said and b"tables" not in said
    assert merged_news("tables:3.9", "tables:4") == "tables:3.4.9"
    assert merged_news("tables:3", "7") == merged_news("tables:3", CHANGED) == CHANGED
    assert tables_in("tables:3.4") == {3, 4} and tables_in(CHANGED) is None and tables_in("tables:") is None
    assert heard_news("tables:12") == "tables:12" and heard_news("tables:1;drop") == CHANGED


def test_a_thousand_lobbies_ask_whether_a_table_is_private_once(app, monkeypatch):
    """A news wakes every lobby stream of the process at once: whether its tables are private is
    read once, then known (a table's privacy never changes)."""
    from siete.service.social import lobby_news

    asked = []
    real = lobby_news.lobby_marks.privacy
    monkeypatch.setattr(lobby_news.lobby_marks, "privacy", lambda ids: asked.append(set(ids)) or real(ids))
    privacy = lobby_news.TablePrivacy()
    ana = make_user(app, "Ana")
    with app.app_context():
        public, private = open_table(player_of(ana)), open_table(player_of(ana), private=True)
        db.session.commit()
        strangers = [lobby_news.lobby_news(None, privacy) for _ in range(50)]
        assert all(tells(f"tables:{public.id}") for tells in strangers)
        assert not any(tells(f"tables:{private.id}") for tells in strangers)
        assert all(tells(CHANGED) for tells in strangers)  # the bus lost Redis: anything may have
    assert asked == [{public.id}, {private.id}]
