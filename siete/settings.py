"""Settings the app factory and the modules that read them share. Nothing here imports from
siete, so any module may import this one without an import cycle."""
from __future__ import annotations

import os
from collections.abc import Mapping

from flask import Flask

# The factory's development default; siete.web.security refuses it (and other weak keys) in production.
DEV_SECRET_KEY = "dev-only-not-a-secret"

# No form of the game needs more than a few hundred bytes; refuse big bodies (413) before they
# are parsed rather than after.
MAX_CONTENT_LENGTH = 64 * 1024


def is_production(app: Flask) -> bool:
    """True when SIETE_ENV or FLASK_ENV is 'production', or the config says ENV_NAME='production'."""
    names = {os.environ.get("SIETE_ENV"), os.environ.get("FLASK_ENV"), app.config.get("ENV_NAME")}
    return "production" in names


def play_defaults(environ: Mapping[str, str] = os.environ) -> dict[str, object]:
    """The table pages' settings, from the environment: TURN_SECONDS is the form's default
    timer, SETTLE_PAUSE_S how long a settled hand stays up between hands."""
    return {
        "TURN_SECONDS": int(environ.get("TURN_SECONDS", "30")),
        # Limits per account on opening tables (issue 19): how many may be waiting or playing at
        # once, and how fast new ones may be opened (a Flask-Limiter rate, counted per account).
        "MAX_OPEN_TABLES": int(environ.get("MAX_OPEN_TABLES", "3")),
        "TABLE_RATE_LIMIT": environ.get("TABLE_RATE_LIMIT", "5/minute"),
        "LOBBY_PAGE_SIZE": int(environ.get("LOBBY_PAGE_SIZE", "20")),
        # Seconds a settled hand stays on the table before the next deal (0: deal at once).
        "SETTLE_PAUSE_S": float(environ.get("SETTLE_PAUSE_S", "6")),
    }
