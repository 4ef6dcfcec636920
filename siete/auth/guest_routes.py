"""Play as a guest: one click makes a guest's account for this browser and logs it in
(siete.web.fresh_login); the guest plays at once, and signing up later keeps their games.

One client address may make GUEST_RATE_LIMIT guests: a guest is a row, and rows are not free.
"""
from __future__ import annotations

from flask import redirect, request
from flask.typing import ResponseReturnValue
from flask_login import current_user

from siete.auth.routes import bp, lobby_url
from siete.web.fresh_login import GUEST_LIMIT, become_guest
from siete.web.urls import same_site_path


@bp.post("/guest")
@GUEST_LIMIT
def guest() -> ResponseReturnValue:
    """Become a guest (if not logged in already) and go back to the page that sent here."""
    if not current_user.is_authenticated:
        become_guest()
    return redirect(same_site_path(request.args.get("next")) or lobby_url(), 303)
