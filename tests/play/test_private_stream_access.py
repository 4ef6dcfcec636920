"""A private table tells nothing to whoever may no longer see it (SECURITY.md, "No side doors
to a private table"): a stream opened while its viewer could see the table ends as soon as they
cannot (the creator renewed the invite link they came by, they left their seat at the waiting
table), as the page's next fetch answers them 404; and a pulse counts the chat's messages, and a
stream tells of them, only for a page that is shown the chat (a private table's chat is its
players')."""
from __future__ import annotations

import html
from collections import Counter

import pytest

from siete.data.base import db, utcnow
from siete.data.login_sessions import delete_sessions
from siete.service.news.table_bus import CHANGED, SAID, Bus, heard_news, merged_news
from siete.service.news.table_stream import news_stream
from siete.service.social.chat import chatter_of, send_message
from siete.service.tables.lobby_actions import join_table, leave_waiting_table
from siete.service.tables.table_access import renew_link
from tests.support.friends import open_table, player_of
from tests.support.play import client_for, make_user, text

HX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def no_stream_held(monkeypatch) -> None:
    """Each test counts its own streams (the process's slots outlive a test's database)."""
    monkeypatch.setattr("siete.service.news.table_stream._open", Counter())


@pytest.fixture
def people(app):
    return {name: make_user(app, name) for name in ("Ana", "Bea", "Eve")}


def private_table(app, creator: int, seated: tuple[int, ...] = ()) -> tuple[int, str]:
    """Ana's waiting private table (three seats: her, a bot, one free), with whom `seated`
    names in the free seats; its number and its invite key."""
    with app.app_context():
        game = open_table(player_of(creator), private=True, seats=3)
        db.session.commit()
        game_id, key = game.id, game.invite_token
        for person in seated:
            join_table(game_id, player_of(person), key)
        return game_id, key


def open_stream(client, path: str):
    """The stream's answer and its events, read past its opening (retry, and the "changed"
    that catches up a page that named no markers)."""
    answer = client.get(path)
    assert answer.status_code == 200, path
    events = iter(answer.response)
    assert next(events).startswith(b"retry: ")
    assert b"event: changed" in next(events)
    return answer, events


def renewed(app, game_id: int, creator: int) -> str:
    with app.app_context():  # an app context of its own: the streams' are still pushed
        return renew_link(game_id, creator)


def test_a_stream_opened_by_the_invite_link_ends_when_the_link_is_renewed(app, people):
    """The stranger came by the link; the creator made a new one: the old key opens nothing
    any more (the page's next fetch is 404), and their stream, which went on saying "changed"
    and the versions for up to five minutes, ends at the renewal's news, telling nothing."""
    game_id, key = private_table(app, people["Ana"])
    eve = client_for(app, people["Eve"])
    eves, events = open_stream(eve, f"/tables/{game_id}/stream?key={key}")
    new_key = renewed(app, game_id, people["Ana"])
    assert next(events, b"ended") == b"ended"  # no event, not even a beat: the stream is over
    eves.close()
    assert eve.get(f"/tables/{game_id}/stream?key={key}").status_code == 404  # as its fetch
    assert eve.get(f"/tables/{game_id}/fragment?key={key}").status_code == 404
    assert status_of(eve.get(f"/tables/{game_id}/stream?key={new_key}")) == 200
    anas, events = open_stream(client_for(app, people["Ana"]), f"/tables/{game_id}/stream")
    renewed(app, game_id, people["Ana"])
    assert b"event: changed" in next(events)  # the creator's own stream goes on
    anas.close()


def status_of(answer) -> int:
    """The answer's status, its stream (if any) closed unread."""
    answer.close()
    return answer.status_code


def test_a_seated_viewers_stream_ends_when_they_leave_the_waiting_private_table(app, people):
    """Bea sat down by the link, which her browser does not keep: once she leaves the waiting
    table she is a stranger to it, and her stream, opened while she sat, stops."""
    game_id, _key = private_table(app, people["Ana"], seated=(people["Bea"],))
    bea = client_for(app, people["Bea"])
    beas, events = open_stream(bea, f"/tables/{game_id}/stream")
    with app.app_context():
        leave_waiting_table(game_id, player_of(people["Bea"]))
    assert next(events, b"ended") == b"ended"
    beas.close()
    assert bea.get(f"/tables/{game_id}/fragment").status_code == 404


def test_a_seated_viewers_stream_ends_when_their_login_session_ends(app, people):
    """Bea logs out everywhere (or on another tab) and leaves this tab open: whoever sits at
    that browser now is nobody to the table, whose page answers 404, and its stream stops."""
    game_id, _key = private_table(app, people["Ana"], seated=(people["Bea"],))
    beas, events = open_stream(client_for(app, people["Bea"]), f"/tables/{game_id}/stream")
    with app.app_context():
        delete_sessions(people["Bea"])
        db.session.commit()
    renewed(app, game_id, people["Ana"])  # any news of the table
    assert next(events, b"ended") == b"ended"
    beas.close()


def test_a_public_tables_stream_asks_nothing_at_its_news(app, people, monkeypatch):
    """Everyone may see a public table: its streams tell each news with no query of who is
    watching (one news wakes every stream of the table at once)."""
    asked = []
    monkeypatch.setattr("siete.service.tables.table_access.game_visible_to",
                        lambda *args: asked.append(args) or True)
    with app.app_context():
        game_id = open_table(player_of(people["Ana"])).id
        db.session.commit()
    answer, events = open_stream(client_for(app, people["Eve"]), f"/tables/{game_id}/stream")
    with app.app_context():
        join_table(game_id, player_of(people["Bea"]))
    assert b"event: changed" in next(events)
    answer.close()
    assert asked == []


def test_a_quiet_stream_whose_viewer_lost_sight_ends_at_its_beat_without_a_word():
    """No news need come: the beat asks too, so the stream does not hold a thread (nor beat
    the seated viewer's presence) for a table its viewer may no longer see."""
    sight = [True]
    events = news_stream(Bus(), "table:1", behind=False, beat_every=0.05, allowed=lambda: sight[0])
    assert next(events).startswith("retry: ")
    assert next(events) == ": beat\n\n"
    sight[0] = False
    assert list(events) == []


def poll_of(page: str) -> str:
    """The address siete.js polls: the table's hx-get (version and seat) and its pulse."""
    address = html.unescape(page.split('hx-get="')[1].split('"')[0])
    return f"{address}&p={pulse_of(page)}"


def pulse_of(page: str) -> str:
    return page.split('data-live="')[1].split('"')[0]


def test_who_views_a_private_table_by_its_link_is_not_told_when_its_players_chat(app, people):
    """The chat of a private table is its players' (siete.service.social.chat.may_read): Eve,
    who came by the link and sits nowhere, is shown no chat, and her pulse counted its messages
    all the same (the third number), so each message moved it and her poll answered 200: she
    learnt when, and how much, they talked. Her pulse now says 0 and her poll stays 204; the
    players' pulse, poll and chat are as they were."""
    game_id, key = private_table(app, people["Ana"], seated=(people["Bea"],))
    ana, bea, eve = (client_for(app, people[name]) for name in ("Ana", "Bea", "Eve"))
    ana.get(f"/tables/{game_id}", headers=HX)  # both here, so only the chat moves below
    bea_page = text(bea.get(f"/tables/{game_id}", headers=HX))
    eve_page = text(eve.get(f"/tables/{game_id}?key={key}", headers=HX))
    assert "data-chat-box" not in eve_page and pulse_of(eve_page) == pulse_of(bea_page)
    assert ana.post(f"/tables/{game_id}/chat", data={"body": "Hola Bea"}, headers=HX).status_code == 200
    assert eve.get(poll_of(eve_page), headers=HX).status_code == 204  # was 200, moved by the chat
    assert pulse_of(text(eve.get(f"/tables/{game_id}", headers=HX))).endswith(".0")
    heard = bea.get(poll_of(bea_page) + "&c=1", headers=HX)
    assert heard.status_code == 200 and "Hola Bea" in text(heard)
    assert pulse_of(text(heard)).endswith(".1")
    assert bea.get(poll_of(text(heard)) + "&c=1", headers=HX).status_code == 204


def said(app, game_id: int, by: int, words: str) -> None:
    with app.app_context():  # an app context of its own: the stream's is still pushed
        send_message(game_id, chatter_of(by), words, utcnow())


def test_a_stream_tells_of_a_private_tables_chat_only_to_a_page_seated_there(app, people, monkeypatch):
    """The pulse hides the chat's count from Eve, who views Ana's table by its link; the stream
    said "changed" at each message all the same (her page then asked, 204), telling her when
    the players chatted. A chat message is now the news "said", which her stream lets pass
    until she sits down (asked at the news), and which a page hears as "changed"."""
    monkeypatch.setattr("siete.play.stream_routes.HEARTBEAT_S", 0.2)  # a quiet stream beats soon
    game_id, key = private_table(app, people["Ana"])
    eves, events = open_stream(client_for(app, people["Eve"]), f"/tables/{game_id}/stream?key={key}")
    said(app, game_id, people["Ana"], "Hola")
    assert next(events) == b": beat\n\n"  # nothing told of the message
    with app.app_context():
        join_table(game_id, player_of(people["Eve"]), key)
    assert b"event: changed" in next(events)  # a seat taken: news to every page of the table
    said(app, game_id, people["Ana"], "Bienvenida")
    assert b"event: changed\ndata: changed\n" in next(events)  # seated now: the chat is hers
    eves.close()
    anas, events = open_stream(client_for(app, people["Ana"]), f"/tables/{game_id}/stream")
    said(app, game_id, people["Eve"], "Gracias")
    assert b"event: changed\ndata: changed\n" in next(events)
    anas.close()


def test_a_chat_news_is_said_apart_from_a_change_and_merges_as_any_news():
    assert heard_news(SAID) == SAID and merged_news(SAID, SAID) == SAID
    assert merged_news(SAID, "7") == merged_news("7", SAID) == merged_news(SAID, CHANGED) == CHANGED
