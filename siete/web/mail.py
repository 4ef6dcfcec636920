"""The mail settings the worker sends with (siete.cli.mail_sender, siete.service.accounts.smtp), read
from the environment: SMTP_HOST (unset: development, the mail goes to the worker's log),
SMTP_PORT, SMTP_TLS, SMTP_USERNAME, SMTP_PASSWORD and MAIL_SENDER. No page sends mail itself:
a request stores what it asks for in the outbox (siete.service.accounts.outbox)."""
from __future__ import annotations

import os

from flask import Flask

from siete.service.accounts.smtp import DEFAULT_PORTS, TLS_MODES


def configure_mail(app: Flask) -> None:
    """Read SMTP_HOST, SMTP_PORT, SMTP_USERNAME, SMTP_PASSWORD, SMTP_TLS, MAIL_SENDER and
    PUBLIC_URL (the site's address that mailed links start with)."""
    env = os.environ.get
    app.config.setdefault("PUBLIC_URL", env("PUBLIC_URL", ""))
    app.config.setdefault("SMTP_HOST", env("SMTP_HOST", ""))
    tls = app.config.setdefault("SMTP_TLS", env("SMTP_TLS", "starttls").lower())
    if tls not in TLS_MODES:
        raise RuntimeError(f"SMTP_TLS must be one of {', '.join(TLS_MODES)}, not {tls!r}")
    app.config.setdefault("SMTP_PORT", int(env("SMTP_PORT") or DEFAULT_PORTS[tls]))
    app.config.setdefault("SMTP_USERNAME", env("SMTP_USERNAME", ""))
    app.config.setdefault("SMTP_PASSWORD", env("SMTP_PASSWORD", ""))
    app.config.setdefault("MAIL_SENDER", env("MAIL_SENDER", "Siete y medio <no-reply@localhost>"))
