"""Accounts: sign up, log in, log out and change password (blueprint 'auth', /auth)."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, session, url_for
from flask_login import current_user, login_required, login_user, logout_user
from flask_wtf import FlaskForm
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from werkzeug.routing import BuildError
from wtforms import BooleanField, EmailField, PasswordField, StringField
from wtforms.validators import DataRequired, Email, EqualTo, Length, Regexp

from siete.db import db
from siete.extensions import limiter, login_rate_limit, register_rate_limit
from siete.models import Player, User

bp = Blueprint("auth", __name__, url_prefix="/auth")

USERNAME_PATTERN = r"^[A-Za-z][A-Za-z0-9]*$"  # brief: letters and digits, starting with a letter
USERNAME_RULE = "Start with a letter and use only letters and digits (no spaces or symbols)."
PASSWORD_MIN, PASSWORD_MAX = 8, 128  # the cap stops huge inputs from making hashing costly


def _new_password_fields(label: str = "Password"):
    """A password and its confirmation, with the shared length rules."""
    password = PasswordField(label, validators=[
        DataRequired(), Length(PASSWORD_MIN, PASSWORD_MAX,
                               message=f"Use {PASSWORD_MIN} to {PASSWORD_MAX} characters.")])
    confirm = PasswordField("Repeat the password", validators=[
        DataRequired(), EqualTo(label.lower().replace(" ", "_"), message="The passwords do not match.")])
    return password, confirm


class RegisterForm(FlaskForm):
    """Sign-up form: username (R: letters/digits), email and a confirmed password."""

    username = StringField("Username", validators=[
        DataRequired(), Length(3, 20, message="Usernames are 3 to 20 characters long."),
        Regexp(USERNAME_PATTERN, message=USERNAME_RULE)])
    email = EmailField("Email", validators=[DataRequired(), Email(), Length(max=254)])
    password, confirm = _new_password_fields("Password")


class LoginForm(FlaskForm):
    """Log-in form; the username is matched ignoring case."""

    username = StringField("Username", validators=[DataRequired(), Length(max=40)])
    password = PasswordField("Password", validators=[DataRequired(), Length(max=PASSWORD_MAX)])
    remember = BooleanField("Keep me logged in on this device")


class ChangePasswordForm(FlaskForm):
    """Change password: the current one, then the new one twice."""

    current_password = PasswordField("Current password", validators=[DataRequired()])
    new_password, confirm = _new_password_fields("New password")


def safe_next(target: str | None) -> str | None:
    """The redirect target if it is a path on this site, else None (no open redirects)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return None
    if any(ch in target for ch in "\\\r\n\t") or urlsplit(target).netloc:
        return None
    return target


def lobby_url() -> str:
    """The lobby if its blueprint is registered, else the site root."""
    try:
        return url_for("play.lobby")
    except BuildError:
        return "/"


def _start_session(user: User, remember: bool = False) -> None:
    """Log the user in on a fresh session so a planted session id or value cannot carry over."""
    session.clear()
    g.pop("csrf_token", None)  # the cached token belonged to the cleared session; a new one is made
    login_user(user, remember=remember)


def _find_user(username: str) -> User | None:
    """The account whose username matches ignoring case."""
    return db.session.scalar(select(User).where(User.username_key == User.key_for(username.strip())))


def _name_is_a_players(username: str) -> bool:
    """True if a player (a house bot, say) already has this name, ignoring case."""
    clash = select(Player.id).where(func.lower(Player.name) == username.lower()).limit(1)
    return db.session.scalar(clash) is not None


@bp.route("/register", methods=["GET", "POST"])
@limiter.limit(register_rate_limit, methods=["POST"])
def register():
    """Create an account and its human player, then log in."""
    if current_user.is_authenticated:
        return redirect(lobby_url())
    form = RegisterForm()
    if form.validate_on_submit():
        user = _create_account(form)
        if user is not None:
            _start_session(user)
            flash(f"Welcome, {user.username}! Your account is ready.", "success")
            return redirect(lobby_url())
    return render_template("auth/register.html", form=form)


def _create_account(form: RegisterForm) -> User | None:
    """Store the user and their Player; on a clash, put the error on the form and return None."""
    username, email = form.username.data.strip(), form.email.data.strip().lower()
    if _find_user(username) is not None:
        form.username.errors.append("That username is taken (names are compared ignoring case).")
        return None
    if _name_is_a_players(username):
        form.username.errors.append("That name belongs to a player already (maybe a house bot).")
        return None
    if db.session.scalar(select(User).where(User.email == email)) is not None:
        form.email.errors.append("An account with this email already exists.")
        return None
    user = User(username=username, username_key=User.key_for(username), email=email,
                created_by=username, updated_by=username)
    user.set_password(form.password.data)
    db.session.add(user)
    try:
        db.session.flush()
        db.session.add(Player(kind="human", name=username, user_id=user.id,
                              created_by=username, updated_by=username))
        db.session.commit()
    except IntegrityError:  # two sign-ups raced for the same name or email
        db.session.rollback()
        form.username.errors.append("That username or email was just taken; try another.")
        return None
    current_app.logger.info("new account %s (id %s)", user.username, user.id)
    return user


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(login_rate_limit, methods=["POST"], deduct_when=lambda response: response.status_code != 302)
def login():
    """Log in and return to the page that asked for it (only pages of this site)."""
    next_url = safe_next(request.args.get("next"))
    if current_user.is_authenticated:
        return redirect(next_url or lobby_url())
    form = LoginForm()
    if form.validate_on_submit():
        user = _find_user(form.username.data)
        if user is not None and user.check_password(form.password.data):
            _start_session(user, remember=form.remember.data)
            flash(f"Hello, {user.username}.", "success")
            return redirect(next_url or lobby_url())
        # Only the (truncated) name is logged: never the password, not even a wrong one.
        current_app.logger.info("failed login for %r from %s", form.username.data[:40], request.remote_addr)
        form.password.errors.append("Wrong username or password.")
    return render_template("auth/login.html", form=form, next_url=next_url)


@bp.route("/logout", methods=["POST"])
def logout():
    """Log out (POST only, so another site cannot log you out with a link or image)."""
    logout_user()
    session.clear()
    flash("You have logged out.", "info")
    return redirect(url_for("auth.login"))


@bp.route("/password", methods=["GET", "POST"])
@login_required
def change_password():
    """Change the password after checking the current one."""
    form = ChangePasswordForm()
    if form.validate_on_submit():
        user = db.session.get(User, current_user.id)  # current_user is the Account, not the row
        if not user.check_password(form.current_password.data):
            form.current_password.errors.append("That is not your current password.")
        else:
            user.set_password(form.new_password.data)
            user.updated_by = user.username
            db.session.commit()
            _start_session(user)
            flash("Your password has been changed.", "success")
            return redirect(lobby_url())
    return render_template("auth/change_password.html", form=form)
