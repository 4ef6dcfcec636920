"""A guest's name in the reader's language. A guest is stored under the word of the browser
that made it and a number ("Invitado 8080", siete/service/accounts/guests.py); the stored name
stays as it is (it is the account's username, unique, in URLs, exports and replays), and what
a person reads says it with their own word: "Guest 8080" in English, "Invitado 8080" in Spanish.

Only a guest's name is a word, a space and digits: people's usernames are letters and digits,
bots' have hyphens. The templates say every name through `said_names` (the Jinja environment's
finalize, siete/i18n/languages.py), in a seat, a sentence of the log or a chat line alike.
"""
from __future__ import annotations

import re
from typing import TypeVar

from markupsafe import Markup

from siete.i18n.catalogs import SUPPORTED_LOCALES, gettext_in

# "Guest" as guests.create_guest stores it in each language (the word fresh_login passes).
GUEST_WORDS = tuple(sorted({gettext_in(locale, "Guest") for locale in SUPPORTED_LOCALES}))
GUEST_NAME = re.compile(rf"\b(?:{'|'.join(map(re.escape, GUEST_WORDS))}) (\d{{4,6}})\b")
# A guest's name as a person types it (an address, a search box): any language's word, any case.
TYPED_GUEST_NAME = re.compile(rf"(?:{'|'.join(map(re.escape, GUEST_WORDS))}) (\d{{4,6}})", re.IGNORECASE)
# What every guest's name holds: its word and a space. The templates' finalize looks at every
# value they print (kilobytes of cards' markup on each move): a C substring search for these
# tells the texts with no guest's name ~6x faster than GUEST_NAME's search, which tries its
# \b at every character (a move's fragment spent ~0.3 ms there).
GUEST_MARKS = tuple(f"{word} " for word in GUEST_WORDS)

Text = TypeVar("Text", str, Markup)


def names_a_guest(text: str) -> bool:
    """Whether GUEST_NAME finds a guest's name in `text`."""
    for mark in GUEST_MARKS:
        if mark in text:
            return GUEST_NAME.search(text) is not None
    return False


def said_names(text: Text, guest_word: str) -> Text:
    """`text` with every guest's name in it said with `guest_word`; markup stays markup (the
    words put in are plain: a word and digits)."""
    said = GUEST_NAME.sub(lambda found: f"{guest_word} {found.group(1)}", str(text))
    return Markup(said) if isinstance(text, Markup) else said


def spellings(name: str) -> tuple[str, ...]:
    """`name` as typed, then, for a guest's name, the same guest in every other language's word:
    "Guest 9032" is also looked up as "Invitado 9032" (the name a Spanish browser stored), since
    the reader saw it said in their own word. Any other name is only itself."""
    typed = TYPED_GUEST_NAME.fullmatch(name)
    if typed is None:
        return (name,)
    others = (f"{word} {typed.group(1)}" for word in GUEST_WORDS)
    return (name, *(other for other in others if other.lower() != name.lower()))
