"""Security headers, production hardening and the error pages (plain or htmx fragments)."""
from __future__ import annotations

import logging
import os
import sys
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, make_response, render_template, request
from flask_babel import lazy_gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from werkzeug.exceptions import HTTPException, MethodNotAllowed, SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response as BaseResponse

from siete.data.base import db
from siete.data.xmlfiles import XmlFileError
from siete.settings import DEV_SECRET_KEY, is_production

# No 'unsafe-inline' anywhere: every script and style lives in static/ (htmx's own indicator
# style is switched off in siete.js and replaced by rules in siete.css).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
# Keys that are public (in this repository or in tutorials) and must never sign production cookies.
KNOWN_WEAK_KEYS = {DEV_SECRET_KEY, "dev", "development", "secret", "changeme", "change-me", "test"}
MIN_SECRET_KEY_LENGTH = 32
ERROR_CODES = (400, 403, 404, 405, 409, 413, 429, 500, 503)
HSTS_MAX_AGE_S = 365 * 24 * 3600
# Pages are drawn per viewer (a player's own face-down card, their name in the header): no
# browser or proxy cache may keep or serve them again. Static files keep their own caching.
NO_STORE = "no-store"
# Flask-WTF's reasons for refusing a form (English, and "CSRF" means nothing to a player), in
# words a player can act on; the page adds "Reload the page and try again.". The usual one is a
# page left open across a log in or log out (in another tab, say): its form's token belongs to
# the session that ended.
OUT_OF_DATE = lazy_gettext(
    "This page is out of date: you logged in or out, or your session ended, after it was opened.")
CSRF_REASONS = {
    "The CSRF token is missing.": lazy_gettext("The form came without its security token."),
    "The CSRF session token is missing.": OUT_OF_DATE,
    "The CSRF token has expired.": OUT_OF_DATE,
    "The CSRF token is invalid.": lazy_gettext("The form's security token is not valid."),
    "The CSRF tokens do not match.": OUT_OF_DATE,
}
UNTRUSTED_HOST = lazy_gettext("This site does not answer to that host name.")
DB_DOWN_MESSAGE = lazy_gettext(
    "The game is briefly unavailable; your last move is safe. Try again in a moment.")
CARDS_FILE_MESSAGE = lazy_gettext(
    "No cards can be dealt: this server's cards file cannot be read. The people who run it "
    "have been told; try again later.")


def check_secret_key(app: Flask) -> None:
    """Refuse a missing, public or short SECRET_KEY (anyone holding it can forge sessions)."""
    key = app.config.get("SECRET_KEY")
    if not key or key in KNOWN_WEAK_KEYS or len(key) < MIN_SECRET_KEY_LENGTH:
        raise RuntimeError(
            "Refusing to start in production without a real SECRET_KEY: set the SECRET_KEY "
            f"environment variable to a random string of at least {MIN_SECRET_KEY_LENGTH} characters, "
            "e.g. python -c 'import secrets; print(secrets.token_urlsafe(48))'."
        )


def check_public_url(app: Flask, production: bool) -> None:
    """PUBLIC_URL (the site's own address, which reset links are built on) must be an absolute
    http(s) address; production refuses to start without one, so no link ever follows the Host
    or X-Forwarded-Host a client sent."""
    url = app.config.get("PUBLIC_URL") or ""
    try:
        parts = urlsplit(url)
        bad = bool(url) and (parts.scheme not in ("http", "https") or not parts.hostname
                             or bool(parts.query or parts.fragment))
    except ValueError:  # "http://[" and the like
        bad = True
    if bad:
        raise RuntimeError(f"PUBLIC_URL must be the site's address, like https://siete.example, not {url!r}")
    if production and not url:
        raise RuntimeError(
            "Refusing to start in production without PUBLIC_URL: set it to the address people "
            "reach the site at (e.g. https://siete.example). Password-reset links are built on "
            "it, never on the Host header a client sends.")


def trusted_hosts(app: Flask) -> None:
    """TRUSTED_HOSTS (comma-separated, e.g. "siete.example,.siete.example"): Flask then answers
    400 to a request whose Host (or, behind TRUSTED_PROXIES, X-Forwarded-Host) is not listed."""
    if app.config.get("TRUSTED_HOSTS") is None:
        listed = [h.strip() for h in os.environ.get("TRUSTED_HOSTS", "").split(",") if h.strip()]
        app.config["TRUSTED_HOSTS"] = listed or None


def harden_for_production(app: Flask) -> None:
    """HttpOnly cookies, no debugger, logs on stdout (where containers and systemd collect them).

    Cookies are Secure whenever the request came over HTTPS, in any mode (siete.web.deployment):
    forcing it here stopped logins over plain HTTP, e.g. from a phone on the LAN.
    """
    check_secret_key(app)
    app.config.update(
        DEBUG=False,
        SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_HTTPONLY=True, REMEMBER_COOKIE_SAMESITE="Lax",
    )
    app.debug = False
    if not any(getattr(h, "stream", None) is sys.stdout for h in app.logger.handlers):
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        app.logger.addHandler(handler)
    app.logger.setLevel(logging.INFO)


def add_security_headers(response: Response) -> Response:
    """after_request: the same protective headers on every response, error pages included.

    Every dynamic response is no-store (the table page, its fragments and polls carry the
    player's own face-down card); HSTS goes on HTTPS answers in production.
    """
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.endpoint != "static" and "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = NO_STORE
    if current_app.config.get("HSTS_ENABLED") and request.is_secure:
        response.headers.setdefault("Strict-Transport-Security",
                                    f"max-age={current_app.config.get('HSTS_MAX_AGE', HSTS_MAX_AGE_S)}")
    return response


def trust_proxies(app: Flask) -> None:
    """Behind TRUSTED_PROXIES reverse proxies, read the client's address, scheme and host from
    their X-Forwarded-* headers (ProxyFix). With 0 (the default) those headers are ignored:
    anyone could send them, and the login throttle keys on the address.
    """
    count = app.config.get("TRUSTED_PROXIES")
    if count is None:
        count = os.environ.get("TRUSTED_PROXIES", "0") or "0"
    try:
        count = int(count)
    except ValueError:
        raise RuntimeError(f"TRUSTED_PROXIES must be a whole number of proxies, not {count!r}") from None
    app.config["TRUSTED_PROXIES"] = count
    if count > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]  # Flask documents this assignment
            app.wsgi_app, x_for=count, x_proto=count, x_host=count)


def wants_fragment() -> bool:
    """htmx asked (HX-Request), so answer with a small fragment rather than a whole page."""
    return bool(request.headers.get("HX-Request"))


def render_error(code: int, description: str | None = None, safe_mode: bool = False,
                 page: str | None = None) -> Response:
    """The errors/<code>.html page (or `page`, a page of that code with words of its own), or
    for htmx a fragment aimed at the #flash region."""
    fragment = wants_fragment()
    html = render_template(page or f"errors/{code}.html", code=code, description=description,
                           fragment=fragment, safe_mode=safe_mode)
    response = make_response(html, code)
    if fragment:
        # Errors go to the flash region, whatever the request targeted (siete.js lets 4xx/5xx swap).
        response.headers["HX-Retarget"] = "#flash"
        response.headers["HX-Reswap"] = "innerHTML"
    return response


def handle_http_error(error: HTTPException) -> BaseResponse:
    """Error handler for the codes in ERROR_CODES; never shows a traceback."""
    code = error.code or 500
    if isinstance(error, SecurityError):  # a Host outside TRUSTED_HOSTS: no URL can be built
        return Response(str(UNTRUSTED_HOST), 400, mimetype="text/plain")  # for a page, so say it plainly
    if isinstance(error.response, BaseResponse):  # the raiser built its own page (e.g. a
        return error.response                     # rate limit's on_breach): keep it
    # A 500's text could come from an exception; show only the template's own words then.
    # Werkzeug's stock description is English: the template's own (translated) words say it.
    description = error.description if code < 500 else None
    if description == type(error).description:
        description = None
    elif isinstance(error, CSRFError) and description is not None:  # Flask-WTF's reasons are
        # English: the same, translated
        description = str(CSRF_REASONS.get(description, description))
    response = render_error(code, description, safe_mode=code >= 500)
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def handle_database_down(error: Exception) -> Response:
    """The database went away: roll back, log, and show a calm 503 instead of a crash."""
    if isinstance(error, DBAPIError) and not isinstance(error, (OperationalError, InterfaceError)) \
            and not error.connection_invalidated:
        raise error  # a real bug (integrity, syntax): let it become a logged 500
    current_app.logger.error("database unavailable: %s", error.__class__.__name__, exc_info=error)
    try:
        db.session.rollback()
    except Exception:  # the connection is gone; the rollback may fail too, and that is fine
        current_app.logger.warning("rollback after database error failed")
    # The page must not query again: reading current_user would load the account and raise
    # inside this handler (logged-in players got a bare 500). In safe mode base.html does not
    # read it, so the 503 page shows everyone as a visitor.
    return render_error(503, DB_DOWN_MESSAGE, safe_mode=True)


def handle_game_file_error(error: XmlFileError) -> Response:
    """The cards file, read on the first deal (XML.md), is missing or broken: the operator gets
    its one line in the log, as a bad file gave at start-up, the player a 503 page saying so."""
    current_app.logger.error("cannot deal: %s", error)
    db.session.rollback()  # the deal's transaction stops here
    return render_error(503, CARDS_FILE_MESSAGE, safe_mode=True)


def init_security(app: Flask) -> None:
    """Install headers, production checks and error handlers on the app."""
    production = is_production(app)
    if production:
        harden_for_production(app)
    check_public_url(app, production)
    trusted_hosts(app)
    app.config.setdefault("HSTS_ENABLED", production)
    trust_proxies(app)
    app.after_request(add_security_headers)
    for code in ERROR_CODES:
        app.register_error_handler(code, handle_http_error)
    for exc in (DBAPIError, PoolTimeoutError):
        app.register_error_handler(exc, handle_database_down)
    app.register_error_handler(XmlFileError, handle_game_file_error)
