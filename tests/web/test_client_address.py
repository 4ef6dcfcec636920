"""Whom the per-address limits count (SECURITY.md, "Login throttling", "Guests", the streams):
an IPv4 client is its address; an IPv6 client holds a whole /64 (a home, a phone, a server: 2^64
addresses, any of which it may send from), so each address counted alone let one client dodge
every per-address limit by counting up its last bits: a new guest, sign-up, failed login or
stream per address. Such a client is now its /64."""
from __future__ import annotations

from collections import Counter

import pytest

from siete.web.rate_limits import client_address
from tests.support.play import client_for, make_user


@pytest.fixture
def app_config() -> dict:
    return {"GUEST_RATE_LIMIT": "2/minute", "LOGIN_RATE_LIMIT": "2/minute"}


@pytest.mark.parametrize(("address", "counted"), [
    ("192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
    ("::ffff:192.0.2.7", "192.0.2.7"),  # an IPv4 client seen through an IPv6 socket
    ("not an address", "not an address"),
])
def test_an_ipv6_client_is_counted_as_its_64(app, address, counted):
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": address}):
        assert client_address() == counted


def guest_from(app, address: str) -> int:
    return app.test_client().post("/auth/guest", environ_base={"REMOTE_ADDR": address}).status_code


def test_one_64_makes_guests_as_one_address_does(app):
    assert [guest_from(app, f"2001:db8:0:7::{n}") for n in (1, 2, 3)] == [303, 303, 429]
    assert guest_from(app, "2001:db8:0:8::1") == 303  # the next /64 is someone else


def test_failed_logins_from_one_64_share_the_addresses_count(app):
    codes = [app.test_client().post("/auth/login", data={"username": f"nobody{n}", "password": "wrong-one"},
                                    environ_base={"REMOTE_ADDR": f"2001:db8:0:9::{n}"}).status_code
             for n in (1, 2, 3)]
    assert codes[-1] == 429 and 429 not in codes[:-1]


def test_streams_from_one_64_share_the_addresses_cap(app, monkeypatch):
    monkeypatch.setattr("siete.service.news.table_stream._open", Counter())
    app.config["STREAMS_PER_ADDRESS"] = 2
    people = [client_for(app, make_user(app, name)) for name in ("Ana", "Bea", "Cy")]
    held = [person.get("/lobby/stream", environ_base={"REMOTE_ADDR": f"2001:db8:0:a::{n}"})
            for n, person in enumerate(people[:2], start=1)]
    assert [answer.status_code for answer in held] == [200, 200]
    refused = people[2].get("/lobby/stream", environ_base={"REMOTE_ADDR": "2001:db8:0:a::3"})
    refused.close()
    assert refused.status_code == 429
    for answer in reversed(held):
        answer.close()
