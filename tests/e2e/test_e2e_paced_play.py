"""Paced play (#25), in the browser: a bots-only table, watched, shows its moves one by one.

The app runs with BOT_MOVE_SECONDS=0.3 and no worker: the watching page's polls come just after
each move is due and play it (the poll path under the table's lock), so the page sees the hand
move by move, never a whole hand in one update.
"""
from __future__ import annotations

import time

import pytest

from tests.e2e.live_app import running_app

pytestmark = pytest.mark.browser


def test_a_watched_bots_only_table_shows_its_moves_one_by_one(browser, tmp_path):
    from tests.e2e.siete_pages import Player

    with running_app(tmp_path, "paced.sqlite", BOT_MOVE_SECONDS="0.3") as url:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            watcher = Player(context, url, "watcher1")
            watcher.register()
            watcher.goto("/")
            form = watcher.page.locator("form.new-table")
            form.locator("#seats").fill("4")
            form.locator("#max_hands").fill("2")
            form.locator("#watch_only").check()
            form.get_by_role("button", name="Open the table").click()
            watcher.page.wait_for_url("**/tables/*")
            seen: list[tuple[str, int]] = []  # (version, log lines) each time the page changed
            end = time.monotonic() + 6
            while time.monotonic() < end:
                state = (watcher.version(), watcher.page.locator("[data-log] > *").count())
                if not seen or seen[-1] != state:
                    seen.append(state)
                watcher.page.wait_for_timeout(40)
            assert watcher.console_errors == []
        finally:
            context.close()
    versions: list[int] = []  # each version the page showed, in order
    for version, _lines in seen:
        if version.isdigit() and (not versions or versions[-1] != int(version)):
            versions.append(int(version))
    assert len(set(versions)) >= 8, seen  # a hand is at least 3 bets and the bank's play
    steps = [b - a for a, b in zip(versions, versions[1:])]
    assert all(step > 0 for step in steps), seen
    # one by one: each update brings a move or two (a draw to 7½ stands too), not a whole hand
    assert sum(step <= 2 for step in steps) >= 0.8 * len(steps), seen


def test_without_javascript_the_page_reloads_itself_while_bots_move(browser, tmp_path):
    """No poll and no worker: the page reloads each second while a bot's move is due
    (a meta refresh inside noscript) and each reload plays the move that is late."""
    from tests.e2e.siete_pages import Player

    with running_app(tmp_path, "paced-nojs.sqlite", BOT_MOVE_SECONDS="0.3") as url:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=False)
        try:
            watcher = Player(context, url, "nojs1", js=False)
            watcher.register()
            watcher.goto("/")
            form = watcher.page.locator("form.new-table")
            form.locator("#seats").fill("3")
            form.locator("#max_hands").fill("1")
            form.locator("#watch_only").check()
            form.get_by_role("button", name="Open the table").click()
            watcher.page.wait_for_url("**/tables/*")
            first = int(watcher.version())
            loads: list[str] = []
            watcher.page.on("load", lambda _page: loads.append("load"))
            watcher.page.wait_for_timeout(3500)
            later = int(watcher.version())
        finally:
            context.close()
    assert len(loads) >= 2 and later >= first + 2, (first, later, loads)
