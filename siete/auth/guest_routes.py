"""Play as a guest: one click makes a guest's account for this browser and logs it in
(siete.web.fresh_login); the guest plays at once, and signing up later keeps their games.

One client address may make GUEST_RATE_LIMIT guests: a guest is a row, and rows are not free.
A guest's "Log out" first says what it costs (guest_logout).
"""
from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_login import current_user

from siete.auth.routes import GIVE_UP_GUEST, bp, lobby_url
from siete.web.fresh_login import GUEST_LIMIT, become_guest
from siete.web.urls import same_site_path


@bp.post("/guest")
@GUEST_LIMIT
def guest() -> ResponseReturnValue:
    """Become a guest (if not logged in already) and go back to the page that sent here."""
    if not current_user.is_authenticated:
        become_guest()
    return redirect(same_site_path(request.args.get("next")) or lobby_url(), 303)


@bp.get("/guest/logout")
def guest_logout() -> ResponseReturnValue:
    """A guest's "Log out": logging out gives up the guest's account and its games for good
    (nobody can log in to it again), so this page says so and offers the sign-up that keeps
    them, with a form that logs out anyway. A plain page and form: no JavaScript needed."""
    if not current_user.is_authenticated:
        return redirect(url_for("auth.login"))
    if not current_user.guest:  # a person's logout costs nothing: the header's button does it
        return redirect(lobby_url())
    return render_template("auth/guest_logout.html", give_up_field=GIVE_UP_GUEST)
