"""Accounts: sign-up, password checks and policy, and password-reset links.

Problems carry codes (SignUpProblem, PasswordProblem); the pages put them into words. Logins
themselves are rows of their own (siete.service.accounts.sessions).
"""
from __future__ import annotations

import hashlib
import hmac
import re
from enum import StrEnum
from functools import cache

from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import or_, select
from sqlalchemy.exc import IntegrityError

from siete.data.base import db
from siete.data.identity import name_skeleton, normal_email
from siete.data.login_sessions import delete_sessions
from siete.data.people import Player, User, waste_a_password_check
from siete.data.vocabulary import PlayerKind
from siete.service.unit_of_work import unit_of_work

PASSWORD_MIN, PASSWORD_MAX = 8, 128  # the cap stops huge inputs from making hashing costly
RESET_SALT = "siete-password-reset"
DEFAULT_RESET_MAX_AGE_S = 3600


class SignUpProblem(StrEnum):
    """Why a sign-up could not be stored."""

    USERNAME_TAKEN = "username_taken"  # by another account, ignoring case and look-alikes
    NAME_OF_A_PLAYER = "name_of_a_player"  # a bot's name (or another player's) looks the same
    USERNAME_JUST_TAKEN = "username_just_taken"  # a sign-up at the same moment won the name
    EMAIL_UNUSABLE = "email_unusable"  # an account has the address: not said in so many words

    @property
    def field(self) -> str:
        """The form field the problem belongs to."""
        return "email" if self is SignUpProblem.EMAIL_UNUSABLE else "username"


class PasswordProblem(StrEnum):
    LENGTH = "length"  # outside PASSWORD_MIN..PASSWORD_MAX
    COMMON = "common"  # one of the most common passwords, or fewer than 3 different characters
    HAS_USERNAME = "has_username"


class AccountClash(Exception):
    """A sign-up that cannot be stored, and why."""

    def __init__(self, problem: SignUpProblem):
        super().__init__(problem.value)
        self.problem = problem


# ---------------------------------------------------------------- finding and checking


def user_by_id(user_id: int) -> User | None:
    """The account's row (its password hash, email), or None."""
    return db.session.get(User, user_id)


def find_user(username: str) -> User | None:
    """The account whose username matches ignoring case."""
    return db.session.scalar(select(User).where(User.username_key == User.key_for(username.strip())))


def authenticate(username: str, password: str) -> User | None:
    """The user if the password is theirs; a missing user costs the same scrypt time."""
    user = find_user(username)
    if user is None:
        waste_a_password_check(password)  # same work, so timing tells nothing
        return None
    return user if user.check_password(password) else None


def user_with_email(address: str) -> User | None:
    """The account registered with this address (one at most: the address is unique)."""
    return db.session.scalar(select(User).where(User.email == normal_email(address)))


# ---------------------------------------------------------------- password policy


@cache
def common_passwords() -> frozenset[str]:
    """The 30,000 most common passwords, from zxcvbn's maintained frequency lists."""
    # Imported on first use: the lists are megabytes, and only sign-up and password changes need them.
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(FREQUENCY_LISTS["passwords"])


def password_problem(password: str, username: str = "") -> PasswordProblem | None:
    """Why this password is refused, or None: length, a common password, or the username in it."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return PasswordProblem.LENGTH
    folded = password.casefold()
    if folded in common_passwords() or len(set(folded)) < 3:
        return PasswordProblem.COMMON
    name = username.strip().casefold()
    if name and name in folded:
        return PasswordProblem.HAS_USERNAME
    return None


# ---------------------------------------------------------------- sign-up


def name_problem(username: str) -> SignUpProblem | None:
    """Whether the name, or one that looks like it (siete.data.identity), is taken."""
    skeleton = name_skeleton(username)
    user = select(User.id).where(or_(User.username_skeleton == skeleton,
                                     User.username_key == User.key_for(username)))
    if db.session.scalar(user.limit(1)) is not None:
        return SignUpProblem.USERNAME_TAKEN
    if db.session.scalar(select(Player.id).where(Player.name_skeleton == skeleton).limit(1)) is not None:
        return SignUpProblem.NAME_OF_A_PLAYER
    return None


def create_account(username: str, email: str, password: str) -> User:
    """Store the user and their human Player; AccountClash if the name or email is taken.

    Usernames are public (they sit at tables), so a taken one is said. A taken email is not
    said: the form says only that the account could not be made with it. The unique keys
    decide a race (six sign-ups at once with one address make one account).
    """
    username, email = username.strip(), normal_email(email)
    problem = name_problem(username)
    if problem is None and user_with_email(email) is not None:
        problem = SignUpProblem.EMAIL_UNUSABLE
    if problem is not None:
        raise AccountClash(problem)
    user = User(username=username, email=email, created_by=username, updated_by=username)
    user.set_password(password)
    try:
        with unit_of_work():
            db.session.add(user)
            db.session.flush()
            db.session.add(Player(kind=PlayerKind.HUMAN, name=username, user_id=user.id,
                                  created_by=username, updated_by=username))
    except IntegrityError as error:  # another sign-up won the race (all of this rolled back)
        raise AccountClash(race_problem(error)) from None
    return user


# The unique key a duplicate broke, as MariaDB ("for key 'uq_users_email'") and SQLite
# ("UNIQUE constraint failed: users.email") name it.
DUPLICATE_KEY = re.compile(r"for key '(?:\w+\.)?(\w+)'|UNIQUE constraint failed: \w+\.(\w+)")


def race_problem(error: IntegrityError) -> SignUpProblem:
    """What a sign-up that lost a race to the database's unique keys clashed on."""
    found = DUPLICATE_KEY.search(str(error.orig))
    key = next((g for g in found.groups() if g), "") if found else ""
    return SignUpProblem.EMAIL_UNUSABLE if "email" in key else SignUpProblem.USERNAME_JUST_TAKEN


def change_password(user: User, new_password: str, keep_session: int | None = None) -> None:
    """Store the new password and end every session made with the old one (but `keep_session`,
    the browser that changed it), in one transaction."""
    with unit_of_work():
        user.set_password(new_password)
        user.updated_by = user.username
        db.session.flush()
        delete_sessions(user.id, keep=keep_session)


# ---------------------------------------------------------------- password reset


def _reset_serializer(secret_key: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret_key, salt=RESET_SALT)


def _password_fingerprint(user: User) -> str:
    """A digest of the stored hash: it changes with the password, so a used link dies."""
    return hashlib.sha256(user.password_hash.encode()).hexdigest()[:32]


def reset_token(user: User, secret_key: str) -> str:
    """A signed link token for this user, good until the password changes or it expires."""
    return _reset_serializer(secret_key).dumps({"u": user.id, "p": _password_fingerprint(user)})


def user_for_reset_token(token: str, secret_key: str,
                         max_age: int = DEFAULT_RESET_MAX_AGE_S) -> User | None:
    """The user a valid token, younger than max_age seconds and not yet used, belongs to; else None."""
    try:
        data = _reset_serializer(secret_key).loads(token, max_age=max_age)
        user = db.session.get(User, int(data["u"]))
        fingerprint = str(data["p"])
    except (BadSignature, KeyError, TypeError, ValueError):
        return None
    if user is None or not hmac.compare_digest(fingerprint, _password_fingerprint(user)):
        return None
    return user
