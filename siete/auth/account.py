"""The account page (blueprint 'auth'): who is logged in, the person's login sessions, each with its device, when it
logged in and was last seen, and a button that ends it; "log out everywhere"; the password."""
from __future__ import annotations

from datetime import datetime

from flask import flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_date, format_timedelta
from flask_babel import gettext as _
from flask_login import current_user

from siete.auth.forms import EmptyForm
from siete.auth.routes import bp
from siete.data.base import utcnow
from siete.service.accounts import credentials, sessions
from siete.service.accounts.devices import Browser, Device, System
from siete.web.login import log_out, login_required


def device_words(device: Device) -> str:
    """"Firefox on Android": the browser and system a session's User-Agent named, in words."""
    browser = str(_("Unknown browser")) if device.browser is Browser.OTHER else device.browser.value
    system = str(_("an unknown system")) if device.system is System.OTHER else device.system.value
    return str(_("%(browser)s on %(system)s", browser=browser, system=system))


def seen_words(last_seen_at: datetime, now: datetime) -> str:
    """"Active now" within the minute "last seen" is written in, else "3 minutes ago"."""
    if now - last_seen_at < sessions.LAST_SEEN_EVERY:
        return str(_("Active now"))
    return str(_("Last seen %(when)s", when=format_timedelta(last_seen_at - now, add_direction=True)))


@bp.app_template_global()
def session_line_words(line: sessions.SessionLine) -> dict[str, str]:
    """The words of one line of the sessions list."""
    return {"device": device_words(line.device), "seen": seen_words(line.last_seen_at, utcnow()),
            "since": _("Logged in on %(date)s", date=format_date(line.signed_in_at))}


@bp.get("/account")
@login_required
def account() -> ResponseReturnValue:
    """The account page: who is logged in (the username and email, or that it is a guest), your
    sessions (end any of them), log out everywhere, your password."""
    lines = sessions.session_lines(current_user.id, current_user.session_id)
    user = credentials.user_by_id(current_user.id)
    email = user.email if user is not None else None
    return render_template("auth/account.html", lines=lines, form=EmptyForm(), email=email)


@bp.post("/sessions/<int:session_id>/end")
@login_required
def end_session(session_id: int) -> ResponseReturnValue:
    """End one of your sessions: that browser is logged out at its next request. Ending this
    browser's own session is logging out."""
    if not EmptyForm().validate_on_submit():
        flash(_("Your form expired; please try again."), "error")
        return redirect(url_for("auth.account"))
    if session_id == current_user.session_id:
        if current_user.guest:  # it would give up the guest's games for good: say so first
            return redirect(url_for("auth.guest_logout"), 303)
        sessions.end_session(current_user.id, session_id)
        log_out()
        flash(_("You have logged out."), "info")
        return redirect(url_for("auth.login"))
    if sessions.end_session(current_user.id, session_id):
        flash(_("That session has ended: the device it was on is logged out."), "success")
    else:
        flash(_("That session had already ended."), "info")
    return redirect(url_for("auth.account"))
