"""CSRF, security headers, production start-up checks, error pages and CSP-clean HTML."""
from __future__ import annotations

import json
import re
from pathlib import Path

import lxml.html
import pytest

from siete.app import create_app
from siete.web.security import CONTENT_SECURITY_POLICY, DB_DOWN_MESSAGE

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
STRONG_KEY = "k" * 48


def csrf_from_page(html: str) -> tuple[str, str]:
    """The token in the hidden form field and the one in <body hx-headers>."""
    doc = lxml.html.fromstring(html)
    field = doc.xpath("//input[@name='csrf_token']/@value")[0]
    header = json.loads(doc.xpath("//body/@hx-headers")[0])["X-CSRFToken"]
    return field, header


LOGIN = {"username": "Nobody", "password": "whatever-123"}


class TestCsrf:
    """With CSRF on (the conftest app turns it off), every POST needs the token."""

    @pytest.fixture
    def app_config(self):
        return {"WTF_CSRF_ENABLED": True}

    def test_post_without_token_is_refused(self, client):
        response = client.post("/auth/login", data=LOGIN)
        assert response.status_code == 400
        assert "The form came without its security token." in response.get_data(as_text=True)

    def test_post_with_the_form_token_is_accepted(self, client):
        token, _ = csrf_from_page(client.get("/auth/login").get_data(as_text=True))
        response = client.post("/auth/login", data={**LOGIN, "csrf_token": token})
        assert response.status_code == 200
        assert "Wrong username or password" in response.get_data(as_text=True)

    def test_htmx_post_with_the_header_token_is_accepted(self, client):
        _, token = csrf_from_page(client.get("/auth/login").get_data(as_text=True))
        response = client.post("/auth/login", data=LOGIN,
                               headers={"X-CSRFToken": token, "HX-Request": "true"})
        assert response.status_code == 200

    def test_htmx_post_without_token_gets_an_error_fragment_for_flash(self, client):
        response = client.post("/auth/login", data=LOGIN, headers={"HX-Request": "true"})
        assert response.status_code == 400
        assert response.headers["HX-Retarget"] == "#flash"
        assert "<html" not in response.get_data(as_text=True)

    def test_a_token_from_another_session_is_refused(self, app, client):
        token, _ = csrf_from_page(client.get("/auth/login").get_data(as_text=True))
        other = app.test_client()
        assert other.post("/auth/login", data={**LOGIN, "csrf_token": token}).status_code == 400

    def test_a_form_left_open_across_a_logout_says_the_page_is_out_of_date(self, client):
        """A newcomer's trial met "The CSRF session token is missing." on a page left open in
        another tab after logging out: jargon, where the page should say what happened."""
        token, _ = csrf_from_page(client.get("/auth/register").get_data(as_text=True))
        client.post("/auth/register", data={
            "csrf_token": token, "username": "Ana2", "email": "ana2@example.com",
            "password": "correct-horse-9", "confirm": "correct-horse-9"})
        stale, _ = csrf_from_page(client.get("/auth/password").get_data(as_text=True))
        assert client.post("/auth/logout", data={"csrf_token": stale}).status_code == 302
        response = client.post("/auth/logout", data={"csrf_token": stale})  # the other tab's button
        assert response.status_code == 400
        page = response.get_data(as_text=True).split("<main")[1]  # the words, not the page's headers
        assert "This page is out of date: you logged in or out" in page
        assert "Reload the page and try again." in page and "CSRF" not in page
        client.set_cookie("lang", "es")
        page = client.post("/auth/logout", data={"csrf_token": stale}).get_data(as_text=True).split("<main")[1]
        assert "Esta página está desfasada" in page and "CSRF" not in page

    def test_register_login_and_logout_work_with_tokens(self, client):
        token, _ = csrf_from_page(client.get("/auth/register").get_data(as_text=True))
        response = client.post("/auth/register", data={
            "csrf_token": token, "username": "Ana1", "email": "ana1@example.com",
            "password": "correct-horse-9", "confirm": "correct-horse-9"})
        assert response.status_code == 302
        # The session was renewed at login: the page hands out a token that works with it.
        token, _ = csrf_from_page(client.get("/auth/password").get_data(as_text=True))
        assert client.post("/auth/logout", data={"csrf_token": token}).status_code == 302


@pytest.mark.parametrize("path", ["/auth/login", "/no-such-page", "/static/css/siete.css", "/livez"])
def test_security_headers_on_every_response(client, path):
    headers = client.get(path).headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize("path", ["/static/css/siete.css", "/static/js/siete.js", "/static/htmx.min.js",
                                  "/static/img/favicon.svg"])
def test_static_files_are_served(client, path):
    assert client.get(path).status_code == 200


def test_csp_allows_nothing_inline():
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY and "unsafe-eval" not in CONTENT_SECURITY_POLICY
    for directive in ("script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"):
        assert directive in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("env", [("SIETE_ENV", "production"), ("FLASK_ENV", "production")])
@pytest.mark.parametrize("key", ["", "dev-only-not-a-secret", "short-but-random-8f3a", "changeme"])
def test_production_refuses_a_weak_secret_key(monkeypatch, tmp_path, env, key):
    monkeypatch.setenv(*env)
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        create_app({"SECRET_KEY": key, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.db'}"})


def test_production_via_config_and_its_hardening(monkeypatch, tmp_path):
    monkeypatch.delenv("SIETE_ENV", raising=False)
    monkeypatch.delenv("FLASK_ENV", raising=False)
    url = f"sqlite:///{tmp_path / 'p.db'}"
    with pytest.raises(RuntimeError):
        create_app({"ENV_NAME": "production", "SQLALCHEMY_DATABASE_URI": url})
    app = create_app({"ENV_NAME": "production", "SECRET_KEY": STRONG_KEY, "DEBUG": True,
                      "SQLALCHEMY_DATABASE_URI": url, "PUBLIC_URL": "https://siete.example"})
    assert app.debug is False
    for prefix in ("SESSION_COOKIE", "REMEMBER_COOKIE"):
        # Secure follows the request's scheme, not the mode: tests/web/test_deployment.py.
        assert not app.config.get(f"{prefix}_SECURE")
        assert app.config[f"{prefix}_HTTPONLY"] is True
        assert app.config[f"{prefix}_SAMESITE"] == "Lax"


def test_error_page_for_405_keeps_allow_header(client):
    response = client.get("/auth/logout")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]
    assert "Not allowed here" in response.get_data(as_text=True)


def test_404_is_a_page_or_an_htmx_fragment(client):
    page = client.get("/no-such-page")
    assert page.status_code == 404 and "<html" in page.get_data(as_text=True)
    fragment = client.get("/no-such-page", headers={"HX-Request": "true"})
    body = fragment.get_data(as_text=True)
    assert fragment.status_code == 404 and "<html" not in body and 'role="alert"' in body
    assert (fragment.headers["HX-Retarget"], fragment.headers["HX-Reswap"]) == ("#flash", "innerHTML")


class TestServerErrors:
    """Unexpected errors show a plain page with no traceback or exception text."""

    @pytest.fixture
    def app_config(self):
        return {"TESTING": False, "PROPAGATE_EXCEPTIONS": False}

    def test_500_shows_no_traceback(self, app):
        @app.get("/_boom")
        def boom():
            raise RuntimeError("internal detail: password=hunter2")

        response = app.test_client().get("/_boom")
        body = response.get_data(as_text=True)
        assert response.status_code == 500 and "Something went wrong" in body
        assert "hunter2" not in body and "Traceback" not in body
        assert response.headers["X-Frame-Options"] == "DENY"


@pytest.fixture
def db_down_app(tmp_path):
    """An app whose database server does not answer (nothing listens on port 1)."""
    app = create_app({"TESTING": True, "SECRET_KEY": STRONG_KEY, "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": "mysql+pymysql://siete@127.0.0.1:1/siete_down",
                      "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"connect_timeout": 2}},
                      "BABEL_DEFAULT_LOCALE": "en"})  # the assertions read English
    yield app
    from siete.data.base import db

    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize("htmx", [False, True])
def test_database_down_gives_a_calm_503(db_down_app, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = db_down_app.test_client().post("/auth/login", data=LOGIN, headers=headers)
    body = response.get_data(as_text=True)
    assert response.status_code == 503
    assert DB_DOWN_MESSAGE.split(";")[0] in body and "your last move is safe" in body
    assert ("<html" in body) is not htmx
    assert "Traceback" not in body and "OperationalError" not in body


def pages_to_check(client) -> list[str]:
    """The HTML of the pages this module serves, logged out and logged in."""
    pages = [client.get(p).get_data(as_text=True) for p in ("/auth/login", "/auth/register", "/missing")]
    pages.append(client.post("/auth/register", data={"username": "1x"}).get_data(as_text=True))
    client.post("/auth/register", data={"username": "Ana1", "email": "ana1@example.com",
                                        "password": "correct-horse-9", "confirm": "correct-horse-9"})
    pages.append(client.get("/auth/password").get_data(as_text=True))
    return pages


def assert_csp_clean(doc) -> None:
    assert doc.xpath("//style") == [], "no <style> elements"
    assert doc.xpath("//*[@style]") == [], "no style= attributes"
    assert doc.xpath("//script[not(@src)]") == [], "no inline <script>"
    handlers = [a for el in doc.iter() if isinstance(el.tag, str) for a in el.attrib if a.startswith("on")]
    assert handlers == [], "no inline event handlers"


def test_served_pages_have_no_inline_style_or_script(client):
    for html in pages_to_check(client):
        assert_csp_clean(lxml.html.fromstring(html))
        assert "<style" not in html and " style=" not in html


def test_no_template_has_inline_style_or_script():
    """Every template in the project keeps the CSP promise (checked on the source)."""
    inline_script = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "<style" not in text.lower(), path
        assert not re.search(r"\sstyle\s*=", text, re.IGNORECASE), path
        assert not inline_script.search(text), path
        assert not re.search(r"\son[a-z]+\s*=\s*[\"']", text, re.IGNORECASE), path


def test_an_oversized_body_is_refused_before_parsing(client):
    """MAX_CONTENT_LENGTH: a 100 KB form gets a plain 413 page, with the security headers."""
    response = client.post("/auth/login", data={"username": "x" * 100_000, "password": "y"})
    assert response.status_code == 413
    assert "too much" in response.get_data(as_text=True)
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_health_check_passes_an_allow_list_of_hosts_with_the_sites_own_host(tmp_path):
    """#24.2: with TRUSTED_HOSTS set, another Host is refused (400), and the image's health check,
    which names PUBLIC_URL's host (docker/healthcheck.py), still finds the app healthy."""
    from siete.app import create_app

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'h.sqlite'}",
                      "TRUSTED_HOSTS": ["siete.example"]})
    client = app.test_client()
    assert client.get("/healthz", headers={"Host": "siete.example"}).status_code == 200
    assert client.get("/healthz", headers={"Host": "127.0.0.1:8000"}).status_code == 400
