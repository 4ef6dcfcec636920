"""Play now and guests in Chromium (#38): a logged-in player's first move within 20 s of one
click when nobody else is there; a visitor plays a hand as a guest without a password, then
signs up and keeps the game; the lobby on a desktop and on a 390x844 phone (screenshots).

A server of its own: a table another test left waiting would be joined instead (as Play now
should), and then its creator would decide when it starts.
"""
from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.live_app import running_app  # noqa: E402
from tests.e2e.phone import PHONE, assert_fits_a_phone  # noqa: E402
from tests.e2e.playing import play_one_move, violations  # noqa: E402
from tests.e2e.siete_pages import PASSWORD, Player  # noqa: E402

pytestmark = pytest.mark.browser
FIRST_MOVE_WITHIN_S = 20


@pytest.fixture(scope="module")
def quiet_server(tmp_path_factory, browser):
    """The real app and its worker, with no table but the ones these tests open."""
    with running_app(tmp_path_factory.mktemp("play-now"), "play-now.sqlite", worker=True,
                     TURN_SECONDS="20", BOT_MOVE_SECONDS="0") as url:
        yield url


@pytest.fixture
def person(browser, quiet_server):
    contexts = []

    def make(name: str, **options) -> Player:
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = browser.new_context(**options)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return Player(context, quiet_server, name, js=options.get("java_script_enabled", True))

    yield make
    for context in contexts:
        context.close()


def first_move_after_play_now(player: Player) -> float:
    """Click Play now in the lobby and make the first move offered; seconds from click to move."""
    player.goto("/")
    clicked = time.monotonic()
    player.page.locator("#play-now").click()
    player.page.wait_for_url(re.compile(r"/tables/\d+$"))
    expect(player.page.locator("#table-autostart .countdown")).to_be_visible()
    play_one_move_when_offered(player, FIRST_MOVE_WITHIN_S)
    return time.monotonic() - clicked


def play_one_move_when_offered(player: Player, timeout_s: float) -> str:
    offered = player.next_move(timeout_s=timeout_s)
    assert offered in ("bet", "draw", "stand"), offered
    return play_one_move(player)


def test_a_players_first_move_comes_within_20_s_of_play_now(person, artifacts):
    ana = person("anaplay")
    ana.register()
    elapsed = first_move_after_play_now(ana)
    assert elapsed <= FIRST_MOVE_WITHIN_S, f"first move {elapsed:.1f} s after the click"
    assert not violations(ana) and not ana.console_errors
    ana.page.screenshot(path=str(artifacts / "play-now-first-move.png"), full_page=True)


def test_a_visitor_plays_a_hand_as_a_guest_and_keeps_it_by_signing_up(person, artifacts):
    visitor = person("guest")
    visitor.goto("/")
    expect(visitor.page.locator(".lobby__play")).to_contain_text("the Spanish card game")
    visitor.page.screenshot(path=str(artifacts / "lobby-visitor-desktop.png"), full_page=True)
    visitor.page.locator("#play-now").click()
    visitor.page.wait_for_url(re.compile(r"/tables/\d+$"))
    expect(visitor.page.locator("#table .waiting-seats")).to_contain_text(re.compile(r"Guest \d{4}"))
    visitor.page.screenshot(path=str(artifacts / "play-now-countdown.png"), full_page=True)
    table = visitor.table_id()
    hand_over = visitor.page.locator("#move-next, #table .results")
    for _ in range(12):  # the first hand, as punter or bank, to its settlement
        if hand_over.count() and not visitor.page.locator("#table [id^='move-bet'], #move-draw, #move-stand").count():
            break
        play_one_move_when_offered(visitor, FIRST_MOVE_WITHIN_S)
    expect(hand_over.first).to_be_visible()
    guest_name = visitor.page.locator(".site-nav__user").inner_text().strip()
    assert re.fullmatch(r"Guest \d{4}", guest_name)

    visitor.page.locator("#header-keep").click()
    expect(visitor.page.locator("#register-guest")).to_contain_text(guest_name)
    form = visitor.page.locator("main form")
    form.locator("#username").fill("Keeper1")
    form.locator("#email").fill("keeper1@example.org")
    form.locator("#password").fill(PASSWORD)
    form.locator("#confirm").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    expect(visitor.page.locator("#flash")).to_contain_text("Welcome, Keeper1")
    visitor.goto("/games")
    # the guest's table has no name of its own (not "Guest 4821"): the row says "Game N" alone
    expect(visitor.page.locator("main .game-rows .game-row__name").first).to_have_text(f"Game {table}")


def test_the_lobby_on_a_phone(person, artifacts):
    phone = person("phone", **PHONE)
    phone.goto("/")
    expect(phone.page.locator("#play-now")).to_be_visible()
    assert_fits_a_phone(phone, "the visitor's lobby")
    phone.page.screenshot(path=str(artifacts / "lobby-visitor-phone.png"), full_page=True)
    phone.page.locator("#play-now").click()
    phone.page.wait_for_url(re.compile(r"/tables/\d+$"))
    expect(phone.page.locator("#table-autostart")).to_be_visible()
    assert_fits_a_phone(phone, "a Play now table's countdown")
    phone.page.screenshot(path=str(artifacts / "play-now-countdown-phone.png"), full_page=True)
    phone.goto("/")
    expect(phone.page.locator("#online-title")).to_be_visible()  # a guest is a player: who is online
    phone.page.screenshot(path=str(artifacts / "lobby-player-phone.png"), full_page=True)
    assert_fits_a_phone(phone, "a player's lobby")
