"""/livez says the process answers; /healthz also checks the database."""
from __future__ import annotations

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue

from siete.data.database import database_answers

bp = Blueprint("site", __name__)


@bp.get("/livez")
def livez() -> ResponseReturnValue:
    return jsonify(status="ok")


@bp.get("/healthz")
def healthz() -> ResponseReturnValue:
    if not database_answers():  # it logs why
        return jsonify(status="db unavailable"), 503
    return jsonify(status="ok")
