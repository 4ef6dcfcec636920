"""The mail outbox (`mail_outbox`): what a request asked to be mailed, which the worker sends.

A request only stores a row, so its answer takes the same time whatever the address; the worker
claims due rows (SKIP LOCKED on MariaDB: two workers never take the same row), writes and sends
each mail, and retries later with a growing wait while the SMTP server is away.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import CheckConstraint, DateTime, Index, Integer, String, bindparam, delete, select, update
from sqlalchemy.orm import Mapped, mapped_column

from siete.data.base import MYSQL_TABLE, ControlColumns, Model, db, one_of
from siete.data.vocabulary import MailKind, OutboxStatus

ERROR_MAX = 255


class OutboxRow(ControlColumns, Model):
    """One mail asked for: a password reset for an address (whether or not an account has it)."""

    __tablename__ = "mail_outbox"
    __table_args__ = (
        CheckConstraint(one_of("kind", tuple(MailKind)), name="kind"),
        CheckConstraint(one_of("status", tuple(OutboxStatus)), name="status"),
        Index(None, "status", "next_attempt_at"),
        MYSQL_TABLE,
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    address: Mapped[str] = mapped_column(String(254))  # normalised (siete.data.identity)
    locale: Mapped[str] = mapped_column(String(8))  # the language the request was made in
    # The site's address for the link when PUBLIC_URL is not set (development only): the
    # request's own host. With PUBLIC_URL set (always in production) it stays NULL.
    link_base: Mapped[str | None] = mapped_column(String(255))
    status: Mapped[str] = mapped_column(String(10), default=OutboxStatus.PENDING,
                                        server_default=OutboxStatus.PENDING.value)
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_attempt_at: Mapped[datetime] = mapped_column(DateTime)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime)
    last_error: Mapped[str | None] = mapped_column(String(ERROR_MAX))


OUTBOX = OutboxRow.__table__


@dataclass(frozen=True)
class MailAsked:
    """A claimed outbox row, as the worker needs it."""

    outbox_id: int
    kind: str
    address: str
    locale: str
    link_base: str | None
    attempts: int
    asked_at: datetime


# Oldest first; rows another worker holds are skipped, not waited for. SQLite ignores SKIP
# LOCKED, and its one write lock (BEGIN IMMEDIATE) serialises the claims anyway.
CLAIM_DUE = (select(OUTBOX.c.id, OUTBOX.c.kind, OUTBOX.c.address, OUTBOX.c.locale, OUTBOX.c.link_base,
                    OUTBOX.c.attempts, OUTBOX.c.created_at)
             .where(OUTBOX.c.status == OutboxStatus.PENDING, OUTBOX.c.next_attempt_at <= bindparam("now"))
             .order_by(OUTBOX.c.next_attempt_at, OUTBOX.c.id).limit(bindparam("batch"))
             .with_for_update(skip_locked=True))
POSTPONE = update(OUTBOX).where(OUTBOX.c.id == bindparam("row_id")).values(
    next_attempt_at=bindparam("until"), updated_at=bindparam("now"), updated_by="worker")
FINISH = update(OUTBOX).where(OUTBOX.c.id == bindparam("row_id"),
                              OUTBOX.c.status == OutboxStatus.PENDING)


def add_request(kind: MailKind, address: str, locale: str, link_base: str | None, now: datetime,
                by: str) -> None:
    db.session.add(OutboxRow(kind=kind, address=address, locale=locale, link_base=link_base,
                             next_attempt_at=now, created_at=now, updated_at=now,
                             created_by=by, updated_by=by))


def claim_due(now: datetime, batch: int, lease_until: datetime) -> list[MailAsked]:
    """Due rows, locked, then postponed to `lease_until` so no other worker takes them while this
    one sends (a worker that dies mid-send leaves them to be tried again after the lease)."""
    rows = db.session.connection().execute(CLAIM_DUE, {"now": now, "batch": batch}).all()
    if rows:
        db.session.connection().execute(
            POSTPONE, [{"row_id": row[0], "until": lease_until, "now": now} for row in rows])
    return [MailAsked(row.id, row.kind, row.address, row.locale, row.link_base, row.attempts, row.created_at)
            for row in rows]


def finish(outbox_id: int, status: OutboxStatus, now: datetime, attempts: int,
           error: str | None = None) -> None:
    """The row's last word: sent, no account, given up."""
    db.session.connection().execute(FINISH, {
        "row_id": outbox_id, "status": status, "attempts": attempts, "updated_at": now,
        "updated_by": "worker", "last_error": None if error is None else error[:ERROR_MAX],
        "sent_at": now if status == OutboxStatus.SENT else None})


def retry_at(outbox_id: int, when: datetime, now: datetime, attempts: int, error: str) -> None:
    db.session.connection().execute(FINISH, {
        "row_id": outbox_id, "next_attempt_at": when, "attempts": attempts, "updated_at": now,
        "updated_by": "worker", "last_error": error[:ERROR_MAX]})


def delete_finished(before: datetime) -> int:
    """Delete rows done with (sent, nobody to send to, given up) and last touched before `before`."""
    result = db.session.execute(delete(OUTBOX).where(
        OUTBOX.c.status != OutboxStatus.PENDING, OUTBOX.c.updated_at < before))
    return int(result.rowcount)  # type: ignore[attr-defined]
