"""Quick reactions (#26): a seated player sends one of a fixed set (never free text); it shows
on their seat and in the table's log for every viewer, spectators cannot send, a rate limit
refuses with a clear message (never a 500), and a browser can mute them. Reactions are not game
events: the state, its version and the record stay as they were (the replay check of every
recorded game runs after the suite)."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from siete.data.base import db, utcnow
from siete.data.games import GameStateRow
from siete.data.people import Player
from siete.data.reaction_rows import TableReaction
from siete.service.errors import NotAllowed, RuleBroken, TooMany
from siete.service.social.reactions import REACTIONS_PER_MINUTE, send_reaction
from tests.support.play import HX, client_for, make_user, started_game, text, waiting_table


def reactions_stored(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(TableReaction))


def player_id(app, name: str) -> int:
    with app.app_context():
        return db.session.scalar(select(Player.id).where(Player.name == name))


def test_a_seated_player_reacts_and_every_viewer_sees_it_on_the_seat_and_in_the_log(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = started_game(app, ana)
    ana_client = client_for(app, ana)
    page = text(ana_client.get(f"/tables/{game_id}", headers=HX))
    version, live = (page.split(f'data-{k}="')[1].split('"')[0] for k in ("version", "live"))
    sent = ana_client.post(f"/tables/{game_id}/react", data={"kind": "nice_hand"}, headers=HX)
    assert sent.status_code == 200
    assert "data-reaction-bubble" in text(sent) and "<strong>Ana</strong>: Nice hand!" in text(sent)
    # Bea watches: her next poll with the old markers gets the table with the reaction.
    polled = client_for(app, bea).get(f"/tables/{game_id}/fragment?v={version}&p={live}", headers=HX)
    assert polled.status_code == 200 and "<strong>Ana</strong>: Nice hand!" in text(polled)
    assert 'class="reaction-bubble reaction-bubble--nice_hand"' in text(polled)
    assert 'id="react-nice_hand"' not in text(polled)  # a spectator gets no buttons


def test_reactions_change_neither_the_state_nor_its_version(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    with app.app_context():
        before = tuple(db.session.execute(select(GameStateRow.version, GameStateRow.state)
                                          .where(GameStateRow.game_id == game_id)).one())
    client_for(app, ana).post(f"/tables/{game_id}/react", data={"kind": "thanks"}, headers=HX)
    with app.app_context():
        after = tuple(db.session.execute(select(GameStateRow.version, GameStateRow.state)
                                         .where(GameStateRow.game_id == game_id)).one())
    assert after == before and reactions_stored(app) == 1


def test_spectators_and_strangers_cannot_send(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = started_game(app, ana)
    refused = client_for(app, bea).post(f"/tables/{game_id}/react", data={"kind": "thanks"}, headers=HX)
    assert refused.status_code == 403
    assert "Only the players seated at this table can send reactions." in text(refused)
    anonymous = client_for(app, None).post(f"/tables/{game_id}/react", data={"kind": "thanks"})
    assert anonymous.status_code in (302, 401)
    assert client_for(app, ana).post("/tables/999999/react", data={"kind": "thanks"},
                                     headers=HX).status_code == 404
    assert reactions_stored(app) == 0


def test_a_waiting_tables_seated_players_may_react(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana, seats=3)
    client_for(app, bea).post(f"/tables/{game_id}/join")
    sent = client_for(app, bea).post(f"/tables/{game_id}/react", data={"kind": "applause"}, headers=HX)
    assert sent.status_code == 200 and re.search(r"<strong>Bea</strong>: <svg [^>]*reaction-icon.*?</svg>Applause",
                                                 text(sent), re.S)


def test_a_visitor_at_a_waiting_table_sees_reactions_only_once_there_are_some(app):
    """A friend who opened the invite logged out met a "Reactions" heading over a lone "Mute
    reactions" (trial2): no section until someone seated reacts."""
    ana = make_user(app, "Ana")
    game_id = waiting_table(app, ana, seats=3)
    visitor = client_for(app, None)
    assert 'id="reactions-title"' not in text(visitor.get(f"/tables/{game_id}"))
    assert 'id="react-thanks"' in text(client_for(app, ana).get(f"/tables/{game_id}"))
    client_for(app, ana).post(f"/tables/{game_id}/react", data={"kind": "thanks"}, headers=HX)
    page = text(visitor.get(f"/tables/{game_id}"))
    assert "<strong>Ana</strong>: Thanks" in page and 'id="reactions-mute"' in page


@pytest.mark.parametrize("kind", ["", "free text", "NICE_HAND", "<script>", "x" * 500])
def test_only_the_fixed_set_is_accepted(app, kind):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    refused = client_for(app, ana).post(f"/tables/{game_id}/react", data={"kind": kind}, headers=HX)
    assert refused.status_code == 422
    assert "That is not one of the reactions you can send." in text(refused)
    assert reactions_stored(app) == 0


def test_one_reaction_every_three_seconds_and_ten_a_minute(app):
    ana, _cy = make_user(app, "Ana"), make_user(app, "Cy")
    game_id = started_game(app, ana)
    ana_player, t0 = player_id(app, "Ana"), utcnow()
    with app.app_context():
        send_reaction(game_id, ana_player, "Ana", "thanks", t0)
        with pytest.raises(TooMany) as too_soon:
            send_reaction(game_id, ana_player, "Ana", "thanks", t0 + timedelta(seconds=2))
        assert too_soon.value.code == "reaction_too_soon" and too_soon.value.values == {"seconds": 1}
        for n in range(1, REACTIONS_PER_MINUTE):
            send_reaction(game_id, ana_player, "Ana", "thanks", t0 + timedelta(seconds=3 * n))
        with pytest.raises(TooMany) as per_minute:
            send_reaction(game_id, ana_player, "Ana", "thanks", t0 + timedelta(seconds=40))
        assert per_minute.value.code == "reactions_per_minute"
        send_reaction(game_id, ana_player, "Ana", "thanks", t0 + timedelta(seconds=61))  # a minute on
        with pytest.raises(RuleBroken):
            send_reaction(game_id, ana_player, "Ana", "shout", t0 + timedelta(seconds=90))
        with pytest.raises(NotAllowed):
            send_reaction(game_id, player_id(app, "Cy"), "Cy", "thanks", t0)  # not seated
    assert reactions_stored(app) == REACTIONS_PER_MINUTE + 1


def test_the_rate_limit_is_a_clear_429_with_and_without_js(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    assert client.post(f"/tables/{game_id}/react", data={"kind": "unlucky"}, headers=HX).status_code == 200
    again = client.post(f"/tables/{game_id}/react", data={"kind": "unlucky"}, headers=HX)
    assert again.status_code == 429 and "before sending another reaction" in text(again)
    plain = client.post(f"/tables/{game_id}/react", data={"kind": "unlucky"})  # JS off: PRG
    assert plain.status_code == 303
    assert "before sending another reaction" in text(client.get(f"/tables/{game_id}"))


def test_a_browser_mutes_reactions_and_shows_them_again(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    client.post(f"/tables/{game_id}/react", data={"kind": "well_played"}, headers=HX)
    muted = client.post(f"/tables/{game_id}/reactions/mute", data={"mute": "1"}, headers=HX)
    assert muted.status_code == 200 and "Well played" not in text(muted)
    assert "Reactions are muted in this browser." in text(muted)
    assert "siete_mute_reactions=1" in muted.headers["Set-Cookie"]
    assert "Well played" not in text(client.get(f"/tables/{game_id}"))  # remembered
    assert 'id="react-thanks"' not in text(client.get(f"/tables/{game_id}"))
    shown = client.post(f"/tables/{game_id}/reactions/mute", data={"mute": "0"})  # JS off
    assert shown.status_code == 303
    assert "<strong>Ana</strong>: Well played" in text(client.get(f"/tables/{game_id}"))


def test_reactions_are_said_in_spanish(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    client.post(f"/tables/{game_id}/react", data={"kind": "nice_hand"}, headers=HX)
    page = text(client.get(f"/tables/{game_id}", headers={**HX, "Accept-Language": "es"}))
    assert "¡Buena mano!" in page and "Silenciar reacciones" in page and "presente" in page


EMOJI = re.compile("[\U0001F000-\U0001FAFF]")  # the pictographs only an emoji font draws


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_reaction_reads_without_an_emoji_font(app, language):
    """Debian's Chromium with no emoji font drew "👏 Applause" as an empty box and a word: no
    reaction's words hold an emoji, and applause's picture is an inline SVG (no font, no CDN),
    hidden from screen readers, on the button, on the seat's bubble and in the list."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    client.post(f"/tables/{game_id}/react", data={"kind": "applause"}, headers=HX)
    page = text(client.get(f"/tables/{game_id}", headers={**HX, "Accept-Language": language}))
    section = page[page.index('class="reactions"'):]
    buttons = re.findall(r'<button [^>]*id="react-(\w+)"[^>]*>(.*?)</button>', section, re.S)
    assert {kind for kind, _label in buttons} == {"nice_hand", "unlucky", "thanks", "well_played", "applause"}
    assert not [label for _kind, label in buttons if EMOJI.search(label)]
    assert not EMOJI.search(page)
    icon = r'<svg class="reaction-icon"[^>]*aria-hidden="true"[^>]*>.*?</svg>'
    clap = "Aplausos" if language == "es" else "Applause"
    assert re.search(icon + clap, dict(buttons)["applause"], re.S)
    assert re.search(r'class="reaction-bubble reaction-bubble--applause"[^>]*>' + icon + clap, page, re.S)
