"""#18 password reset: a signed, expiring, single-use link mailed through a real SMTP server.

The SMTP server is aiosmtpd, started by the test on a free loopback port, with a login the
app must use (SMTP_USERNAME / SMTP_PASSWORD): nothing here is a mock of smtplib. A request only
stores what it asks for (#24.4); `worker_sends` runs the worker's mail step, as its tick does.
"""
from __future__ import annotations

import logging
import re
import time

import pytest

from tests.support.accounts import NEW_PASSWORD, login, sign_up
from tests.support.mail import (
    SMTP_PASSWORD,
    SMTP_USER,
    ask_reset,
    choose,
    flashed,
    reset_path,
    worker_sends,
)

# The test server asks for a login over plain TCP (loopback only); aiosmtpd warns about that.
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


@pytest.fixture
def app_config(inbox):
    return {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": inbox.port, "SMTP_TLS": "none",
            "SMTP_USERNAME": SMTP_USER, "SMTP_PASSWORD": SMTP_PASSWORD,
            "MAIL_SENDER": "Siete <no-reply@siete.test>", "PUBLIC_URL": "https://siete.example"}


def test_the_login_page_links_to_forgot_password(client):
    page = client.get("/auth/login").get_data(as_text=True)
    assert 'href="/auth/forgot"' in page and "Forgot your password?" in page
    assert client.get("/auth/forgot").status_code == 200


def test_the_mail_arrives_through_smtp_with_a_link_that_works_once(app, client, inbox):
    sign_up(client, logged_in=False)
    response = ask_reset(client)
    assert response.status_code == 302
    (message,) = inbox.wait_for(1)
    assert message["To"] == "ana1@example.com" and message["From"] == "Siete <no-reply@siete.test>"
    assert "https://siete.example/auth/reset/" in message.get_content()  # PUBLIC_URL, not Host
    path = reset_path(message)
    assert client.get(path).status_code == 200
    assert choose(client, path).status_code == 302
    assert client.get("/auth/password").status_code == 200  # the reset logged this browser in
    client.post("/auth/logout")
    assert login(client).status_code == 200  # the old password is gone
    assert login(client, password=NEW_PASSWORD).status_code == 302
    client.post("/auth/logout")
    again = client.get(path)  # single use: the password it was made for has changed
    assert again.status_code == 302 and "expired or was already used" in flashed(client, again)
    assert choose(client, path, "another-new-pass-8").status_code == 302
    assert login(client, password="another-new-pass-8").status_code == 200  # changed nothing


def test_the_answer_never_says_whether_an_account_exists(app, client, inbox):
    sign_up(client, logged_in=False)
    answers = []
    for address in ("ana1@example.com", "nobody@example.com"):
        browser = app.test_client()
        response = ask_reset(browser, address)
        answers.append((response.status_code, response.headers["Location"],
                        re.findall(r'<p class="flash[^"]*">(.*?)</p>', flashed(browser, response))))
    assert answers[0] == answers[1]
    assert len(answers[0][2]) == 1 and "If an account uses that address" in answers[0][2][0]
    assert [m["To"] for m in inbox.wait_for(1)] == ["ana1@example.com"]


def test_a_reset_ends_every_other_session_of_the_account(app, client, inbox):
    sign_up(client, logged_in=False)
    phone = app.test_client()
    assert login(phone, remember=True).status_code == 302
    ask_reset(client)
    assert choose(client, reset_path(inbox.wait_for(1)[0])).status_code == 302
    assert phone.get("/auth/password").status_code == 302  # sent to log in
    phone.delete_cookie("session")
    assert phone.get("/auth/password").status_code == 302  # the remember cookie died too


def test_an_expired_or_forged_link_is_refused(app, client, inbox, monkeypatch):
    import itsdangerous.timed

    sign_up(client, logged_in=False)
    sign_up(app.test_client(), "Bea2", logged_in=False)
    ask_reset(client)
    path = reset_path(inbox.wait_for(1)[0])
    real_time = time.time
    monkeypatch.setattr(itsdangerous.timed, "time", type("Clock", (), {
        "time": staticmethod(lambda: real_time() + 3601)}))
    assert "expired" in flashed(client, client.get(path))
    monkeypatch.undo()
    assert client.get(path).status_code == 200
    assert "expired" in flashed(client, client.get(path[:-3] + "abc"))  # tampered signature
    assert client.get("/auth/reset/not-a-token").status_code == 302


def test_the_new_password_follows_the_policy(app, client, inbox):
    sign_up(client, logged_in=False)
    ask_reset(client)
    path = reset_path(inbox.wait_for(1)[0])
    page = choose(client, path, "password123").get_data(as_text=True)
    assert "most common" in page
    assert "must not contain your username" in choose(client, path, "xx-ana1-xx").get_data(as_text=True)
    assert login(client).status_code == 302  # nothing changed


class TestMailThrottle:
    @pytest.fixture
    def app_config(self, inbox):
        return {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": inbox.port, "SMTP_TLS": "none",
                "SMTP_USERNAME": SMTP_USER, "SMTP_PASSWORD": SMTP_PASSWORD,
                "RESET_EMAIL_RATE_LIMIT": "2/hour",
                "RESET_RATE_LIMIT": "100/minute"}

    def test_one_address_gets_only_so_many_mails_whoever_asks(self, app, client, inbox):
        sign_up(client, logged_in=False)
        codes = [ask_reset(app.test_client(), "ANA1@Example.com").status_code for _ in range(3)]
        assert codes == [302, 302, 429]
        assert ask_reset(client, "nobody@example.com").status_code == 302  # its own count
        assert len(inbox.wait_for(2)) == 2


class TestOneKeyPerMailbox:
    """The per-address limit counts a mailbox, not a spelling: the account is found by the
    address's normal form (domain case-folded: `ſ`->s, `ß`->ss, `ﬁ`->fi, `ﬆ`->st), so the
    limit keys on that same form, and the spellings below share one count of 3."""

    SPELLINGS = ("ana@first.example.com", "ana@ﬁrst.example.com", "ana@firſt.example.com",
                 "ana@FIRﬆ.example.com", "Ana@ﬁrſt.EXAMPLE.com", "ana@ﬁrﬆ.example.com")

    @pytest.fixture
    def app_config(self, inbox):
        return {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": inbox.port, "SMTP_TLS": "none",
                "SMTP_USERNAME": SMTP_USER, "SMTP_PASSWORD": SMTP_PASSWORD,
                "RESET_EMAIL_RATE_LIMIT": "3/hour", "RESET_RATE_LIMIT": "100/minute"}

    def test_spellings_of_one_mailbox_share_one_limit(self, app, client, inbox):
        sign_up(client, "Ana", email="ana@first.example.com", logged_in=False)
        codes = [ask_reset(app.test_client(), address).status_code for address in self.SPELLINGS]
        assert codes == [302, 302, 302, 429, 429, 429]
        worker_sends(app)  # the outbox holds nothing more (each ask_reset sent what it held)
        assert len(inbox.wait_for(3)) == 3 and len(inbox.messages) == 3
        assert {message["To"] for message in inbox.messages} == {"ana@first.example.com"}


class TestWithoutSmtp:
    """Development: no SMTP_HOST, so the mail is written to the log."""

    @pytest.fixture
    def app_config(self):
        return {"SMTP_HOST": ""}

    def test_the_worker_prints_the_mail_to_its_log(self, client, caplog):
        caplog.set_level(logging.INFO)
        sign_up(client, logged_in=False)
        assert ask_reset(client, send=False).status_code == 302
        assert "/auth/reset/" not in caplog.text  # the request only asked
        worker_sends(client.application)
        assert "not sent" in caplog.text and "http://localhost/auth/reset/" in caplog.text
        path = "/auth/reset/" + re.search(r"/auth/reset/(\S+)", caplog.text).group(1)
        assert choose(client, path).status_code == 302
