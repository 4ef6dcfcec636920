"""Outgoing mail (password reset links) through the SMTP server the environment names.

SMTP_HOST unset means development: the mail is written to the log instead of being sent.
Sending runs in a background thread so the page answers at once and in the same time whether
or not a mail went out (the reply must not tell whether an account exists).
"""
from __future__ import annotations

import logging
import os
import smtplib
import ssl
import threading
from dataclasses import dataclass
from email.message import EmailMessage

from flask import Flask, current_app

from siete.settings import is_production

log = logging.getLogger(__name__)
TLS_MODES = ("starttls", "ssl", "none")
DEFAULT_PORTS = {"starttls": 587, "ssl": 465, "none": 25}


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    username: str
    password: str
    sender: str
    tls: str  # one of TLS_MODES
    timeout_s: float = 20.0


def configure_mail(app: Flask) -> None:
    """Read SMTP_HOST, SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD, SMTP_TLS and MAIL_SENDER."""
    env = os.environ.get
    app.config.setdefault("SMTP_HOST", env("SMTP_HOST", ""))
    tls = app.config.setdefault("SMTP_TLS", env("SMTP_TLS", "starttls").lower())
    if tls not in TLS_MODES:
        raise RuntimeError(f"SMTP_TLS must be one of {', '.join(TLS_MODES)}, not {tls!r}")
    app.config.setdefault("SMTP_PORT", int(env("SMTP_PORT") or DEFAULT_PORTS[tls]))
    app.config.setdefault("SMTP_USERNAME", env("SMTP_USERNAME", ""))
    app.config.setdefault("SMTP_PASSWORD", env("SMTP_PASSWORD", ""))
    app.config.setdefault("MAIL_SENDER", env("MAIL_SENDER", "Siete y medio <no-reply@localhost>"))
    app.config.setdefault("MAIL_IN_BACKGROUND", True)


def smtp_settings() -> SmtpSettings | None:
    """The running app's SMTP server, or None when none is configured (development)."""
    cfg = current_app.config
    if not cfg.get("SMTP_HOST"):
        return None
    return SmtpSettings(cfg["SMTP_HOST"], int(cfg["SMTP_PORT"]), cfg["SMTP_USERNAME"],
                        cfg["SMTP_PASSWORD"], cfg["MAIL_SENDER"], cfg["SMTP_TLS"])


def build_message(sender: str, to: str, subject: str, body: str) -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, to, subject
    message.set_content(body)
    return message


def deliver(settings: SmtpSettings, message: EmailMessage) -> None:
    """Hand one message to the SMTP server (TLS as configured, log in if a user is set)."""
    context = ssl.create_default_context()
    client: smtplib.SMTP
    if settings.tls == "ssl":
        client = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout_s,
                                  context=context)
    else:
        client = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout_s)
    with client:
        if settings.tls == "starttls":
            client.starttls(context=context)
        if settings.username:
            client.login(settings.username, settings.password)
        client.send_message(message)


def _deliver_and_log(settings: SmtpSettings, message: EmailMessage) -> None:
    try:
        deliver(settings, message)
        log.info("mail sent to %s: %s", message["To"], message["Subject"])
    except (OSError, smtplib.SMTPException):  # never crash a page for the mail server
        log.exception("mail to %s could not be sent", message["To"])


def send_mail(to: str, subject: str, body: str) -> None:
    """Send, or in development (no SMTP_HOST) print the mail to the log."""
    settings = smtp_settings()
    if settings is None:
        if is_production(current_app):  # a reset link in a production log is a key left out
            current_app.logger.warning("no SMTP_HOST configured: mail to %s not sent", to)
        else:
            current_app.logger.info("mail (no SMTP_HOST set, so not sent)\nTo: %s\nSubject: %s\n\n%s",
                                    to, subject, body)
        return
    message = build_message(settings.sender, to, subject, body)
    if current_app.config.get("MAIL_IN_BACKGROUND", True):
        threading.Thread(target=_deliver_and_log, args=(settings, message), daemon=True).start()
    else:
        _deliver_and_log(settings, message)
