"""The request's one translation cache: its catalog, found once, and every word said so far.

Flask-Babel finds the catalog again for every string (its domain, the locale, the cache key:
~10 µs), and a table fragment says ~70 strings, a dozen log sentences and a few dozen card names
and labels on every move and poll. Everything that translates in a request (the templates' _(),
siete.i18n.words, the labels) reads this one object, kept in `g` while the locale it was found
for is in force: force_locale puts another locale object in place, so a forced block finds its
own and the code after it the request's again.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from babel.support import NullTranslations
from flask import g, has_app_context
from flask_babel import get_locale, get_translations
from markupsafe import Markup

# Per catalog, each message without variables as an autoescaped template shows it (translated,
# Markup): the words of the table's buttons and headings, the same on every move. A catalog is
# one per language for the process (Flask-Babel keeps them), so this stays small.
_SHOWN: weakref.WeakKeyDictionary[NullTranslations, dict[str, Markup]] = weakref.WeakKeyDictionary()
# Per catalog too, every label said (siete.i18n.labels.word): a fixed set, the same for every
# request in that language, so each is translated once per process instead of once per request
# (a table fragment says a dozen on every move).
_LABELS: weakref.WeakKeyDictionary[NullTranslations, dict[tuple[int, str], str]] = weakref.WeakKeyDictionary()


@dataclass(slots=True)
class RequestWords:
    """The catalog of the locale in force and what was said with it in this request."""

    locale: object
    catalog: NullTranslations
    shown: dict[str, Markup]  # the templates' plain messages, kept for the catalog's life
    said: dict[tuple[str, object], str] = field(default_factory=dict)  # (kind, key) -> words
    labels: dict[tuple[int, str], str] = field(default_factory=dict)  # (id(table), key) -> label

    def __call__(self, message: str, **variables: object) -> str:
        """`message` in this catalog's language, its %(name)s placeholders filled in."""
        text: str = self.catalog.ugettext(message)
        return text % variables if variables else text

    def gettext(self, message: str, **variables: object) -> str:
        text: str = self.catalog.ugettext(message)
        return text % variables if variables else text

    def ngettext(self, singular: str, plural: str, num: int, **variables: object) -> str:
        text: str = self.catalog.ungettext(singular, plural, num)
        return text % {"num": num, **variables}

    def remembered(self, kind: str, key: object, make: Callable[[], str]) -> str:
        """make() once per request, locale and (kind, key): a label or a card's name."""
        memo = (kind, key)
        found = self.said.get(memo)
        if found is None:
            found = self.said[memo] = make()
        return found


def request_words() -> RequestWords:
    """This request's words (outside an app context: a fresh one on the default catalog)."""
    if not has_app_context():
        catalog = get_translations()
        return RequestWords(None, catalog, _SHOWN.setdefault(catalog, {}), labels=_LABELS.setdefault(catalog, {}))
    cached: RequestWords | None = g.get("siete_words")
    # The fast way (a template says ~70 strings): the locale Flask-Babel keeps in g for the
    # request, read where get_locale() reads it, without its ~10 us of lookups each time.
    # get_locale() below stores the locale there, so after the first call this is the way.
    babel_state = g.get("_flask_babel")
    if cached is not None and getattr(babel_state, "babel_locale", None) is cached.locale:
        return cached
    locale: Any = get_locale()  # the same object until force_locale or refresh() puts another
    catalog = get_translations()
    found = RequestWords(locale, catalog, _SHOWN.setdefault(catalog, {}), labels=_LABELS.setdefault(catalog, {}))
    g.siete_words = found
    return found
