"""A game played to the end by clicking, then found in "My games", opened, stepped through
(htmx in place, and plain links without JavaScript), exported and replayed by the CLI to the
same result, on a phone-sized screen too; the leaderboard has the player after it."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

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
REPO = Path(__file__).resolve().parents[2]


def test_a_finished_game_in_my_games_replayed_exported_and_ranked(new_player, artifacts, tmp_path):
    hist = new_player("hist")
    hist.context.add_init_script(CSP_WATCH)
    hist.sign_in()
    table = open_bots_table(hist, hands=3)
    play_to_the_end(hist)
    standings = hist.page.locator("#table .results .standings tbody tr")
    expect(standings).to_have_count(4)
    winner = hist.page.locator("#table .results .results__winner strong").inner_text()

    # My games, from the header: the game is the newest one, with its result and points.
    hist.page.locator(".site-nav").get_by_role("link", name="My games").click()
    expect(hist.page.locator("h1")).to_have_text("My games")
    first = hist.page.locator(".game-row").first
    expect(first).to_contain_text(f"Game {table}")
    expect(first.locator(".game-row__meta")).to_contain_text("points")
    first.locator("a.game-link").click()
    assert hist.page.url.endswith(f"/games/{table}")
    expect(hist.page.locator(".history__lead")).to_contain_text(f"{winner} won with")

    # Step through the hands in place (htmx): the page is not reloaded, the URL follows.
    hist.mark_page()
    replay = hist.page.locator("#replay")
    expect(replay.locator("h2")).to_contain_text("hand 1 of")
    replay.locator(".replay__next").click()
    expect(hist.page.locator("#replay h2")).to_contain_text("hand 2 of")
    assert hist.page.url.endswith(f"/games/{table}?hand=2")
    hist.page.locator("#replay .replay__prev").click()
    expect(hist.page.locator("#replay h2")).to_contain_text("hand 1 of")
    assert hist.was_not_reloaded()
    assert violations(hist) == []  # no inline script or style on the page or in the swap
    hist.page.screenshot(path=artifacts / "e2e-history-game.png", full_page=True)

    # Export, then replay with the command line: same order, points and winner.
    answer = hist.page.request.get(f"{hist.base}/games/{table}/scenario.json")
    assert answer.ok
    path = tmp_path / "game.json"
    path.write_bytes(answer.body())
    done = subprocess.run([sys.executable, "-m", "siete", "replay", str(path)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["finished"] is True and result["winner"] == winner
    shown = {}
    hist.page.goto(f"{hist.base}/games/{table}")
    for seat in hist.page.locator(".seat-record").all():
        name = seat.locator(".seat-record__name").inner_text().strip()
        points = seat.locator("dt:text('Final points') + dd").inner_text()
        shown[name] = int(points)
    assert result["points"] == shown

    # The leaderboard has the player, and the header shows their rating.
    hist.page.locator(".site-nav").get_by_role("link", name="Rankings").click()
    expect(hist.page.locator(".rank-row", has_text=hist.name)).to_have_count(1)
    expect(hist.page.locator(".site-nav__rating")).to_have_text(re.compile(r"\(\d+(\? ?\w*)?\)"))
    hist.page.locator(".site-nav__user").click()
    expect(hist.page.locator("h1")).to_contain_text(hist.name)
    expect(hist.page.locator(".chart svg").first).to_be_visible()
    assert violations(hist) == []
    assert hist.console_errors == []


def test_the_game_page_on_a_phone_and_without_javascript(new_player, artifacts):
    """390 px wide: nothing scrolls sideways; with JavaScript off the replay's links still step."""
    hist = new_player("hist")
    hist.sign_in()
    table = open_bots_table(hist, hands=2)
    play_to_the_end(hist)
    phone = new_player("hist", viewport={"width": 390, "height": 844}, is_mobile=True,
                       has_touch=True, java_script_enabled=False)
    phone.goto(f"/games/{table}")
    assert_no_horizontal_scroll(phone, "game page")
    phone.page.locator("#replay .replay__next").click()
    expect(phone.page.locator("#replay h2")).to_contain_text("hand 2 of")
    assert f"/games/{table}?hand=2" in phone.page.url
    for path in (f"/games/{table}?hand=2", "/rankings", f"/players/{hist.name}"):
        phone.goto(path)
        assert_no_horizontal_scroll(phone, path)
    phone.page.screenshot(path=artifacts / "e2e-history-phone.png", full_page=True)
