"""The account forms: sign up, log in, change password, ask for and use a reset link."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, EmailField, Field, PasswordField, StringField
from wtforms.validators import DataRequired, Email, EqualTo, Length, Regexp, ValidationError

from siete.data.people import USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN
from siete.service.accounts.credentials import (
    PASSWORD_MAX,
    PASSWORD_MIN,
    PasswordProblem,
    SignUpProblem,
    password_problem,
)
from siete.web.validators import PlainText

USERNAME_RULE = _l("Start with a letter and use only letters and digits (no spaces or symbols).")
SIGN_UP_PROBLEMS = {
    SignUpProblem.USERNAME_TAKEN: _l(
        "That username is taken, or looks like one that is: names that differ only in capitals "
        "or in look-alike characters (I, l and 1; O and 0; m and rn) count as the same name."),
    SignUpProblem.NAME_OF_A_PLAYER: _l(
        "That name belongs to a player already (maybe a house bot), or looks like one that does."),
    SignUpProblem.USERNAME_JUST_TAKEN: _l("That username was just taken; try another."),
    SignUpProblem.EMAIL_UNUSABLE: _l(
        "This email cannot be used for a new account. If it is yours, log in or reset your password."),
}


def sign_up_problem_words(problem: SignUpProblem) -> str:
    return str(SIGN_UP_PROBLEMS[problem])


def password_problem_words(problem: PasswordProblem) -> str:
    if problem is PasswordProblem.LENGTH:
        return str(_("Use %(low)s to %(high)s characters.", low=PASSWORD_MIN, high=PASSWORD_MAX))
    if problem is PasswordProblem.COMMON:
        return str(_("That password is one of the most common ones; choose another."))
    return str(_("The password must not contain your username."))


class NewPasswordForm(FlaskForm):
    """A new password and its confirmation; the policy needs the account's username."""

    new_password = PasswordField(_l("New password"), validators=[DataRequired()])
    confirm = PasswordField(_l("Repeat the password"), validators=[
        DataRequired(), EqualTo("new_password", message=_l("The passwords do not match."))])

    def __init__(self, username: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._username = username

    def validate_new_password(self, field: Field) -> None:
        problem = password_problem(field.data or "", self._username)
        if problem:
            raise ValidationError(password_problem_words(problem))


class RegisterForm(FlaskForm):
    """Sign-up form: username (R: letters/digits), email and a confirmed password."""

    username = StringField(_l("Username"), validators=[
        DataRequired(),
        Length(USERNAME_MIN, USERNAME_MAX, message=_l("Usernames are %(min)d to %(max)d characters long.")),
        Regexp(USERNAME_PATTERN, message=USERNAME_RULE), PlainText()])
    email = EmailField(_l("Email"), validators=[DataRequired(), Email(), Length(max=254)])
    password = PasswordField(_l("Password"), validators=[DataRequired()])
    confirm = PasswordField(_l("Repeat the password"), validators=[
        DataRequired(), EqualTo("password", message=_l("The passwords do not match."))])

    def validate_password(self, field: Field) -> None:
        problem = password_problem(field.data or "", self.username.data or "")
        if problem:
            raise ValidationError(password_problem_words(problem))


class LoginForm(FlaskForm):
    """Log-in form; the username is matched ignoring case."""

    username = StringField(_l("Username"), validators=[DataRequired(), Length(max=40)])
    password = PasswordField(_l("Password"), validators=[DataRequired(), Length(max=PASSWORD_MAX)])
    remember = BooleanField(_l("Keep me logged in on this device"))


class ChangePasswordForm(NewPasswordForm):
    """Change password: the current one, then the new one twice."""

    current_password = PasswordField(_l("Current password"), validators=[DataRequired()])


class ResetPasswordForm(NewPasswordForm):
    """Choose a new password from a reset link (no current password asked)."""


class ForgotPasswordForm(FlaskForm):
    """Ask for a reset link by email."""

    email = EmailField(_l("Email"), validators=[DataRequired(), Email(), Length(max=254)])


class EmptyForm(FlaskForm):
    """Just the CSRF token (buttons such as "Log out everywhere")."""
