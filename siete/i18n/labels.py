"""Every label a person reads, defined once and keyed by the codes the engine and the records keep.

The tables hold msgids (N_ marks them for the catalogs): the web says them in the request's
language (`word`, cached for the request by siete/i18n/request_words.py), the command line in
its own (`cli_word`); machine formats (JSON, XML, CSV headers) keep the codes. The table, the
history, the reports and the CLI all read these; tests/i18n/test_labels.py checks that every
code of the enums has its label, in both languages.
"""
from __future__ import annotations

from collections.abc import Mapping

from siete.engine.codes import BankResult, BotProfile, Result, SeatStatus
from siete.i18n.catalogs import N_
from siete.i18n.catalogs import gettext as cli_gettext
from siete.i18n.request_words import request_words

# A seat's state on the table and in a running game's history: the engine's SeatStatus, and
# between hands a seat still "playing" is one that did not play.
DID_NOT_PLAY = "did_not_play"
SEAT_STATES: dict[str, str] = {
    SeatStatus.WAITING: N_("waiting"), SeatStatus.PLAYING: N_("to play"),
    SeatStatus.STOOD: N_("stood"), SeatStatus.BUST: N_("bust"), SeatStatus.OUT: N_("out"),
    DID_NOT_PLAY: N_("did not play"),
}

# A game's status (siete.data.vocabulary.GameStatus, whose values these are: the words layer
# sits below the data layer), on the table's header (capitalized there) and in the history.
GAME_STATUSES: dict[str, str] = {
    "waiting": N_("waiting for players"), "playing": N_("playing"),
    "finished": N_("finished"), "abandoned": N_("closed"),
}

# A turn's result and a bank's result (the records keep the codes). A bank's is a verb phrase:
# bank_sentence puts it in "The bank (Ana) ... with 6.".
RESULTS: dict[str, str] = {
    Result.WIN: N_("won"), Result.SEVEN_HALF: N_("won with 7½"), Result.LOSE: N_("lost"),
    Result.BUST: N_("bust"), Result.BANK: N_("bank"),
}
BANK_RESULTS: dict[str, str] = {
    BankResult.DID_NOT_PLAY: N_("did not play (everyone bust)"), BankResult.STOOD: N_("stood"),
    BankResult.BUST: N_("went bust"), BankResult.SEVEN_HALF: N_("had 7½"),
}

# The bots' profiles as people read them (the engine's names are codes: siete.engine.bots).
PROFILE_NAMES: dict[str, str] = {
    BotProfile.STANDARD: N_("standard"), BotProfile.CAUTIOUS: N_("cautious"),
    BotProfile.BOLD: N_("bold"), BotProfile.EXPERT: N_("expert"),
}

# The reports' columns (REPORTS.md's keys stay the machines' names), on the pages and in the CLI.
COLUMN_LABELS: dict[str, str] = {
    "avg_bet": N_("Average bet"), "avg_per_game": N_("Per game"), "bank": N_("Bank"),
    "bet": N_("Bet"), "busts": N_("Busts"), "card": N_("Card"), "duration_s": N_("Duration (s)"),
    "game": N_("Game"), "games": N_("Games"), "games_lost_to": N_("Games lost to"),
    "games_won": N_("Games won"), "hand_number": N_("Hand"), "hands": N_("Hands"),
    "hands_drawn": N_("Hands drawn in"), "hands_played": N_("Hands played"),
    "hands_won": N_("Hands won"), "nemesis": N_("Nemesis"), "player": N_("Player"),
    "points": N_("Points"), "position": N_("Start position"), "stands": N_("Stands"),
    "times": N_("Times"), "turns": N_("Turns"), "won": N_("Won"),
    "won_by_bots": N_("Won by bots"), "won_pct": N_("Won %"),
}

# The few words report rows hold (best_game's "won"): the SQL and the downloads keep them as
# REPORTS.md writes them; a page says them in the reader's language.
CELL_WORDS: dict[str, str] = {"yes": N_("yes"), "no": N_("no")}

# The cards (R1): one naming per language, everywhere: "the jack of cups" in a sentence,
# "jack of cups" in a list or a label; in Spanish "la sota de copas", "sota de copas". The rules
# page says once which Spanish suit each English name stands for.
SUITS: dict[str, str] = {"O": N_("coins"), "C": N_("cups"), "E": N_("swords"), "B": N_("clubs")}
RANKS: dict[int, str] = {1: N_("ace"), 10: N_("jack"), 11: N_("knight"), 12: N_("king")}
# With the article, each rank its own msgid: Spanish needs the gender ("la sota", "el rey").
RANKS_WITH_ARTICLE: dict[int, str] = {
    1: N_("the ace of %(suit)s"), 10: N_("the jack of %(suit)s"),
    11: N_("the knight of %(suit)s"), 12: N_("the king of %(suit)s"),
}
NUMBERED_WITH_ARTICLE = N_("the %(rank)s of %(suit)s")
CARD = N_("%(rank)s of %(suit)s")


def label(table: Mapping[str, str], key: str | None) -> str:
    """table[key] as a msgid, or the key itself when the table has no label for it."""
    return table.get(key or "", key or "")


def word(table: Mapping[str, str], key: str | None) -> str:
    """table[key] in the request's language, translated once per catalog (the tables are the
    module's constants, so id(table) names one for the process); a key the table lacks is
    said as it is, and not kept, so what is kept stays as small as the tables."""
    if key is None or key not in table:
        return key or ""
    words = request_words()
    memo = (id(table), key)
    found = words.labels.get(memo)
    if found is None:
        found = words.labels[memo] = words.gettext(table[key])
    return found


def cli_word(table: Mapping[str, str], key: str | None) -> str:
    """table[key] in the command line's language."""
    return cli_gettext(label(table, key)) if key in table else key or ""


def profile_name(profile: str | None) -> str:
    """A bot profile in the reader's language ('cautious' -> 'prudente')."""
    return word(PROFILE_NAMES, profile)


def column_label(column: str) -> str:
    """A report column's heading in the reader's language ('won_pct' -> 'Won %')."""
    if column in COLUMN_LABELS:
        return word(COLUMN_LABELS, column)
    return column.replace("_", " ").capitalize()


def cli_column_label(column: str) -> str:
    """A report column's heading in the command line's language."""
    return cli_word(COLUMN_LABELS, column) if column in COLUMN_LABELS else column
