"""A real SMTP server for the mail tests (aiosmtpd on a free loopback port, with a login the app
must use) and the steps the password-reset and outbox tests share; the `inbox` fixture that
starts the server is in tests/conftest.py."""
from __future__ import annotations

import email
import re
import time
from email import policy

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from siete.cli.mail_sender import send_mail_tick
from siete.data.base import utcnow
from tests.support.accounts import NEW_PASSWORD
from tests.support.network import free_port

SMTP_USER, SMTP_PASSWORD = "siete-mailer", "smtp-secret-1"
LINK = re.compile(r"https?://\S+/auth/reset/(\S+)")


class Inbox:
    """aiosmtpd handler: keeps every message it is handed."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def wait_for(self, count: int, seconds: float = 10):
        deadline = time.monotonic() + seconds
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.messages


def authenticate(server, session, envelope, mechanism, auth_data):
    ok = auth_data.login == SMTP_USER.encode() and auth_data.password == SMTP_PASSWORD.encode()
    return AuthResult(success=ok)


def worker_sends(app, now=None):
    """The worker's mail step, once (siete.cli.worker's tick runs it every second)."""
    with app.app_context():
        return send_mail_tick(app, now or utcnow(), 50)


def ask_reset(client, address="ana1@example.com", send=True, **kw):
    """Ask for a link, then (unless told not to) let the worker send what the outbox holds."""
    response = client.post("/auth/forgot", data={"email": address}, **kw)
    if send:
        worker_sends(client.application)
    return response


def reset_path(message) -> str:
    token = LINK.search(message.get_content()).group(1)
    return f"/auth/reset/{token}"


def choose(client, path, password=NEW_PASSWORD):
    return client.post(path, data={"new_password": password, "confirm": password})


def flashed(client, response) -> str:
    return client.get(response.headers["Location"]).get_data(as_text=True)


def start_inbox() -> tuple[Inbox, Controller]:
    """An SMTP server on a free loopback port that keeps every message it is handed."""
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port(),
                            authenticator=authenticate, auth_require_tls=False, auth_required=True)
    controller.start()
    handler.port = controller.port
    return handler, controller
