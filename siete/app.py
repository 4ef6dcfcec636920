"""Siete y medio: a server-rendered card game."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

# Flask and SQLAlchemy are imported inside the functions: `import siete.engine` runs this
# file first, and the rules engine (simulations, replays) must load without the web stack.
if TYPE_CHECKING:
    from flask import Flask

# Shared with siete.security's list of keys that must never sign production cookies.
DEV_SECRET_KEY = "dev-only-not-a-secret"


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: config, game settings from XML, database, CLI commands and routes."""
    from flask import Flask

    from siete.deployment import HttpsAwareResponse, make_instance_folder

    # templates/ and static/ sit at the repository root (beside siete/), not inside the package.
    app = Flask("siete", instance_relative_config=True,
                template_folder="../templates", static_folder="../static")
    app.response_class = HttpsAwareResponse  # cookies are Secure exactly over HTTPS
    make_instance_folder(app.instance_path)
    _configure(app, test_config)
    _load_game_config(app)

    from siete import models  # noqa: F401  (every table must be known before create_all)
    from siete.cli.database import register_commands
    from siete.db import PING_AFTER_IDLE_S, configure_engine, db

    db.init_app(app)
    with app.app_context():
        configure_engine(db.engine, app.config.get("DB_PING_AFTER_IDLE_S", PING_AFTER_IDLE_S))
    _create_sqlite_database_on_first_run(app)
    register_commands(app)
    _register_health_routes(app)
    _register_blueprints(app)
    return app


def _configure(app: Flask, test_config: dict | None) -> None:
    """Defaults, then the environment, then the caller's test settings."""
    from siete.db import engine_options
    from siete.deployment import secret_key_from_environment

    default_db = f"sqlite:///{Path(app.instance_path) / 'siete.sqlite'}"
    app.config.from_mapping(
        # SECRET_KEY, else a key made once into SECRET_KEY_FILE (a volume in docker-compose.yml).
        SECRET_KEY=secret_key_from_environment(DEV_SECRET_KEY),
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL", default_db),
        # No form of the game needs more than a few hundred bytes; refuse big bodies (413)
        # before they are parsed rather than after.
        MAX_CONTENT_LENGTH=64 * 1024,
    )
    if test_config:
        app.config.update(test_config)
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS",
                          engine_options(app.config["SQLALCHEMY_DATABASE_URI"]))


def _load_game_config(app: Flask) -> None:
    """Read Basic_Config_Game.xml once; a bad file raises XmlFileError and stops start-up."""
    if "GAME" in app.config:  # a test may hand in its own GameConfig
        return
    from siete.xmlfiles import load_game_config

    app.config["GAME"] = load_game_config()


def _create_sqlite_database_on_first_run(app: Flask) -> None:
    """On SQLite, build and seed a database with no tables so `flask run` just works."""
    from sqlalchemy import inspect

    from siete.db import db, init_database

    with app.app_context():
        if db.engine.dialect.name == "sqlite" and not inspect(db.engine).has_table("game_details"):
            init_database()


def _register_health_routes(app: Flask) -> None:
    """/livez says the process answers; /healthz also checks the database."""
    from flask import jsonify
    from sqlalchemy import text
    from sqlalchemy.exc import SQLAlchemyError

    from siete.db import db

    @app.get("/livez")
    def livez():
        return jsonify(status="ok")

    @app.get("/healthz")
    def healthz():
        try:
            db.session.execute(text("SELECT 1"))
            db.session.rollback()  # end the transaction (on SQLite it holds the write lock)
        except SQLAlchemyError:
            db.session.rollback()
            app.logger.warning("health check: database unavailable", exc_info=True)
            return jsonify(status="db unavailable"), 503
        return jsonify(status="ok")


def _register_blueprints(app: Flask) -> None:
    """Attach the extensions and the pages. >>> Others add their blueprints here. <<<"""
    from siete.auth import routes as auth
    from siete.extensions import init_extensions
    from siete.i18n import init_i18n
    from siete.security import init_security

    init_extensions(app)  # login, CSRF, rate limits
    init_i18n(app)  # languages (es, en) and the switch
    init_security(app)  # headers, production checks, error pages
    app.register_blueprint(auth.bp)
    from siete.play import register_play; register_play(app)  # lobby /, tables /tables/<id>
    from siete.reports.routes import bp as reports_bp; app.register_blueprint(reports_bp)  # /reports
    from siete.history import register_history; register_history(app)  # /games, /players, /rankings
