"""Accounts in the browser: sign up, log out and log in again through the real forms."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.siete_pages import signed_in_as  # noqa: E402

pytestmark = pytest.mark.browser


def test_register_log_out_and_log_in_again(new_player):
    newbie = new_player("newbie")
    newbie.register()  # signing up logs the new account in and lands in the lobby
    assert newbie.page.url == newbie.base + "/"
    expect(newbie.page.locator(".site-nav__user")).to_have_text(signed_in_as(newbie.name))
    expect(newbie.page.locator("form.new-table")).to_be_visible()  # only people logged in open tables

    newbie.logout()
    expect(newbie.page.locator("form.new-table")).to_have_count(0)
    newbie.goto("/")
    expect(newbie.page.locator(".lobby__new")).to_contain_text("needs an account")

    newbie.login()
    expect(newbie.page.locator("form.new-table")).to_be_visible()


def test_a_wrong_password_keeps_you_logged_out(new_player):
    forgetful = new_player("forgetful")
    forgetful.register()
    forgetful.logout()
    forgetful.goto("/auth/login")
    form = forgetful.page.locator("main form")
    form.locator("#username").fill(forgetful.name)
    form.locator("#password").fill("not-the-password")
    form.get_by_role("button", name="Log in").click()
    expect(forgetful.page.locator("#password-errors")).to_have_text("Wrong username or password.")
    expect(forgetful.page.locator(".site-nav__user")).to_have_count(0)
