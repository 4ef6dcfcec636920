"""Logins you can end: each browser's login is a row (siete.data.login_sessions), named by both of
its cookies, so logging out, "End" on the sessions list, "log out everywhere" and a password
change end every copy of those cookies, on every replica.

"Last seen" is written at most once a minute per session (LAST_SEEN_EVERY), by the request that
finds it older: a move does it inside its own transaction, other pages after they answer.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from siete.data.base import utcnow
from siete.data.login_sessions import (
    SessionAccount,
    SessionClaim,
    delete_idle,
    delete_sessions,
    insert_session,
    secret_digest,
    session_account,
    sessions_of,
    touch,
)
from siete.service.accounts.devices import Device, device_of
from siete.service.unit_of_work import unit_of_work

LAST_SEEN_EVERY = timedelta(seconds=60)
SECRET_BYTES = 24
MAX_SESSION_ID = 2**31 - 1  # login_sessions.id is an INT column: past it, no session


@dataclass(frozen=True)
class NewSession:
    """A login just stored; `token` ("<row id>.<secret>") goes into both cookies."""

    session_id: int
    token: str


@dataclass(frozen=True)
class SessionLine:
    """One line of the sessions list: which device, since and until when, and whether it is
    the browser looking at the list."""

    session_id: int
    device: Device
    signed_in_at: datetime
    last_seen_at: datetime
    remembered: bool
    current: bool


def start_session(user_id: int, user_agent: str, remembered: bool, by: str) -> NewSession:
    """Store a new login for this browser (committed) and return the token its cookies carry."""
    secret = secrets.token_urlsafe(SECRET_BYTES)
    with unit_of_work():
        session_id = insert_session(user_id, secret_digest(secret), user_agent, remembered, utcnow(), by)
    return NewSession(session_id, f"{session_id}.{secret}")


def account_of(token: object) -> SessionAccount | None:
    """The account of the session a cookie's token names, if that session is still live."""
    claim = SessionClaim.parse(token)
    return None if claim is None else session_account(claim)


def is_stale(last_seen_at: datetime | None, now: datetime) -> bool:
    """True when "last seen" is old enough to be written again."""
    return last_seen_at is None or now - last_seen_at >= LAST_SEEN_EVERY


def mark_seen(session_id: int, now: datetime | None = None) -> None:
    """Write "last seen" now, in a unit of work of its own (or the caller's)."""
    with unit_of_work():
        touch(session_id, now or utcnow())


def end_session(user_id: int, session_id: int) -> bool:
    """End one of the account's sessions (another account's is never touched); True if it was live.
    A number past the column names none (sent to the driver, SQLite's overflowed)."""
    if not 0 < session_id <= MAX_SESSION_ID:
        return False
    with unit_of_work():
        return delete_sessions(user_id, only=session_id) > 0


def end_all_sessions(user_id: int, keep: int | None = None) -> int:
    """End every session of the account, but `keep`; how many ended."""
    with unit_of_work():
        return delete_sessions(user_id, keep=keep)


def session_lines(user_id: int, current: int | None) -> list[SessionLine]:
    """The account's sessions for its list: the browser asking first, then the most recently seen."""
    lines = [SessionLine(row.id, device_of(row.user_agent), row.created_at, row.last_seen_at,
                         row.remembered, row.id == current) for row in sessions_of(user_id)]
    return sorted(lines, key=lambda line: not line.current)  # stable: seen order kept


def prune_idle_sessions(now: datetime, session_life: timedelta, remembered_life: timedelta) -> int:
    """Delete the sessions whose cookies cannot be valid any more (unseen for longer than the
    session cookie's life, or the remember cookie's for a remembered one); how many."""
    with unit_of_work():
        return delete_idle(now - session_life, now - remembered_life)
