"""The play blueprint: the lobby, the tables and the HTMX game (see siete.play.routes)."""
from __future__ import annotations

import os

from flask import Flask

from siete.play.routes import bp


def register_play(app: Flask) -> None:
    """Attach the lobby and table pages; TURN_SECONDS (env or config) is the form's default timer,
    SETTLE_PAUSE_S how long a settled hand stays up between hands."""
    app.config.setdefault("TURN_SECONDS", int(os.environ.get("TURN_SECONDS", "30")))
    # Limits per account on opening tables (issue 19): how many may be waiting or playing at
    # once, and how fast new ones may be opened (a Flask-Limiter rate, counted per account).
    app.config.setdefault("MAX_OPEN_TABLES", int(os.environ.get("MAX_OPEN_TABLES", "3")))
    app.config.setdefault("TABLE_RATE_LIMIT", os.environ.get("TABLE_RATE_LIMIT", "5/minute"))
    app.config.setdefault("LOBBY_PAGE_SIZE", int(os.environ.get("LOBBY_PAGE_SIZE", "20")))
    # Seconds a settled hand stays on the table before the next deal (0: deal at once).
    app.config.setdefault("SETTLE_PAUSE_S", float(os.environ.get("SETTLE_PAUSE_S", "6")))
    app.register_blueprint(bp)
    from siete.assets import init_assets
    init_assets(app)  # gzip/brotli answers, content-hashed static files cached for a year


__all__ = ["bp", "register_play"]
