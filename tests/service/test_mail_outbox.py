"""#24.4: mail off the request path. A reset request stores one outbox row whatever the address;
the worker finds the account, writes the mail in the language it was asked in and sends it
through a real SMTP server (aiosmtpd on loopback), retrying with a growing wait while the
server is away: nothing is lost, and nothing is sent twice, even by two workers at once."""
from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from siete.data.base import db, utcnow
from siete.data.outbox_rows import OutboxRow
from siete.data.vocabulary import OutboxStatus
from siete.service.accounts.outbox import RetryPolicy
from tests.support.accounts import sign_up
from tests.support.mail import (
    SMTP_PASSWORD,
    SMTP_USER,
    reset_path,
    worker_sends,
)
from tests.support.network import free_port

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


@pytest.fixture
def app_config(inbox):
    return {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": inbox.port, "SMTP_TLS": "none",
            "SMTP_USERNAME": SMTP_USER, "SMTP_PASSWORD": SMTP_PASSWORD,
            "PUBLIC_URL": "https://siete.example", "RESET_EMAIL_RATE_LIMIT": "100/hour",
            "RESET_RATE_LIMIT": "100/minute"}


def rows(app) -> list[tuple[str, str, int]]:
    with app.app_context():
        return [tuple(r) for r in db.session.execute(
            select(OutboxRow.address, OutboxRow.status, OutboxRow.attempts).order_by(OutboxRow.id))]


def ask(client, address, **headers):
    return client.post("/auth/forgot", data={"email": address}, headers=headers)


def test_a_request_stores_one_row_for_any_address_and_sends_nothing_itself(app, client, inbox):
    sign_up(client, logged_in=False)
    for address in ("ana1@example.com", "nobody@example.com", "ANA1@Example.COM"):
        assert ask(app.test_client(), address).status_code == 302
    assert rows(app) == [("ana1@example.com", "pending", 0), ("nobody@example.com", "pending", 0),
                         ("ana1@example.com", "pending", 0)]
    assert inbox.messages == []  # the request path sent nothing
    tick = worker_sends(app)
    assert (tick.sent, tick.no_account) == (2, 1)
    assert [m["To"] for m in inbox.wait_for(2)] == ["ana1@example.com"] * 2
    assert [status for _a, status, _n in rows(app)] == ["sent", "no_account", "sent"]
    assert worker_sends(app).sent == 0  # each once


def test_the_mail_is_written_in_the_language_it_was_asked_in(app, client, inbox):
    sign_up(client, logged_in=False)
    ask(app.test_client(), "ana1@example.com", **{"Accept-Language": "es"})
    worker_sends(app)
    (message,) = inbox.wait_for(1)
    assert message["Subject"] == "Restablece tu contraseña de Siete y medio"
    assert "Hola, Ana1" in message.get_content() and "https://siete.example/auth/reset/" in message.get_content()


def test_a_mail_server_that_is_down_loses_nothing_and_is_tried_again_later(app, client, inbox):
    sign_up(client, logged_in=False)
    app.config["SMTP_PORT"] = free_port()  # nobody listens there
    ask(app.test_client(), "ana1@example.com")
    now = utcnow()
    first = worker_sends(app, now)
    assert first.retrying and not first.sent
    assert rows(app) == [("ana1@example.com", "pending", 1)]
    assert worker_sends(app, now + timedelta(seconds=10)).retrying == []  # waits 30 s first
    second = worker_sends(app, now + timedelta(seconds=31))
    assert second.retrying and rows(app)[0][2] == 2  # then 60 s, 2 min, ... up to 15 min
    app.config["SMTP_PORT"] = inbox.port  # the server is back
    assert worker_sends(app, now + timedelta(seconds=31 + 61)).sent == 1
    (message,) = inbox.wait_for(1)
    assert reset_path(message).startswith("/auth/reset/")
    assert client.get(reset_path(message)).status_code == 200  # the link made at sending works
    assert rows(app) == [("ana1@example.com", "sent", 3)]


def test_the_wait_doubles_and_a_day_of_failures_is_given_up(app, client):
    policy = RetryPolicy()
    assert [policy.wait_after(n).total_seconds() for n in range(1, 8)] == [30, 60, 120, 240, 480, 900, 900]
    sign_up(client, logged_in=False)
    app.config["SMTP_PORT"] = free_port()
    ask(app.test_client(), "ana1@example.com")
    tick = worker_sends(app, utcnow() + timedelta(days=1))
    assert tick.given_up and rows(app) == [("ana1@example.com", "given_up", 1)]


def test_two_workers_send_each_mail_once(app, client, inbox, on_mysql):
    sign_up(client, logged_in=False)
    for n in range(12):
        ask(app.test_client(), "ana1@example.com" if n % 3 else f"nobody{n}@example.com")
    barrier = threading.Barrier(2)
    ticks = []

    def worker():
        barrier.wait()
        ticks.append(worker_sends(app))
    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sum(t.sent for t in ticks) == 8 and sum(t.no_account for t in ticks) == 4
    assert len(inbox.wait_for(8)) == 8
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(OutboxRow)
                                 .where(OutboxRow.status == OutboxStatus.SENT)) == 8


class TestProductionWithoutSmtp:
    @pytest.fixture
    def app_config(self):
        return {"SMTP_HOST": "", "ENV_NAME": "production", "SECRET_KEY": "k" * 48,
                "PUBLIC_URL": "https://siete.example"}

    def test_a_reset_link_is_never_written_to_a_production_log(self, app, client, caplog):
        sign_up(client, logged_in=False)
        ask(app.test_client(), "ana1@example.com")
        tick = worker_sends(app)
        assert tick.given_up and "/auth/reset/" not in caplog.text
