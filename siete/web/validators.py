"""Rules for what people type: names without invisible characters, numbers in ASCII digits.

Shared by every form (sign-up, new table, moves) and re-checked by the services, so a name
that reaches the database, a <title> or the lobby cannot carry a NUL byte or reorder the page.
"""
from __future__ import annotations

import re
import unicodedata

from flask_babel import gettext as _
from wtforms import IntegerField
from wtforms.validators import ValidationError

# Cc: control characters (NUL, ESC, ...); Cf: format characters, among them the bidi overrides
# and isolates (U+202A-202E, U+2066-2069) and zero-width ones; Zl/Zp: line and paragraph
# separators; Cs/Co: surrogates and private use, which no name needs.
FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co"})
# int() also reads full-width (４) and Arabic-Indic (٤) digits; the forms accept ASCII only, so
# what the page shows back is what was stored.
ASCII_INTEGER = re.compile(r"[+-]?[0-9]{1,9}")


def forbidden_characters(text: str) -> list[str]:
    """The code points of text that no name may hold, as 'U+202E' (empty if none)."""
    return [f"U+{ord(ch):04X}" for ch in text if unicodedata.category(ch) in FORBIDDEN_CATEGORIES]


def parse_ascii_int(text: str | None) -> int | None:
    """The whole number written in ASCII digits (spaces around allowed), else None."""
    if text is None:
        return None
    text = text.strip()
    return int(text) if ASCII_INTEGER.fullmatch(text) else None


class PlainText:
    """WTForms validator: refuse control, format and separator characters (see FORBIDDEN_CATEGORIES)."""

    def __init__(self, message: str | None = None):
        self.message = message

    def __call__(self, _form, field) -> None:
        found = forbidden_characters(field.data or "")
        if found:
            raise ValidationError(self.message or _(
                "Remove the invisible or control characters (%(codes)s).",
                codes=", ".join(dict.fromkeys(found))))


class AsciiIntegerField(IntegerField):
    """An IntegerField that takes only ASCII digits: '４' or '٤' get a clear error, not a 4."""

    def process_formdata(self, valuelist: list[str]) -> None:
        if not valuelist:
            return
        number = parse_ascii_int(valuelist[0])
        if number is None:
            try:
                super().process_formdata(valuelist)  # not a number at all: WTForms' own message
            finally:
                self.data = None  # int() may have read '４' as 4: never keep that
            raise ValueError(_("Write the number with the digits 0-9."))
        self.data = number
