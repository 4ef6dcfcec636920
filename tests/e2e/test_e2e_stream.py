"""A move reaching the other browser (issue 37): through the page's stream (server-sent events),
and through the fallback poll when no stream can be held; a quiet page asks nothing while its
stream is open. The measured times are printed (run with -s)."""
from __future__ import annotations

import functools
import statistics
import time
import urllib.parse
import urllib.request

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.siete_pages import seat_two  # noqa: E402

pytestmark = pytest.mark.browser


def asks_of(player) -> list[str]:
    """Every request the page makes from now on for the table (a list that grows), but its
    stream's. Static files are left out: Chromium fetches the favicon on its own schedule, at
    times seconds after the page loaded (CI saw it after a fragment), and it is no poll."""
    asked: list[str] = []
    player.page.on("request", lambda request: asked.append(request.url)
                   if "/stream" not in request.url and "/static/" not in request.url else None)
    return asked


def stream_is_open(player) -> None:
    expect(player.page.locator('[data-stream="open"]')).to_have_count(1, timeout=5_000)


def test_a_move_reaches_the_other_browser_through_the_stream_and_a_quiet_page_asks_nothing(new_player):
    punter, bank = seat_two(new_player, hands=1)
    stream_is_open(bank)
    stream_is_open(punter)
    asked = asks_of(bank)
    time.sleep(5)  # nothing moves: the bank's page asks nothing while its stream is open
    assert asked == [], asked
    took, punter_asked = [], asks_of(punter)
    clicked = time.monotonic()
    amount = punter.bet_first()
    bank.wait_for_log(f"{punter.name} bets {amount}", timeout_s=5)
    took.append(time.monotonic() - clicked)
    clicked = time.monotonic()
    punter.press("#move-draw")
    bank.wait_for_log(f"{punter.name} draws", timeout_s=5)
    took.append(time.monotonic() - clicked)
    print(f"\n[#37] a move reached the other browser {statistics.median(took) * 1000:.0f} ms after the "
          f"click (median of {len(took)}: the mover's own answer, then the news and the other's fetch)")
    assert all("/fragment" in url for url in asked), asked  # each news: one fragment asked for
    assert bank.was_not_reloaded()
    time.sleep(1)  # the news of the punter's own moves reached its page too, naming their versions,
    # which its page shows already (the moves' answers): it asks for nothing more (siete.js onConfirm)
    assert [url.rsplit("/", 1)[1] for url in punter_asked] == ["bet", "draw"], punter_asked


def test_a_move_reaches_a_browser_without_a_stream_through_the_fallback_poll(new_player):
    punter, bank = seat_two(new_player, hands=1)
    bank.page.route("**/stream*", lambda route: route.fulfill(status=429, body=""))  # refused
    bank.page.reload()
    expect(bank.page.locator('[data-stream="lost"]')).to_have_count(1, timeout=5_000)
    asked = asks_of(bank)
    amount = punter.bet_first()
    bank.wait_for_log(f"{punter.name} bets {amount}", timeout_s=6)
    assert any("/fragment" in url for url in asked), asked  # it came by the poll


def post_as(player, path: str, form: dict[str, str]) -> int:
    """A form posted with `player`'s login and CSRF token, outside its browser (from a route
    handler, where the browser's own calls cannot be made)."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in player.context.cookies())
    token = player.page.locator('meta[name="csrf-token"]').get_attribute("content")
    request = urllib.request.Request(player.base + path, data=urllib.parse.urlencode(form).encode(),
                                     headers={"Cookie": cookies, "X-CSRFToken": token, "HX-Request": "true"})
    with urllib.request.urlopen(request) as answer:
        return answer.status


def test_news_heard_while_a_move_is_in_flight_is_not_lost(new_player):
    """htmx drops the page's ask while its move is in flight, and the move's answer is older than
    news committed after the move (here the bank's reaction): the page asks once more after it."""
    punter, bank = seat_two(new_player, hands=1)
    stream_is_open(punter)
    reacted = []
    bank_reacts = functools.partial(post_as, bank, f"/tables/{punter.table_id()}/react", {"kind": "nice_hand"})

    def bet_then_react(route) -> None:
        answer = route.fetch()  # the bet is committed: its answer is held back while
        reacted.append(bank_reacts())  # the bank reacts, whose news reaches the punter's stream
        time.sleep(0.5)  # while its bet is still in flight
        route.fulfill(response=answer)

    punter.page.route("**/bet", bet_then_react)
    punter.bet_first()
    assert reacted == [200]
    expect(punter.page.locator("#table [data-reaction-id]")).to_have_count(1, timeout=3_000)


def answer_503_once(failed: list[str], route) -> None:
    """A route handler: the first request is answered 503 as the app answers when its database
    is away (one line aimed at #flash), and noted in `failed`; the later ones go through."""
    if failed:
        return route.continue_()
    failed.append(route.request.url)
    route.fulfill(status=503, headers={"HX-Retarget": "#flash", "HX-Reswap": "innerHTML"},
                  body="<p>The game's records cannot be reached just now.</p>")


def test_a_fetch_the_server_failed_is_asked_again(new_player):
    """The stream told the bank's page of the punter's bet, and the fetch it made was answered
    503 (the database went away for a moment): the page asks again by itself instead of showing
    the old table until the next news, which at one's own turn comes only with the timeout. The
    error it flashed goes once it is answered."""
    punter, bank = seat_two(new_player, hands=1)
    stream_is_open(bank)
    failed: list[str] = []
    bank.page.route("**/fragment*", functools.partial(answer_503_once, failed))
    amount = punter.bet_first()
    bank.wait_for_log(f"{punter.name} bets {amount}", timeout_s=6)
    assert len(failed) == 1
    # the flash told of the failure, and goes once the page is answered again
    expect(bank.page.locator("#flash .flash--error")).to_have_count(0)
    assert bank.was_not_reloaded()


def test_a_lobby_whose_list_fetch_failed_asks_again(new_player):
    """The lobby's stream says a table opened; the list's fetch is answered 503: the list asks
    again by itself, so the new table appears without waiting for the next table to open."""
    ana, bob = new_player("ana"), new_player("bob")
    bob.sign_in()
    bob.goto("/")
    stream_is_open(bob)
    failed: list[str] = []
    bob.page.route("**/lobby/tables*", functools.partial(answer_503_once, failed))
    ana.sign_in()
    table = ana.open_table(seats=2)
    expect(bob.page.locator(f"#lobby-table-{table}")).to_be_visible(timeout=6_000)
    assert len(failed) == 1
