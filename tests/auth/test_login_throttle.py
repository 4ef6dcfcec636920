"""#15.3: failed logins are throttled per client address AND per account, behind a proxy too.

The per-address limit keys on the real client once TRUSTED_PROXIES says how many proxies
stand in front (ProxyFix); without it X-Forwarded-For is ignored, so nobody can dodge the
limit by sending one. The per-account limit keys on the normalised username, and a browser
that logged in to that account before is exempt from it, so an attacker failing on purpose
cannot lock the owner out of their own devices.
"""
from __future__ import annotations

import pytest

from tests.support.accounts import PASSWORD, login, logout, register


def forwarded_for(address: str) -> dict[str, str]:
    """The header a proxy in front adds: the address the request came to it from."""
    return {"X-Forwarded-For": address}


def fresh_account(app, username="Ana1"):
    """Sign up in a throwaway browser, so the test's own clients have no known-device cookie."""
    signup = app.test_client()
    assert register(signup, username, headers=forwarded_for("10.9.9.9")).status_code == 302


class TestBehindATrustedProxy:
    @pytest.fixture
    def app_config(self):
        return {"TRUSTED_PROXIES": 1, "LOGIN_RATE_LIMIT": "3/minute",
                "LOGIN_ACCOUNT_RATE_LIMIT": "4/minute;6/hour", "REGISTER_RATE_LIMIT": "2/minute"}

    def test_one_attacker_does_not_lock_out_other_clients_of_the_proxy(self, app, client):
        """Before: every client shared the proxy's address and one attacker blocked them all."""
        fresh_account(app)
        fresh_account(app, "Bea2")
        for _ in range(3):
            assert login(client, "Bea2", "wrong-password", headers=forwarded_for("203.0.113.66")).status_code == 200
        assert login(client, "Bea2", "wrong-password", headers=forwarded_for("203.0.113.66")).status_code == 429
        owner = app.test_client()
        assert login(owner, headers=forwarded_for("198.51.100.7")).status_code == 302

    def test_a_new_address_gets_no_fresh_allowance_on_the_same_account(self, app, client):
        """Before: each address had its own 10 tries on the same username."""
        fresh_account(app)
        for n, name in enumerate(["Ana1", "ana1", " ANA1 ", "aNa1"]):
            assert login(client, name, "wrong-password", headers=forwarded_for(f"203.0.113.{n}")).status_code == 200
        blocked = login(client, "ana1", PASSWORD, headers=forwarded_for("203.0.113.99"))
        assert blocked.status_code == 429
        assert "Too many attempts" in blocked.get_data(as_text=True)

    def test_a_browser_that_logged_in_before_is_not_locked_out_by_the_account_limit(self, app, client):
        fresh_account(app)
        owner = app.test_client()
        assert login(owner, headers=forwarded_for("198.51.100.7")).status_code == 302
        logout(owner)
        attacker = app.test_client()
        for n in range(4):
            login(attacker, "Ana1", "wrong-password", headers=forwarded_for(f"203.0.113.{n}"))
        assert login(attacker, "Ana1", PASSWORD, headers=forwarded_for("203.0.113.50")).status_code == 429
        assert login(owner, headers=forwarded_for("198.51.100.7")).status_code == 302  # the known device

    def test_the_account_limit_backs_off(self, app, client, monkeypatch):
        """Past the per-minute tier the hourly one holds: waiting a minute buys fewer tries."""
        import time

        import limits.storage.memory as memory

        now = [time.time()]
        monkeypatch.setattr(memory, "time", type("Clock", (), {
            "time": staticmethod(lambda: now[0]), "sleep": staticmethod(time.sleep)}))
        fresh_account(app)
        tries = iter(range(100))

        def fail():
            address = f"203.0.113.{next(tries)}"
            return login(client, "Ana1", "wrong-password", headers=forwarded_for(address)).status_code

        assert [fail() for _ in range(5)] == [200, 200, 200, 200, 429]  # 4 a minute
        now[0] += 61
        assert [fail() for _ in range(3)] == [200, 200, 429]  # 6 an hour: only 2 more
        now[0] += 61
        assert fail() == 429
        now[0] += 3600
        assert fail() == 200

    def test_sign_ups_are_limited_per_real_client_address(self, app, client):
        assert register(client, "Ana1", headers=forwarded_for("203.0.113.5")).status_code == 302
        logout(client)
        assert register(client, "Bea2", headers=forwarded_for("203.0.113.5")).status_code == 302
        logout(client)
        assert register(client, "Cris3", headers=forwarded_for("203.0.113.5")).status_code == 429
        assert register(client, "Cris3", headers=forwarded_for("203.0.113.6")).status_code == 302

    def test_remote_addr_and_scheme_come_from_the_proxy(self, app, caplog):
        import logging

        caplog.set_level(logging.INFO)
        client = app.test_client()
        login(client, "Nobody", "wrong-password", headers=forwarded_for("203.0.113.77"))
        assert "from 203.0.113.77" in caplog.text


class TestWithoutATrustedProxy:
    @pytest.fixture
    def app_config(self):
        return {"LOGIN_RATE_LIMIT": "3/minute", "LOGIN_ACCOUNT_RATE_LIMIT": "50/minute"}

    def test_forwarded_headers_are_ignored_so_they_cannot_dodge_the_limit(self, app, client):
        assert app.config["TRUSTED_PROXIES"] == 0
        for n in range(3):
            assert login(client, "Nobody", "wrong-password", headers=forwarded_for(f"203.0.113.{n}")).status_code == 200
        assert login(client, "Nobody", "wrong-password", headers=forwarded_for("203.0.113.200")).status_code == 429


def test_trusted_proxies_comes_from_the_environment(monkeypatch, database_url):
    from siete.app import create_app

    monkeypatch.setenv("TRUSTED_PROXIES", "2")
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "memory://")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url})
    assert app.config["TRUSTED_PROXIES"] == 2
    assert type(app.wsgi_app).__name__ == "ProxyFix"
    monkeypatch.setenv("TRUSTED_PROXIES", "two")
    with pytest.raises(RuntimeError, match="TRUSTED_PROXIES"):
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url})
