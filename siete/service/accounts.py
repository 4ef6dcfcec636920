"""Accounts: sign-up, password checks and policy, session generations and password-reset links."""
from __future__ import annotations

import hashlib
import hmac
from functools import cache

from flask_babel import gettext as _
from itsdangerous import BadSignature, URLSafeTimedSerializer
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from siete.data.base import db
from siete.data.people import Player, User
from siete.data.vocabulary import PlayerKind
from siete.service.unit_of_work import unit_of_work

PASSWORD_MIN, PASSWORD_MAX = 8, 128  # the cap stops huge inputs from making hashing costly
RESET_SALT = "siete-password-reset"
DEFAULT_RESET_MAX_AGE_S = 3600


class AccountClash(Exception):
    """A sign-up that cannot be stored; `field` says which form field the message belongs to."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field, self.message = field, message


# ---------------------------------------------------------------- finding and checking


def user_by_id(user_id: int) -> User | None:
    """The account's row (its password hash, email, generation), or None."""
    return db.session.get(User, user_id)


def find_user(username: str) -> User | None:
    """The account whose username matches ignoring case."""
    return db.session.scalar(select(User).where(User.username_key == User.key_for(username.strip())))


@cache
def _dummy_hash() -> str:
    """A scrypt hash of nothing anyone types, checked when the user does not exist."""
    return generate_password_hash("no such account: the time spent is the point", method="scrypt")


def authenticate(username: str, password: str) -> User | None:
    """The user if the password is theirs; a missing user costs the same scrypt time (#15.6)."""
    user = find_user(username)
    if user is None:
        check_password_hash(_dummy_hash(), password)  # same work, so timing tells nothing
        return None
    return user if user.check_password(password) else None


# ---------------------------------------------------------------- password policy


@cache
def common_passwords() -> frozenset[str]:
    """The 30,000 most common passwords, from zxcvbn's maintained frequency lists."""
    # Imported on first use: the lists are megabytes, and only sign-up and password changes need them.
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(FREQUENCY_LISTS["passwords"])


def password_problem(password: str, username: str = "") -> str | None:
    """Why this password is refused, or None: length, a common password, or the username in it."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        return _("Use %(low)s to %(high)s characters.", low=PASSWORD_MIN, high=PASSWORD_MAX)
    folded = password.casefold()
    if folded in common_passwords() or len(set(folded)) < 3:
        return _("That password is one of the most common ones; choose another.")
    name = username.strip().casefold()
    if name and name in folded:
        return _("The password must not contain your username.")
    return None


# ---------------------------------------------------------------- sign-up


def name_is_a_players(username: str) -> bool:
    """True if a player (a house bot, say) already has this name, ignoring case."""
    clash = select(Player.id).where(func.lower(Player.name) == username.lower()).limit(1)
    return db.session.scalar(clash) is not None


def create_account(username: str, email: str, password: str) -> User:
    """Store the user and their human Player; AccountClash if the name or email is taken.

    Usernames are public (they sit at tables), so a taken one is said. A taken email is not
    (#15.6): the form says only that the account could not be made with it.
    """
    username, email = username.strip(), email.strip().lower()
    if find_user(username) is not None:
        raise AccountClash("username", _("That username is taken (names are compared ignoring case)."))
    if name_is_a_players(username):
        raise AccountClash("username", _("That name belongs to a player already (maybe a house bot)."))
    if db.session.scalar(select(User.id).where(User.email == email).limit(1)) is not None:
        raise AccountClash("email", _("This email cannot be used for a new account. If it is yours, "
                                      "log in or reset your password."))
    user = User(username=username, username_key=User.key_for(username), email=email,
                created_by=username, updated_by=username)
    user.set_password(password)
    try:
        with unit_of_work():
            db.session.add(user)
            db.session.flush()
            db.session.add(Player(kind=PlayerKind.HUMAN, name=username, user_id=user.id,
                                  created_by=username, updated_by=username))
    except IntegrityError:  # two sign-ups raced for the same name or email (rolled back)
        raise AccountClash("username", _("That username was just taken; try another.")) from None
    return user


# ---------------------------------------------------------------- sessions


def session_id(user_id: int, generation: int) -> str:
    """What Flask-Login keeps in the session and the remember cookie: "<id>:<generation>"."""
    return f"{user_id}:{generation}"


def parse_session_id(value: str | None) -> tuple[int, int] | None:
    """(user id, generation) from a session id; a bare "<id>" (older sessions) is generation 0."""
    user_id, _sep, generation = (value or "").partition(":")
    try:
        return int(user_id), int(generation or 0)
    except ValueError:
        return None


def _bump_generation(user_id: int) -> None:
    """One atomic UPDATE, so two revocations at once both count."""
    db.session.execute(update(User).where(User.id == user_id)
                       .values(session_generation=User.session_generation + 1))


def revoke_sessions(user_id: int) -> int:
    """End every session and remember cookie of the account (all devices); the new generation.

    Commits: the bump must hold even if the caller's page then fails.
    """
    with unit_of_work():
        _bump_generation(user_id)
    return db.session.scalar(select(User.session_generation).where(User.id == user_id)) or 0


def change_password(user: User, new_password: str) -> None:
    """Store the new password and end every session made with the old one, in one transaction."""
    with unit_of_work():
        user.set_password(new_password)
        user.updated_by = user.username
        db.session.flush()
        _bump_generation(user.id)
    db.session.refresh(user)  # the new generation, for the session the caller starts


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


def users_with_email(email: str) -> list[User]:
    """The accounts registered with this address (normally one)."""
    email = email.strip().lower()
    return list(db.session.scalars(select(User).where(User.email == email).limit(5)))
