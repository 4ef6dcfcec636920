"""The web platform an app needs before its pages: sessions and limits, languages, headers and
error pages, compressed and cache-busted assets."""
from __future__ import annotations

from flask import Flask

from siete.i18n.languages import init_i18n
from siete.web.assets import init_assets
from siete.web.extensions import init_extensions
from siete.web.language_switch import init_language_switch
from siete.web.security import init_security
from siete.web.template_codes import init_template_codes


def init_web(app: Flask) -> None:
    """In this order: each later step's after-request hook runs before the earlier ones'."""
    init_extensions(app)  # login, CSRF, rate limits
    init_template_codes(app)  # the enums templates compare codes against
    init_i18n(app)  # languages (es, en)
    init_language_switch(app)  # /language/<code>
    init_security(app)  # headers, production checks, error pages
    init_assets(app)  # gzip/brotli answers, content-hashed static files cached for a year
