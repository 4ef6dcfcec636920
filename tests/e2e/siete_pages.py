"""A person at the game in one browser context: the pages and buttons the e2e tests drive.

Selectors follow the templates: the move buttons are #move-bet-<n> (or #move-bet with a number
field), #move-draw and #move-stand; the table fragment is #table with data-version, each seat is
#seat-<index> and the viewer's own seat has .seat--you.
"""
from __future__ import annotations

import re
import time

from playwright.sync_api import BrowserContext, Page, expect

PASSWORD = "e2e-passw0rd-long"
MOVE = "#table [id^='move-bet'], #move-draw, #move-stand, #table .results"
BET = "#table [id^='move-bet']"
TOTAL = re.compile(r"Total (\d*)(½?)")  # 7½, 6 or just ½



def signed_in_as(name: str) -> re.Pattern:
    """The header's link to your profile: your name, then your rating once you have one."""
    return re.compile(rf"^{re.escape(name)}( \(\d+(\? ?\w*)?\))?$")


class Player:
    """One person: a context, its page, and what its console said."""

    def __init__(self, context: BrowserContext, base: str, name: str, js: bool = True,
                 accounts: dict | None = None):
        self.context, self.base, self.name, self.js = context, base, name, js
        self.accounts = {} if accounts is None else accounts  # role -> (name, session cookies)
        self.role = name.rstrip("0123456789")
        self.page: Page = context.new_page()
        self.console_errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.console_errors.append(f"pageerror: {error}"))

    def _console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def goto(self, path: str = "/"):
        response = self.page.goto(self.base + path)
        assert response is not None and response.ok, f"{path} answered {response and response.status}"
        return response

    # ---- accounts, through the real forms ----
    def register(self) -> None:
        self.goto("/auth/register")
        form = self.page.locator("main form")
        form.locator("#username").fill(self.name)
        form.locator("#email").fill(f"{self.name}@example.org")
        form.locator("#password").fill(PASSWORD)
        form.locator("#confirm").fill(PASSWORD)
        form.get_by_role("button", name="Sign up").click()
        expect(self.page.locator("#flash")).to_contain_text(f"Welcome, {self.name}")

    def sign_in(self) -> None:
        """Be logged in as this role's account: sign up the first time, reuse its session after.

        Signing up costs a second or two (scrypt, a slow CI box); only the accounts test needs
        a fresh one each time, so the other tests share one account per role ("ana", "bob").
        """
        known = self.accounts.get(self.role)
        if known is None:
            self.register()
            self.accounts[self.role] = (self.name, self.context.cookies())
            return
        self.name, cookies = known
        self.context.add_cookies(cookies)
        self.goto("/")
        if self.page.locator(".site-nav__user").count() == 0:  # a test logged it out: that
            self.login()  # ended the session, for every copy of its cookies (#24.3)
            self.accounts[self.role] = (self.name, self.context.cookies())

    def login(self) -> None:
        self.goto("/auth/login")
        form = self.page.locator("main form")
        form.locator("#username").fill(self.name)
        form.locator("#password").fill(PASSWORD)
        form.get_by_role("button", name="Log in").click()
        expect(self.page.locator(".site-nav__user")).to_have_text(signed_in_as(self.name))

    def logout(self) -> None:
        toggle = self.page.locator(".site-menu__toggle")
        if toggle.is_visible():  # a phone: the header folds into a Menu (#25)
            toggle.click()
        self.page.locator(".site-nav").get_by_role("button", name="Log out").click()
        expect(self.page.locator(".site-nav")).to_contain_text("Log in")
        expect(self.page.locator(".site-nav__user")).to_have_count(0)

    # ---- the lobby ----
    def open_table(self, *, seats: int, standard: int = 0, cautious: int = 0, bold: int = 0,
                   hands: int = 1, turn_seconds: int = 30) -> int:
        """Fill the lobby's "Open a table" form; returns the new table's id."""
        self.goto("/")
        form = self.page.locator("form.new-table")
        form.locator("#name").fill(f"{self.name} table")
        for field, value in (("seats", seats), ("standard_bots", standard), ("cautious_bots", cautious),
                             ("bold_bots", bold), ("max_hands", hands), ("turn_seconds", turn_seconds)):
            form.locator(f"#{field}").fill(str(value))
        form.get_by_role("button", name="Open the table").click()
        self.page.wait_for_url(re.compile(r"/tables/\d+$"))
        return self.table_id()

    def table_id(self) -> int:
        return int(re.search(r"/tables/(\d+)", self.page.url).group(1))

    def open(self, table_id: int) -> None:
        self.goto(f"/tables/{table_id}")

    # ---- the table ----
    def version(self) -> str:
        return self.page.locator("#table").get_attribute("data-version") or ""

    def press(self, selector: str) -> None:
        """Click a table button and wait for its answer: the htmx swap, or the page after the redirect."""
        self.submit(lambda: self.page.locator(selector).first.click())

    def submit(self, action) -> None:
        """Run `action` (a click or a key press) and wait until the table shows the move's result."""
        before = self.version()
        if not self.js:
            with self.page.expect_navigation():
                action()
            return
        action()
        self.page.wait_for_function(
            "v => { const t = document.querySelector('#table');"
            " return t && t.dataset.version !== v && !t.classList.contains('htmx-request'); }",
            arg=before)
        assert self.page.locator("#table .game__error").count() == 0, self.error_text()

    def error_text(self) -> str:
        return self.page.locator("#table .game__error, #flash").all_inner_texts().__str__()

    def start(self) -> None:
        self.press("#table-start, #table-fill-start")
        # A game of bots and a human bank can end at once, if the bots bust every hand.
        expect(self.page.locator("#table")).to_have_attribute("data-status", re.compile("playing|finished"))

    def next_move(self, timeout_s: float = 15) -> str:
        """Wait until this player has a move or the game is over: 'bet', 'draw', 'stand' or 'over'."""
        deadline = time.monotonic() + timeout_s
        while True:
            left = max(0.1, deadline - time.monotonic())
            self.page.locator(f"{MOVE}, #move-next").first.wait_for(timeout=left * 1000)
            if self.page.locator("#move-next").count() and not self.page.locator(MOVE).count():
                self.say_next()  # the settled hand was seen: deal the next one
                continue
            return self.offered()

    def next_move_or_pause(self, timeout_s: float = 15) -> str:
        """Like next_move, but stop at a settled hand: 'pause' while "Next hand" is offered."""
        self.page.locator(f"{MOVE}, #move-next").first.wait_for(timeout=timeout_s * 1000)
        if self.page.locator("#move-next").count() and not self.page.locator(MOVE).count():
            return "pause"
        return self.offered()

    def say_next(self) -> None:
        """Press "Next hand" on the settled hand (the deal may wait for the others)."""
        self.press("#move-next")

    def offered(self) -> str | None:
        """The move the page offers now (draw before stand), 'over', or None."""
        page = self.page
        if page.locator("#table .results").count():
            return "over"
        if page.locator(BET).count():
            return "bet"
        if page.locator("#move-draw").count():
            return "draw"
        if page.locator("#move-stand").count():
            return "stand"
        return None

    def bet_first(self) -> int:
        """Bet the smallest amount offered (a button, or the number field's minimum)."""
        button = self.page.locator(BET).first
        amount = button.get_attribute("value") or self.page.locator("#bet-amount").get_attribute("min")
        self.submit(button.click)
        return int(amount)

    def my_seat(self) -> int:
        return int(self.page.locator("#table .seat--you").get_attribute("data-seat"))

    def own_total(self) -> float:
        text = self.page.locator("#table .seat--you .seat__total").inner_text()
        whole, half = TOTAL.search(text).groups()
        return int(whole or 0) + (0.5 if half else 0)

    def cards(self, seat: int) -> list[dict]:
        """The cards shown in a seat: data-card (None when face down) and the spoken label."""
        cards = self.page.locator(f"#seat-{seat} .hand .card")
        return [{"id": c.get_attribute("data-card"), "label": c.get_attribute("aria-label")}
                for c in cards.all()]

    def log(self) -> list[str]:
        return self.page.locator("#table .game__log-lines li").all_inner_texts()

    def wait_for_log(self, text: str, timeout_s: float = 10) -> float:
        """Wait (through polling, no reload) until the hand's log has a line containing `text`."""
        began = time.monotonic()
        try:
            expect(self.page.locator("#table .game__log-lines li", has_text=text).first).to_be_visible(
                timeout=timeout_s * 1000)
        except AssertionError:
            raise AssertionError(
                f"{self.name} never saw {text!r} in {timeout_s} s; the log shows {self.log()}, "
                f"table version {self.version()}, console errors {self.console_errors}") from None
        return time.monotonic() - began

    def mark_page(self) -> None:
        """Tag this document so a test can prove later that no reload happened."""
        self.page.evaluate("window.__sieteNoReload = true")

    def was_not_reloaded(self) -> bool:
        return self.page.evaluate("window.__sieteNoReload === true")

    def watch_countdowns(self) -> None:
        """Record every number a countdown shows from now on (siete.js rewrites them 4 times a second)."""
        self.page.evaluate("""() => {
          window.__sieteCountdowns = [];
          const note = () => document.querySelectorAll('[data-countdown-value]').forEach(
            el => window.__sieteCountdowns.push(parseInt(el.textContent, 10)));
          note();
          new MutationObserver(note).observe(document.body,
            {subtree: true, childList: true, characterData: true});
        }""")

    def countdowns_seen(self) -> list[int]:
        return self.page.evaluate("window.__sieteCountdowns")


def seat_two(new_player, *, hands: int = 1, turn_seconds: int = 30, **options) -> tuple[Player, Player]:
    """ana opens a two-seat table, bob joins it from the lobby, ana starts: (punter, bank).

    Both pages are tagged after their last full load, so tests can check that everything after
    came through htmx (polling and swaps), not reloads.
    """
    ana, bob = new_player("ana", **options), new_player("bob", **options)
    ana.sign_in()
    table = ana.open_table(seats=2, hands=hands, turn_seconds=turn_seconds)
    if ana.js:
        ana.mark_page()
    bob.sign_in()
    bob.goto("/")
    bob.page.locator(f"#lobby-table-{table}").get_by_role("button", name="Join").click()
    bob.page.wait_for_url(f"**/tables/{table}")
    expect(bob.page.locator("#table .waiting-seats")).to_contain_text(ana.name)
    if not ana.js:
        ana.open(table)
    # ana's waiting page learns of bob through its poll, and offers Start once the table is full
    expect(ana.page.locator("#table .waiting-seats")).to_contain_text(bob.name)
    if bob.js:
        bob.mark_page()
    ana.start()
    if not bob.js:
        bob.open(table)
    expect(bob.page.locator("#table")).to_have_attribute("data-status", "playing")
    # The bank plays last (R4.3), so the one offered a bet is the punter; ana's page is fresh.
    punter, bank = (ana, bob) if ana.offered() == "bet" else (bob, ana)
    expect(punter.page.locator(BET).first).to_be_visible()
    assert bank.offered() is None
    return punter, bank
