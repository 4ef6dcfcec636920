"""The auth blueprint with every route of the package: siete.auth.routes holds `bp` and the
sign-up and log-in pages; the account and reset pages add theirs to it, so all three are
imported here and the app factory only calls `register`."""
from __future__ import annotations

from flask import Flask

from siete.auth import account, reset, routes
from siete.auth.routes import bp

ROUTE_MODULES = (account, reset, routes)


def register(app: Flask) -> None:
    """The account pages under /auth/."""
    app.register_blueprint(bp)
