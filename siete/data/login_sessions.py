"""Logins as rows (`login_sessions`): each browser that logs in gets one, and both of its cookies
(the session and "keep me logged in") name it. Deleting the row ends every copy of them.

The cookies carry "<row id>.<secret>"; the row keeps only the secret's SHA-256, so reading the
table does not give anyone a way in. Every replica reads the same rows. The statements here
are built once (the move path and the account loader run them on every request).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from sqlalchemy import (
    CHAR,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    bindparam,
    delete,
    select,
    update,
)
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql.elements import ColumnElement, Label
from sqlalchemy.sql.selectable import ScalarSelect, Select

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, db
from siete.data.people import Player, User

USER_AGENT_MAX = 255


class LoginSession(ControlColumns, Model):
    """One logged-in browser: whose it is, what it said it was, when it was last seen.

    created_at is when it logged in."""

    __tablename__ = "login_sessions"
    __table_args__ = (Index(None, "user_id"), Index(None, "last_seen_at"), MYSQL_TABLE)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    secret_digest: Mapped[str] = mapped_column(CHAR(64))  # SHA-256 (hex) of the cookie's secret
    user_agent: Mapped[str] = mapped_column(String(USER_AGENT_MAX), default="", server_default="")
    remembered: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    last_seen_at: Mapped[datetime] = mapped_column(DateTime)


SESSIONS, USERS, PLAYERS = LoginSession.__table__, User.__table__, Player.__table__


def secret_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class SessionClaim:
    """What a cookie says: the row and the secret's digest, not yet checked against the table."""

    session_id: int
    digest: str

    @classmethod
    def parse(cls, token: object) -> SessionClaim | None:
        """The claim in "<row id>.<secret>", or None for anything else (older cookies included)."""
        if not isinstance(token, str):
            return None
        row, dot, secret = token.partition(".")
        if not dot or not row.isascii() or not row.isdigit() or len(row) > 10 or not secret:
            return None
        return cls(int(row), secret_digest(secret))


@dataclass(frozen=True)
class SessionAccount:
    """A valid session's account as a request needs it: one small row (see ACCOUNT_BY_SESSION)."""

    session_id: int
    user_id: int
    username: str
    player_name: str | None  # None until the account first sits at a table
    last_seen_at: datetime
    guest: bool = False  # a guest's account (siete.service.accounts.guests)


def _matches_claim() -> ColumnElement[bool]:
    return (SESSIONS.c.id == bindparam("session_id")) & (SESSIONS.c.secret_digest == bindparam("digest"))


@cache
def account_by_session() -> Select[int, int, str, str | None, datetime, bool]:
    """SELECT of the account a session belongs to, if its row exists and the secret matches."""
    return (select(SESSIONS.c.id, USERS.c.id, USERS.c.username, PLAYERS.c.name, SESSIONS.c.last_seen_at,
                   USERS.c.guest)
            .join(USERS, USERS.c.id == SESSIONS.c.user_id)
            .outerjoin(PLAYERS, PLAYERS.c.user_id == USERS.c.id)
            .where(_matches_claim()))


def session_account(claim: SessionClaim) -> SessionAccount | None:
    """The account of a live session, in one query; None when the session was ended."""
    found = db.session.connection().execute(
        account_by_session(), {"session_id": claim.session_id, "digest": claim.digest}).first()
    return None if found is None else SessionAccount(*found)


def session_columns_for_a_lock() -> tuple[Label[int], Label[str], Label[datetime]]:
    """Scalar subqueries a locking SELECT adds to read a session's account without locking it
    (MySQL locks only the rows of the statement's own tables): the user, their player name and
    when the session was last seen; NULL when the session was ended or the secret is wrong."""
    own = select(SESSIONS.c.user_id).where(_matches_claim())
    return (own.scalar_subquery().label("session_user"),
            select(PLAYERS.c.name).join(SESSIONS, SESSIONS.c.user_id == PLAYERS.c.user_id)
            .where(_matches_claim()).scalar_subquery().label("session_player"),
            select(SESSIONS.c.last_seen_at).where(_matches_claim())
            .scalar_subquery().label("session_seen"))


def claimed_player_id() -> ScalarSelect[int]:
    """A scalar subquery: the player of the account whose session the claim names (NULL when
    the session was ended, the secret is wrong or the account has no player yet)."""
    return (select(PLAYERS.c.id).join(SESSIONS, SESSIONS.c.user_id == PLAYERS.c.user_id)
            .where(_matches_claim()).scalar_subquery())


TOUCH = update(SESSIONS).where(SESSIONS.c.id == bindparam("session_id")).values(
    last_seen_at=bindparam("now"))


def touch(session_id: int, now: datetime) -> None:
    """Note that the session was seen now (callers do it at most once a minute)."""
    db.session.connection().execute(TOUCH, {"session_id": session_id, "now": now})


def insert_session(user_id: int, digest: str, user_agent: str, remembered: bool, now: datetime,
                   by: str) -> int:
    row = LoginSession(user_id=user_id, secret_digest=digest, user_agent=user_agent[:USER_AGENT_MAX],
                       remembered=remembered, last_seen_at=now, created_at=now, updated_at=now,
                       created_by=by, updated_by=by)
    db.session.add(row)
    db.session.flush()
    return row.id


def sessions_of(user_id: int) -> list[LoginSession]:
    """The account's sessions, the most recently seen first."""
    return list(db.session.scalars(select(LoginSession).where(LoginSession.user_id == user_id)
                                   .order_by(LoginSession.last_seen_at.desc(), LoginSession.id.desc())))


def delete_sessions(user_id: int, only: int | None = None, keep: int | None = None) -> int:
    """Delete the account's sessions (only one of them, or all but one); how many went."""
    statement = delete(SESSIONS).where(SESSIONS.c.user_id == user_id)
    if only is not None:
        statement = statement.where(SESSIONS.c.id == only)
    if keep is not None:
        statement = statement.where(SESSIONS.c.id != keep)
    return int(db.session.execute(statement).rowcount)  # type: ignore[attr-defined]


def delete_idle(seen_before: datetime, remembered_seen_before: datetime) -> int:
    """Delete sessions no cookie can still name: unseen since their cookie's longest life."""
    statement = delete(SESSIONS).where(
        (SESSIONS.c.last_seen_at < remembered_seen_before)
        | ((SESSIONS.c.remembered.is_(False)) & (SESSIONS.c.last_seen_at < seen_before)))
    return int(db.session.execute(statement).rowcount)  # type: ignore[attr-defined]
