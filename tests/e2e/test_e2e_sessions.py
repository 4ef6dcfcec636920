"""#15.1, #15.2 and #24.3 in the browser: logging out ends "Keep me logged in"; the account page
lists the account's sessions, each with its device, and ends any of them; "Log out everywhere"
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

    laptop.goto("/auth/account")  # the account page: your sessions, log out everywhere
    laptop.page.get_by_role("button", name="Log out everywhere").click()
    expect(laptop.page.locator("#flash")).to_contain_text("logged out on every device")
    expect(laptop.page.locator(".site-nav__user")).to_have_count(0)

    phone.goto("/")
    expect(phone.page.locator(".site-nav__user")).to_have_count(0)
    session_cookie_dropped(phone)
    phone.goto("/")
    expect(phone.page.locator(".site-nav__user")).to_have_count(0)  # nor does its remember cookie


IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")


def test_the_sessions_list_ends_the_session_of_another_device(new_player, artifacts):
    laptop = new_player("devices")
    laptop.register()
    phone = new_player("unused", viewport={"width": 390, "height": 844}, user_agent=IPHONE)
    phone.name = laptop.name
    login_remembered(phone)

    laptop.goto("/auth/account")
    page = laptop.page
    expect(page.locator("main h1")).to_have_text("Your account")
    lines = page.locator(".session")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("This device")
    expect(lines.nth(0)).to_contain_text("Active now")
    expect(lines.nth(1)).to_contain_text("Safari on iPhone")
    expect(lines.nth(1)).to_contain_text("Kept logged in")
    page.screenshot(path=str(artifacts / "sessions-desktop-en.png"), full_page=True)
    phone.goto("/auth/account")
    phone.page.screenshot(path=str(artifacts / "sessions-phone-en.png"), full_page=True)
    phone.goto("/language/es?next=/auth/account")
    expect(phone.page.locator("main h1")).to_have_text("Tu cuenta")
    expect(phone.page.locator(".session").nth(0)).to_contain_text("Este dispositivo")
    phone.page.screenshot(path=str(artifacts / "sessions-phone-es.png"), full_page=True)

    lines.nth(1).get_by_role("button", name="End").click()
    expect(page.locator("#flash")).to_contain_text("That session has ended")
    expect(page.locator(".session")).to_have_count(1)
    page.screenshot(path=str(artifacts / "sessions-desktop-en-ended.png"), full_page=True)

    phone.goto("/")
    expect(phone.page.locator(".site-nav__user")).to_have_count(0)
    session_cookie_dropped(phone)
    phone.goto("/")
    expect(phone.page.locator(".site-nav__user")).to_have_count(0)  # nor does its remember cookie
    laptop.goto("/auth/account")  # the laptop is still in
    expect(page.locator(".session")).to_have_count(1)
    assert not laptop.console_errors and not phone.console_errors
