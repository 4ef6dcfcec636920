"""The worker's mail: each tick sends what the outbox holds (siete.service.accounts.outbox), written in
the language it was asked in, with links on PUBLIC_URL. With no SMTP_HOST (development) the
mail, link included, is written to the worker's log instead, as `make run` shows it.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from flask import Flask

from siete.data.outbox_rows import MailAsked
from siete.data.people import User
from siete.i18n.mail_words import reset_mail
from siete.service.accounts.credentials import DEFAULT_RESET_MAX_AGE_S, reset_token
from siete.service.accounts.outbox import MailTick, send_due_mail
from siete.service.accounts.smtp import DeliveryFailed, Letter, deliver, smtp_settings
from siete.settings import is_production

log = logging.getLogger("siete.cli.worker")


def reset_link(app: Flask, asked: MailAsked, token: str) -> str:
    """The link on PUBLIC_URL (production always has it), else on the host the request came to."""
    base = app.config.get("PUBLIC_URL") or asked.link_base or ""
    path = app.url_map.bind("localhost").build("auth.reset_password", {"token": token})
    return base.rstrip("/") + path


def letter_writer(app: Flask) -> Callable[[MailAsked, User], Letter]:
    """Writes the reset mail for a claimed request and its account."""
    minutes = int(app.config.get("PASSWORD_RESET_MAX_AGE", DEFAULT_RESET_MAX_AGE_S)) // 60

    def write(asked: MailAsked, user: User) -> Letter:
        link = reset_link(app, asked, reset_token(user, str(app.secret_key)))
        subject, body = reset_mail(asked.locale, user.username, link, minutes)
        return Letter(asked.address, subject, body)

    return write


def transport(app: Flask) -> Callable[[Letter], None]:
    """SMTP as configured; without SMTP_HOST, the log (development) or a refusal (production:
    a reset link in a production log is a key left out)."""
    settings = smtp_settings(app.config)
    if settings is not None:
        return lambda letter: deliver(settings, letter)
    production = is_production(app)

    def to_the_log(letter: Letter) -> None:
        if production:
            raise DeliveryFailed("no SMTP_HOST configured", permanent=True)
        log.info("mail (no SMTP_HOST set, so not sent)\nTo: %s\nSubject: %s\n\n%s",
                 letter.to, letter.subject, letter.body)

    return to_the_log


def send_mail_tick(app: Flask, now: datetime, batch: int) -> MailTick:
    """One pass over the outbox: send what is due."""
    tick = send_due_mail(now, batch, letter_writer(app), transport(app))
    if tick.sent or tick.no_account:
        log.info("outbox: %d mail(s) sent, %d request(s) for an address no account has",
                 tick.sent, tick.no_account)
    return tick
