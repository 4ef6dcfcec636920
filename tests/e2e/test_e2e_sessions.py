"""#15.1 and #15.2 in the browser: logging out ends "Keep me logged in", and "Log out everywhere"
ends the sessions of the account's other browsers, remembered ones included."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.siete_pages import signed_in_as  # noqa: E402

pytestmark = pytest.mark.browser


def login_remembered(player) -> None:
    player.goto("/auth/login")
    form = player.page.locator("main form")
    form.locator("#username").fill(player.name)
    from tests.e2e.siete_pages import PASSWORD

    form.locator("#password").fill(PASSWORD)
    form.locator("#remember").check()
    form.get_by_role("button", name="Log in").click()
    expect(player.page.locator(".site-nav__user")).to_have_text(signed_in_as(player.name))


def session_cookie_dropped(player) -> None:
    """What closing the browser does: the session cookie goes, the remember cookie stays."""
    kept = [c for c in player.context.cookies() if c["name"] != "session"]
    player.context.clear_cookies()
    player.context.add_cookies(kept)


def test_logging_out_ends_a_remembered_session(new_player):
    ana = new_player("keeper")
    ana.register()
    ana.logout()
    login_remembered(ana)
    ana.logout()
    session_cookie_dropped(ana)
    ana.goto("/")
    expect(ana.page.locator(".site-nav__user")).to_have_count(0)


def test_log_out_everywhere_ends_the_other_browsers_sessions(new_player):
    laptop = new_player("everywhere")
    laptop.register()
    phone = new_player("unused")
    phone.name = laptop.name
    login_remembered(phone)

    laptop.goto("/auth/password")  # the account page: change password, log out everywhere
    laptop.page.get_by_role("button", name="Log out everywhere").click()
    expect(laptop.page.locator("#flash")).to_contain_text("logged out on every device")
    expect(laptop.page.locator(".site-nav__user")).to_have_count(0)

    phone.goto("/")
    expect(phone.page.locator(".site-nav__user")).to_have_count(0)
    session_cookie_dropped(phone)
    phone.goto("/")
    expect(phone.page.locator(".site-nav__user")).to_have_count(0)  # nor does its remember cookie
