"""Logging a browser in on a fresh session: after a password (siete.auth), a reset link, or as
a guest (siete.service.accounts.guests), whose button is on the lobby and the login page alike."""
from __future__ import annotations

from flask import current_app, flash, g, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user
from markupsafe import Markup

from siete.data.people import User
from siete.i18n.guest_names import GUEST_WORDS
from siete.service.accounts import guests
from siete.web.login import Account, log_in
from siete.web.rate_limits import guest_rate_limit, limiter


def start_session(user: User, remember: bool = False) -> Account:
    """Log the user in on a fresh session so a planted session id or value cannot carry over.

    The browser gets a login session row of its own (siete.service.accounts.sessions), which both of
    its cookies name.
    """
    session.clear()
    g.pop("csrf_token", None)  # the cached token belonged to the cleared session; a new one is made
    return log_in(user.id, user.username, remember, bool(user.guest))


def is_logged_in() -> bool:
    """A logged-in request makes no guest, so it does not count against the guest limit."""
    return bool(current_user.is_authenticated)


# Shared by every button that can make a guest (Play now, "Play as a guest"): one count per address.
GUEST_LIMIT = limiter.shared_limit(guest_rate_limit, scope="guest", exempt_when=is_logged_in)


def become_guest() -> Account:
    """Make a guest for this browser, named in the visitor's language, and log it in."""
    user = guests.create_guest(_("Guest"), GUEST_WORDS)
    current_app.logger.info("new guest %s (id %s) from %s", user.username, user.id, request.remote_addr)
    account = start_session(user)
    # The way to sign up goes with the words: on a phone the header's Sign up is in the menu.
    flash(Markup('{} <a id="flash-keep" href="{}">{}</a>').format(
        _("You are playing as %(name)s.", name=user.username), url_for("auth.register"),
        _("Sign up to keep your games")), "info")
    return account
