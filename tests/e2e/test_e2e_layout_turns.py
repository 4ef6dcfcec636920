"""The first turn on small screens: at your bet the bank's face-up card, your card and every
Bet button are on screen and uncovered, on a phone held sideways (844×390: the Bet buttons were
cut off and the bank off screen) and at an eight-seat table, whose first turn scrolled the bank
away; measured right after the turn comes (through htmx) and again on a fresh load. A practice
table's bet line ("Hand worth +0.12 · Best bet 4") is there at the eight-seat table.
Screenshots: tests/artifacts/e2e-bet-*.png."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.in_view import (  # noqa: E402
    PHONE_OPTIONS,
    VIEWPORTS,
    a_table_at_a_punters_bet,
    bet_selectors,
    decision_selectors,
    measure,
    problems,
    wait_for_table,
)

pytestmark = pytest.mark.browser


def bet_in_view(new_player, artifacts, screen: str, seats: int, odds: bool) -> list:
    """Open a table at `screen`, play to your bet; what is out of view or covered, as the turn
    came and after a reload."""
    viewport = VIEWPORTS[screen]
    player = new_player("ana", viewport=viewport, **({} if screen == "desktop" else PHONE_OPTIONS))
    player.sign_in()
    table = a_table_at_a_punters_bet(player, seats=seats, odds=odds)
    found = []
    for when in ("turn", "load"):
        if when == "load":
            player.open(table)
        wait_for_table(player)
        if odds:
            expect(player.page.locator("#odds-best-bet")).to_be_visible()
        label = f"e2e-bet-{seats}-seats-{screen}-{when}.png"
        player.page.screenshot(path=artifacts / label)
        bad = problems(measure(player, bet_selectors()))
        if bad:
            found.append((when, player.page.evaluate("window.scrollY"), bad))
    # the bet made, the same seat's draw or stand comes through htmx: still all in view
    player.bet_first()
    if player.offered() in ("draw", "stand"):
        wait_for_table(player)
        player.page.screenshot(path=artifacts / f"e2e-bet-{seats}-seats-{screen}-then-decide.png")
        bad = problems(measure(player, decision_selectors(player)))
        if bad:
            found.append(("decision", player.page.evaluate("window.scrollY"), bad))
    return found


def test_a_landscape_phone_shows_the_bet_and_the_bank(new_player, artifacts):
    assert bet_in_view(new_player, artifacts, "landscape-phone", seats=2, odds=False) == []


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_the_first_turn_at_eight_seats_keeps_the_bank_in_view(new_player, artifacts, screen):
    assert bet_in_view(new_player, artifacts, screen, seats=8, odds=True) == []
