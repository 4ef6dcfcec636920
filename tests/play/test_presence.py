"""Presence at a table (#26): a seat's person is here when they asked anything of the table in
the last 12 s (a poll counts), gone after; bots show nothing. Their last_seen_at is written at
most every 8 s; a flip reaches other viewers through the poll's pulse (`p`), never
through the game's version (SECURITY.md: the version moves one step per public move, R4.2)."""
from __future__ import annotations

import html
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from siete.data.base import db, utcnow
from siete.data.games import GameStateRow
from siete.data.login_sessions import SessionClaim
from siete.play.polling import FALLBACK_POLL_MS
from siete.service.news.table_stream import SEATED_BEAT_S
from siete.service.social import presence
from siete.service.social.presence import PRESENCE_WINDOW, SEEN_EVERY, needs_writing, watch_table
from siete.web.login import LOGIN_SESSION_KEY
from tests.support.play import HX, client_for, make_user, started_game, text, waiting_table
from tests.support.presence import last_seen, set_last_seen
from tests.support.statements import counted_statements


def claim_of(client) -> SessionClaim:
    with client.session_transaction() as session:
        claim = SessionClaim.parse(session[LOGIN_SESSION_KEY])
    assert claim is not None
    return claim


def two_at_a_table(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana, seats=3)
    assert client_for(app, bea).post(f"/tables/{game_id}/join").status_code == 303
    return ana, bea, game_id


def marker_of(fragment: str, name: str) -> str:
    return fragment.split(f'data-{name}="')[1].split('"')[0]


def test_a_person_is_here_for_the_presence_window_after_their_last_request(app):
    ana, _bea, game_id = two_at_a_table(app)
    ana_client = client_for(app, ana)
    assert ana_client.get(f"/tables/{game_id}/fragment?v=x", headers=HX).status_code == 200
    seen = last_seen(app, game_id, "Ana")
    assert seen is not None and abs((utcnow() - seen).total_seconds()) <= 2
    with app.app_context():
        assert watch_table(game_id, None, seen + PRESENCE_WINDOW).here == {"Ana"}
        later = watch_table(game_id, None, seen + PRESENCE_WINDOW + timedelta(seconds=1))
        assert later.here == frozenset()  # Bea never asked: gone from the start


def test_a_page_asking_at_any_of_its_paces_keeps_its_seat_here_between_writes():
    """The throttle (SEEN_EVERY) against the window (PRESENCE_WINDOW): whether the page polls
    (no stream) or its stream notes it (every SEEN_EVERY), its seat's last write is never older
    than the window allows, with a second to spare for a late timer."""
    start = utcnow()
    for every_ms in (FALLBACK_POLL_MS, int(SEATED_BEAT_S * 1000)):
        written, oldest = None, timedelta(0)
        for tick in range(120_000 // every_ms):
            now = start + timedelta(milliseconds=tick * every_ms)
            if written is not None:
                oldest = max(oldest, now - written)  # what others saw just before this poll
            if needs_writing(written, now):
                written = now
        assert SEEN_EVERY <= oldest <= PRESENCE_WINDOW - timedelta(seconds=1), every_ms


def test_a_persons_presence_is_written_at_most_every_few_seconds(app):
    ana, _bea, game_id = two_at_a_table(app)
    claim = claim_of(client_for(app, ana))
    t0 = utcnow()
    with app.app_context():
        with counted_statements(app) as statements:
            watch_table(game_id, claim, t0)
            watch_table(game_id, claim, t0 + SEEN_EVERY - timedelta(seconds=1))
        assert sum(s.lstrip().upper().startswith("UPDATE") for s in statements) == 1
        with counted_statements(app) as statements:
            watch_table(game_id, claim, t0 + SEEN_EVERY)
        assert sum(s.lstrip().upper().startswith("UPDATE") for s in statements) == 1
    assert last_seen(app, game_id, "Ana") == t0 + SEEN_EVERY


def test_polls_in_a_row_write_once_and_answer_204_with_one_query(app):
    ana, _bea, game_id = two_at_a_table(app)
    client = client_for(app, ana)
    page = text(client.get(f"/tables/{game_id}", headers=HX))
    v, p = marker_of(page, "version"), marker_of(page, "live")
    for _ in range(3):
        with counted_statements(app) as statements:
            assert client.get(f"/tables/{game_id}/fragment?v={v}&p={p}", headers=HX).status_code == 204
        assert len(statements) == 1, statements  # the page load wrote Ana's presence already


def test_a_wrong_session_secret_is_nobodys_presence(app):
    ana, _bea, game_id = two_at_a_table(app)
    claim = claim_of(client_for(app, ana))
    with app.app_context():
        watch = watch_table(game_id, SessionClaim(claim.session_id, "0" * 64), utcnow())
    assert watch.here == frozenset() and last_seen(app, game_id, "Ana") is None


def test_the_other_screen_sees_here_then_gone_through_the_pulse(app):
    ana, bea, game_id = two_at_a_table(app)
    ana_client, bea_client = client_for(app, ana), client_for(app, bea)
    bea_client.get(f"/tables/{game_id}", headers=HX)  # Bea is here
    before = text(ana_client.get(f"/tables/{game_id}", headers=HX))
    v, p = marker_of(before, "version"), marker_of(before, "live")
    assert before.count('data-presence="here"') == 2  # Ana (the viewer) and Bea
    poll = f"/tables/{game_id}/fragment?v={v}&p={p}"
    assert ana_client.get(poll, headers=HX).status_code == 204
    set_last_seen(app, game_id, utcnow() - PRESENCE_WINDOW - timedelta(seconds=2))  # Bea left
    after = ana_client.get(poll, headers=HX)
    assert after.status_code == 200
    assert text(after).count('data-presence="here"') == 1 and 'data-presence="gone"' in text(after)
    assert marker_of(text(after), "version") == v  # the game's own marker did not move
    # A tab from before this change (no `p`) still gets its 204 on the version alone.
    assert ana_client.get(f"/tables/{game_id}/fragment?v={v}", headers=HX).status_code == 204


def poll_of(page: str) -> str:
    """The address siete.js polls: the table's hx-get (version and seat) and its pulse."""
    address = html.unescape(page.split('hx-get="')[1].split('"')[0])
    return f"{address}&p={marker_of(page, 'live')}"


def test_a_started_tables_poll_reads_one_row_and_agrees_with_the_page(app):
    """#25: the poll of a started table, as its page sends it (`v`, the seat `s`, the live
    marker `p`), is one statement without the account or the names (POLL_ROW), and its live
    marker is the one the page was drawn with (else every poll would redraw the table): 204
    while nothing changes, the fragment when the other person goes quiet, 204 again after."""
    ana, bea, game_id = two_at_a_table(app)
    ana_client, bea_client = client_for(app, ana), client_for(app, bea)
    assert ana_client.post(f"/tables/{game_id}/start", data={"fill": "1"}).status_code in (200, 303)
    bea_client.get(f"/tables/{game_id}", headers=HX)  # Bea is here
    page = text(ana_client.get(f"/tables/{game_id}", headers=HX))
    assert page.count('data-presence="here"') == 2 and "&amp;s=-" not in page
    with counted_statements(app) as statements:
        assert ana_client.get(poll_of(page), headers=HX).status_code == 204
    assert len(statements) == 1 and "login_sessions" not in statements[0], statements
    set_last_seen(app, game_id, utcnow() - PRESENCE_WINDOW - timedelta(seconds=2))  # both quiet
    after = ana_client.get(poll_of(page), headers=HX)  # Ana's poll marks her here again
    assert after.status_code == 200 and text(after).count('data-presence="here"') == 1
    assert marker_of(text(after), "version") == marker_of(page, "version")
    assert ana_client.get(poll_of(text(after)), headers=HX).status_code == 204
    assert last_seen(app, game_id, "Bea") < utcnow() - PRESENCE_WINDOW


def test_presence_never_moves_the_games_version_or_state(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    with app.app_context():
        before = db.session.execute(select(GameStateRow.version, GameStateRow.state)
                                    .where(GameStateRow.game_id == game_id)).one()
    fragment = text(client_for(app, ana).get(f"/tables/{game_id}/fragment?v=0", headers=HX))
    assert f'data-version="{before.version}"' in fragment
    with app.app_context():
        db.session.expire_all()
        after = db.session.execute(select(GameStateRow.version, GameStateRow.state)
                                   .where(GameStateRow.game_id == game_id)).one()
    assert tuple(after) == tuple(before)


def test_bots_show_no_presence(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)  # Ana and three bots
    fragment = text(client_for(app, ana).get(f"/tables/{game_id}", headers=HX))
    assert fragment.count('data-presence="') == 1 and 'data-presence="here"' in fragment
    spectator = text(client_for(app, None).get(f"/tables/{game_id}", headers=HX))
    assert spectator.count('data-presence="') == 1 and 'data-presence="here"' in spectator  # Ana
    set_last_seen(app, game_id, utcnow() - PRESENCE_WINDOW - timedelta(seconds=1))
    spectator = text(client_for(app, None).get(f"/tables/{game_id}", headers=HX))
    assert spectator.count('data-presence="') == 1 and 'data-presence="gone"' in spectator


def test_a_waiting_table_asks_at_news_and_the_lobby_answers_204_while_unchanged(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana, seats=3)
    fragment = text(client_for(app, ana).get(f"/tables/{game_id}", headers=HX))
    assert 'hx-trigger="sse:changed, siete:poll"' in fragment
    anyone = client_for(app, None)
    lists = text(anyone.get("/lobby/tables"))
    assert 'data-poll-ms="1500"' in lists
    v = lists.split("/lobby/tables?page=1&amp;v=")[1].split('"')[0]
    with counted_statements(app) as statements:
        assert anyone.get(f"/lobby/tables?page=1&v={v}").status_code == 204
    assert len(statements) == 1, statements
    client_for(app, bea).post(f"/tables/{game_id}/join")  # a seat taken changes the lobby
    changed = anyone.get(f"/lobby/tables?page=1&v={v}")
    assert changed.status_code == 200 and "Bea" in text(changed)


def test_a_presence_write_that_loses_a_deadlock_is_run_again(app, monkeypatch):
    """MariaDB may end a presence UPDATE as a deadlock's victim when it races a move over the
    same seats (seen once under bench/load.py --realistic as a 503 on a poll): the write is run
    again and the page is answered."""
    ana, _bea, game_id = two_at_a_table(app)
    claim = claim_of(client_for(app, ana))
    real_mark_seen, calls = presence.mark_seen, []

    def loses_once(*args):
        calls.append(args)
        if len(calls) == 1:
            raise OperationalError("UPDATE game_players ...", {}, Exception(1213, "Deadlock found"))
        return real_mark_seen(*args)

    monkeypatch.setattr(presence, "mark_seen", loses_once)
    now = utcnow()
    with app.app_context():
        assert watch_table(game_id, claim, now) is not None
    assert len(calls) == 2
    assert last_seen(app, game_id, "Ana") == now
