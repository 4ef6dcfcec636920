"""/livez says the process answers; /healthz also checks the database."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from siete.db import db

bp = Blueprint("site", __name__)


@bp.get("/livez")
def livez():
    return jsonify(status="ok")


@bp.get("/healthz")
def healthz():
    try:
        db.session.execute(text("SELECT 1"))
        db.session.rollback()  # end the transaction (on SQLite it holds the write lock)
    except SQLAlchemyError:
        db.session.rollback()
        current_app.logger.warning("health check: database unavailable", exc_info=True)
        return jsonify(status="db unavailable"), 503
    return jsonify(status="ok")
