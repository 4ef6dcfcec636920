"""Words for the command line: the language comes from the environment (LC_ALL, LC_MESSAGES,
LANG), English unless it names one we have. No Flask here: `python -m siete simulate` runs
without the web stack, so the catalogs are read with Babel directly.

Machine formats (replay's JSON and errors, --json, XML) are never translated.
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from babel.support import NullTranslations, Translations

CATALOG_DIR = Path(__file__).resolve().parent / "translations"
# The languages with a catalog: the web (siete/i18n/languages.py) and `make translations` read this list.
SUPPORTED_LOCALES = ("es", "en")
CLI_DEFAULT_LOCALE = "en"
# A language a command was asked for (`reports --lang es`): it overrides the environment's for
# every word the command prints, so a command never mixes two languages.
_CHOSEN: ContextVar[str | None] = ContextVar("cli_language", default=None)


@contextmanager
def cli_language(locale: str | None) -> Iterator[str]:
    """Speak `locale` (None: the environment's) until the block ends; yields the language."""
    language = locale if locale in SUPPORTED_LOCALES else cli_locale()
    token = _CHOSEN.set(language)
    try:
        yield language
    finally:
        _CHOSEN.reset(token)


def cli_locale(environ: Mapping[str, str] | None = None) -> str:
    """'es' for LANG=es_ES.UTF-8 and the like; English for C, POSIX, unset or unknown.

    A language chosen with cli_language wins over the environment's."""
    chosen = _CHOSEN.get()
    if chosen is not None and environ is None:
        return chosen
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:  # the first one set decides, as in gettext
            code = value.split(".")[0].split("_")[0].split("-")[0].lower()
            return code if code in SUPPORTED_LOCALES else CLI_DEFAULT_LOCALE
    return CLI_DEFAULT_LOCALE


@lru_cache(maxsize=8)  # one catalog per supported language
def _translations(locale: str) -> NullTranslations:
    return Translations.load(str(CATALOG_DIR), [locale])


def cli_catalog() -> NullTranslations:
    """The command line's catalog, for code that says words through a catalog object (the
    game's sentences in siete/i18n/words.py, which the terminal game reuses)."""
    return _translations(cli_locale())


def gettext(message: str, **variables: object) -> str:
    """`message` in the command line's language, with %(name)s placeholders filled in."""
    text = _translations(cli_locale()).gettext(message)
    return text % variables if variables else text


def gettext_in(locale: str, message: str, **variables: object) -> str:
    """`message` in `locale` (English for a language without a catalog), placeholders filled in:
    for words written outside a request, such as the mails the worker sends."""
    language = locale if locale in SUPPORTED_LOCALES else CLI_DEFAULT_LOCALE
    text = _translations(language).gettext(message)
    return text % variables if variables else text


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it here: it stays English where
    machines read it (JSON, XML) and is translated where people do, with gettext(message)."""
    return message
