"""The app factory: config, game settings from XML, database, CLI commands and blueprints."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

from siete.auth.all_routes import register as register_auth
from siete.cli.commands import register_commands
from siete.data.base import db
from siete.data.database import PING_AFTER_IDLE_S, configure_engine, engine_options
from siete.data.database_setup import create_on_first_start
from siete.data.xmlfiles import load_game
from siete.history.routes import bp as history_bp
from siete.paths import STATIC_DIR, TEMPLATES_DIR
from siete.play.all_routes import register as register_play
from siete.reports.routes import bp as reports_bp
from siete.service.news import table_bus
from siete.service.news.table_stream import (
    MAX_STREAMS_PER_ADDRESS,
    MAX_STREAMS_PER_VISITOR,
    streams_per_process,
)
from siete.settings import DEV_SECRET_KEY, MAX_CONTENT_LENGTH, ServiceSettings, play_defaults, use_settings
from siete.site.routes import bp as site_bp
from siete.web.deployment import HttpsAwareResponse, make_instance_folder, secret_key_from_environment
from siete.web.setup import init_web
from siete.web.template_env import SieteEnvironment


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: config, game settings from XML, database, CLI commands and routes."""
    # templates/ and static/ sit at the repository root (beside siete/), not inside the package.
    app = Flask("siete", instance_relative_config=True,
                template_folder=str(TEMPLATES_DIR), static_folder=str(STATIC_DIR))
    app.response_class = HttpsAwareResponse  # cookies are Secure exactly over HTTPS
    app.jinja_environment = SieteEnvironment  # templates' imports without a slow set difference
    make_instance_folder(app.instance_path)
    _configure(app, test_config)
    _load_game_config(app)
    use_settings(app, ServiceSettings.from_config(app.config))  # what the services are given
    db.init_app(app)
    with app.app_context():
        configure_engine(db.engine, app.config.get("DB_PING_AFTER_IDLE_S", PING_AFTER_IDLE_S))
    table_bus.configure(app.config.get("PUSH_REDIS_URL"))  # Redis pub/sub, else in-process
    create_on_first_start(app)  # SQLite: `flask run` alone just works; db-setup reports it
    register_commands(app)
    app.register_blueprint(site_bp)  # /livez, /healthz
    init_web(app)
    _register_blueprints(app)
    return app


def _configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Defaults, then the environment, then the caller's test settings."""
    default_db = f"sqlite:///{Path(app.instance_path) / 'siete.sqlite'}"
    app.config.from_mapping(
        # SECRET_KEY, else a key made once into SECRET_KEY_FILE (a volume in docker-compose.yml).
        SECRET_KEY=secret_key_from_environment(DEV_SECRET_KEY),
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL", default_db),
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        PUSH_REDIS_URL=os.environ.get("PUSH_REDIS_URL", ""),  # the pages' news between processes
        # the spectators' shared fragments between processes (siete.play.fragment_copies)
        FRAGMENTS_REDIS_URL=os.environ.get("FRAGMENTS_REDIS_URL", ""),
        STREAMS_PER_VISITOR=int(os.environ.get("STREAMS_PER_VISITOR", str(MAX_STREAMS_PER_VISITOR))),
        STREAMS_PER_ADDRESS=int(os.environ.get("STREAMS_PER_ADDRESS", str(MAX_STREAMS_PER_ADDRESS))),
        STREAMS_PER_PROCESS=int(os.environ.get("STREAMS_PER_PROCESS", streams_per_process(os.environ))),
    )
    if test_config:
        app.config.update(test_config)
    for key, value in play_defaults().items():  # the environment's, unless a test set them
        app.config.setdefault(key, value)
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS",
                          engine_options(app.config["SQLALCHEMY_DATABASE_URI"]))


def _load_game_config(app: Flask) -> None:
    """Read Basic_Config_Game.xml once; a bad file raises XmlFileError and stops start-up."""
    if "GAME" in app.config:  # a test may hand in its own GameConfig
        return
    app.config["GAME"] = load_game()


def _register_blueprints(app: Flask) -> None:
    """The pages."""
    register_auth(app)  # /auth/...
    register_play(app)  # lobby /, tables /tables/<id>
    app.register_blueprint(reports_bp)  # /reports
    app.register_blueprint(history_bp)  # /games, /players, /rankings
