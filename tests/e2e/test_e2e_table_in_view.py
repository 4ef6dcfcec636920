"""The table stays in view at your decision: on a phone upright (390×844), a small phone
(360×640), a phone on its side (844×390 and 740×360) and a desktop (1280×900), with the odds
shown (a practice table) and without, at two seats and at eight, the bank's face-up card, your
cards and Draw and Stand are all on screen and nothing covers them; the advice is one line beside
the buttons, the details folded away. On its side, also when the page had been scrolled down to
the log (the buttons at the top of the screen, the seats above it) and the table changed.
Screenshots: tests/artifacts/e2e-in-view-*.png."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.in_view import (  # noqa: E402
    PHONE_OPTIONS,
    VIEWPORTS,
    a_table_at_a_punters_decision,
    axe_violations,
    decision_selectors,
    measure,
    problems,
    scroll_past_the_seats,
    wait_for_table,
)
from tests.e2e.playing import assert_no_horizontal_scroll  # noqa: E402

pytestmark = pytest.mark.browser


# Spanish words are longer ("Plantarse ✓ +0,64 · Pedir carta −0,10"): the smallest phone in Spanish
SCREENS = [(name, viewport, "en-GB") for name, viewport in VIEWPORTS.items()]
SCREENS.append(("small-phone-es", VIEWPORTS["small-phone"], "es-ES"))


def look_at_every_screen(new_player, artifacts, table: int, label: str, odds: bool) -> list:
    """Open the table at each of the five screens (and the smallest in Spanish), fresh; what is
    out of view or covered."""
    found = []
    for name, viewport, locale in SCREENS:
        options = {"viewport": viewport, "locale": locale,
                   **({} if name == "desktop" else PHONE_OPTIONS)}
        player = new_player("ana", **options)
        player.sign_in()
        player.open(table)
        wait_for_table(player)
        expect(player.page.locator("#move-stand")).to_be_visible()
        if odds:
            expect(player.page.locator("#odds-line")).to_be_visible()
            expect(player.page.locator("#odds-details")).not_to_have_attribute("open", "")
        else:
            expect(player.page.locator("#odds")).to_have_count(0)
        player.page.screenshot(path=artifacts / f"e2e-in-view-{label}-{name}.png")
        assert_no_horizontal_scroll(player, name)
        dock = player.page.locator("#table .seat--dock").bounding_box()
        with (artifacts / "e2e-in-view-figures.txt").open("a") as figures:
            figures.write(f"{label} {name}: dock {dock['height']:.0f} of {viewport['height']} px, "
                          f"scrolled {player.page.evaluate('window.scrollY'):.0f}\n")
        # the focus: on Draw below 6½, on Stand at 6½ and 7 (an Enter out of habit must not draw)
        if player.page.locator("#move-draw").count() and locale == "en-GB":
            focus = "move-stand" if player.own_total() >= 6.5 else "move-draw"
            assert player.page.evaluate("document.activeElement.id") == focus, name
        bad = problems(measure(player, decision_selectors(player)))
        if bad:
            found.append((name, bad))
        if viewport["height"] < 500:  # on its side: scrolled to the log, the table comes back
            found += back_from_the_log(player, artifacts, f"{label}-{name}")
        player.context.close()
    return found


def back_from_the_log(player, artifacts, label: str) -> list:
    """The page scrolled down past the seats (the Bet or Draw buttons at the top of the screen,
    the seats above it), then the table changes (a reload: the same scroll, a new look): the
    bank's card, your cards and the buttons are all on screen again."""
    assert scroll_past_the_seats(player) < 0  # the picture of the report: the bank off screen
    player.page.reload()
    wait_for_table(player)
    player.page.screenshot(path=artifacts / f"e2e-in-view-{label}-back-from-the-log.png")
    bad = problems(measure(player, decision_selectors(player)))
    return [(f"{label} back from the log", player.page.evaluate("window.scrollY"), bad)] if bad else []


@pytest.mark.parametrize("odds", [True, False], ids=["odds", "no-odds"])
def test_the_decision_leaves_the_table_in_view(new_player, artifacts, odds):
    ana = new_player("ana")
    ana.sign_in()
    table = a_table_at_a_punters_decision(ana, seats=2, odds=odds)
    label = f"2-seats-{'odds' if odds else 'plain'}"
    assert look_at_every_screen(new_player, artifacts, table, label, odds) == []
    if odds:  # the line and its details, opened, pass axe-core (as every page does)
        checker = new_player("ana", bypass_csp=True)
        checker.sign_in()
        checker.open(table)
        checker.page.locator("#odds-details summary").click()
        expect(checker.page.locator("#odds-bust")).to_be_visible()
        checker.page.screenshot(path=artifacts / f"e2e-in-view-{label}-details-open.png")
        assert axe_violations(checker) == []


@pytest.mark.parametrize("odds", [True, False], ids=["odds", "no-odds"])
def test_an_eight_seat_table_stays_in_view_at_the_decision(new_player, artifacts, odds):
    ana = new_player("ana")
    ana.sign_in()
    table = a_table_at_a_punters_decision(ana, seats=8, odds=odds)
    label = f"8-seats-{'odds' if odds else 'plain'}"
    assert look_at_every_screen(new_player, artifacts, table, label, odds) == []
