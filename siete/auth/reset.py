"""Forgotten passwords: a signed, expiring, single-use link sent by email (on blueprint 'auth').

The link's token is signed with SECRET_KEY and carries a digest of the password hash, so it
dies the moment the password changes: used once, it cannot be used again. The page that
asks for it answers the same, in the same time, whether or not the address has an account:
it stores the request in the outbox, and the worker writes and sends the mail.
"""
from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_login import current_user

from siete.auth.forms import ForgotPasswordForm, ResetPasswordForm
from siete.auth.routes import bp, lobby_url
from siete.service.accounts import credentials, outbox
from siete.web.fresh_login import start_session
from siete.web.rate_limits import limiter, reset_email_key, reset_email_rate_limit, reset_rate_limit
from siete.web.validators import required_text


def link_base() -> str | None:
    """Where the worker should point the link when PUBLIC_URL is not set: this request's host.
    Only in development: production refuses to start without PUBLIC_URL (siete.web.security),
    and with PUBLIC_URL set the Host and X-Forwarded-Host headers are never read."""
    return None if current_app.config.get("PUBLIC_URL") else request.host_url


@bp.route("/forgot", methods=["GET", "POST"])
@limiter.limit(reset_rate_limit, methods=["POST"])
@limiter.limit(reset_email_rate_limit, methods=["POST"], key_func=reset_email_key)
def forgot_password() -> ResponseReturnValue:
    """Ask for a reset link; the answer never says whether the address has an account, in
    words or in time: it only stores the request, and the worker finds the account."""
    form = ForgotPasswordForm()
    if form.validate_on_submit():
        outbox.ask_for_reset(required_text(form.email), str(get_locale() or "en"), link_base())
        current_app.logger.info("password reset asked from %s", request.remote_addr)
        flash(_("If an account uses that address, a link to choose a new password is on its "
                "way. It works once."), "info")
        return redirect(url_for("auth.login"))
    return render_template("auth/forgot_password.html", form=form)


@bp.route("/reset/<token>", methods=["GET", "POST"])
def reset_password(token: str) -> ResponseReturnValue:
    """Choose a new password from a mailed link; every other session of the account ends."""
    user = credentials.user_for_reset_token(token, current_app.config["SECRET_KEY"], current_app.config.get(
        "PASSWORD_RESET_MAX_AGE", credentials.DEFAULT_RESET_MAX_AGE_S))
    if user is None:
        flash(_("That reset link has expired or was already used. Ask for a new one."), "error")
        return redirect(url_for("auth.forgot_password"))
    if current_user.is_authenticated and current_user.id != user.id:
        flash(_("Log out first: that link is for another account."), "error")
        return redirect(lobby_url())
    form = ResetPasswordForm(user.username)
    if form.validate_on_submit():
        credentials.change_password(user, required_text(form.new_password))  # the token dies with the old hash
        current_app.logger.info("password reset for account %s", user.id)
        start_session(user)
        flash(_("Your password has been changed. Your other sessions have been logged out."), "success")
        return redirect(lobby_url())
    return render_template("auth/reset_password.html", form=form, token=token)
