"""#18 in the browser: "Forgot your password?", the mail a real SMTP server receives, the link used
once and refused the second time.

The app runs as in tests/e2e/conftest.py's live_server, but with SMTP_HOST pointing at an
aiosmtpd server this module starts on a free loopback port.
"""
from __future__ import annotations

import email
import re
import time
from email import policy

import pytest

pytest.importorskip("playwright.sync_api")
from aiosmtpd.controller import Controller  # noqa: E402
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.live_app import free_port, running_app  # noqa: E402
from tests.e2e.siete_pages import signed_in_as  # noqa: E402

pytestmark = pytest.mark.browser
NEW_PASSWORD = "reset-passw0rd-new"


class Inbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def wait_for_link(self, to: str, seconds: float = 15) -> str:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for message in self.messages:
                if message["To"] == to:
                    return re.search(r"https?://\S+/auth/reset/\S+", message.get_content()).group(0)
            time.sleep(0.1)
        raise AssertionError(f"no mail to {to} in {seconds} s")


@pytest.fixture(scope="module")
def inbox():
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    handler.port = controller.port
    yield handler
    controller.stop()


@pytest.fixture(scope="module")
def mail_server_app(inbox, tmp_path_factory):
    """The app and its worker (like make run) with the test's SMTP server configured."""
    with running_app(tmp_path_factory.mktemp("e2e-reset"), "reset.sqlite", worker=True,
                     SMTP_HOST="127.0.0.1", SMTP_PORT=str(inbox.port), SMTP_TLS="none",
                     MAIL_SENDER="Siete <no-reply@siete.test>") as url:
        yield url


def test_a_reset_link_arrives_by_mail_works_once_and_is_refused_the_second_time(
        browser, mail_server_app, inbox):
    from tests.e2e.siete_pages import PASSWORD, Player

    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    context.set_default_timeout(10_000)
    try:
        ana = Player(context, mail_server_app, "reseta1")
        ana.register()
        ana.logout()
        page = ana.page
        ana.goto("/auth/login")
        page.get_by_role("link", name="Forgot your password?").click()
        page.locator("main form #email").fill(f"{ana.name}@example.org")
        page.get_by_role("button", name="Send the link").click()
        expect(page.locator("#flash")).to_contain_text("If an account uses that address")

        link = inbox.wait_for_link(f"{ana.name}@example.org")
        assert link.startswith(mail_server_app + "/auth/reset/")
        page.goto(link)
        page.locator("#new_password").fill(NEW_PASSWORD)
        page.locator("#confirm").fill(NEW_PASSWORD)
        page.get_by_role("button", name="Save the new password").click()
        expect(page.locator("#flash")).to_contain_text("Your password has been changed")
        expect(page.locator(".site-nav__user")).to_have_text(signed_in_as(ana.name))

        ana.logout()
        page.goto(link)  # the second time
        expect(page.locator("#flash")).to_contain_text("expired or was already used")
        expect(page.locator("main h1")).to_have_text("Forgot your password?")

        ana.goto("/auth/login")
        form = page.locator("main form")
        form.locator("#username").fill(ana.name)
        form.locator("#password").fill(PASSWORD)  # the old password no longer works
        form.get_by_role("button", name="Log in").click()
        expect(page.locator("#password-errors")).to_have_text("Wrong username or password.")
        form.locator("#password").fill(NEW_PASSWORD)
        form.get_by_role("button", name="Log in").click()
        expect(page.locator(".site-nav__user")).to_have_text(signed_in_as(ana.name))
        assert not ana.console_errors, ana.console_errors
    finally:
        context.close()
