"""Accounts: sign up, log in, log out (here or everywhere) and change password (blueprint 'auth').

The password-reset pages live in siete.auth.reset, on the same blueprint (siete.auth.all_routes
imports all three).
"""
from __future__ import annotations

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_login import current_user
from werkzeug.routing import BuildError
from werkzeug.wrappers import Response

from siete.auth.forms import ChangePasswordForm, EmptyForm, LoginForm, RegisterForm, sign_up_problem_words
from siete.data.people import User
from siete.service.accounts import credentials, guests, sessions
from siete.service.accounts.credentials import AccountClash
from siete.web.fresh_login import start_session
from siete.web.login import log_out, login_required
from siete.web.rate_limits import (
    is_known_device,
    limiter,
    login_account_key,
    login_account_rate_limit,
    login_rate_limit,
    register_rate_limit,
    remember_known_device,
)
from siete.web.urls import same_site_path
from siete.web.validators import add_error, required_text

bp = Blueprint("auth", __name__, url_prefix="/auth")


def lobby_url() -> str:
    """The lobby if its blueprint is registered, else the site root."""
    try:
        return url_for("play.lobby")
    except BuildError:
        return "/"


@bp.app_template_global()
def way_back(table_path: str | None = None) -> str | None:
    """Where the header's "Log in" and "Sign up" bring the visitor back (their `next=`): the
    page they are on, or on a table the path its own "Sign up to join" uses (a private table's
    key in it: logging in starts a new session, which forgets the remembered key). On the auth
    pages the `next=` they came with; after a POST nothing (its page cannot be asked for again).
    Always a path on this site (same_site_path), never another site's address."""
    if request.blueprint == "auth":
        return same_site_path(request.args.get("next"))
    if table_path:
        return same_site_path(table_path)
    if request.method != "GET":
        return None
    here = same_site_path(request.full_path.rstrip("?"))
    return None if here == "/" else here


def failed_login(response: Response) -> bool:
    """Only failures count against the login limits: a success is a redirect (302)."""
    return response.status_code != 302


@bp.route("/register", methods=["GET", "POST"])
@limiter.limit(register_rate_limit, methods=["POST"])
def register() -> ResponseReturnValue:
    """Create an account and its human player (a guest's becomes theirs), log in, and go back
    to the page that sent here (`next=`, only pages of this site: an invite link's table) or to
    the lobby."""
    next_url = same_site_path(request.args.get("next"))
    guest = current_user.is_authenticated and current_user.guest
    if current_user.is_authenticated and not guest:
        return redirect(next_url or lobby_url())
    form = RegisterForm()
    if form.validate_on_submit():
        try:
            user = sign_up(form, current_user.id if guest else None)
        except AccountClash as clash:
            add_error(getattr(form, clash.problem.field), sign_up_problem_words(clash.problem))
        else:
            current_app.logger.info("new account %s (id %s)", user.username, user.id)
            start_session(user)
            flash(_("Welcome, %(name)s! Your account is ready.", name=user.username), "success")
            return redirect(next_url or lobby_url())
    return render_template("auth/register.html", form=form, next_url=next_url, guest=guest)


def sign_up(form: RegisterForm, guest_id: int | None) -> User:
    """A new account, or (signing up as a guest from the browser) the guest's account turned
    into the person's, with every game it played."""
    # A validated form has all three (DataRequired): "" only satisfies the types.
    username, email, password = form.username.data or "", form.email.data or "", form.password.data or ""
    if guest_id is not None:
        return guests.claim_guest(guest_id, username, email, password)
    return credentials.create_account(username, email, password)


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(login_rate_limit, methods=["POST"], deduct_when=failed_login)
@limiter.limit(login_account_rate_limit, methods=["POST"], key_func=login_account_key,
               deduct_when=failed_login, exempt_when=is_known_device)
def login() -> ResponseReturnValue:
    """Log in and return to the page that asked for it (only pages of this site)."""
    next_url = same_site_path(request.args.get("next"))
    if current_user.is_authenticated:
        return redirect(next_url or lobby_url())
    form = LoginForm()
    if form.validate_on_submit():
        user = credentials.authenticate(required_text(form.username), required_text(form.password))
        if user is not None:
            start_session(user, remember=form.remember.data)
            flash(_("Hello, %(name)s.", name=user.username), "success")
            response = redirect(next_url or lobby_url())
            remember_known_device(response, user.username)
            return response
        # Only the (truncated) name is logged: never the password, not even a wrong one.
        current_app.logger.info("failed login for %r from %s", required_text(form.username)[:40], request.remote_addr)
        add_error(form.password, _("Wrong username or password."))
    return render_template("auth/login.html", form=form, next_url=next_url)


# The field of the guest's "Log out anyway" (templates/auth/guest_logout.html): its logout was asked.
GIVE_UP_GUEST = "give_up_guest"


@bp.route("/logout", methods=["POST"])
def logout() -> ResponseReturnValue:
    """Log out (POST only, so another site cannot log you out with a link or image): this
    browser's login session ends, so every copy of its cookies stops working.

    A guest has no password, so logging out gives up its account and its games for good: a
    guest's logout that did not come from the page saying so (a page open from before, a
    forgotten button) goes to that page and ends nothing."""
    if current_user.is_authenticated and current_user.guest and not request.form.get(GIVE_UP_GUEST):
        return redirect(url_for("auth.guest_logout"), 303)
    if current_user.is_authenticated:
        sessions.end_session(current_user.id, current_user.session_id)
    log_out()
    flash(_("You have logged out."), "info")
    return redirect(url_for("auth.login"))


@bp.route("/logout-everywhere", methods=["POST"])
@login_required
def logout_everywhere() -> ResponseReturnValue:
    """End every session of this account on every device, this one included."""
    if not EmptyForm().validate_on_submit():
        return redirect(url_for("auth.account"))
    if current_user.guest:  # as logout: a guest's account and games would go for good
        return redirect(url_for("auth.guest_logout"), 303)
    ended = sessions.end_all_sessions(current_user.id)
    current_app.logger.info("account %s logged out everywhere (%s sessions)", current_user.id, ended)
    log_out()
    flash(_("You have been logged out on every device."), "info")
    return redirect(url_for("auth.login"))


@bp.route("/password", methods=["GET", "POST"])
@login_required
def change_password() -> ResponseReturnValue:
    """Change the password after checking the current one; other sessions end. A guest has
    no password: signing up gives it one."""
    if current_user.guest:
        flash(_("Guests have no password: sign up to choose one (your games come with you)."), "info")
        return redirect(url_for("auth.register"))
    form = ChangePasswordForm(current_user.username)
    if form.validate_on_submit():
        user = credentials.user_by_id(current_user.id)  # current_user is the Account, not the row
        if user is None:  # the account was deleted since this request loaded it
            log_out()
            return redirect(url_for("auth.login"))
        if not user.check_password(required_text(form.current_password)):
            add_error(form.current_password, _("That is not your current password."))
        else:
            credentials.change_password(user, required_text(form.new_password), keep_session=current_user.session_id)
            flash(_("Your password has been changed. Your other sessions have been logged out."),
                  "success")
            return redirect(lobby_url())
    return render_template("auth/change_password.html", form=form)
