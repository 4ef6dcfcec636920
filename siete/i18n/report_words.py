"""What people read on the reports pages: column headings, through gettext (cards: siete.i18n.words)."""
from __future__ import annotations

from flask_babel import format_decimal
from flask_babel import lazy_gettext as _l

COLUMN_LABELS = {
    "player": _l("Player"), "card": _l("Card"), "times": _l("Times"), "game": _l("Game"),
    "bet": _l("Bet"), "hand_number": _l("Hand"), "turns": _l("Turns"), "won_pct": _l("Won %"),
    "avg_bet": _l("Average bet"), "nemesis": _l("Nemesis"), "games_lost_to": _l("Games lost to"),
    "games": _l("Games"), "won_by_bots": _l("Won by bots"), "won": _l("Won"),
    "position": _l("Start position"), "stands": _l("Stands"), "avg_per_game": _l("Per game"),
    "points": _l("Points"), "duration_s": _l("Duration (s)"), "games_won": _l("Games won"),
    "hands_won": _l("Hands won"), "hands_played": _l("Hands played"),
    "hands_drawn": _l("Hands drawn in"), "bank": _l("Bank"), "hands": _l("Hands"),
    "busts": _l("Busts"),
}


def column_label(column: str) -> str:
    """A column's heading in the reader's language ('won_pct' -> 'Won %')."""
    label = COLUMN_LABELS.get(column)
    return str(label) if label is not None else column.replace("_", " ").capitalize()


# The few words report rows hold (best_game's "won"): the SQL and the downloads keep them as
# REPORTS.md writes them; a page says them in the reader's language.
CELL_WORDS = {"yes": _l("yes"), "no": _l("no")}


def cell_text(value: object) -> str:
    """A value as a cell shows it: floats with 2 decimals as the locale writes them (12.35 in
    English, 12,35 in Spanish), the rows' yes and no translated, everything else as it is."""
    if isinstance(value, float):
        return format_decimal(value, format="#,##0.00")
    if isinstance(value, str) and value in CELL_WORDS:
        return str(CELL_WORDS[value])
    return "" if value is None else str(value)
