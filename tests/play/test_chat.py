"""Chat at the table (#38): the people seated at a table write short plain-text messages, which
the others' polls bring (out of band, outside #table); text is escaped and links stay text; bad
input gets a clear error and keeps the draft; a rate limit; a mute per person and per viewer;
spectators only where the creator allowed it (never at a private table); kept with the game for
its players. Messages are not game events: the state and its version stay as they were."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from siete.data.base import db, utcnow
from siete.data.chat_rows import ChatMute, TableMessage
from siete.data.games import Game, GameStateRow
from siete.data.people import User
from siete.service.errors import TooMany
from siete.service.social.chat import MESSAGES_PER_SPAN, SPAN, chatter_of, send_message
from siete.service.tables.lobby_actions import TableSpec, create_table
from tests.support.friends import finished_game, player_of
from tests.support.play import HX, client_for, make_user, played_to_the_end, started_game, text, waiting_table
from tests.support.settings import app_settings


def messages_stored(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(TableMessage))


def live_of(page: str) -> tuple[str, str]:
    return tuple(page.split(f'data-{k}="')[1].split('"')[0] for k in ("version", "live"))


@pytest.fixture
def friends(app):
    """Ana's waiting table (three seats), Bea seated at it; Cy has an account and no seat."""
    ana, bea, cy = (make_user(app, name) for name in ("Ana", "Bea", "Cy"))
    game_id = waiting_table(app, ana, seats=3)
    assert client_for(app, bea).post(f"/tables/{game_id}/join").status_code == 303
    return game_id, client_for(app, ana), client_for(app, bea), client_for(app, cy)


def user_named(name: str) -> int:
    return db.session.scalar(select(User.id).where(User.username == name))


def say(client, game_id: int, body: str, htmx: bool = True):
    return client.post(f"/tables/{game_id}/chat", data={"body": body}, headers=HX if htmx else {})


def test_two_friends_exchange_messages_and_the_poll_brings_them(app, friends):
    game_id, ana, bea, _cy = friends
    page = text(bea.get(f"/tables/{game_id}"))
    assert 'id="chat"' in page and 'data-chat-box' in page and "No messages yet." in page
    version, live = live_of(text(bea.get(f"/tables/{game_id}", headers=HX)))
    sent = say(ana, game_id, "Hola Bea!")
    assert sent.status_code == 200 and "<strong>Ana</strong>: <span class=\"chat__body\">Hola Bea!</span>" in text(sent)
    assert 'value=""' in text(sent)  # the box comes back with an empty input
    # Bea's poll with her old markers (and c=1: her page holds the box) brings the new lines alone
    polled = bea.get(f"/tables/{game_id}/fragment?v={version}&p={live}&c=1", headers=HX)
    assert polled.status_code == 200
    lines = text(polled).split('id="chat-lines"')[1]
    assert 'hx-swap-oob="true"' in lines and "Hola Bea!" in lines
    assert 'id="chat-body"' not in text(polled)  # never the input she may be typing in
    # once seen, the marker is the same again: 204
    version, live = live_of(text(polled))
    assert bea.get(f"/tables/{game_id}/fragment?v={version}&p={live}&c=1", headers=HX).status_code == 204
    assert say(bea, game_id, "Hola Ana").status_code == 200
    both = text(ana.get(f"/tables/{game_id}"))
    assert both.index("Hola Bea!") < both.index("Hola Ana")  # in the order they were said


def test_messages_are_escaped_and_links_are_not_links(app, friends):
    game_id, ana, bea, _cy = friends
    body = '<script>alert(1)</script> see https://evil.test/x <a href="https://evil.test">here</a>'
    assert say(ana, game_id, body).status_code == 200
    page = text(bea.get(f"/tables/{game_id}"))
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert 'href="https://evil.test' not in page and "https://evil.test/x" in page


@pytest.mark.parametrize(("body", "status", "words"), [
    ("", 422, "Write a message first."),
    ("   ", 422, "Write a message first."),
    ("x" * 201, 422, "A message has at most 200 characters; yours has 201."),
    ("hi\u202eevil", 422, "A message cannot hold control or invisible characters."),
    ("bell\x07", 422, "A message cannot hold control or invisible characters."),
    # letters that draw nothing: such a message showed as a blank line from its sender
    ("\u3164", 422, "A message cannot hold control or invisible characters."),
    ("\u115f\u2800", 422, "A message cannot hold control or invisible characters."),
])
def test_bad_input_gets_a_clear_error_and_keeps_the_draft(app, friends, body, status, words):
    game_id, ana, _bea, _cy = friends
    refused = say(ana, game_id, body)
    assert refused.status_code == status and words in text(refused)
    assert 'aria-invalid="true"' in text(refused)
    if body.strip():
        assert re.search(r'id="chat-body" name="body" value="x{201}"|id="chat-body" name="body" value="[^"]+"',
                         text(refused))
    plain = say(ana, game_id, body, htmx=False)  # JavaScript off: the whole page, the same words
    assert plain.status_code == status and words in text(plain) and 'id="table"' in text(plain)
    assert messages_stored(app) == 0


def test_a_long_draft_comes_back_whole(app, friends):
    game_id, ana, _bea, _cy = friends
    draft = "Una frase muy larga " * 12  # 240 characters
    refused = say(ana, game_id, draft, htmx=False)
    assert refused.status_code == 422 and f'value="{draft}"' in text(refused)


def test_five_messages_in_ten_seconds_then_a_clear_429(app, friends):
    game_id, ana, _bea, _cy = friends
    for n in range(MESSAGES_PER_SPAN):
        assert say(ana, game_id, f"message {n}").status_code == 200
    refused = say(ana, game_id, "one too many")
    assert refused.status_code == 429
    assert "You wrote 5 messages in 10 s: wait a moment before the next." in text(refused)
    assert 'value="one too many"' in text(refused)  # nothing lost
    assert messages_stored(app) == MESSAGES_PER_SPAN
    with app.app_context():  # ten seconds on, one more goes through
        later = utcnow() + SPAN + timedelta(seconds=1)
        send_message(game_id, chatter_of(user_named("Ana")), "later", later)
        with pytest.raises(TooMany):
            for n in range(MESSAGES_PER_SPAN):
                send_message(game_id, chatter_of(user_named("Ana")), f"burst {n}", later)
    assert messages_stored(app) == 2 * MESSAGES_PER_SPAN


def test_a_viewer_mutes_a_person_and_shows_them_again(app, friends):
    game_id, ana, bea, _cy = friends
    say(ana, game_id, "Ana speaks")
    say(bea, game_id, "Bea speaks")
    with app.app_context():
        ana_player = player_of(user_named("Ana")).id
    muted = bea.post(f"/tables/{game_id}/chat/mute", data={"person": ana_player, "mute": "1"}, headers=HX)
    assert muted.status_code == 200 and "Ana speaks" not in text(muted) and "Bea speaks" in text(muted)
    assert "Muted by you:" in text(muted) and 'data-unmute="Ana"' in text(muted)
    assert "Ana speaks" not in text(bea.get(f"/tables/{game_id}"))  # kept for Bea
    assert "Ana speaks" in text(ana.get(f"/tables/{game_id}"))  # Ana's own view is hers
    plain = bea.post(f"/tables/{game_id}/chat/mute", data={"person": ana_player, "mute": "1"})
    assert plain.status_code == 303  # twice: nothing changes
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ChatMute)) == 1
    shown = bea.post(f"/tables/{game_id}/chat/mute", data={"person": ana_player, "mute": "0"})
    assert shown.status_code == 303 and "Ana speaks" in text(bea.get(f"/tables/{game_id}"))


@pytest.mark.parametrize("person", ["", "abc", "999999", "٣"])
def test_muting_someone_who_did_not_write_here_is_a_clear_error(app, friends, person):
    game_id, _ana, bea, _cy = friends
    refused = bea.post(f"/tables/{game_id}/chat/mute", data={"person": person, "mute": "1"}, headers=HX)
    assert refused.status_code == 422 and "Nobody of that name wrote at this table." in text(refused)


def test_spectators_neither_read_nor_write_unless_the_creator_allowed_it(app, friends):
    game_id, ana, _bea, cy = friends
    say(ana, game_id, "only for players")
    page = text(cy.get(f"/tables/{game_id}"))
    assert "only for players" not in page and "data-chat-box" not in page and '<div id="chat" hidden>' in page
    refused = say(cy, game_id, "let me in")
    assert refused.status_code == 403
    assert "Only the players seated at this table can write in its chat." in text(refused)
    assert client_for(app, None).post(f"/tables/{game_id}/chat", data={"body": "x"}).status_code in (302, 401)
    assert messages_stored(app) == 1


def table_with_spectator_chat(app, creator: int, private: bool) -> int:
    with app.app_context():
        spec = TableSpec(name="Open chat", seats=3, bots=("standard",), chat_spectators=True, private=private)
        game = create_table(player_of(creator), spec, app_settings().game)
        db.session.commit()
        return game.id


def test_allowed_spectators_read_and_write_at_a_public_table_only(app):
    ana, cy = make_user(app, "Ana"), make_user(app, "Cy")
    public = table_with_spectator_chat(app, ana, private=False)
    assert say(client_for(app, cy), public, "hello from the rail").status_code == 200
    assert "hello from the rail" in text(client_for(app, ana).get(f"/tables/{public}"))
    secret = table_with_spectator_chat(app, ana, private=True)
    with app.app_context():
        key = db.session.get(Game, secret).invite_token
    watcher = client_for(app, cy)
    assert watcher.get(f"/tables/{secret}?key={key}").status_code == 200  # may watch it
    assert say(watcher, secret, "me too").status_code == 403  # but a private chat is its players'


def test_the_creator_chooses_spectator_chat_in_the_new_table_form(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    form = {"name": "Open", "seats": 3, "standard_bots": 1, "cautious_bots": 0, "bold_bots": 0,
            "max_hands": 5, "turn_seconds": 30, "chat_spectators": "y"}
    created = client.post("/tables", data=form)
    game_id = int(created.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        assert db.session.get(Game, game_id).chat_spectators is True
    assert 'name="chat_spectators"' in text(client.get("/"))


def test_a_page_without_the_box_gets_it_when_its_viewer_sits_down(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana, seats=3)
    bea_client = client_for(app, bea)
    assert '<div id="chat" hidden>' in text(bea_client.get(f"/tables/{game_id}"))
    joined = bea_client.post(f"/tables/{game_id}/join", data={"c": "0"}, headers=HX)
    assert joined.status_code == 200
    box = text(joined).split('<details id="chat"')[1]
    assert box.startswith(' class="chat" data-chat-box open hx-swap-oob="true"') and 'id="chat-body"' in box


def test_messages_change_neither_the_state_nor_its_version(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    with app.app_context():
        before = tuple(db.session.execute(select(GameStateRow.version, GameStateRow.state)
                                          .where(GameStateRow.game_id == game_id)).one())
    assert say(client_for(app, ana), game_id, "my turn, hm").status_code == 200
    with app.app_context():
        after = tuple(db.session.execute(select(GameStateRow.version, GameStateRow.state)
                                         .where(GameStateRow.game_id == game_id)).one())
    assert after == before and messages_stored(app) == 1


def test_the_chat_is_kept_with_the_game_for_its_players_only(app):
    ana, bea, cy = (make_user(app, name) for name in ("Ana", "Bea", "Cy"))
    game_id = finished_game(app, ana, bea)
    with app.app_context():  # said while it was played (the game is over at once here)
        db.session.add(TableMessage(game_id=game_id, player_id=player_of(bea).id, body="gg <3",
                                    sent_at=utcnow()))
        db.session.execute(update(Game).where(Game.id == game_id).values(messages_sent=1))
        db.session.commit()
    for who in (ana, bea):
        assert "gg &lt;3" in text(client_for(app, who).get(f"/games/{game_id}"))
    for who in (cy, None):
        page = client_for(app, who).get(f"/games/{game_id}")
        assert page.status_code == 200 and "gg &lt;3" not in page.get_data(as_text=True)


def test_a_table_closed_long_ago_takes_no_message(app):
    ana = make_user(app, "Ana")
    game_id = played_to_the_end(app, ana)  # Ana still in her seat
    with app.app_context():  # as if it ended an hour ago
        db.session.execute(update(Game).where(Game.id == game_id).values(ended_at=utcnow() - timedelta(hours=1)))
        db.session.commit()
    refused = say(client_for(app, ana), game_id, "anyone?")
    assert refused.status_code == 409 and "its chat is closed" in text(refused)
    assert "Your message, not sent: <span>anyone?</span>" in text(refused)  # nothing lost


def test_talk_alone_does_not_keep_a_waiting_table_open(app, friends):
    """A waiting table expires by its last change of seats (updated_at); messages leave it."""
    game_id, ana, _bea, _cy = friends
    with app.app_context():
        before = db.session.scalar(select(Game.updated_at).where(Game.id == game_id))
    assert say(ana, game_id, "anyone else coming?").status_code == 200
    with app.app_context():
        db.session.expire_all()
        game = db.session.get(Game, game_id)
        assert game.updated_at == before and game.messages_sent == 1


def test_the_chat_speaks_spanish(app, friends):
    game_id, ana, _bea, _cy = friends
    spanish = {"Accept-Language": "es-ES,es;q=0.9"}
    page = text(ana.get(f"/tables/{game_id}", headers=spanish))
    assert "Chat de la mesa" in page and "Di algo a la mesa" in page and "Todavía no hay mensajes." in page
    refused = ana.post(f"/tables/{game_id}/chat", data={"body": ""}, headers={**HX, **spanish})
    assert refused.status_code == 422 and "Escribe primero un mensaje." in text(refused)
