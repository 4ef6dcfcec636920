"""Flask extensions shared by the app: login sessions, CSRF protection and rate limits."""
from __future__ import annotations

import os
from dataclasses import dataclass

from flask import Flask, Response, current_app, flash, g, redirect, request, session, url_for
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager, UserMixin, current_user, login_user, logout_user
from flask_wtf.csrf import CSRFProtect
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy.exc import SQLAlchemyError

from siete.data.base import utcnow
from siete.data.identity import normal_email
from siete.data.login_sessions import SessionClaim
from siete.service import sessions
from siete.web.mail import configure_mail
from siete.web.urls import same_site_path

login_manager = LoginManager()
csrf = CSRFProtect()
# Keyed by client address (the real client's once TRUSTED_PROXIES lets ProxyFix read
# X-Forwarded-For); the storage comes from RATELIMIT_STORAGE_URI (memory:// by default, which
# is per process: use redis:// when running several gunicorn workers or replicas).
limiter = Limiter(key_func=get_remote_address, default_limits=[])
# Signs the "known device" cookie: accounts that logged in from this browser before.
KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_SALT, KNOWN_DEVICE_DAYS = "siete_known", "siete-known-device", 365

login_manager.login_view = "auth.login"
login_manager.login_message = _l("Please log in to continue.")
login_manager.login_message_category = "info"


@dataclass(frozen=True, eq=False)  # eq=False: UserMixin's equality (by id) stands
class Account(UserMixin):
    """The logged-in user as every request needs it: one small row, not the ORM User.

    Loading the User and its Player as ORM objects was a millisecond of CPU on every move;
    the few pages that change an account load the User itself (`siete.data.people.User`).
    `token` names the browser's login session ("<row id>.<secret>", siete.service.sessions):
    Flask-Login keeps it in the session and the remember cookie, so ending the row ends both.
    """

    id: int
    username: str
    player_name: str | None  # None until the account first sits at a table
    session_id: int
    token: str
    guest: bool = False  # a guest (siete.service.guests): SECURITY.md lists what it may not do

    def get_id(self) -> str:
        return self.token


# The login session's token under a key of our own, so a move reads it without asking
# Flask-Login to load the account (the move checks it with the table's lock instead).
LOGIN_SESSION_KEY = "login_session"
SEEN_KEY = "login_session_seen"  # g: (session id, last seen) as the account's query read them


def log_in(user_id: int, username: str, remember: bool, guest: bool = False) -> Account:
    """Start a login session for this browser and log it in (Flask-Login) on it."""
    new = sessions.start_session(user_id, request.headers.get("User-Agent", ""), remember, username)
    account = Account(user_id, username, None, new.session_id, new.token, guest)
    login_user(account, remember=remember)
    session[LOGIN_SESSION_KEY] = new.token
    return account


def log_out() -> None:
    """Forget the login in this browser (the caller ends its session row first, if it should).

    The session is cleared first: logout_user() leaves the marker that makes Flask-Login delete
    the remember cookie, and clearing after it dropped that marker (#15.1).
    """
    session.clear()
    logout_user()


def forget_login() -> None:
    """The login session this browser named has ended: forget it, keep the rest of the session."""
    session.pop(LOGIN_SESSION_KEY, None)
    logout_user()


def claimed_session() -> SessionClaim | None:
    """The login session the signed session cookie names, not yet checked (None if none)."""
    return SessionClaim.parse(session.get(LOGIN_SESSION_KEY))


@login_manager.user_loader
def load_user(token: str) -> Account | None:
    """Flask-Login callback: the account of the live login session the session or the remember
    cookie names (one query), or None once that session has ended (#24.3)."""
    found = sessions.account_of(token)
    if found is None:
        return None
    if session.get(LOGIN_SESSION_KEY) != token:  # logged in again from the remember cookie
        session[LOGIN_SESSION_KEY] = token
    g.setdefault(SEEN_KEY, (found.session_id, found.last_seen_at))
    return Account(found.user_id, found.username, found.player_name, found.session_id, token,
                   found.guest)


def loaded_account() -> bool:
    """True once this request has loaded the account (load_user ran)."""
    return SEEN_KEY in g


def mark_session_seen(response: Response) -> Response:
    """after_request: write "last seen" for the session this request loaded, once a minute at
    most. A failure to write it never spoils the answer."""
    seen = g.get(SEEN_KEY)
    if seen is not None and response.status_code < 500 and sessions.is_stale(seen[1], utcnow()):
        try:
            sessions.mark_seen(seen[0])
        except SQLAlchemyError:
            current_app.logger.warning("could not note when session %s was last seen", seen[0])
    return response


def _page_to_return_to() -> str:
    """The page the user was looking at: for htmx, the page (not the fragment) it came from,
    if the header names one of this site's; else this page (a GET), else the home page."""
    shown = same_site_path(request.headers.get("HX-Current-URL"), host=request.host)
    if shown is None and request.method == "GET":
        shown = same_site_path(request.full_path.rstrip("?"))
    return shown or "/"


@login_manager.unauthorized_handler
def unauthorized() -> Response:
    """Send the visitor to the login page; htmx gets a 401 with HX-Redirect, not a login form fragment."""
    login_url = url_for(login_manager.login_view, next=_page_to_return_to())
    if request.headers.get("HX-Request"):
        # A fragment swap would paste the whole login page into a corner of the table.
        response = Response(gettext("Login required."), status=401, mimetype="text/plain")
        response.headers["HX-Redirect"] = login_url
        return response
    flash(str(login_manager.login_message), login_manager.login_message_category)  # not a LazyString in the session
    return redirect(login_url)


def init_extensions(app: Flask) -> None:
    """Attach login, CSRF and rate limiting to the app (call once from create_app)."""
    # A game page stays open for a long time; an hourly CSRF expiry would break its moves.
    # The token is still bound to the session, which is what defeats cross-site requests.
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    # Flask-Limiter keeps `enabled` on the shared Limiter object and would carry one app's
    # RATELIMIT_ENABLED=False over to the next app built in the same process: be explicit.
    app.config.setdefault("RATELIMIT_ENABLED", True)
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    # Several limits per setting (";") back off: a few tries a minute, fewer per hour and day.
    for name, default in RATE_LIMIT_DEFAULTS.items():
        app.config.setdefault(name, os.environ.get(name) or default)
    # Flask-Login's own context processor reads the account for every template; the proxy
    # reads it only where a page shows it (a move's fragment, which is checked with the
    # table's lock, never does).
    login_manager.init_app(app, add_context_processor=False)
    app.context_processor(lambda: {"current_user": current_user})
    app.after_request(mark_session_seen)
    csrf.init_app(app)
    limiter.init_app(app)
    configure_mail(app)  # SMTP_* and MAIL_SENDER for the password-reset mails
    app.config.setdefault("PUBLIC_URL", os.environ.get("PUBLIC_URL", ""))


RATE_LIMIT_DEFAULTS = {
    "RATELIMIT_STORAGE_URI": "memory://",
    "LOGIN_RATE_LIMIT": "10/minute;100/hour",  # failed logins per client address
    "LOGIN_ACCOUNT_RATE_LIMIT": "5/minute;20/hour;100/day",  # failed logins per username
    "REGISTER_RATE_LIMIT": "20/minute;200/hour",  # sign-ups per client address
    "RESET_RATE_LIMIT": "5/minute;20/hour",  # reset mails asked for, per client address
    "RESET_EMAIL_RATE_LIMIT": "3/hour;10/day",  # reset mails to one address: no mail bombing
    "GUEST_RATE_LIMIT": "5/minute;20/hour;50/day",  # guests made per client address
}


def login_rate_limit() -> str:
    """The login throttle of the running app (config LOGIN_RATE_LIMIT)."""
    return current_app.config["LOGIN_RATE_LIMIT"]


def login_account_rate_limit() -> str:
    """The per-account login throttle (config LOGIN_ACCOUNT_RATE_LIMIT)."""
    return current_app.config["LOGIN_ACCOUNT_RATE_LIMIT"]


def reset_rate_limit() -> str:
    """How often one address may ask for reset mails (config RESET_RATE_LIMIT)."""
    return current_app.config["RESET_RATE_LIMIT"]


def reset_email_rate_limit() -> str:
    """How many reset mails one email address may be sent (config RESET_EMAIL_RATE_LIMIT)."""
    return current_app.config["RESET_EMAIL_RATE_LIMIT"]


def reset_email_key() -> str:
    """The per-address reset throttle's key: the email typed, in the one normal form the account
    is found by and the outbox stores (normal_email). A looser or stricter key would count one
    mailbox under several keys: `ſ`, `ß`, `ﬁ` and `ﬆ` in a domain case-fold to `s`, `ss`, `fi`
    and `st`, so a plain lower() gave every such spelling a limit of its own."""
    return "reset-email:" + normal_email(request.form.get("email") or "")[:254]


def login_account_key() -> str:
    """The per-account throttle's key: the username typed, normalised as accounts compare it."""
    typed = (request.form.get("username") or "").strip().lower()[:40]
    return f"login-account:{typed}"


def _known_device_serializer():
    return URLSafeSerializer(current_app.secret_key, salt=KNOWN_DEVICE_SALT)


def known_device_accounts() -> list[str]:
    """Usernames (lower case) that logged in successfully from this browser before."""
    try:
        names = _known_device_serializer().loads(request.cookies.get(KNOWN_DEVICE_COOKIE, ""))
    except BadSignature:
        return []
    return [str(n) for n in names] if isinstance(names, list) else []


def is_known_device() -> bool:
    """True when the username typed logged in from this browser before.

    Such a browser skips the per-account limit (not the per-address one), so someone failing
    on purpose against a username cannot lock its owner out of their own devices.
    """
    typed = (request.form.get("username") or "").strip().lower()[:40]
    return bool(typed) and typed in known_device_accounts()


def remember_known_device(response: Response, username: str) -> None:
    """After a successful login: add the account to this browser's signed known-device cookie."""
    names = [n for n in known_device_accounts() if n != username.lower()][-4:] + [username.lower()]
    response.set_cookie(KNOWN_DEVICE_COOKIE, _known_device_serializer().dumps(names),
                        max_age=KNOWN_DEVICE_DAYS * 86400, httponly=True, samesite="Lax",
                        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")), path="/auth/")


def register_rate_limit() -> str:
    """The sign-up throttle of the running app (config REGISTER_RATE_LIMIT)."""
    return current_app.config["REGISTER_RATE_LIMIT"]


def guest_rate_limit() -> str:
    """How many guests one client address may make (config GUEST_RATE_LIMIT)."""
    return current_app.config["GUEST_RATE_LIMIT"]
