"""Humans' accounts and the players (humans and bots) who sit at tables."""
from __future__ import annotations

from sqlalchemy import CheckConstraint, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates
from werkzeug.security import check_password_hash, generate_password_hash

from siete.data.base import BOT_PROFILES, MYSQL_TABLE, PLAYER_KINDS, ControlColumns, Model, one_of
from siete.data.vocabulary import PlayerKind


class User(ControlColumns, Model):
    """A human's account; username_key keeps usernames unique regardless of case."""

    __tablename__ = "users"
    __table_args__ = (MYSQL_TABLE,)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(20))
    username_key: Mapped[str] = mapped_column(String(20), unique=True)
    email: Mapped[str] = mapped_column(String(254))
    password_hash: Mapped[str] = mapped_column(String(255))
    # Sessions and remember cookies carry the generation they were made in; bumping it
    # (siete.service.accounts.revoke_sessions) ends them all.
    session_generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    player: Mapped[Player | None] = relationship(back_populates="user")

    @staticmethod
    def key_for(username: str) -> str:
        """The username_key of a username (look users up by it)."""
        return username.lower()

    @validates("username")
    def _keep_key_in_step(self, _field: str, username: str) -> str:
        self.username_key = self.key_for(username)
        return username

    def set_password(self, password: str) -> None:
        self.password_hash = generate_password_hash(password, method="scrypt")

    def check_password(self, password: str) -> bool:
        return check_password_hash(self.password_hash, password)


class Player(ControlColumns, Model):
    """Anyone who sits at a table: a human (with a user) or a bot (with a strategy profile)."""

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
    name: Mapped[str] = mapped_column(String(40), unique=True)
    kind: Mapped[str] = mapped_column(String(5))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), unique=True)
    profile: Mapped[str | None] = mapped_column(String(20))
    user: Mapped[User | None] = relationship(back_populates="player")

    @property
    def is_bot(self) -> bool:
        return self.kind == PlayerKind.BOT


