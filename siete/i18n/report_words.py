"""A report's words: its title and explanation (REPORTS.md's keys and columns are its machine
names; the columns' headings are in siete/i18n/labels.py), and a cell as a page shows it.

The tables hold msgids (N_): the web says them in the request's language, the command line in
its own; machine formats (the command line's JSON) keep REPORTS.md's English titles.
"""
from __future__ import annotations

from flask_babel import format_decimal

from siete.i18n.catalogs import N_
from siete.i18n.labels import CELL_WORDS, cli_word, column_label, word

__all__ = ["cell_text", "cli_report_explanation", "cli_report_title", "column_label", "machine_title",
           "report_explanation", "report_title"]

REPORT_TITLES: dict[str, str] = {
    "first_card": N_("Most frequent first card"),
    "highest_bet": N_("Highest bet per game"),
    "lowest_bet": N_("Lowest bet per game"),
    "win_rate_by_hand": N_("Win rate and average bet by hand number"),
    "nemesis": N_("Nemesis"),
    "bot_wins": N_("Games won by bots"),
    "wins_by_seat_card": N_("Wins by seat card"),
    "wins_by_start_position": N_("Wins by start position"),
    "stands_per_game": N_("Stands per game"),
    "long_wins": N_("Wins above the average"),
    "wins_vs_bots_low_suits": N_("Human wins against bots from espadas or bastos"),
    "won_without_drawing": N_("Hands won without drawing"),
    "few_draw_winners": N_("Winners who seldom drew"),
    "bank_tie_wins": N_("Hands the bank won on a tie"),
    "best_game": N_("Best game of each player"),
    "human_busts": N_("Busts of human players"),
}
REPORT_EXPLANATIONS: dict[str, str] = {
    "first_card": N_(
        "For each player, the card they were dealt most often at the start of a hand, as punter or "
        "bank, over finished games. Ties go to the card that comes first in deck order. The first "
        "card here is the first card of each hand, not the seat card dealt once before the first "
        "hand (reports 7 and 11)."),
    "highest_bet": N_(
        "For each finished game, its highest single bet and every player who made it."),
    "lowest_bet": N_(
        "For each finished game, its lowest single bet and every player who made it."),
    "win_rate_by_hand": N_(
        "For each player and hand number, their turns as punter in finished games, the share they "
        "won (a win or a seven and a half) and their average bet."),
    "nemesis": N_(
        "For each player who lost a finished game, the winner they lost to most often; "
        "tied winners are all listed."),
    "bot_wins": N_(
        "Finished games with at least one bot at the table, and how many of them a bot won."),
    "wins_by_seat_card": N_(
        "Finished games by the seat card a player was dealt to set the order, and the share "
        "they won: per player, then over all players (*). The card here is the seat card, dealt once "
        "before the first hand, not the first card of each hand (report 1)."),
    "wins_by_start_position": N_(
        "Finished games by the place a player started in (0 is the bank), and the share of "
        "them won from that place."),
    "stands_per_game": N_(
        "For each player with a finished game, the turns they ended without a bust (as punter, or "
        "as a bank that played) and their average per game."),
    "long_wins": N_(
        "Won games whose winner ended with more points than the average final points of all "
        "winners, with how long each game lasted in seconds. Games the simulator played have no "
        "duration (they take no time at a table): theirs is left out, shown empty."),
    "wins_vs_bots_low_suits": N_(
        "Finished games with at least one bot that a human won after being dealt a seat card "
        "of espadas or bastos, per human. The card here is the seat card, dealt once before the "
        "first hand, not the first card of each hand (report 1)."),
    "won_without_drawing": N_(
        "Punter turns in finished games won standing on the card dealt, without drawing any, "
        "per player and in total (*)."),
    "few_draw_winners": N_(
        "Winners of a finished game who drew at least one card in at most half of the hands "
        "they played in it, as punter or bank."),
    "bank_tie_wins": N_(
        "Hands of finished games in which the bank beat at least one player with the same "
        "total, per bank and in total (*)."),
    "best_game": N_(
        "Each player's highest final points in a finished game (the earliest game on a tie) "
        "and whether they won that game."),
    "human_busts": N_(
        "For each human player with a finished game, the turns they went over seven and a half, "
        "as punter or bank, and their average per game."),
}


def report_title(key: str) -> str:
    """A report's title in the reader's language."""
    return word(REPORT_TITLES, key)


def report_explanation(key: str) -> str:
    """What a report shows, in the reader's language."""
    return word(REPORT_EXPLANATIONS, key)


def cli_report_title(key: str) -> str:
    """A report's title in the command line's language (its --lang, else the locale's)."""
    return cli_word(REPORT_TITLES, key)


def cli_report_explanation(key: str) -> str:
    """What a report shows, in the command line's language."""
    return cli_word(REPORT_EXPLANATIONS, key)


def machine_title(key: str) -> str:
    """A report's title as REPORTS.md gives it, for the JSON machines read (never translated)."""
    return REPORT_TITLES.get(key, key)


def cell_text(value: object) -> str:
    """A value as a cell shows it: floats with 2 decimals as the locale writes them (12.35 in
    English, 12,35 in Spanish; never -0.00), the rows' yes and no translated, everything else
    as it is."""
    if isinstance(value, float):
        return str(format_decimal(round(value, 2) or 0.0, format="#,##0.00"))  # -0.001: 0.00
    if isinstance(value, str) and value in CELL_WORDS:
        return word(CELL_WORDS, value)
    return "" if value is None else str(value)
