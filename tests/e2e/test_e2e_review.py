"""The review of a finished game in the browser (issue 27 item 5): a game played to the end by
clicking is found in "My games" with its accuracy, opened, and its replay shows a mark and the
options' values beside each move, hand after hand (htmx in place); on a phone with JavaScript
off too; the profile shows the trend and the rules page explains the marks."""
from __future__ import annotations

import re
import time

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
MARK = re.compile(r"^(best|inaccuracy|mistake|blunder)$")
REVIEW_WITHIN_S = 20  # the worker reviews a finished game at its next tick (~1 s; more on CI)


def reviewed_row(player, table: int):
    """The game's row in My games once the worker has reviewed it: the page does not poll,
    so it is opened again, as a person would reload it, until the accuracy is there."""
    deadline = time.monotonic() + REVIEW_WITHIN_S
    while True:
        player.goto("/games")
        row = player.page.locator(".game-row").filter(has_text=f"Game {table}")
        if row.locator(".game-row__review").count() or time.monotonic() > deadline:
            return row
        player.page.wait_for_timeout(500)


def test_a_finished_game_opens_with_its_review(new_player, artifacts):
    rev = new_player("rev")
    rev.context.add_init_script(CSP_WATCH)
    rev.sign_in()
    table = open_bots_table(rev, hands=2)
    play_to_the_end(rev)

    row = reviewed_row(rev, table)
    expect(row.locator(".game-row__review")).to_contain_text(re.compile(r"accuracy \d+%"))
    row.locator("a.game-link").click()
    assert rev.page.url.endswith(f"/games/{table}")

    players = rev.page.locator(".seat-record")
    expect(players.filter(has_text="Accuracy")).to_have_count(4)  # each seat decided something
    marks = rev.page.locator("#replay .move-review__mark")
    expect(marks.first).to_be_visible()
    assert all(MARK.match(text) for text in marks.all_inner_texts())
    values = re.compile(r"(draw [+−]\d\.\d\d, stand [+−]\d\.\d\d|hand worth [+−]\d\.\d\d a point)")
    # the step in view shows its options apart; the hand's list below gives each move's values
    expect(rev.page.locator("#replay .move-review__values").filter(has_text=values).first).to_be_visible()
    rev.page.screenshot(path=artifacts / "e2e-review-game.png", full_page=True)

    rev.page.locator("#replay .replay__next").click()  # htmx: hand 2 comes with its review
    expect(rev.page.locator("#replay h2")).to_contain_text("hand 2 of")
    expect(rev.page.locator("#replay .move-review__mark").first).to_be_visible()
    assert violations(rev) == []

    rev.page.locator("#replay .move-review__about a").click()
    assert rev.page.url.endswith("/rules#review")
    expect(rev.page.locator("#review")).to_have_text("The review of a finished game")

    rev.goto(f"/players/{rev.name}")
    expect(rev.page.locator("#review-title")).to_be_visible()
    expect(rev.page.locator("#review .chart")).to_have_count(1)

    phone = new_player("rev", viewport={"width": 390, "height": 844}, is_mobile=True,
                       has_touch=True, java_script_enabled=False)
    phone.goto(f"/games/{table}?hand=2")
    expect(phone.page.locator("#replay .move-review__mark").first).to_be_visible()
    assert_no_horizontal_scroll(phone, "game page with its review")
    phone.page.screenshot(path=artifacts / "e2e-review-phone.png", full_page=True)
    phone.page.locator("#replay .hand-record__events").first.screenshot(
        path=artifacts / "e2e-review-phone-moves.png")
