"""Login sessions: Flask-Login set up on the app's own small Account, logging in and out on a
login session row (siete.service.accounts.sessions), and "last seen" written once a minute at most."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar, cast

import flask_login
from flask import Flask, current_app, flash, g, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext
from flask_babel import lazy_gettext as _l
from flask_login import LoginManager, current_user, login_user, logout_user
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.wrappers import Response

from siete.data.base import utcnow
from siete.data.login_sessions import SessionClaim
from siete.service.accounts import sessions
from siete.web.urls import same_site_path

login_manager = LoginManager()
login_manager.login_view = "auth.login"
login_manager.login_message = _l("Please log in to continue.")
login_manager.login_message_category = "info"


@dataclass(frozen=True)
class Account:
    """The logged-in user as every request needs it: one small row, not the ORM User.

    Loading the User and its Player as ORM objects would cost a millisecond of CPU on every
    move; the few pages that change an account load the User itself (`siete.data.people.User`).
    `token` names the browser's login session ("<row id>.<secret>", siete.service.accounts.sessions):
    Flask-Login keeps it in the session and the remember cookie, so ending the row ends both.
    The three flags and get_id are what Flask-Login asks of a user object (its UserMixin, which
    ships no types, gives the same).
    """

    is_authenticated: ClassVar[bool] = True
    is_active: ClassVar[bool] = True  # an account is never disabled
    is_anonymous: ClassVar[bool] = False

    id: int
    username: str
    player_name: str | None  # None until the account first sits at a table
    session_id: int
    token: str
    guest: bool = False  # a guest (siete.service.accounts.guests): SECURITY.md lists what it may not do

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
    the remember cookie, and clearing after it would drop that marker.
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


def load_user(token: str) -> Account | None:
    """Flask-Login callback: the account of the live login session the session or the remember
    cookie names (one query), or None once that session has ended."""
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


View = TypeVar("View", bound=Callable[..., ResponseReturnValue])


def login_required(view: View) -> View:
    """Flask-Login's login_required (which ships no types), keeping the view's type."""
    return cast(View, flask_login.login_required(view))


# Registered by call: as decorators, Flask-Login's untyped ones would leave these functions untyped.
login_manager.user_loader(load_user)
login_manager.unauthorized_handler(unauthorized)


def init_login(app: Flask) -> None:
    """Attach Flask-Login to the app and note "last seen" after each request (once, from create_app)."""
    # Flask-Login's own context processor reads the account for every template; the proxy
    # reads it only where a page shows it (a move's fragment, which is checked with the
    # table's lock, never does).
    login_manager.init_app(app, add_context_processor=False)
    app.context_processor(lambda: {"current_user": current_user})
    app.after_request(mark_session_seen)
