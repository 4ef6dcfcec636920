"""Languages: which one a request is answered in (the switch that remembers a choice is the
web platform's, siete/web/language_switch.py).

Every string a person reads goes through gettext (`_` in templates, `gettext`/`lazy_gettext`
in Python); the catalogs live in siete/i18n/translations/<lang>/LC_MESSAGES/messages.po.
"""
from __future__ import annotations

from collections.abc import Callable

from babel.support import NullTranslations
from flask import Flask, Response, current_app, has_request_context, request
from flask_babel import Babel, get_locale
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from siete.i18n.catalogs import CATALOG_DIR, SUPPORTED_LOCALES, cli_locale
from siete.i18n.guest_names import names_a_guest, said_names
from siete.i18n.labels import GAME_STATUSES, profile_name, word
from siete.i18n.request_words import RequestWords, request_words
from siete.i18n.words import card_name, number

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
    app.add_template_filter(card_name, "card_name")  # 'jack of cups', 'sota de copas'
    app.add_template_filter(game_status, "game_status")  # 'playing' -> 'En juego'
    app.add_template_filter(number, "number")  # 1,234 / 1234 / 12.345
    app.context_processor(lambda: {"current_locale": str(get_locale()),
                                   "supported_locales": SUPPORTED_LOCALES,
                                   "language_names": LANGUAGE_NAMES})
    app.jinja_env.globals.update(card_name=card_name)  # the cards' aria-labels (macros/cards.html)
    app.jinja_env.finalize = _said_guest_names
    app.after_request(_vary_by_language)


def _said_guest_names(value: object) -> object:
    """Every value a template prints, with a guest's name in it said in the reader's language
    (siete/i18n/guest_names.py); anything else as it is."""
    if isinstance(value, str) and names_a_guest(value) and has_request_context():
        return said_names(value, str(request_catalog().ugettext("Guest")))
    return value


def game_status(status: str) -> str:
    """A game's status in the reader's language."""
    return word(GAME_STATUSES, status)


def _vary_by_language(response: Response) -> Response:
    """A page's words depend on Accept-Language and the switch's cookie: shared caches must know.
    Content-Language says which one was chosen. An answer with no body (the poll's 204, most of
    all requests) has no words: choosing its language would only cost a locale lookup."""
    if response.mimetype == "text/html" and response.status_code != 204:
        response.vary.update(("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", str(get_locale()))
    return response


def request_catalog() -> NullTranslations:
    """The request's catalog, as Flask-Babel's get_translations() finds it, kept for the request
    (siete/i18n/request_words.py)."""
    return request_words().catalog


def _install_template_gettext(app: Flask) -> None:
    """The templates' _(), gettext and ngettext, through the request's catalog.

    What Flask-Babel installs does the same with a catalog lookup per string, and `_` goes
    through a second alias call: ~20 µs a string against ~3. Same newstyle semantics as Jinja's
    (the string is always %-formatted, and escaped markup-safely under autoescape). Each render
    gets a _() bound to the request's words (a context processor, so found once per render and
    in force_locale's language inside such a block); macros imported without the context use
    the global one, which finds the words itself.
    """
    template_gettext = _bound_gettext(None)

    @pass_eval_context
    def template_ngettext(eval_ctx: EvalContext, singular: str, plural: str, num: int,
                          **variables: object) -> str:
        variables.setdefault("num", num)
        text = str(request_catalog().ungettext(singular, plural, num))
        if eval_ctx.autoescape:
            text = Markup(text)
        return text % variables

    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext,
                                 ngettext=template_ngettext)

    def bound_words() -> dict[str, object]:
        bound = _bound_gettext(request_words())
        return {"_": bound, "gettext": bound}

    app.context_processor(bound_words)


def _bound_gettext(bound: RequestWords | None) -> Callable[..., str]:
    """The templates' gettext with these words (None: the request's, found at each call)."""
    # pass_eval_context, not pass_context: Jinja hands a pass_context function called inside a
    # loop a derived copy of the whole context (every variable, each call), and a seat's words
    # are translated inside the seats' loop on every move.
    @pass_eval_context
    def template_gettext(eval_ctx: EvalContext, string: str, **variables: object) -> str:
        words = bound if bound is not None else request_words()
        catalog = words.catalog
        if not eval_ctx.autoescape:
            return str(catalog.ugettext(string)) % variables
        if variables:
            return Markup(catalog.ugettext(string)) % variables
        shown = words.shown
        text = shown.get(string)
        if text is None:
            text = shown[string] = Markup(catalog.ugettext(string)) % variables
        return text

    return template_gettext
