"""Malformed URLs wherever a request's URL is read (issue #24.5): the HX-Current-URL header a
login-required page reads to send the visitor back, the `next=` of the language switch and of
the login page, and a Referer for good measure. `http://[` once made urlsplit raise and the
page answer 500. Each place answers with a clear refusal or a safe fallback, and every
redirect stays on this site (siete.web.urls is the one reader)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.urls import iri_to_uri

from siete.web.urls import MAX_URL_LENGTH, same_site_path
from tests.support.play import HX, client_for, make_user

FUZZ = settings(max_examples=60, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
MALFORMED = [
    "http://[", "http://%5B", "http://[::1", "https://[zz]/", "http://%5B/x", "http://a:b/",
    "http://localhost:99999999/", "http://localhost:abc/games", "//evil.example/", "///evil.example",
    "/\\evil.example", "\\\\evil.example", "https://evil.example/", "javascript:alert(1)",
    "http:/games", "/games\x00", "/ga\tmes", "\x01/games", "/games\u2028x", "/\u202egames",
    "\ufeff/games", "/ñandú/🂡", "http://localhost/ñ", "http://[::1]:80/games", "x" * 10_000,
    "/" + "a" * (MAX_URL_LENGTH + 1), "http://localhost/" + "%" * 3000, "%", "?next=//evil", "",
    " //evil.example", "/\x7f", "http://localhost/games?x=\x00", "http://user@evil.example@localhost/",
]
# Anything a client can put in a query or (as bytes) a header: text, up to a few KB.
VALUES = st.one_of(st.sampled_from(MALFORMED),
                   st.text(st.characters(exclude_categories=("Cs",)), max_size=3000),
                   st.text(st.characters(exclude_categories=("Cs",)), max_size=40).map(lambda t: "http://" + t),
                   st.text(st.characters(exclude_categories=("Cs",)), max_size=40).map(lambda t: "/" + t))


@pytest.fixture
def app_config():
    """No rate limits: the fuzzer logs in far more often than a person."""
    return {"RATELIMIT_ENABLED": False}


def as_header(value: str) -> str:
    """The value as a server hands a header to the app: its UTF-8 bytes read as Latin-1, and
    no line breaks (HTTP cannot carry them; Werkzeug's client refuses them)."""
    return value.encode("utf-8").decode("latin-1").replace("\r", "").replace("\n", "")


def assert_stays_on_site(target: str) -> None:
    """A redirect target (or a login URL's `next`) is a path on this site."""
    parts = urlsplit(target)
    assert not parts.scheme and not parts.netloc, target
    assert target.startswith("/") and not target.startswith("//") and "\\" not in target, target


def assert_safe(response) -> None:
    body = response.get_data(as_text=True)
    assert response.status_code < 500, body[:300]
    assert "Traceback" not in body
    for header in ("Location", "HX-Redirect"):
        if header in response.headers:
            assert_stays_on_site(response.headers[header])
            returns_to = parse_qs(urlsplit(response.headers[header]).query).get("next", [])
            for target in returns_to:
                assert_stays_on_site(target)


def login_required_pages(app) -> list[tuple[str, str]]:
    """(method, URL) of every route that asks for a login, with sample values for its arguments."""
    samples = {"game_id": 1, "name": "Ana", "code": "en", "key": "highest_bet", "action": "bet",
               "filename": "css/base.css", "token": "x", "session_id": 1, "extension": "csv"}
    found = []
    for rule in app.url_map.iter_rules():
        url = rule.build({a: samples[a] for a in rule.arguments}, append_unknown=False)[1]
        for method in sorted(rule.methods & {"GET", "POST"}):
            # A fresh visitor each time: Play now and "Play as a guest" log a visitor in (#38).
            response = client_for(app, None).open(url, method=method, headers=HX)
            if response.mimetype == "text/event-stream":
                response.close()  # a live page's stream stays open for minutes: never read it here
            else:
                response.get_data()  # a streamed download holds its request open until it is read
            if response.status_code == 401 and "HX-Redirect" in response.headers:
                found.append((method, url))
    return found


def test_login_required_pages_are_found(app):
    pages = login_required_pages(app)
    assert ("GET", "/games") in pages and ("POST", "/tables/1/back") in pages and len(pages) >= 8


@FUZZ
@given(value=VALUES)
def test_a_malformed_current_url_on_any_login_required_page(app, value):
    if not hasattr(app, "login_pages"):
        app.login_pages = login_required_pages(app)
    client = client_for(app, None)
    for method, url in app.login_pages:
        headers = {**HX, "HX-Current-URL": as_header(value), "Referer": as_header(value)}
        response = client.open(url, method=method, headers=headers)
        assert response.status_code == 401, (method, url, response.status_code)
        assert_safe(response)
        plain = client.open(url, method=method, headers={"Referer": as_header(value)})
        assert_safe(plain)


@FUZZ
@given(value=VALUES, code=st.sampled_from(["en", "es", "xx"]))
def test_a_malformed_next_on_the_language_switch(app, value, code):
    response = app.test_client().get(f"/language/{code}", query_string={"next": value},
                                      headers={"Referer": as_header(value)})
    assert response.status_code == 302
    assert_safe(response)
    assert response.headers["Location"] == iri_to_uri(same_site_path(value) or "/")  # as sent


@FUZZ
@given(value=VALUES)
def test_a_malformed_next_on_the_login_page(app, value):
    if not hasattr(app, "ana"):
        app.ana = make_user(app, "Ana")
    form = app.test_client().get("/auth/login", query_string={"next": value})
    assert form.status_code == 200
    assert_safe(form)
    logged_in = client_for(app, app.ana).get("/auth/login", query_string={"next": value})
    assert logged_in.status_code == 302
    assert_safe(logged_in)
    assert logged_in.headers["Location"] == iri_to_uri(same_site_path(value) or "/")


def test_the_three_old_500s_answer_safely(app):
    """The issue's cases, one by one."""
    ana = make_user(app, "Ana")
    page = client_for(app, None).get("/games", headers={**HX, "HX-Current-URL": "http://["})
    assert page.status_code == 401 and page.headers["HX-Redirect"] == "/auth/login?next=/games"
    switch = client_for(app, None).get("/language/en?next=http://%5B")
    assert switch.status_code == 302 and switch.headers["Location"] == "/"
    login = client_for(app, ana).get("/auth/login?next=http://%5B")
    assert login.status_code == 302 and login.headers["Location"] == "/"
