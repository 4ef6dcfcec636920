"""The review's words: its marks, the options' values in stakes as the locale writes them
(+0.05 / −0,23), and a value lost as a share of the points in play (4%)."""
from __future__ import annotations

from flask_babel import format_decimal

from siete.engine.review import Mark
from siete.i18n.catalogs import N_
from siete.i18n.labels import word

MARKS: dict[str, str] = {Mark.BEST: N_("best"), Mark.INACCURACY: N_("inaccuracy"),
                         Mark.MISTAKE: N_("mistake"), Mark.BLUNDER: N_("blunder")}


def mark_word(mark: str) -> str:
    """A decision's mark in the reader's language."""
    return word(MARKS, mark)


def signed_stakes(value: float) -> str:
    """An expected value in stakes, with its sign and two decimals: +0.05, −0.23 (and +0.00
    for what rounds to zero, never −0.00)."""
    return str(format_decimal(round(value, 2) + 0.0, format="+0.00;−0.00"))


def lost_share(value: float) -> str | None:
    """A value lost (a share of the points in play: 0.25 is a quarter of a full bet) as a whole
    percentage, "4 %", for people who do not read "0.04 a decision"; None when it rounds to
    0 %, where a figure would say nothing."""
    hundredths = round(value * 100)
    return None if hundredths == 0 else str(format_decimal(hundredths / 100, format="0%"))


def percent(value: float) -> str:
    """An accuracy (0-100) as a whole percentage: 85 %."""
    return str(format_decimal(value / 100, format="0%"))
