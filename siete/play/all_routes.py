"""The play blueprint with every route of the package: the modules that add routes to it
(siete.play.blueprint's `bp`) are imported here, so the app factory only calls `register`."""
from __future__ import annotations

from flask import Flask

from siete.play import (
    chat_routes,
    friends_routes,
    lobby_routes,
    play_now_routes,
    reaction_routes,
    routes,
    stream_routes,
)
from siete.play.blueprint import bp

ROUTE_MODULES = (chat_routes, friends_routes, lobby_routes, play_now_routes, reaction_routes, routes,
                 stream_routes)


def register(app: Flask) -> None:
    """The lobby at /, the tables at /tables/<id>."""
    app.register_blueprint(bp)
