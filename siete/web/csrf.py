"""CSRF protection: every form that changes something carries a token bound to the session."""
from __future__ import annotations

from flask import Flask
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()


def init_csrf(app: Flask) -> None:
    """Check the token of every POST (once, from create_app)."""
    # A game page stays open for a long time; an hourly CSRF expiry would break its moves.
    # The token is still bound to the session, which is what defeats cross-site requests.
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    csrf.init_app(app)
