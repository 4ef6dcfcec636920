"""Settings the app factory and the layers share: the config's defaults from the environment, and
the one typed object the services are given (`ServiceSettings`).

It imports only the engine's GameConfig from siete (the engine imports nothing of siete), so
any layer may import this module without an import cycle.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Flask

from siete.engine.config import GameConfig

# The factory's development default; siete.web.security refuses it (and other weak keys) in production.
DEV_SECRET_KEY = "dev-only-not-a-secret"

# No form of the game needs more than a few hundred bytes; refuse big bodies (413) before they
# are parsed rather than after.
MAX_CONTENT_LENGTH = 64 * 1024

# Where the app keeps its ServiceSettings (app.extensions, as Flask's extensions keep theirs).
SETTINGS_KEY = "siete.settings"


def is_production(app: Flask) -> bool:
    """True when SIETE_ENV or FLASK_ENV is 'production', or the config says ENV_NAME='production'."""
    names = {os.environ.get("SIETE_ENV"), os.environ.get("FLASK_ENV"), app.config.get("ENV_NAME")}
    return "production" in names


def play_defaults(environ: Mapping[str, str] = os.environ) -> dict[str, object]:
    """The table pages' settings, from the environment: TURN_SECONDS is the form's default
    timer, SETTLE_PAUSE_S how long a settled hand stays up between hands."""
    return {
        "TURN_SECONDS": int(environ.get("TURN_SECONDS", "30")),
        # Limits per account on opening tables: how many may be waiting or playing at
        # once, and how fast new ones may be opened (a Flask-Limiter rate, counted per account).
        "MAX_OPEN_TABLES": int(environ.get("MAX_OPEN_TABLES", "3")),
        "TABLE_RATE_LIMIT": environ.get("TABLE_RATE_LIMIT", "5/minute"),
        # How fast one account may take and leave seats at waiting tables: every seat taken or
        # given up is news to every lobby that may list the table (a private one costs each
        # logged-in lobby stream a query), so a pair of friends toggling a seat was unbounded.
        "SEAT_RATE_LIMIT": environ.get("SEAT_RATE_LIMIT", "30/minute"),
        "LOBBY_PAGE_SIZE": int(environ.get("LOBBY_PAGE_SIZE", "20")),
        # Seconds a settled hand stays on the table before the next deal (0: deal at once).
        "SETTLE_PAUSE_S": float(environ.get("SETTLE_PAUSE_S", "6")),
        # Seconds between two moves of bots (and the bank's) at a table, so people can follow
        # a hand move by move (0: bots play at once, as the tests and the simulator do).
        "BOT_MOVE_SECONDS": float(environ.get("BOT_MOVE_SECONDS", "0.8")),
        # Seconds the players of a finished game have to answer its rematch; then the
        # owner may start and bots take the seats left free.
        "REMATCH_SECONDS": int(environ.get("REMATCH_SECONDS", "60")),
    }


@dataclass(frozen=True)
class ServiceSettings:
    """What the services read, in one object: built once by the app factory from the app's
    config (or by a command, a bench or a test for its own run) and passed to each use case
    that needs it, so no service reads the app or its config."""

    game: GameConfig  # Basic_Config_Game.xml's limits, and the cards a stored state is dealt from
    # Seconds a settled hand stays up before the next deal at a table with people (0: at once).
    settle_pause_s: float = 6.0
    turn_seconds: int = 30  # a new table's turn timer, unless its creator chooses another
    max_open_tables: int = 3  # tables an account may have waiting or playing at once
    lobby_page_size: int = 20  # tables per page of each lobby list
    # Paced play: seconds from one public move to a bot's next (0: bots play at once; the
    # config's default is BOT_MOVE_SECONDS', commands, benches and tests that build their own
    # settings play at once).
    bot_move_s: float = 0.0
    rematch_seconds: int = 60  # how long a rematch's invites wait for an answer

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> ServiceSettings:
        """From an app's config (GAME and play_defaults' keys)."""
        return cls(game=config["GAME"], settle_pause_s=float(config["SETTLE_PAUSE_S"]),
                   turn_seconds=int(config["TURN_SECONDS"]),
                   max_open_tables=int(config["MAX_OPEN_TABLES"]),
                   lobby_page_size=int(config["LOBBY_PAGE_SIZE"]),
                   bot_move_s=float(config["BOT_MOVE_SECONDS"]),
                   rematch_seconds=int(config.get("REMATCH_SECONDS", 60)))


def service_settings(app: Flask) -> ServiceSettings:
    """The settings the app factory built for `app`'s services."""
    settings: ServiceSettings = app.extensions[SETTINGS_KEY]
    return settings


def use_settings(app: Flask, settings: ServiceSettings) -> None:
    """Give `app`'s services these settings (the factory, once; a test that changes one)."""
    app.extensions[SETTINGS_KEY] = settings
