"""A private table's stream in the browser: a friend who came by the invite link keeps the table's
stream open until the creator makes a new link; then it ends, its reconnect is the missing table's
404 (SECURITY.md, "No side doors to a private table"), and the page hears nothing more."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

pytestmark = pytest.mark.browser


def test_the_old_links_stream_ends_when_the_creator_makes_a_new_link(new_player, artifacts):
    ana, bob = new_player("ana"), new_player("bob")
    ana.sign_in()
    ana.goto("/")
    form = ana.page.locator("form.new-table")
    form.locator("#name").fill(f"{ana.name} private")
    for field, value in (("seats", 3), ("standard_bots", 0), ("cautious_bots", 0), ("bold_bots", 0)):
        form.locator(f"#{field}").fill(str(value))
    form.locator("#private").check()
    form.get_by_role("button", name="Open the table").click()
    ana.page.wait_for_url(re.compile(r"/tables/\d+$"))
    link = ana.page.locator("#invite-link").input_value()
    bob.sign_in()
    streams: list[int] = []
    bob.page.on("response", lambda answer: streams.append(answer.status) if "/stream" in answer.url else None)
    bob.page.goto(link)
    expect(bob.page.locator('[data-stream="open"]')).to_have_count(1, timeout=5_000)
    ana.page.locator("#invite-renew").click()
    expect(ana.page.locator("#invite-link")).not_to_have_value(link)
    expect(bob.page.locator('[data-stream="lost"]')).to_have_count(1, timeout=8_000)
    bob.page.wait_for_timeout(3_000)  # the browser's reconnect (retry: 2 s) has been answered
    assert streams[0] == 200 and 404 in streams[1:], streams
    # The page's fallback poll heard 404 too: it stops asking (it asked every 1.5 s until the
    # tab closed, 404 each time).
    asks: list[int] = []
    bob.page.on("request", lambda sent: asks.append(1) if "/fragment" in sent.url else None)
    bob.page.wait_for_timeout(5_000)
    assert len(asks) <= 1, f"{len(asks)} asks in 5 s of a table gone for this viewer"
    bob.page.screenshot(path=artifacts / "private-stream-old-link-desktop.png", full_page=True)
