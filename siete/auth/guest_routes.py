"""Play as a guest (#38): one click makes a guest's account for this browser and logs it in
(siete.service.guests); the guest plays at once, and signing up later keeps their games.

One client address may make GUEST_RATE_LIMIT guests: a guest is a row, and rows are not free.
"""
from __future__ import annotations

from flask import current_app, flash, redirect, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user

from siete.auth.routes import bp, lobby_url, start_session
from siete.service import guests
from siete.web.extensions import Account, guest_rate_limit, limiter
from siete.web.urls import same_site_path


def is_logged_in() -> bool:
    """A logged-in request makes no guest, so it does not count against the guest limit."""
    return bool(current_user.is_authenticated)


# Shared by every button that can make a guest (here and Play now): one count per address.
GUEST_LIMIT = limiter.shared_limit(guest_rate_limit, scope="guest", exempt_when=is_logged_in)


def become_guest() -> Account:
    """Make a guest for this browser and log it in on a fresh session."""
    user = guests.create_guest(_("Guest"))
    current_app.logger.info("new guest %s (id %s) from %s", user.username, user.id, request.remote_addr)
    account = start_session(user)
    flash(_("You are playing as %(name)s. Sign up at any time to keep your games.", name=user.username),
          "info")
    return account


@bp.post("/guest")
@GUEST_LIMIT
def guest() -> ResponseReturnValue:
    """Become a guest (if not logged in already) and go back to the page that sent here."""
    if not current_user.is_authenticated:
        become_guest()
    return redirect(same_site_path(request.args.get("next")) or lobby_url(), 303)
