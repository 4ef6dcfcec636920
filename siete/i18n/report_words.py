"""A report's cell as a page shows it (the columns' headings: siete/i18n/labels.py)."""
from __future__ import annotations

from flask_babel import format_decimal

from siete.i18n.labels import CELL_WORDS, column_label, word

__all__ = ["cell_text", "column_label"]


def cell_text(value: object) -> str:
    """A value as a cell shows it: floats with 2 decimals as the locale writes them (12.35 in
    English, 12,35 in Spanish; never -0.00), the rows' yes and no translated, everything else
    as it is."""
    if isinstance(value, float):
        return str(format_decimal(round(value, 2) or 0.0, format="#,##0.00"))  # -0.001: 0.00
    if isinstance(value, str) and value in CELL_WORDS:
        return word(CELL_WORDS, value)
    return "" if value is None else str(value)
