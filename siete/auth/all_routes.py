"""The auth blueprint with every route of the package: siete.auth.routes holds `bp` and the
sign-up and log-in pages; the account, guest and reset pages add theirs to it, so all of them
are imported here and the app factory only calls `register`."""
from __future__ import annotations

from flask import Flask

from siete.auth import account, guest_routes, reset, routes
from siete.auth.routes import bp

ROUTE_MODULES = (account, guest_routes, reset, routes)


def register(app: Flask) -> None:
    """The account pages under /auth/."""
    app.register_blueprint(bp)
