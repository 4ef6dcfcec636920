"""Rules for what people type: names without invisible characters, numbers in ASCII digits.

Pure functions the forms (siete/web/validators.py wraps them for WTForms) and the services both
use: the services check again, so a name that reaches the database, a <title> or the lobby
cannot carry a NUL byte or reorder the page, whichever way it came in.
"""
from __future__ import annotations

import re
import unicodedata

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
