"""Card markup drawn once per card, state and size, then reused on every page that shows it
(the table, the game history): the web platform's, so every blueprint may use it."""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, cast

from flask import current_app
from flask_babel import get_locale
from jinja2 import Environment
from markupsafe import Markup


def card_markup(card_id: str | None, face_down: bool = False, size: str = "md",
                locale: str | None = None) -> Markup:
    """The `card` macro of macros/cards.html, drawn once per card, state and size.

    A table fragment shows up to twenty cards and is drawn on every move; drawing each card's
    SVG through the macro would be a third of the fragment's render time. The macro depends on its
    arguments and the language of its label alone, so its output is kept per locale, except
    while templates may reload (debug). `locale` (the request's, as str(get_locale()) gives it)
    saves looking it up again for each card of a hand.
    """
    env = current_app.jinja_env
    if env.auto_reload:
        return _draw(env, card_id, bool(face_down), size)
    return _remembered(env, card_id, bool(face_down), size, locale or str(get_locale()))


def cards_markup(cards: Iterable[str | None], size: str = "md") -> Markup:
    """A hand as one Markup, each card as card_markup draws it; None is a face-down card.

    The table fragment draws every seat's hand and every settled hand on each move: joining a
    hand here costs less than a template call per card.
    """
    locale = str(get_locale())
    return Markup("".join([card_markup(card, face_down=card is None, size=size, locale=locale)
                           for card in cards]))


def _draw(env: Environment, card_id: str | None, face_down: bool, size: str,
          _locale: str = "") -> Markup:
    macro = cast(Any, env.get_template("macros/cards.html").module).card
    return Markup(macro(card_id, face_down=face_down, size=size))


# Bounded: 48 cards x (face up, face down) x 3 sizes x 2 languages fit with room to spare.
_remembered = lru_cache(maxsize=1024)(_draw)
