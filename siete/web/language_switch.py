"""The language switch: /language/<code> remembers a choice for a year and goes back to the page
the link was on (siete/i18n/languages.py reads the choice on every request)."""
from __future__ import annotations

from flask import Blueprint, Flask, redirect, request
from werkzeug.wrappers import Response as BaseResponse

from siete.i18n.catalogs import SUPPORTED_LOCALES
from siete.i18n.languages import LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE
from siete.web.urls import same_site_path

bp = Blueprint("language", __name__)


@bp.get("/language/<code>")
def switch(code: str) -> BaseResponse:
    """Remember the language and return to `next`, a path on this site (else the home page)."""
    response = redirect(same_site_path(request.args.get("next")) or "/")
    if code in SUPPORTED_LOCALES:
        response.set_cookie(LANGUAGE_COOKIE, code, max_age=LANGUAGE_COOKIE_MAX_AGE,
                            httponly=True, samesite="Lax", secure=request.is_secure)
    return response


def init_language_switch(app: Flask) -> None:
    app.register_blueprint(bp)
