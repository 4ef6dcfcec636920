"""Security headers, production hardening and the error pages (plain or htmx fragments)."""
from __future__ import annotations

import logging
import os
import sys

from flask import Flask, Response, current_app, g, make_response, render_template, request
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from werkzeug.exceptions import HTTPException

from siete import DEV_SECRET_KEY  # the factory's development default
from siete.extensions import login_manager

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
ERROR_CODES = (400, 403, 404, 405, 413, 429, 500, 503)
DB_DOWN_MESSAGE = "The game is briefly unavailable; your last move is safe. Try again in a moment."


def is_production(app: Flask) -> bool:
    """True when SIETE_ENV or FLASK_ENV is 'production', or the config says ENV_NAME='production'."""
    names = {os.environ.get("SIETE_ENV"), os.environ.get("FLASK_ENV"), app.config.get("ENV_NAME")}
    return "production" in names


def check_secret_key(app: Flask) -> None:
    """Refuse a missing, public or short SECRET_KEY (anyone holding it can forge sessions)."""
    key = app.config.get("SECRET_KEY")
    if not key or key in KNOWN_WEAK_KEYS or len(key) < MIN_SECRET_KEY_LENGTH:
        raise RuntimeError(
            "Refusing to start in production without a real SECRET_KEY: set the SECRET_KEY "
            f"environment variable to a random string of at least {MIN_SECRET_KEY_LENGTH} characters, "
            "e.g. python -c 'import secrets; print(secrets.token_urlsafe(48))'."
        )


def harden_for_production(app: Flask) -> None:
    """Secure cookies, no debugger, logs on stdout (where containers and systemd collect them)."""
    check_secret_key(app)
    app.config.update(
        DEBUG=False,
        SESSION_COOKIE_SECURE=True, SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_SECURE=True, REMEMBER_COOKIE_HTTPONLY=True, REMEMBER_COOKIE_SAMESITE="Lax",
    )
    app.debug = False
    if not any(getattr(h, "stream", None) is sys.stdout for h in app.logger.handlers):
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        app.logger.addHandler(handler)
    app.logger.setLevel(logging.INFO)


def add_security_headers(response: Response) -> Response:
    """after_request: the same protective headers on every response, error pages included."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def wants_fragment() -> bool:
    """htmx asked (HX-Request), so answer with a small fragment rather than a whole page."""
    return bool(request.headers.get("HX-Request"))


def render_error(code: int, description: str | None = None, safe_mode: bool = False) -> Response:
    """The errors/<code>.html page, or for htmx a fragment aimed at the #flash region."""
    fragment = wants_fragment()
    html = render_template(f"errors/{code}.html", code=code, description=description,
                           fragment=fragment, safe_mode=safe_mode)
    response = make_response(html, code)
    if fragment:
        # Errors go to the flash region, whatever the request targeted (siete.js lets 4xx/5xx swap).
        response.headers["HX-Retarget"] = "#flash"
        response.headers["HX-Reswap"] = "innerHTML"
    return response


def handle_http_error(error: HTTPException) -> Response:
    """Error handler for the codes in ERROR_CODES; never shows a traceback."""
    code = error.code or 500
    # A 500's text could come from an exception; show only the template's own words then.
    description = error.description if code < 500 else None
    response = render_error(code, description, safe_mode=code >= 500)
    if code == 405 and getattr(error, "valid_methods", None):
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def handle_database_down(error: Exception) -> Response:
    """The database went away: roll back, log, and show a calm 503 instead of a crash."""
    if isinstance(error, DBAPIError) and not isinstance(error, (OperationalError, InterfaceError)) \
            and not error.connection_invalidated:
        raise error  # a real bug (integrity, syntax): let it become a logged 500
    current_app.logger.error("database unavailable: %s", error.__class__.__name__, exc_info=error)
    try:
        from siete.db import db

        db.session.rollback()
    except Exception:  # the connection is gone; the rollback may fail too, and that is fine
        current_app.logger.warning("rollback after database error failed")
    # The page must not query again: base.html reads current_user, which would load (or, after
    # the rollback expired it, refresh) the user and raise inside this handler, so logged-in
    # players got a bare 500 instead of this page. The 503 page shows them as a visitor.
    g._login_user = login_manager.anonymous_user()
    return render_error(503, DB_DOWN_MESSAGE, safe_mode=True)


def init_security(app: Flask) -> None:
    """Install headers, production checks and error handlers on the app."""
    if is_production(app):
        harden_for_production(app)
    app.after_request(add_security_headers)
    for code in ERROR_CODES:
        app.register_error_handler(code, handle_http_error)
    for exc in (DBAPIError, PoolTimeoutError):
        app.register_error_handler(exc, handle_database_down)
