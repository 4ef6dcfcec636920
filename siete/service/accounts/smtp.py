"""Handing a mail to the SMTP server the settings name (SMTP_HOST, SMTP_PORT, SMTP_TLS,
SMTP_USERNAME, SMTP_PASSWORD, MAIL_SENDER); failures come back as DeliveryFailed, temporary
(try again later) or permanent (the server refused this mail for good)."""
from __future__ import annotations

import smtplib
import ssl
from collections.abc import Mapping
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

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


@dataclass(frozen=True)
class Letter:
    """A mail written and ready to go."""

    to: str
    subject: str
    body: str


class DeliveryFailed(Exception):
    """The mail did not go; `permanent` when trying again cannot help."""

    def __init__(self, reason: str, permanent: bool = False):
        super().__init__(reason)
        self.reason, self.permanent = reason, permanent


def smtp_settings(config: Mapping[str, Any]) -> SmtpSettings | None:
    """The configured SMTP server, or None when none is (SMTP_HOST unset: development)."""
    if not config.get("SMTP_HOST"):
        return None
    return SmtpSettings(config["SMTP_HOST"], int(config["SMTP_PORT"]), config["SMTP_USERNAME"],
                        config["SMTP_PASSWORD"], config["MAIL_SENDER"], config["SMTP_TLS"])


def build_message(sender: str, letter: Letter) -> EmailMessage:
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = sender, letter.to, letter.subject
    message.set_content(letter.body)
    return message


def deliver(settings: SmtpSettings, letter: Letter) -> None:
    """Hand one mail to the SMTP server (TLS as configured, log in if a user is set)."""
    try:
        _send(settings, build_message(settings.sender, letter))
    except smtplib.SMTPResponseException as error:  # 5xx: refused for good; 4xx: try later
        raise DeliveryFailed(f"{error.smtp_code} {error.smtp_error!r}", error.smtp_code >= 500) from error
    except smtplib.SMTPRecipientsRefused as error:
        codes = [code for code, _message in error.recipients.values()]
        raise DeliveryFailed(f"recipient refused {codes}", all(c >= 500 for c in codes)) from error
    except (OSError, smtplib.SMTPException) as error:  # no server, a timeout, a dropped line
        raise DeliveryFailed(f"{type(error).__name__}: {error}") from error


def _send(settings: SmtpSettings, message: EmailMessage) -> None:
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
