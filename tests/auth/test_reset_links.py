"""#24.2: reset links only ever point at the site's own address.

With PUBLIC_URL set the link is built on it alone: a forged Host and X-Forwarded-Host (read by
ProxyFix behind TRUSTED_PROXIES, the worst case) change nothing in the mail a real SMTP server
(aiosmtpd on loopback) receives. Production refuses to start without PUBLIC_URL, and
TRUSTED_HOSTS makes Flask refuse any other Host with a 400.
"""
from __future__ import annotations

import re

import pytest

from siete.app import create_app
from tests.support.accounts import sign_up
from tests.support.mail import SMTP_PASSWORD, SMTP_USER, worker_sends

STRONG_KEY = "k" * 48
FORGED = {"Host": "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http"}


@pytest.fixture
def app_config(inbox):
    return {"SMTP_HOST": "127.0.0.1", "SMTP_PORT": inbox.port, "SMTP_TLS": "none",
            "SMTP_USERNAME": SMTP_USER, "SMTP_PASSWORD": SMTP_PASSWORD,
            "PUBLIC_URL": "https://siete.example/", "TRUSTED_PROXIES": 1}


def test_a_forged_host_cannot_point_the_mailed_link_elsewhere(app, client, inbox):
    sign_up(client, logged_in=False)
    response = client.post("/auth/forgot", data={"email": "ana1@example.com"}, headers=FORGED)
    assert response.status_code == 302
    worker_sends(app)
    (message,) = inbox.wait_for(1)
    links = re.findall(r"\S+/auth/reset/\S+", message.get_content())
    assert len(links) == 1 and links[0].startswith("https://siete.example/auth/reset/")
    assert "evil" not in message.as_string()


@pytest.mark.parametrize("url", ["", "siete.example", "ftp://siete.example", "https://", "http://[",
                                 "https://siete.example/?next=x"])
def test_production_refuses_to_start_without_a_proper_public_url(monkeypatch, tmp_path, url):
    monkeypatch.setenv("SIETE_ENV", "production")
    with pytest.raises(RuntimeError, match="PUBLIC_URL"):
        create_app({"SECRET_KEY": STRONG_KEY, "PUBLIC_URL": url,
                    "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.db'}"})


def test_production_starts_with_a_public_url(monkeypatch, tmp_path):
    monkeypatch.setenv("SIETE_ENV", "production")
    monkeypatch.setenv("PUBLIC_URL", "https://siete.example")
    app = create_app({"SECRET_KEY": STRONG_KEY, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.db'}"})
    assert app.config["PUBLIC_URL"] == "https://siete.example"


def test_outside_production_a_public_url_must_still_be_an_address(tmp_path):
    with pytest.raises(RuntimeError, match="PUBLIC_URL"):
        create_app({"PUBLIC_URL": "siete.example", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.db'}"})


class TestTrustedHosts:
    @pytest.fixture
    def app_config(self, monkeypatch):
        monkeypatch.setenv("TRUSTED_HOSTS", "siete.example, .siete.example")
        return {"TRUSTED_PROXIES": 1}

    def test_a_host_outside_the_list_is_refused_with_400(self, app, client):
        assert app.config["TRUSTED_HOSTS"] == ["siete.example", ".siete.example"]
        assert client.get("/auth/forgot", base_url="http://siete.example").status_code == 200
        assert client.get("/auth/forgot", base_url="http://www.siete.example").status_code == 200
        for headers in ({"Host": "evil.example"}, {"X-Forwarded-Host": "evil.example"}):
            refused = client.post("/auth/forgot", data={"email": "ana1@example.com"}, headers=headers,
                                  base_url="http://siete.example")
            assert refused.status_code == 400, headers
        with app.app_context():
            from sqlalchemy import func, select

            from siete.data.base import db
            from siete.data.outbox_rows import OutboxRow
            assert db.session.scalar(select(func.count()).select_from(OutboxRow)) == 0
