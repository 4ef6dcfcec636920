"""Players' history: game pages and replays, exports, "My games", profiles and rankings."""
from __future__ import annotations

from flask import Flask


def register_history(app: Flask) -> None:
    """Attach the history pages and the `flask ratings` commands."""
    from siete.cli.ratings import ratings_command
    from siete.history.routes import bp

    app.register_blueprint(bp)
    app.cli.add_command(ratings_command)
