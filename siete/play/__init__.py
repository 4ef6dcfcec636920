"""The play blueprint: the lobby, the tables and the HTMX game (see siete.play.routes)."""
from __future__ import annotations

import os

from flask import Flask

from siete.play.routes import bp


def register_play(app: Flask) -> None:
    """Attach the lobby and table pages; TURN_SECONDS (env or config) is the form's default timer."""
    app.config.setdefault("TURN_SECONDS", int(os.environ.get("TURN_SECONDS", "30")))
    app.register_blueprint(bp)


__all__ = ["bp", "register_play"]
