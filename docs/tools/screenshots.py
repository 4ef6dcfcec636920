"""Take the README's two screenshots of a table in play, from a running app.

    DATABASE_URL=sqlite:////tmp/shots.db .venv/bin/flask --app wsgi db-setup
    DATABASE_URL=sqlite:////tmp/shots.db .venv/bin/flask --app wsgi run --port 5220 &
    .venv/bin/python docs/tools/screenshots.py http://127.0.0.1:5220 docs/img

Signs up, opens a table with three bots, bets and draws until it is the player's turn with two
cards or more, then saves table-desktop.png (1280x900) and table-phone.png (390x844) of that
moment, shrunk to palette PNGs. Uses Debian's Chromium (/usr/bin/chromium) through Playwright.
"""
from __future__ import annotations

import re
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from png8 import shrink  # beside this file

PASSWORD = "screenshots-passw0rd"
NAME = "Ana"


def sign_up(page: Page, base: str) -> None:
    page.goto(f"{base}/auth/register")
    form = page.locator("main form")
    form.locator("#username").fill(NAME)
    form.locator("#email").fill("ana@example.org")
    form.locator("#password").fill(PASSWORD)
    form.locator("#confirm").fill(PASSWORD)
    form.get_by_role("button", name="Sign up").click()
    page.wait_for_url(f"{base}/")


def open_table(page: Page, base: str) -> str:
    page.goto(f"{base}/")
    form = page.locator("form.new-table")
    form.locator("#name").fill("Friday night")
    for field, value in (("seats", 4), ("standard_bots", 1), ("cautious_bots", 1), ("bold_bots", 1),
                         ("max_hands", 15)):
        form.locator(f"#{field}").fill(str(value))
    form.get_by_role("button", name="Open the table").click()
    page.wait_for_url(re.compile(r"/tables/\d+$"))
    page.locator("#table-start, #table-fill-start").first.click()
    page.locator("#table[data-status='playing']").wait_for()
    return page.url


def click_and_wait(page: Page, selector: str) -> None:
    before = page.locator("#table").get_attribute("data-version")
    page.locator(selector).first.click()
    page.wait_for_function("v => { const t = document.querySelector('#table');"
                           " return t && t.dataset.version !== v && !t.classList.contains('htmx-request'); }",
                           arg=before)


def play_to_a_good_moment(page: Page) -> None:
    """Bet, and draw until the player holds two cards or more with the turn still theirs."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page.locator("#table [id^='move-bet'], #move-draw, #move-next, #table .results").first.wait_for()
        mine = page.locator("#table .seat--you .hand .card").count()
        if page.locator("#table [id^='move-bet']").count():
            click_and_wait(page, "#table [id^='move-bet']")
        elif page.locator("#move-draw").count() and mine >= 2:
            return
        elif page.locator("#move-draw").count():
            click_and_wait(page, "#move-draw")
        elif page.locator("#move-next").count():
            click_and_wait(page, "#move-next")
        else:
            raise SystemExit("the game ended before a good moment; run again")
    raise SystemExit("no good moment within a minute")


def save(page: Page, path: Path) -> None:
    """The viewport as a palette PNG (docs/tools/png8.py): a fifth of the size."""
    full = path.with_suffix(".full.png")
    page.screenshot(path=str(full))
    shrink(full, path)
    full.unlink()


def main(base: str, out: Path) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        desktop = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
        page = desktop.new_page()
        sign_up(page, base)
        table = open_table(page, base)
        play_to_a_good_moment(page)
        save(page, out / "table-desktop.png")
        phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB",
                                    is_mobile=True, has_touch=True)
        phone.add_cookies(desktop.cookies())
        small = phone.new_page()
        small.goto(table)
        small.locator("#table").wait_for()
        save(small, out / "table-phone.png")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
