"""Humans' accounts, the players (humans and bots) who sit at tables, and what the migration to
one account per address and per look-alike name found."""
from __future__ import annotations

from functools import cache

from sqlalchemy import Boolean, CheckConstraint, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates
from werkzeug.security import check_password_hash, generate_password_hash

from siete.data.base import BOT_PROFILES, MYSQL_TABLE, PLAYER_KINDS, ControlColumns, Model, one_of
from siete.data.identity import name_skeleton, normal_email
from siete.data.vocabulary import ClashKind, PlayerKind

# A person's name, on the site (sign-up) and in the terminal (`python -m siete play`) alike:
# the brief's letters and digits, a letter first, no spaces; 3 to 20 of them.
USERNAME_PATTERN = r"^[A-Za-z][A-Za-z0-9]*$"
USERNAME_MIN = 3
USERNAME_MAX = 20
PLAYER_NAME_MAX = 40


class User(ControlColumns, Model):
    """A human's account. Its keys keep accounts apart: username_key (the lower-cased name, to
    log in by), username_skeleton (what the name looks like: no two alike) and the email itself,
    stored normalised and unique (siete.data.identity)."""

    __tablename__ = "users"
    __table_args__ = (MYSQL_TABLE,)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(USERNAME_MAX))
    username_key: Mapped[str] = mapped_column(String(USERNAME_MAX), unique=True)
    # NULL only for an account migration 0002 found looking like an older one (identity_clashes).
    username_skeleton: Mapped[str | None] = mapped_column(String(2 * USERNAME_MAX), unique=True)
    # NULL only for a younger account whose address an older one had (identity_clashes).
    email: Mapped[str | None] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    # A guest (siete.service.accounts.guests): made with one click, no email and no password anyone can
    # type; unrated, out of the rankings, pruned when unused. Signing up turns it into a person.
    guest: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    player: Mapped[Player | None] = relationship(back_populates="user")

    @staticmethod
    def key_for(username: str) -> str:
        """The username_key of a username (look users up by it)."""
        return username.lower()

    @validates("username")
    def _keep_keys_in_step(self, _field: str, username: str) -> str:
        self.username_key = self.key_for(username)
        self.username_skeleton = name_skeleton(username)
        return username

    @validates("email")
    def _normalise_email(self, _field: str, email: str | None) -> str | None:
        return None if email is None else normal_email(email)

    def set_password(self, password: str) -> None:
        self.password_hash = generate_password_hash(password, method="scrypt")

    def check_password(self, password: str) -> bool:
        if self.guest:  # a guest's hash is of a random secret nobody knows: never checked
            waste_a_password_check(password)
            return False
        return check_password_hash(self.password_hash, password)


class Player(ControlColumns, Model):
    """Anyone who sits at a table: a human (with a user) or a bot (with a strategy profile).

    Humans and bots share one namespace of names, kept apart by name_skeleton."""

    __tablename__ = "players"
    __table_args__ = (
        CheckConstraint(one_of("kind", PLAYER_KINDS), name="kind"),
        CheckConstraint(one_of("profile", BOT_PROFILES, nullable=True), name="profile"),
        CheckConstraint("(kind = 'human' AND user_id IS NOT NULL AND profile IS NULL) OR "
                        "(kind = 'bot' AND user_id IS NULL AND profile IS NOT NULL)",
                        name="kind_fields"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(PLAYER_NAME_MAX), unique=True)
    # NULL only for a player migration 0002 found looking like an older one (identity_clashes).
    name_skeleton: Mapped[str | None] = mapped_column(String(2 * PLAYER_NAME_MAX), unique=True)
    kind: Mapped[str] = mapped_column(String(5))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), unique=True)
    profile: Mapped[str | None] = mapped_column(String(20))
    user: Mapped[User | None] = relationship(back_populates="player")

    @validates("name")
    def _keep_skeleton_in_step(self, _field: str, name: str) -> str:
        self.name_skeleton = name_skeleton(name)
        return name

    @property
    def is_bot(self) -> bool:
        return self.kind == PlayerKind.BOT


class IdentityClash(ControlColumns, Model):
    """A row that lost its address or look-alike key to an older one in migration 0002: the
    younger account's email was cleared (it logs in as before, but cannot be sent a reset
    link), and a younger look-alike name kept its name but no skeleton. Kept for the operator."""

    __tablename__ = "identity_clashes"
    __table_args__ = (CheckConstraint(one_of("kind", tuple(ClashKind)), name="kind"), MYSQL_TABLE)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(12))
    shared_key: Mapped[str] = mapped_column(String(254))  # the normal address or the skeleton
    kept_id: Mapped[int] = mapped_column(Integer)  # users.id, or players.id for a player name
    other_id: Mapped[int] = mapped_column(Integer)
    other_value: Mapped[str] = mapped_column(String(254))  # what the younger row had


@cache
def _dummy_hash() -> str:
    """A scrypt hash of nothing anyone types, checked when the user does not exist."""
    return generate_password_hash("no such account: the time spent is the point", method="scrypt")


def waste_a_password_check(password: str) -> None:
    """As long as checking a real account's password, so a missing account takes the same time."""
    check_password_hash(_dummy_hash(), password)
