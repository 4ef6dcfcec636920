"""One fragment for a table's anonymous spectators (siete.play.shared_fragment, issue 37): the
first renders it, the others of the process get that copy for the poll's one read, and R4.2
holds: no seated player's face-down card, no account's page and no session's CSRF token ever
reaches another viewer; the time-dependent parts are each answer's own."""
from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from itsdangerous import URLSafeTimedSerializer

import siete.play.context as context
import siete.play.fragment_copies as fragment_copies
import siete.play.shared_fragment as shared_fragment
from siete.app import create_app
from siete.data.base import utcnow, utcnow_ms
from siete.play.presence_view import MUTE_COOKIE, PresenceView
from tests.support.play import HX, client_for, load, make_user, seat_of_user, set_deadline, started_game, text
from tests.support.redis_here import redis_url_or_skip
from tests.support.statements import counted_statements

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
DUE = re.compile(r'data-due-ms="(\d+)"')


@pytest.fixture(autouse=True)
def one_second(monkeypatch):
    """The turn clock's whole seconds stay those of the test's start (a copy shows the clock's
    second: a test crossing a second's edge would see its copy refused, as it should be)."""
    frozen = utcnow()
    monkeypatch.setattr(context, "utcnow", lambda: frozen)


def spectator_poll(game_id: int) -> str:
    """What an anonymous page asks after news: an older version, no seat ("-")."""
    return f"/tables/{game_id}/fragment?v=0&s=-"


def poll(client, address: str, **headers) -> tuple[str, list[str]]:
    """The fragment a poll got and the statements it cost."""
    with counted_statements(client.application) as statements:
        response = client.get(address, headers={**HX, **headers})
    assert response.status_code == 200
    return text(response), list(statements)


def cached(app) -> int:
    cache = app.extensions.get("siete.caches", {}).get(fragment_copies.CACHE_NAME)
    return 0 if cache is None else len(cache)


def without_slots(body: str) -> str:
    """The fragment with each viewer's own parts (CSRF token, due ms) blanked."""
    return DUE.sub('data-due-ms=""', TOKEN.sub('name="csrf_token" value=""', body))


def session_token(app, client) -> str:
    """The raw CSRF token this client's session holds (Flask-WTF signs it into the forms)."""
    with client.session_transaction() as session:
        return session["csrf_token"]


def test_a_second_spectator_gets_the_first_ones_render_for_the_polls_one_read(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    first, second = client_for(app, None), client_for(app, None)
    drawn, drawn_reads = poll(first, spectator_poll(game_id), **{"Accept-Language": "en"})
    shared, shared_reads = poll(second, spectator_poll(game_id), **{"Accept-Language": "en"})
    assert len(drawn_reads) > 1 and len(shared_reads) == 1, shared_reads  # the poll's own read
    assert cached(app) == 1
    assert without_slots(shared) == without_slots(drawn) and '<section id="table"' in shared


def test_the_first_spectators_render_reads_the_table_once_after_the_poll(app):
    """The render a copy is made from reads the poll's row, then the game, its state and its
    seats (presence) in one statement (WATCH_STARTED), not two; R4.2: a spectator's view."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    drawn, reads = poll(client_for(app, None), spectator_poll(game_id), **{"Accept-Language": "en"})
    selects = [s for s in reads if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 2, reads
    assert "game_states" in selects[1] and "game_players" in selects[1] and "login_sessions" in selects[1]
    assert 'data-live="' in drawn and "Ana" in drawn


def test_a_seated_players_page_load_is_one_read_and_notes_them_here(app):
    """A seated person's page of a started table reads it once (WATCH_STARTED) and marks their
    seat seen, as the two reads did (the presence the other pages show)."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    with counted_statements(app) as statements:
        page = text(client.get(f"/tables/{game_id}", headers=HX))
    # (the welcome-back check reads the game and seats as objects first: that read is its own)
    watched = [s for s in statements if "AS seats" in s]
    assert len(watched) == 1 and "game_states.state" in watched[0], statements
    assert any(s.startswith("UPDATE game_players SET last_seen_at") for s in statements), statements
    assert 'id="move-bet' in page  # her seat is hers: the page drew her turn


def test_each_spectator_gets_its_own_sessions_csrf_token(app):
    """The reactions' mute form carries a per-session token: a copy never hands one session's
    token to another viewer (each token unsigns to its own session's secret)."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    viewers = [client_for(app, None) for _ in range(3)]
    bodies = [poll(viewer, spectator_poll(game_id))[0] for viewer in viewers]
    tokens = [TOKEN.findall(body) for body in bodies]
    assert all(found for found in tokens) and len({found[0] for found in tokens}) == 3
    signer = URLSafeTimedSerializer(app.config["SECRET_KEY"], salt="wtf-csrf-token")
    for viewer, found in zip(viewers, tokens):
        assert {signer.loads(token) for token in found} == {session_token(app, viewer)}
    assert shared_fragment.CSRF_SLOT not in "".join(bodies)


def test_r4_2_a_seated_players_own_cards_never_reach_the_shared_copy(app):
    """Ana (seated) polls first and last; her render is never kept, the spectators' copy never
    shows her face-down card, and hers always does (a copy is never handed to her)."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    ana_client = client_for(app, ana)
    ana_client.post(f"/tables/{game_id}/bet", data={"version": load(app, game_id)[1].version, "amount": 1},
                    headers=HX)
    _, state = load(app, game_id)
    seat = seat_of_user(app, game_id, ana)
    card = state.seats[seat].cards[0]
    own_poll = f"/tables/{game_id}/fragment?v=0&s={seat}"
    assert f'data-card="{card}"' in poll(ana_client, own_poll)[0]
    assert cached(app) == 0  # a seated player's render is hers alone
    for viewer in (client_for(app, None), client_for(app, None)):
        body = poll(viewer, spectator_poll(game_id))[0]
        assert f'data-card="{card}"' not in body and 'aria-label="face-down card"' in body
    assert cached(app) == 1
    mine, reads = poll(ana_client, own_poll)
    assert f'data-card="{card}"' in mine and len(reads) > 1


def test_an_account_that_is_not_seated_gets_a_render_of_its_own(app):
    """A logged-in spectator is somebody: never handed the anonymous copy, never stored."""
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = started_game(app, ana)
    poll(client_for(app, None), spectator_poll(game_id))
    assert cached(app) == 1
    _, reads = poll(client_for(app, bea), spectator_poll(game_id))
    assert len(reads) > 1 and cached(app) == 1


@pytest.mark.parametrize("change", ["language", "mute"])
def test_a_copy_never_crosses_a_language_or_a_mute(app, change):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    english = poll(client_for(app, None), spectator_poll(game_id), **{"Accept-Language": "en"})[0]
    other = client_for(app, None)
    if change == "mute":
        other.set_cookie(MUTE_COOKIE, "1")
    language = "es" if change == "language" else "en"
    body, reads = poll(other, spectator_poll(game_id), **{"Accept-Language": language})
    assert len(reads) > 1 and cached(app) == 2 and without_slots(body) != without_slots(english)


def test_the_due_time_is_each_answers_own_and_a_clock_that_moved_renders_again(app, monkeypatch):
    """data-due-ms counts down from the deadline at each answer (no shared bus here); a copy
    whose turn clock showed another second is not handed out."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    set_deadline(app, game_id, utcnow_ms() + timedelta(seconds=20))
    started = time.monotonic()
    first = poll(client_for(app, None), spectator_poll(game_id))[0]
    time.sleep(0.2)
    second, reads = poll(client_for(app, None), spectator_poll(game_id))
    took_ms = 1000 * (time.monotonic() - started)
    assert len(reads) == 1  # the copy, with its own due time
    # counted down by the time that passed between the two answers: at least the sleep, at most
    # the whole of both polls (a loaded machine took 2.3 s over them, past a fixed 2 s bound)
    assert 200 <= int(DUE.search(first)[1]) - int(DUE.search(second)[1]) <= took_ms + 5
    monkeypatch.setattr(shared_fragment, "seconds_left", lambda deadline: 12345)
    _, reads = poll(client_for(app, None), spectator_poll(game_id))
    assert len(reads) > 1  # the clock the copy showed is not the one a render shows now


def test_a_fresh_reaction_bubble_is_never_kept(app, monkeypatch):
    """A bubble shows a few seconds while the pulse stays the same: such a render is not kept."""
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    monkeypatch.setattr(PresenceView, "bubbles", property(lambda self: {"Ana": None}))
    poll(client_for(app, None), spectator_poll(game_id))
    assert cached(app) == 0


def test_with_redis_every_process_hands_out_what_one_rendered(app, monkeypatch):
    """Two apps on one database and one Redis stand for two workers: the second's spectator gets
    the first's render (the poll's one read), its slots filled with its own token and due time
    although its process draws other slots (skipped where no Redis answers)."""
    url = redis_url_or_skip(11)
    redis = pytest.importorskip("redis")  # there: redis_url_or_skip answered
    prefix = f"siete:fragment:test-{time.time_ns()}:"
    other = create_app(dict(app.config))
    for each in (app, other):
        each.extensions[fragment_copies.CACHE_NAME] = fragment_copies.RedisCopies(url, prefix)
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    drawn = poll(client_for(app, None), spectator_poll(game_id))[0]
    monkeypatch.setattr(shared_fragment, "CSRF_SLOT", "csrf-another-process")
    viewer = client_for(other, None)
    shared, reads = poll(viewer, spectator_poll(game_id))
    assert len(reads) == 1 and without_slots(shared) == without_slots(drawn)
    signer = URLSafeTimedSerializer(app.config["SECRET_KEY"], salt="wtf-csrf-token")
    assert {signer.loads(token) for token in TOKEN.findall(shared)} == {session_token(other, viewer)}
    keys = redis.Redis.from_url(url).keys(prefix + "*")
    assert len(keys) == 1 and redis.Redis.from_url(url).pttl(keys[0]) <= fragment_copies.KEEP_S * 1000
    redis.Redis.from_url(url).delete(*keys)


def test_a_redis_that_went_away_costs_a_render_not_the_answer(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    app.extensions[fragment_copies.CACHE_NAME] = fragment_copies.RedisCopies("redis://127.0.0.1:1/0", "x:")
    for _ in range(2):
        body, reads = poll(client_for(app, None), spectator_poll(game_id))
        assert '<section id="table"' in body and len(reads) > 1


def test_the_redis_keys_name_the_database_but_carry_nothing_of_its_password(app):
    """The keys are named for the app's database, so two deployments sharing a Redis never
    read each other's copies; they were named for a hash of the whole database URL, password
    included: whoever could list Redis's keys could test guesses at the password offline."""
    def prefix(database: str) -> str:
        other = create_app({**app.config, "SQLALCHEMY_DATABASE_URI": database,
                            "FRAGMENTS_REDIS_URL": "redis://127.0.0.1:1/0"})
        with other.app_context():
            copies = fragment_copies.copies()
            assert isinstance(copies, fragment_copies.RedisCopies)
            return copies.prefix

    one = prefix("mysql+pymysql://siete:s3cret-1@db:3306/siete")
    assert prefix("mysql+pymysql://siete:another-2@db:3306/siete") == one
    assert prefix("mysql+pymysql://siete:s3cret-1@db:3306/siete_two") != one
    assert prefix("mysql+pymysql://siete:s3cret-1@replica:3306/siete") != one
