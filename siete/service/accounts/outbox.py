"""Mail off the request path: a request stores what it asks for (ask_for_reset), the worker sends
it (send_due_mail). Every reset request costs the same one INSERT whether or not an account
uses the address; the worker finds the account, makes the link and writes the mail.

Nothing is lost while the SMTP server is away: a failed send stays pending and is tried again
after a growing wait (RetryPolicy), until it goes, the server refuses it for good, or it is older
than the give-up time (then it is kept as given_up and logged). Two workers never send one row:
each claims its rows with SKIP LOCKED and postpones them by a lease while it sends.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from siete.data.base import utcnow
from siete.data.identity import normal_email
from siete.data.outbox_rows import MailAsked, add_request, claim_due, delete_finished, finish, retry_at
from siete.data.people import User
from siete.data.vocabulary import MailKind, OutboxStatus
from siete.service.accounts.credentials import user_with_email
from siete.service.accounts.smtp import DeliveryFailed, Letter
from siete.service.unit_of_work import unit_of_work

log = logging.getLogger("siete.cli.worker")


@dataclass(frozen=True)
class RetryPolicy:
    """How the worker waits between tries: doubling from first_wait up to longest_wait."""

    first_wait: timedelta = timedelta(seconds=30)
    longest_wait: timedelta = timedelta(minutes=15)
    give_up_after: timedelta = timedelta(days=1)
    lease: timedelta = timedelta(minutes=2)  # longer than one SMTP conversation can take

    def wait_after(self, attempts: int) -> timedelta:
        doubled: timedelta = self.first_wait * 2 ** max(attempts - 1, 0)
        return min(doubled, self.longest_wait)


@dataclass
class MailTick:
    """What one pass over the outbox did."""

    sent: int = 0
    no_account: int = 0
    retrying: list[int] = field(default_factory=list)  # outbox ids to try again later
    given_up: list[int] = field(default_factory=list)


def ask_for_reset(address: str, locale: str, link_base: str | None, by: str = "web") -> None:
    """Store "reset asked for <address>": one row, whatever the address (committed)."""
    with unit_of_work():
        add_request(MailKind.PASSWORD_RESET, normal_email(address), locale, link_base, utcnow(), by)


def send_due_mail(now: datetime, batch: int, write: Callable[[MailAsked, User], Letter],
                  deliver: Callable[[Letter], None], policy: RetryPolicy = RetryPolicy()) -> MailTick:
    """Claim the due rows, then for each: find the account, `write` its mail, `deliver` it."""
    with unit_of_work():
        claimed = claim_due(now, batch, now + policy.lease)
    tick = MailTick()
    for asked in claimed:
        _send_one(asked, now, write, deliver, policy, tick)
    return tick


def _send_one(asked: MailAsked, now: datetime, write: Callable[[MailAsked, User], Letter],
              deliver: Callable[[Letter], None], policy: RetryPolicy, tick: MailTick) -> None:
    attempts = asked.attempts + 1
    user = user_with_email(asked.address)
    if user is None:
        with unit_of_work():
            finish(asked.outbox_id, OutboxStatus.NO_ACCOUNT, now, attempts)
        tick.no_account += 1
        return
    try:
        deliver(write(asked, user))
    except DeliveryFailed as failure:
        _failed(asked, now, attempts, failure, policy, tick)
        return
    with unit_of_work():
        finish(asked.outbox_id, OutboxStatus.SENT, now, attempts)
    tick.sent += 1


def _failed(asked: MailAsked, now: datetime, attempts: int, failure: DeliveryFailed,
            policy: RetryPolicy, tick: MailTick) -> None:
    later = now + policy.wait_after(attempts)
    with unit_of_work():
        if failure.permanent or later - asked.asked_at > policy.give_up_after:
            finish(asked.outbox_id, OutboxStatus.GIVEN_UP, now, attempts, failure.reason)
            tick.given_up.append(asked.outbox_id)
            log.error("mail %d given up after %d tries: %s", asked.outbox_id, attempts, failure.reason)
        else:
            retry_at(asked.outbox_id, later, now, attempts, failure.reason)
            tick.retrying.append(asked.outbox_id)
            log.warning("mail %d not sent (try %d: %s); next try at %s", asked.outbox_id, attempts,
                        failure.reason, later)


def prune_outbox(now: datetime, keep: timedelta = timedelta(days=7)) -> int:
    """Delete rows done with for over `keep` (they hold addresses: keep them no longer)."""
    with unit_of_work():
        return delete_finished(now - keep)
