"""Flask extensions shared by the app: login sessions, CSRF protection and rate limits."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, flash, redirect, request, url_for
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager, UserMixin
from flask_wtf.csrf import CSRFProtect

login_manager = LoginManager()
csrf = CSRFProtect()
# Keyed by client address; the storage comes from RATELIMIT_STORAGE_URI (memory:// by default,
# which is per process: use redis:// or memcached:// when running several gunicorn workers).
limiter = Limiter(key_func=get_remote_address, default_limits=[])

login_manager.login_view = "auth.login"
login_manager.login_message = "Please log in to continue."
login_manager.login_message_category = "info"


@dataclass(frozen=True, eq=False)  # eq=False: UserMixin's equality (by id) stands
class Account(UserMixin):
    """The logged-in user as every request needs it: one small row, not the ORM User.

    Loading the User and its Player as ORM objects was a millisecond of CPU on every move;
    the few pages that change an account load the User itself (`siete.models.User`).
    """

    id: int
    username: str
    player_name: str | None  # None until the account first sits at a table


@cache  # built once: the statement cache then knows it
def account_query():
    """SELECT of the columns an Account holds, by user id."""
    from sqlalchemy import bindparam, select

    from siete.models import Player, User

    users, players = User.__table__.c, Player.__table__.c
    return (select(users.id, users.username, players.name)
            .outerjoin(Player.__table__, players.user_id == users.id)
            .where(users.id == bindparam("user_id")))


@login_manager.user_loader
def load_user(user_id: str) -> Account | None:
    """Flask-Login callback: the Account stored in the session, or None."""
    from siete.db import db

    try:
        key = int(user_id)
    except (TypeError, ValueError):
        return None
    row = db.session.connection().execute(account_query(), {"user_id": key}).first()
    return None if row is None else Account(*row)


def _page_to_return_to() -> str:
    """The page the user was looking at: for htmx, the page (not the fragment) it came from."""
    current = request.headers.get("HX-Current-URL", "")
    parts = urlsplit(current)
    if current and parts.netloc == request.host and parts.path.startswith("/"):
        return parts.path + (f"?{parts.query}" if parts.query else "")
    if request.method == "GET":
        return request.full_path.rstrip("?")
    return "/"


@login_manager.unauthorized_handler
def unauthorized() -> Response:
    """Send the visitor to the login page; htmx gets a 401 with HX-Redirect, not a login form fragment."""
    login_url = url_for(login_manager.login_view, next=_page_to_return_to())
    if request.headers.get("HX-Request"):
        # A fragment swap would paste the whole login page into a corner of the table.
        response = Response("Login required.", status=401, mimetype="text/plain")
        response.headers["HX-Redirect"] = login_url
        return response
    flash(login_manager.login_message, login_manager.login_message_category)
    return redirect(login_url)


def init_extensions(app: Flask) -> None:
    """Attach login, CSRF and rate limiting to the app (call once from create_app)."""
    # A game page stays open for a long time; an hourly CSRF expiry would break its moves.
    # The token is still bound to the session, which is what defeats cross-site requests.
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    # Flask-Limiter keeps `enabled` on the shared Limiter object and would carry one app's
    # RATELIMIT_ENABLED=False over to the next app built in the same process: be explicit.
    app.config.setdefault("RATELIMIT_ENABLED", True)
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    app.config.setdefault("LOGIN_RATE_LIMIT", "10/minute")
    app.config.setdefault("REGISTER_RATE_LIMIT", "20/minute")
    login_manager.init_app(app)
    csrf.init_app(app)
    limiter.init_app(app)


def login_rate_limit() -> str:
    """The login throttle of the running app (config LOGIN_RATE_LIMIT)."""
    return current_app.config["LOGIN_RATE_LIMIT"]


def register_rate_limit() -> str:
    """The sign-up throttle of the running app (config REGISTER_RATE_LIMIT)."""
    return current_app.config["REGISTER_RATE_LIMIT"]
