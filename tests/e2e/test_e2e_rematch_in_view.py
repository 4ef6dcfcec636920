"""The rematch offer in view on a phone: when a game ends and the other person opens the rematch,
its offer and countdown sit at the top of the result, inside the first screen of a 390x844 and
of a 360x640 phone (a countdown below the fold runs out unseen)."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.phone import PHONE, assert_fits_a_phone  # noqa: E402
from tests.e2e.playing import play_out  # noqa: E402
from tests.e2e.siete_pages import seat_two  # noqa: E402

pytestmark = pytest.mark.browser
SCREENS = ((390, 844), (360, 640))


def a_rematch_offered(new_player):
    """Two people on phones play a 1-hand game; the punter opens the rematch: the bank's player
    and the offer on their finished table."""
    punter, bank = seat_two(new_player, hands=1, **PHONE)
    play_out([punter, bank])
    with punter.page.expect_navigation():
        punter.page.get_by_role("button", name="Play again").click()
    offer = bank.page.locator("#rematch")
    expect(offer).to_contain_text("Rematch?", timeout=8_000)
    return bank, offer


def test_the_rematch_offer_and_its_countdown_are_on_the_first_screen(new_player, artifacts):
    bank, offer = a_rematch_offered(new_player)
    table = bank.table_id()
    for width, height in SCREENS:
        bank.page.set_viewport_size({"width": width, "height": height})
        bank.page.goto(f"{bank.base}/tables/{table}")  # a fresh load: the page at its top
        expect(offer).to_contain_text(re.compile(r"You have \d+ s to answer"))  # the countdown is in the offer
        assert bank.page.evaluate("window.scrollY") == 0
        box = offer.bounding_box()
        assert box is not None
        bank.page.screenshot(path=artifacts / f"rematch-offer-{width}x{height}.png")
        print(f"{width}x{height}: the offer spans y={box['y']:.0f}..{box['y'] + box['height']:.0f}")
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (
            f"{width}x{height}: the offer spans y={box['y']:.0f}..{box['y'] + box['height']:.0f}")
        join = bank.page.locator("#rematch-join").bounding_box()
        assert join is not None and join["y"] + join["height"] <= height  # its Join too
        assert_fits_a_phone(bank, f"the finished table at {width}x{height}")


def test_after_no_thanks_the_box_points_to_the_lobby_not_to_play_again(new_player, artifacts):
    """"Play again" under "You said no to the rematch." would have seated the player at that very
    rematch: after No thanks the box says so and leads to the lobby, on every screen."""
    bank, offer = a_rematch_offered(new_player)
    bank.page.locator("#rematch-decline").click()
    expect(offer).to_contain_text("You said no to the rematch.")
    table = bank.table_id()
    for width, height in (*SCREENS, (844, 390), (1280, 800)):
        bank.page.set_viewport_size({"width": width, "height": height})
        bank.page.goto(f"{bank.base}/tables/{table}")
        expect(offer.locator("#rematch-lobby")).to_be_visible()
        expect(bank.page.locator("#play-again")).to_have_count(0)
        offer.scroll_into_view_if_needed()
        bank.page.screenshot(path=artifacts / f"rematch-declined-{width}x{height}.png")
    bank.page.locator("#rematch-lobby").click()
    expect(bank.page.locator("#play-now")).to_be_visible()
