"""Forgotten passwords: a signed, expiring, single-use link sent by email (on blueprint 'auth').

The link's token is signed with SECRET_KEY and carries a digest of the password hash, so it
dies the moment the password changes: used once, it cannot be used again. The page that
asks for it answers the same whether or not the address has an account.
"""
from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from siete.auth.forms import ForgotPasswordForm, ResetPasswordForm
from siete.auth.routes import bp, lobby_url, start_session
from siete.service import accounts
from siete.web.extensions import limiter, reset_email_key, reset_email_rate_limit, reset_rate_limit
from siete.web.mail import send_mail
from siete.web.security import is_production


def reset_link(token: str) -> str:
    """The absolute link for the mail: PUBLIC_URL if set (never a Host header an attacker chose)."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        if is_production(current_app):  # the Host header is whatever the client sent
            current_app.logger.warning("PUBLIC_URL is not set: the reset link uses the request's host")
        base = request.host_url
    return base.rstrip("/") + url_for("auth.reset_password", token=token)


def send_reset_mail(user) -> None:
    minutes = current_app.config.get("PASSWORD_RESET_MAX_AGE", accounts.DEFAULT_RESET_MAX_AGE_S) // 60
    body = _("Hello %(name)s,\n\nSomeone (we hope you) asked to reset your Siete y medio password. "
             "Open this link within %(minutes)s minutes to choose a new one:\n\n%(link)s\n\n"
             "The link works once. If you did not ask for it, ignore this mail: your password "
             "stays as it is.\n", name=user.username, minutes=minutes,
             link=reset_link(accounts.reset_token(user, current_app.secret_key)))
    send_mail(user.email, _("Reset your Siete y medio password"), body)


@bp.route("/forgot", methods=["GET", "POST"])
@limiter.limit(reset_rate_limit, methods=["POST"])
@limiter.limit(reset_email_rate_limit, methods=["POST"], key_func=reset_email_key)
def forgot_password():
    """Ask for a reset link; the answer never says whether the address has an account."""
    form = ForgotPasswordForm()
    if form.validate_on_submit():
        users = accounts.users_with_email(form.email.data)
        for user in users:
            send_reset_mail(user)
        current_app.logger.info("password reset asked from %s (%s account(s))",
                                request.remote_addr, len(users))
        flash(_("If an account uses that address, a link to choose a new password is on its "
                "way. It works once."), "info")
        return redirect(url_for("auth.login"))
    return render_template("auth/forgot_password.html", form=form)


@bp.route("/reset/<token>", methods=["GET", "POST"])
def reset_password(token: str):
    """Choose a new password from a mailed link; every other session of the account ends."""
    user = accounts.user_for_reset_token(token, current_app.secret_key, current_app.config.get(
        "PASSWORD_RESET_MAX_AGE", accounts.DEFAULT_RESET_MAX_AGE_S))
    if user is None:
        flash(_("That reset link has expired or was already used. Ask for a new one."), "error")
        return redirect(url_for("auth.forgot_password"))
    if current_user.is_authenticated and current_user.id != user.id:
        flash(_("Log out first: that link is for another account."), "error")
        return redirect(lobby_url())
    form = ResetPasswordForm(user.username)
    if form.validate_on_submit():
        accounts.change_password(user, form.new_password.data)  # the token dies with the old hash
        current_app.logger.info("password reset for account %s", user.id)
        start_session(user)
        flash(_("Your password has been changed. Your other sessions have been logged out."), "success")
        return redirect(lobby_url())
    return render_template("auth/reset_password.html", form=form, token=token)
