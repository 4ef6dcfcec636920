"""What the app takes from where it runs (#14): a secret key made once into a file, an instance
folder it may not be able to create, and cookies that are Secure exactly over HTTPS."""
from __future__ import annotations

import stat
import threading
from pathlib import Path

import pytest

from siete.app import create_app
from siete.settings import DEV_SECRET_KEY
from siete.web.deployment import read_or_create_secret_key, secret_key_from_environment


def test_secret_key_from_the_environment_wins(monkeypatch, tmp_path):
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setenv("SECRET_KEY_FILE", str(tmp_path / "key"))
    assert secret_key_from_environment(DEV_SECRET_KEY) == "from-env"
    assert not (tmp_path / "key").exists()


def test_secret_key_file_is_made_once_private_and_reused(monkeypatch, tmp_path):
    path = tmp_path / "state" / "secret_key"
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("SECRET_KEY_FILE", str(path))
    first = secret_key_from_environment(DEV_SECRET_KEY)
    assert len(first) == 64 and first != DEV_SECRET_KEY
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert secret_key_from_environment(DEV_SECRET_KEY) == first  # a restart keeps the sessions
    assert [p.name for p in path.parent.iterdir()] == ["secret_key"]  # no drafts left behind


def test_an_empty_secret_key_means_the_file_then_the_development_key(monkeypatch, tmp_path):
    monkeypatch.setenv("SECRET_KEY", "")
    monkeypatch.delenv("SECRET_KEY_FILE", raising=False)
    assert secret_key_from_environment(DEV_SECRET_KEY) == DEV_SECRET_KEY


def test_replicas_starting_together_agree_on_one_key(tmp_path):
    path = tmp_path / "secret_key"
    keys, start = [], threading.Barrier(8)

    def replica():
        start.wait()
        keys.append(read_or_create_secret_key(path))

    threads = [threading.Thread(target=replica) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(keys)) == 1 and keys[0] == path.read_text().strip()


def test_an_empty_key_file_is_refused_with_a_clear_message(tmp_path):
    path = tmp_path / "secret_key"
    path.write_text("\n")
    with pytest.raises(RuntimeError, match="is empty"):
        read_or_create_secret_key(path)


def test_the_app_starts_where_its_instance_folder_cannot_be_made(monkeypatch, tmp_path):
    """The container's /app is not writable by its user: MySQL needs no instance folder (#14)."""
    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.sqlite'}",
                      "SECRET_KEY": "k" * 40})
    assert app.name == "siete"


def session_cookie_header(client, base_url: str, **headers) -> str:
    """The Set-Cookie header of the session cookie the login page starts (it holds the CSRF token)."""
    response = client.get("/auth/login", base_url=base_url, headers=headers)
    assert response.status_code == 200
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert cookies, response.headers
    return cookies[0]


@pytest.fixture
def production_app(monkeypatch, database_url):
    monkeypatch.setenv("SIETE_ENV", "production")
    monkeypatch.setenv("PUBLIC_URL", "https://siete.example")  # production needs it (#24.2)
    app = create_app({"SECRET_KEY": "p" * 48, "SQLALCHEMY_DATABASE_URI": database_url,
                      "BABEL_DEFAULT_LOCALE": "en"})
    from siete.data.base import db
    from siete.data.database import init_database
    with app.app_context():
        init_database()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_production_cookies_over_plain_http_are_not_secure(production_app):
    """A phone at http://192.168.x.y:8000 must get a cookie it will send back (#14)."""
    cookie = session_cookie_header(production_app.test_client(), "http://192.168.1.20:8000")
    assert "HttpOnly" in cookie and "Secure" not in cookie


def test_cookies_over_https_are_secure_in_any_mode(production_app, app):
    for flask_app in (production_app, app):
        cookie = session_cookie_header(flask_app.test_client(), "https://siete.example")
        assert "; Secure" in cookie


def test_a_caller_may_still_ask_for_a_secure_cookie_over_http(app):
    with app.test_request_context("/", base_url="http://localhost"):
        response = app.response_class("x")
        response.set_cookie("a", "1", secure=True)
        response.set_cookie("b", "2")
        a, b = response.headers.getlist("Set-Cookie")
    assert "Secure" in a and "Secure" not in b


@pytest.mark.parametrize("proxies, forwarded_proto, secure", [
    # compose.prod.yaml: the TLS proxy says https, nginx adds what it saw (docker/nginx/)
    (2, "https, http", True),
    (2, "http", False),  # a request that reached nginx some other way than the TLS proxy
    # docker-compose.yml: clients reach nginx directly; a client's own claim comes first
    (1, "https, http", False),
    (1, "http", False),
])
def test_behind_trusted_proxies_the_scheme_the_first_believed_one_saw_decides(
        database_url, proxies, forwarded_proto, secure):
    """The scheme nginx passes on (#24.2, #24.8) and the number of proxies each compose file
    tells the app to believe: Secure cookies exactly when the request came over HTTPS."""
    app = create_app({"SECRET_KEY": "p" * 48, "SQLALCHEMY_DATABASE_URI": database_url,
                      "TRUSTED_PROXIES": proxies, "BABEL_DEFAULT_LOCALE": "en"})
    from siete.data.base import db
    from siete.data.database import init_database
    with app.app_context():
        init_database()
    try:
        cookie = session_cookie_header(app.test_client(), "http://siete.example",
                                       **{"X-Forwarded-Proto": forwarded_proto})
        assert ("; Secure" in cookie) is secure, cookie
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def test_behind_a_trusted_proxy_the_forwarded_scheme_decides(monkeypatch, database_url):
    """One proxy that says https (TRUSTED_PROXIES=1)."""
    app = create_app({"SECRET_KEY": "p" * 48, "SQLALCHEMY_DATABASE_URI": database_url,
                      "TRUSTED_PROXIES": 1, "BABEL_DEFAULT_LOCALE": "en"})
    from siete.data.base import db
    from siete.data.database import init_database
    with app.app_context():
        init_database()
    try:
        client = app.test_client()
        over_https = session_cookie_header(client, "http://siete.example", **{"X-Forwarded-Proto": "https"})
        over_http = session_cookie_header(app.test_client(), "http://siete.example")
        assert "; Secure" in over_https and "Secure" not in over_http
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
