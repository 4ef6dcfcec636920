"""Rules for what people type: names without invisible characters or marks stacked high on a
letter, numbers in ASCII digits.

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
# Letters and marks that draw nothing, outside those categories: the Hangul fillers (U+115F,
# U+1160, U+3164, U+FFA0: letters, the usual "blank name"), the blank Braille pattern (U+2800),
# the combining grapheme joiner (U+034F), the Khmer inherent vowels (U+17B4, U+17B5) and the
# Mongolian variation selectors (U+180B-180D, U+180F). A message or a table name of them alone
# showed as nothing (and within a name they hide a look-alike). Emoji's variation selectors
# (U+FE0E, U+FE0F) and the Hangul of today's syllables (U+AC00-D7A3) are kept.
INVISIBLE = frozenset(map(chr, (0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F,
                                0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F)))
# int() also reads full-width (４) and Arabic-Indic (٤) digits; the forms accept ASCII only, so
# what the page shows back is what was stored.
ASCII_INTEGER = re.compile(r"[+-]?[0-9]{1,9}")
# Marks that draw on or around the character before them (Mn: nonspacing, Me: enclosing). A
# letter with a hundred of them ("Zalgo" text) draws over the lines above and below it. Real
# writing stacks a few: Vietnamese two, Thai and Tibetan up to three, pointed Hebrew four (a
# dagesh, a vowel, a cantillation mark and a meteg); more than MAX_STACKED_MARKS in a row is
# refused. The variation selectors (U+FE00-FE0F, e.g. emoji's U+FE0F) draw nothing and count
# for none; spacing marks (Mc, Hindi's and Korean's vowel signs) take their own room.
STACKING_CATEGORIES = frozenset({"Mn", "Me"})
MAX_STACKED_MARKS = 4


def forbidden_characters(text: str) -> list[str]:
    """The code points of text that no name may hold, as 'U+202E' (empty if none)."""
    return [f"U+{ord(ch):04X}" for ch in text
            if ch in INVISIBLE or unicodedata.category(ch) in FORBIDDEN_CATEGORIES]


def stacked_marks(text: str) -> int:
    """The most marks (STACKING_CATEGORIES) that follow one another in text: 0 with none."""
    most = run = 0
    for ch in text:
        if unicodedata.category(ch) in STACKING_CATEGORIES and not 0xFE00 <= ord(ch) <= 0xFE0F \
                and not 0xE0100 <= ord(ch) <= 0xE01EF:
            run += 1
            most = max(most, run)
        else:
            run = 0
    return most


def too_many_marks(text: str) -> bool:
    """Whether text stacks more than MAX_STACKED_MARKS marks on one character (Zalgo text)."""
    return stacked_marks(text) > MAX_STACKED_MARKS


def parse_ascii_int(text: str | None) -> int | None:
    """The whole number written in ASCII digits (spaces around allowed), else None."""
    if text is None:
        return None
    text = text.strip()
    return int(text) if ASCII_INTEGER.fullmatch(text) else None
