"""The game page's replay, move by move, in the browser: → and ← step through the decisions in
place (htmx, the URL follows), each step showing the table as its deciding player saw it (the
other punters' first cards face down, R4.2) and the review's mark; on a phone too."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.playing import (  # noqa: E402
    CSP_WATCH,
    assert_no_horizontal_scroll,
    open_bots_table,
    play_to_the_end,
    violations,
)

pytestmark = pytest.mark.browser


def _step_to_a_bank_decision(player, table: int) -> bool:
    """Step the game's replay with → from its first move to a decision of the bank's; False if
    the last step comes first."""
    player.goto(f"/games/{table}?hand=1&move=1")
    title = player.page.locator("#step h3")
    deciding = player.page.locator("#step li[aria-current]")
    for _ in range(80):
        if "bank" in deciding.locator(".badge").all_inner_texts():
            return True
        before = title.inner_text()
        if not player.page.locator("#step .replay__next-move").count():
            return False  # the game's last move: nothing after it
        player.page.keyboard.press("ArrowRight")
        expect(title).not_to_have_text(before)
    return False


def test_arrow_keys_step_a_finished_game_move_by_move(new_player, artifacts):
    step_by = new_player("steps")
    step_by.context.add_init_script(CSP_WATCH)
    step_by.sign_in()
    table = open_bots_table(step_by, hands=2)
    play_to_the_end(step_by)
    step_by.goto(f"/games/{table}")
    title = step_by.page.locator("#step h3")
    expect(title).to_contain_text(re.compile(r"^Move 1 of \d+ in hand 1: "))
    # Four seats: the first punter decides, and the two after it hold a card it cannot see.
    expect(step_by.page.locator("#step .card--back")).to_have_count(2)
    expect(step_by.page.locator("#step .replay-step__verdict .move-review__mark")).to_be_visible()
    step_by.mark_page()

    step_by.page.keyboard.press("ArrowLeft")  # the first move: nothing before it
    expect(title).to_contain_text("Move 1 of ")
    step_by.page.keyboard.press("ArrowRight")
    expect(step_by.page.locator("#step h3")).to_contain_text("Move 2 of ")
    assert step_by.page.url.endswith(f"/games/{table}?hand=1&move=2")
    step_by.page.keyboard.press("ArrowRight")
    expect(step_by.page.locator("#step h3")).to_contain_text("Move 3 of ")
    step_by.page.keyboard.press("ArrowLeft")
    expect(step_by.page.locator("#step h3")).to_contain_text("Move 2 of ")
    assert step_by.page.url.endswith(f"/games/{table}?hand=1&move=2")
    assert step_by.was_not_reloaded()  # htmx swapped the replay in place
    assert violations(step_by) == [] and step_by.console_errors == []

    # The bank's decision: every punter who stood shows its first card face down to it. A
    # dealt game may have none (every punter bust, say): then another game is played.
    for _ in range(3):
        if _step_to_a_bank_decision(step_by, table):
            break
        table = open_bots_table(step_by, hands=2)
        play_to_the_end(step_by)
    else:
        pytest.fail("the bank never decided in three games")
    stood = step_by.page.locator("#step li", has=step_by.page.locator(
        ".turn-record__result", has_text=re.compile(r"^stood$")))
    expect(step_by.page.locator("#step .card--back")).to_have_count(stood.count())
    step_by.page.locator("#replay").screenshot(path=artifacts / "e2e-replay-steps-1280.png")

    phone = new_player("steps", viewport={"width": 390, "height": 844}, is_mobile=True,
                       has_touch=True)
    phone.goto(f"/games/{table}?hand=1&move=2")
    assert_no_horizontal_scroll(phone, "a replay step")
    phone.page.locator("#step").scroll_into_view_if_needed()
    phone.page.screenshot(path=artifacts / "e2e-replay-steps-390.png")
    phone.page.locator("#step .replay__next-move").click()
    expect(phone.page.locator("#step h3")).to_contain_text("Move 3 of ")
