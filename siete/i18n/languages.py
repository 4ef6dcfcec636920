"""Languages: which one a request is answered in (the switch that remembers a choice is the
web platform's, siete/web/language_switch.py).

Every string a person reads goes through gettext (`_` in templates, `gettext`/`lazy_gettext`
in Python); the catalogs live in siete/i18n/translations/<lang>/LC_MESSAGES/messages.po.
"""
from __future__ import annotations

import weakref

from flask import Flask, current_app, g, has_app_context, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_eval_context
from markupsafe import Markup

from siete.i18n.catalogs import CATALOG_DIR, SUPPORTED_LOCALES, cli_locale
from siete.i18n.words import card_name, number, one_decimal, profile_name, short_card_name

# Each language named in itself, as the switch shows it.
LANGUAGE_NAMES = {"es": "Español", "en": "English"}
# The game and its brief are Spanish: a browser that states no preference we know gets Spanish.
DEFAULT_LOCALE = "es"
LANGUAGE_COOKIE = "lang"
LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 3600

babel = Babel()


def select_locale() -> str:
    """The language chosen with the switch (a cookie), else the browser's, else Spanish.

    Outside a request (a Flask CLI command) the environment's LANG decides, English by default.
    """
    if not has_request_context():
        return cli_locale()
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in SUPPORTED_LOCALES:
        return chosen
    return (request.accept_languages.best_match(SUPPORTED_LOCALES)
            or current_app.config["BABEL_DEFAULT_LOCALE"])


def init_i18n(app: Flask) -> None:
    """Attach Flask-Babel (catalogs in siete/i18n/translations); the switch is the web's
    (siete/web/language_switch.py)."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LOCALE)
    # An absolute path: Flask-Babel's default is relative to the app's root_path.
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(CATALOG_DIR))
    babel.init_app(app, locale_selector=select_locale)
    _install_template_gettext(app)
    app.add_template_global(profile_name)
    app.add_template_filter(short_card_name, "card_name")  # tables and lists: '6 of cups'
    app.add_template_filter(one_decimal, "one_decimal")  # 2.1 / 2,1
    app.add_template_filter(number, "number")  # 1,234 / 1234 / 12.345
    app.context_processor(lambda: {"current_locale": str(get_locale()),
                                   "supported_locales": SUPPORTED_LOCALES,
                                   "language_names": LANGUAGE_NAMES})
    app.jinja_env.globals.update(card_name=card_name)  # the cards' aria-labels (macros/cards.html)
    app.after_request(_vary_by_language)


def _vary_by_language(response):
    """A page's words depend on Accept-Language and the switch's cookie: shared caches must know.
    Content-Language says which one was chosen."""
    if response.mimetype == "text/html":
        response.vary.update(("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", str(get_locale()))
    return response


def request_catalog():
    """The request's catalog, as Flask-Babel's get_translations() finds it, kept for the request."""
    return _request_catalog_and_messages()[0]


def _request_catalog_and_messages() -> tuple:
    """The request's catalog and the dict of its messages as templates show them.

    Flask-Babel finds the catalog anew for every string (its domain, the locale, the cache key:
    ~10 µs each time), and a table fragment has ~70 strings, on every move and poll. The catalog
    is reused while the locale it was found for is in force: force_locale puts another locale
    object in place, so a forced block finds its own catalog and the one after it the request's.
    """
    if not has_app_context():
        catalog = get_translations()
        return catalog, _shown_messages.setdefault(catalog, {})
    locale = get_locale()  # the same object until force_locale or refresh() puts another in place
    cached = g.get("siete_catalog")
    if cached is not None and cached[0] is locale:
        return cached[1]
    catalog = get_translations()
    found = (catalog, _shown_messages.setdefault(catalog, {}))
    g.siete_catalog = (locale, found)
    return found


# Per catalog, each message without variables as an autoescaped template shows it (translated,
# Markup, %-formatted): the words of the table's buttons and headings, the same on every move.
# A catalog is one per language for the process (Flask-Babel keeps them), so this stays small.
_shown_messages: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _install_template_gettext(app: Flask) -> None:
    """The templates' _(), gettext and ngettext, through the request's catalog.

    What Flask-Babel installs does the same with a catalog lookup per string, and `_` goes
    through a second alias call: ~20 µs a string against ~3. Same newstyle semantics as Jinja's
    (the string is always %-formatted, and escaped markup-safely under autoescape).
    """
    # pass_eval_context, not pass_context: Jinja hands a pass_context function called inside a
    # loop a derived copy of the whole context (every variable, each call), and a seat's words
    # are translated inside the seats' loop on every move.
    @pass_eval_context
    def template_gettext(eval_ctx, string: str, **variables):
        catalog, shown = _request_catalog_and_messages()
        if not eval_ctx.autoescape:
            return catalog.ugettext(string) % variables
        if variables:
            return Markup(catalog.ugettext(string)) % variables
        text = shown.get(string)
        if text is None:
            text = shown[string] = Markup(catalog.ugettext(string)) % variables
        return text

    @pass_eval_context
    def template_ngettext(eval_ctx, singular: str, plural: str, num: int, **variables):
        variables.setdefault("num", num)
        text = request_catalog().ungettext(singular, plural, num)
        if eval_ctx.autoescape:
            text = Markup(text)
        return text % variables

    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext,
                                 ngettext=template_ngettext)
