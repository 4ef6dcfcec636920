"""A guest's "Log out" in Chromium, JavaScript off (#38): the header's link opens a page saying
what logging out costs, with "Sign up to keep your games" and "Log out anyway"; the first keeps
the guest on the sign-up form, the second logs out. Screenshots on a desktop and a phone."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.phone import PHONE, assert_fits_a_phone  # noqa: E402
from tests.e2e.siete_pages import Player  # noqa: E402

pytestmark = pytest.mark.browser


def become_a_guest(guest: Player) -> str:
    """Press "Play as a guest" on the login page; the guest's name."""
    guest.goto("/auth/login")
    guest.page.locator("#login-guest").click()
    name = (guest.page.locator(".site-nav__user").text_content() or "").strip()  # folded on a phone
    assert re.fullmatch(r"Guest \d{4}", name)
    return name


def open_the_header_menu(guest: Player) -> None:
    toggle = guest.page.locator(".site-menu__toggle")
    if toggle.is_visible():  # a phone: the header folds into a Menu
        toggle.click()


def test_a_guests_log_out_says_what_it_costs_before_it_logs_out(new_player, artifacts):
    guest = new_player("guestexit", java_script_enabled=False)
    name = become_a_guest(guest)
    guest.page.locator("#header-logout").click()
    expect(guest.page.locator("h1")).to_have_text(f"Log out of {name}?")
    expect(guest.page.locator("#guest-logout")).to_contain_text("gives up this guest account for good")
    guest.page.screenshot(path=str(artifacts / "guest-logout-desktop.png"), full_page=True)

    guest.page.locator("#guest-logout-keep").click()  # the sign-up that keeps the account
    expect(guest.page.locator("#register-guest")).to_contain_text(name)
    guest.page.go_back()
    guest.page.locator("#guest-logout-anyway").click()
    expect(guest.page.locator(".site-nav")).to_contain_text("Log in")
    expect(guest.page.locator(".site-nav__user")).to_have_count(0)
    expect(guest.page.locator("#flash")).to_contain_text("You have logged out.")


def test_the_page_on_a_phone(new_player, artifacts):
    guest = new_player("guestexitphone", **PHONE)
    become_a_guest(guest)
    open_the_header_menu(guest)
    guest.page.locator("#header-logout").click()
    expect(guest.page.locator("#guest-logout-anyway")).to_be_visible()
    assert_fits_a_phone(guest, "a guest's log-out page")
    guest.page.screenshot(path=str(artifacts / "guest-logout-phone.png"), full_page=True)
    assert not guest.console_errors
