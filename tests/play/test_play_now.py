"""Play now (#38): one click seats a person at the public waiting table with people closest to
full, or at a new table that starts by itself with bots after its countdown (shown); the
lobby says what the game is to a visitor and who is online to a player."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer
from siete.data.player_stats import GameRating
from siete.service.records.game_review import review_queued_games
from siete.service.records.player_history import rating_for_user
from siete.service.records.player_profile import load_profile
from siete.service.social.presence import PRESENCE_WINDOW
from siete.service.tables import turns
from siete.service.tables.due_tables import run_tick
from siete.service.tables.lobby_actions import TableSpec, create_table, join_table
from siete.service.tables.quick_play import PLAY_NOW_COUNTDOWN_S, play_now, start_when_due, tables_to_join
from tests.support.friends import open_table, player_of
from tests.support.play import (
    assert_complete_record,
    client_for,
    load,
    make_user,
    play_out,
    started_game,
    table_id_from,
    text,
)
from tests.support.settings import app_settings


@pytest.fixture
def app_config():
    return {"GUEST_RATE_LIMIT": "1000/minute", "TABLE_RATE_LIMIT": "1000/minute"}


def test_alone_a_new_table_that_starts_with_bots_after_its_countdown(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    game_id = table_id_from(client.post("/now"))
    page = text(client.get(f"/tables/{game_id}"))
    left = int(re.search(r'id="table-autostart".*?data-deadline="(\d+)"', page, re.S).group(1))
    assert PLAY_NOW_COUNTDOWN_S - 2 <= left <= PLAY_NOW_COUNTDOWN_S  # stored to the second
    said = re.sub(r"<[^>]+>", "", page)
    assert re.search(r"at \d\d:\d\d:\d\d", said)  # the time itself, for a page without JavaScript
    assert re.search(r"at \d\d:\d\d:\d\d UTC\)", said)  # its zone named: no wrong local clock
    # ... and the instant, which table.js says in the reader's own zone and language
    when = re.search(r'<time datetime="([0-9T:-]+Z)" data-local-time>(\d\d:\d\d:\d\d) UTC</time>', page)
    assert when and when.group(1)[11:19] == when.group(2), page
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert (game.num_players, game.max_hands, len(game.players), game.status) == (4, 5, 1, "waiting")
        due = game.autostart_at
        assert when.group(1) == due.strftime("%Y-%m-%dT%H:%M:%SZ")
        assert timedelta(seconds=8) <= due - utcnow() <= timedelta(seconds=PLAY_NOW_COUNTDOWN_S)
        assert run_tick(app_settings(), due - timedelta(seconds=1), 50, 1800).started == []
        assert load(app, game_id)[0] == "waiting"
        assert run_tick(app_settings(), due, 50, 1800).started == [game_id]
    status, state = load(app, game_id)
    assert status == "playing" and len(state.seats) == 4
    assert "table-autostart" not in text(client.get(f"/tables/{game_id}"))


def test_play_now_joins_the_public_table_with_people_closest_to_full(app):
    ana, bea, cai, dani = (make_user(app, name) for name in ("Ana", "Bea", "Cai", "Dani"))
    with app.app_context():
        two_free = open_table(player_of(ana), seats=4, bots=("standard",)).id
        one_free = open_table(player_of(bea), seats=3, bots=("standard",)).id
        open_table(player_of(cai), seats=3, bots=("standard",), private=True)  # private: never
        create_table(None, TableSpec(name="bots", seats=2, bots=("standard", "bold"), creator_sits=False),
                     app_settings().game)  # nobody to start it with
        db.session.commit()
    assert table_id_from(client_for(app, dani).post("/now")) == one_free
    eve = make_user(app, "Eve")
    assert table_id_from(client_for(app, eve).post("/now")) == two_free  # one_free is full now


def test_play_now_skips_a_table_whose_creator_has_gone(app):
    """Only the creator may press Start: a newcomer is not seated at a table whose creator's page
    has not been seen for the presence window (the explorer's trial found one stuck there),
    while a table with a Play now countdown starts by itself and is joined."""
    ana, bea, cai, dani = (make_user(app, name) for name in ("Ana", "Bea", "Cai", "Dani"))
    with app.app_context():
        gone = open_table(player_of(ana), seats=3, bots=("standard",)).id  # closest to full
        here = open_table(player_of(bea), seats=2, bots=()).id  # Cai fills it
        long_ago = utcnow() - PRESENCE_WINDOW - timedelta(seconds=1)
        db.session.execute(update(Game).where(Game.id.in_((gone, here))).values(created_at=long_ago))
        db.session.execute(update(GamePlayer).where(GamePlayer.game_id == gone).values(last_seen_at=long_ago))
        db.session.execute(update(GamePlayer).where(GamePlayer.game_id == here).values(last_seen_at=utcnow()))
        db.session.commit()
        assert tables_to_join() == [here]
    assert table_id_from(client_for(app, cai).post("/now")) == here
    with app.app_context():
        countdown = db.session.get(Game, table_id_from(client_for(app, dani).post("/now")))
        assert countdown.id not in (gone, here) and countdown.autostart_at is not None
        db.session.execute(update(Game).where(Game.id == countdown.id).values(created_at=long_ago))
        db.session.execute(update(GamePlayer).where(GamePlayer.game_id == countdown.id)
                           .values(last_seen_at=long_ago))
        db.session.commit()
        assert countdown.id in tables_to_join()  # its countdown starts it, creator here or not


def test_play_now_twice_is_one_seat(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    first = table_id_from(client.post("/now"))
    assert table_id_from(client.post("/now")) == first


def test_a_full_table_is_skipped_when_it_fills_between_the_look_and_the_join(app, monkeypatch):
    ana, bea, cai = (make_user(app, name) for name in ("Ana", "Bea", "Cai"))
    with app.app_context():
        table = open_table(player_of(ana), seats=2, bots=()).id
        db.session.commit()
        from siete.service.tables import quick_play
        monkeypatch.setattr(quick_play, "tables_to_join", lambda **_: [table])
        join_table(table, player_of(bea))  # the last seat goes first
        new = play_now(app_settings(), player_of(cai))
        assert new != table and db.session.get(Game, new).autostart_at is not None


def test_a_table_someone_starts_is_not_started_again(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    game_id = table_id_from(client.post("/now"))
    assert client.post(f"/tables/{game_id}/start", data={"fill": "1"}).status_code in (200, 303)
    with app.app_context():
        assert start_when_due(app_settings(), game_id, utcnow() + timedelta(minutes=1)) is False


def test_a_visitor_plays_now_as_a_guest(app):
    visitor = app.test_client()
    game_id = table_id_from(visitor.post("/now"))
    page = text(visitor.get(f"/tables/{game_id}"))
    assert re.search(r"Guest \d{4}", page) and 'id="table-leave"' in page  # a real seat


def test_a_guests_first_game_is_short_with_the_usual_turn_timer(app):
    """A newcomer's first game ends in a few minutes: 5 hands (RULES.md R2.3: a table may choose
    fewer than Num_Max_Rounds), not the form's 15; the turn timer is not shortened for it."""
    visitor = app.test_client()
    game_id = table_id_from(visitor.post("/now"))
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert (game.max_hands, game.turn_seconds) == (5, app_settings().turn_seconds) == (5, 30)
    assert "5 hands" in text(visitor.get(f"/tables/{game_id}"))  # the waiting table says so


def test_a_guest_is_seated_only_at_a_short_table(app):
    """A 15-hand table with people waiting is no first game: a guest's Play now passes it by
    for a short one, which a player's Play now then joins (closest to full)."""
    ana = make_user(app, "Ana")
    with app.app_context():
        long_table = open_table(player_of(ana), seats=3).id
        db.session.execute(update(Game).where(Game.id == long_table).values(max_hands=15))
        db.session.commit()
    guests_table = table_id_from(app.test_client().post("/now"))
    assert guests_table != long_table
    with app.app_context():
        assert db.session.get(Game, guests_table).max_hands == 5
    assert table_id_from(client_for(app, make_user(app, "Bea")).post("/now")) == long_table


def test_a_guest_plays_the_short_game_to_its_end(app):
    """The guest's Play now table starts with bots and ends within its 5 hands (R7.1: the hand
    limit, or one player left): the game-over screen, the review and the guest's stats work for
    a short game; the bots are rated, the guest is not (and is told why)."""
    visitor = app.test_client()
    game_id = table_id_from(visitor.post("/now"))
    with app.app_context():
        game = db.session.get(Game, game_id)
        guest = game.players[0].player
        assert run_tick(app_settings(), game.autostart_at, 50, 1800).started == [game_id]
        play_out(game_id)
        assert_complete_record(game_id)
        played = db.session.get(Game, game_id).hands_played
        assert 1 <= played <= 5
        _game, state = turns.current_state(app_settings(), game_id)
        assert played == 5 or sum(1 for seat in state.seats if seat.points > 0) == 1
        rated = set(db.session.scalars(select(GameRating.player_id).where(GameRating.game_id == game_id)))
        bots = {gp.player_id for gp in game.players if gp.player_id != guest.id}
        assert bots <= rated and rating_for_user(guest.user_id) is None
        assert load_profile(guest.name).hands_played == played
    page = text(visitor.get(f"/tables/{game_id}"))
    assert "Game over" in page and " wins" in page and ">Play again</button>" in page
    # The guest is spoken to, with the sign-up at hand: on a phone the header's is in the menu.
    keep = ('You played as a guest: your rating is kept out of sight until you sign up. '
            '<a id="rating-note-keep" href="/auth/register">')
    assert keep in page and f"{guest.name} played as a guest" not in page
    with app.app_context():  # what the worker does between its timer steps
        assert review_queued_games(app.config["GAME"].cards, "worker", limit=10, budget_s=60) == 1
    review = text(visitor.get(f"/games/{game_id}"))
    assert "<dt>Accuracy</dt>" in review and keep in review
    own_line = (r'</p>\s*<p><a class="btn btn-small" id="games-keep" href="/auth/register">'
                r'Sign up to keep your games</a>')
    assert re.search(own_line, text(visitor.get("/games")))  # not run on after "Your profile"


def test_a_guests_table_has_a_table_name_not_the_guests(app):
    """Named after its guest, the table's heading read as the guest's own name ("Guest 4821"
    above "You are playing as Guest 4821"), and to a Spanish reader as "Invitado 4821"."""
    visitor = app.test_client()
    game_id = table_id_from(visitor.post("/now"))
    page = text(visitor.get(f"/tables/{game_id}"))
    # with the way to sign up in the message itself: a phone folds the header's into its menu
    assert re.search(r'You are playing as Guest \d{4}\. <a id="flash-keep" href="/auth/register">'
                     r"Sign up to keep your games</a>", page)
    heading = re.search(r'<h1 id="table-title"[^>]*>([^<]*)</h1>', page).group(1)
    assert heading == f"Table {game_id}" and f"<title>Table {game_id}" in page
    ana = make_user(app, "Ana")
    lobby = text(client_for(app, ana).get("/"))
    assert re.search(rf'href="/tables/{game_id}">Table {game_id}</a>', lobby)
    assert not re.search(r'class="table-card__name"[^>]*>Guest \d', lobby)
    spanish = client_for(app, ana)
    spanish.set_cookie("lang", "es")
    assert f">Mesa {game_id}</a>" in text(spanish.get("/"))
    mine = text(visitor.get("/games"))
    assert f">Game {game_id}</a>" in mine or f"Game {game_id}<" in mine


def test_bad_input_to_play_now_is_ignored_or_refused_cleanly(app):
    visitor = app.test_client()
    assert visitor.get("/now").status_code == 405
    odd = visitor.post("/now", data={"seats": "99", "private": "y", "name": "<b>x</b>"})
    game_id = table_id_from(odd)  # fields it does not read change nothing
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert (game.num_players, game.private) == (4, False)


def test_play_now_past_the_open_tables_cap_says_so(app):
    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    with app.app_context():
        for _ in range(app_settings().max_open_tables):
            create_table(player_of(ana), TableSpec(name="t", seats=2, bots=("standard",)), app_settings().game)
        db.session.execute(update(Game).values(status="playing"))  # none waiting: Play now opens one
        db.session.commit()
    response = client.post("/now")
    assert response.status_code == 303 and response.headers["Location"] == "/"
    assert "You already have 3 tables open" in text(client.get("/"))


def test_the_lobby_invites_a_visitor(app):
    ana = make_user(app, "Ana")
    started_game(app, ana)
    page = text(app.test_client().get("/"))
    assert "Siete y medio: the Spanish card game" in page and 'id="play-now"' in page
    assert 'href="/rules"' in page and 'id="watch-live"' in page
    assert "Online now" not in page  # people's names are for players


def test_the_lobby_says_play_now_is_a_short_game(app):
    """A newcomer knows before the click that the first game takes minutes, not a quarter of an
    hour: the visitor's hint and the player's sentence name its 5 hands, in Spanish too."""
    visitor = app.test_client()
    assert "real seat in a short game of 5 hands, a few minutes." in text(visitor.get("/"))
    visitor.set_cookie("lang", "es")
    assert "en una partida corta de 5 manos, unos pocos minutos." in text(visitor.get("/"))
    ana = client_for(app, make_user(app, "Ana"))
    assert "or a new short game of 5 hands that starts with bots in 10 seconds" in text(ana.get("/"))


def test_an_empty_lobby_sends_a_visitor_to_play_now_not_to_open_a_table(app):
    """Opening a table needs an account: a visitor who finds no table waiting is told to play
    now (no account needed), a player to open one (the last user trial)."""
    ana = make_user(app, "Ana")
    visitor = text(app.test_client().get("/lobby/tables"))
    assert "Press “Play now as a guest” to start one against bots, no account needed." in visitor
    assert "Open one!" not in visitor
    assert "No table is waiting for players. Open one!" in text(client_for(app, ana).get("/lobby/tables"))


@pytest.mark.parametrize("language, quoted, needs_none", [("en", "“{}”", "{} needs none"),
                                                        ("es", "«{}»", "Para {} no,")])
def test_the_lobby_quotes_the_visitors_play_now_button_by_its_label(app, language, quoted, needs_none):
    """Both sentences that send a visitor to Play now name the button as it reads for them
    ("Play now as a guest"); the Spanish ones said «Jugar ya», the label a player's button has."""
    visitor = app.test_client()
    visitor.set_cookie("lang", language)
    lobby = text(visitor.get("/"))
    label = re.search(r'id="play-now">([^<]+)</button>', lobby).group(1)
    assert label == {"en": "Play now as a guest", "es": "Jugar ya como invitado"}[language]
    assert needs_none.format(quoted.format(label)) in lobby  # beside the form to open a table
    assert quoted.format(label) in text(visitor.get("/lobby/tables"))  # the empty list's


def test_the_lobby_shows_a_player_who_is_online_and_where(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    bea_client = client_for(app, bea)
    game_id = table_id_from(bea_client.post("/now"))
    bea_client.get(f"/tables/{game_id}")  # her page marks her here
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id).values(name="Bea's table"))
        db.session.commit()
    page = text(client_for(app, ana).get("/"))
    assert "Online now" in page
    online = page.split('id="online-title"')[1].split("</section>")[0]
    assert "Bea" in online and f"/tables/{game_id}" in online and "Bea&#39;s table" in online
    assert "Ana" not in online  # the viewer is not listed to herself
