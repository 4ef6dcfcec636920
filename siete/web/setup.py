"""The web platform an app needs before its pages: sessions and limits, languages, headers and
error pages, compressed and cache-busted assets."""
from __future__ import annotations

from flask import Flask

from siete.i18n.languages import init_i18n
from siete.web.assets import init_assets
from siete.web.csrf import init_csrf
from siete.web.language_switch import init_language_switch
from siete.web.login import init_login
from siete.web.mail import configure_mail
from siete.web.rate_limits import init_rate_limits
from siete.web.security import init_security
from siete.web.template_codes import init_template_codes


def init_web(app: Flask) -> None:
    """In this order: each later step's after-request hook runs before the earlier ones'."""
    init_login(app)  # login sessions, "last seen"
    init_csrf(app)
    init_rate_limits(app)
    init_template_codes(app)  # the enums templates compare codes against
    configure_mail(app)  # SMTP_* and MAIL_SENDER for the password-reset mails, PUBLIC_URL
    init_i18n(app)  # languages (es, en)
    init_language_switch(app)  # /language/<code>
    init_security(app)  # headers, production checks, error pages
    init_assets(app)  # gzip/brotli answers, content-hashed static files cached for a year
