"""The game's facts in the reader's language: card names, totals and the hand's log sentences.

The engine keeps facts only (its log is [event, seat, value]); this module says them with
gettext and Babel's number formats, in the request's locale (siete/i18n/languages.py). R4.2: nothing
here names a face-down card: the log holds only cards every seat has seen, and a 7½ reached
over a hidden first card is told to the others as a plain "stands" (the engine logs it as one).
"""
from __future__ import annotations

from flask import g, has_app_context
from flask_babel import (
    format_decimal,
    get_locale,
    get_translations,
    gettext,
    lazy_gettext,
    ngettext,
)

from siete.engine.cards import SEVEN_HALF, SPANISH_DECK, points
from siete.engine.codes import Event
from siete.engine.state import GameState
from siete.i18n.catalogs import N_

# English names with the Spanish suit in brackets, so an English reader still learns the deck.
# N_ marks them for the catalogs; Say translates them (a log names a dozen cards per render).
SUIT_NAMES = {
    "Oros": N_("coins (oros)"),
    "Copas": N_("cups (copas)"),
    "Espadas": N_("swords (espadas)"),
    "Bastos": N_("clubs (bastos)"),
}
# The rank with its article: Spanish needs the article's gender ("la sota", "el rey").
CARD_NAMES = {
    1: N_("the ace of %(suit)s"),
    10: N_("the jack of %(suit)s"),
    11: N_("the knight of %(suit)s"),
    12: N_("the king of %(suit)s"),
}
NUMBERED_CARD = N_("the %(rank)s of %(suit)s")


class Say:
    """gettext with the request's catalog looked up once: a table's log is a dozen sentences
    drawn on every move, and Flask-Babel's gettext finds the catalog again on each call."""

    def __init__(self) -> None:
        self.catalog = get_translations()

    def __call__(self, message: str, **variables: object) -> str:
        text = self.catalog.ugettext(message)
        return text % variables if variables else text


def number(value: int | float) -> str:
    """A number as the locale writes it (1,000 in English, 1000 or 12.345 in Spanish; 0.25 or
    0,25, with up to three decimals and none when they are zeros: 19.0 is 19)."""
    if isinstance(value, int) and -1000 < value < 1000:
        return str(value)  # the same in every locale we have: skip Babel's pattern formatting
    return format_decimal(value)


def one_decimal(value: float) -> str:
    """A rating, its μ and σ, a rate or an average as the locale writes it with one decimal:
    25.3 in English, 25,3 in Spanish."""
    return format_decimal(value, format="#,##0.0")


def half_points(half: int) -> str:
    """A total kept in half points as players write it: 7½, 6, ½ (the ½ in every language)."""
    return game_total(points(half))


def game_total(value: int | float | None) -> str:
    """A game total (6, 7.5, 0.5) as players write it: 6, 7½, ½; nothing for None."""
    if value is None:
        return ""
    whole = int(value)
    if value == whole:
        return number(whole)
    return f"{number(whole)}½" if whole >= 1 else "½"


def card_name(card_id: str, _: Say | None = None) -> str:
    """'B11' -> 'the knight of clubs (bastos)' / 'el caballo de bastos'."""
    _ = _ or Say()
    spec = SPANISH_DECK.specs.get(card_id)  # an id names its card (R1.3) in any card set
    if spec is None:
        return card_id
    suit = _(SUIT_NAMES[spec.suit]) if spec.suit in SUIT_NAMES else spec.suit
    if spec.value in CARD_NAMES:
        return _(CARD_NAMES[spec.value], suit=suit)
    return _(NUMBERED_CARD, rank=number(spec.value), suit=suit)


def _plain(kind: str, name: str, value, _: Say) -> str | None:
    """The events whose sentence needs only the seat's name and the event's value."""
    if kind == "hand":
        return _("hand %(number)s: %(name)s holds the bank", number=number(value), name=name)
    if kind == "bet":
        return _("%(name)s bets %(amount)s", name=name, amount=number(value))
    if kind == "lose":
        return _("%(name)s loses %(amount)s to the bank", name=name, amount=number(value))
    if kind == "out":
        return _("%(name)s has no points left and is out", name=name)
    if kind == "takes_bank":
        return _("%(name)s takes the bank", name=name)
    if kind == "winner":  # once a game: the plural's catalog lookup costs nothing here
        return ngettext("the game is over: %(name)s wins with %(points)s point",
                        "the game is over: %(name)s wins with %(points)s points", value, name=name,
                        points=number(value))
    if kind == "timeout":
        return _("%(name)s ran out of time", name=name)
    if kind == "replaced":
        return _("%(name)s left; a bot plays the seat", name=name)
    if kind == "away":
        return _("%(name)s is away; a bot plays the seat until they come back", name=name)
    if kind == "back":
        return _("%(name)s is back", name=name)
    return None


def _with_card(kind: str, name: str, card: str, _: Say) -> str | None:
    """The events whose value is a card every seat has seen (R4.2: the bank's, a drawn one,
    or a bust's first card, shown as it busts)."""
    if kind == "deal":
        return _("the cards are dealt; the bank shows %(card)s", card=card_name(card, _))
    if kind == "draw":
        return _("%(name)s draws %(card)s", name=name, card=card_name(card, _))
    if kind == "bust":
        return _("%(name)s busts (first card: %(card)s)", name=name, card=card_name(card, _))
    return None


def _win(name: str, value: list, _: Say) -> str:
    paid, due, total = value
    if paid == due:
        return _("%(name)s wins %(amount)s with %(total)s",
                 name=name, amount=number(paid), total=half_points(total))
    return _("%(name)s wins %(amount)s of %(due)s with %(total)s: the bank ran out",
             name=name, amount=number(paid), due=number(due), total=half_points(total))


def describe(state: GameState, event: list, viewer: int | None = None, _: Say | None = None) -> str:
    """One event of the current hand as a sentence `viewer` (a seat, or None) may read."""
    _ = _ or Say()
    kind, seat, value = event
    name = state.seats[seat].name if seat is not None else ""
    if kind == "win":
        return _win(name, value, _)
    if kind == "stand":
        if _sees_seven_half(state, seat, viewer):
            return _("%(name)s has 7½ and stands", name=name)
        if value == "bank":  # the event says so: the bank may change (R6)
            return _("the bank stands")
        return _("%(name)s stands", name=name)
    sentence = _plain(kind, name, value, _) or _with_card(kind, name, value, _)
    return sentence if sentence is not None else f"{name}: {kind}"


def _sees_seven_half(state: GameState, seat: int, viewer: int | None) -> bool:
    """Whether `viewer` may read that `seat` stood on 7½ (which only R4.6's automatic stand
    does): the seat itself, or anyone when the seat is the hand's bank, whose cards are all
    face up. A punter's 7½ over a face-down first card would tell what that card is worth
    (R4.2): to the others the log says what a stand by choice says."""
    if state.seats[seat].total != SEVEN_HALF:
        return False
    hand_bank = state.log[0][1] if state.log and state.log[0][0] == "hand" else None
    return seat in (viewer, hand_bank)


def describe_log(state: GameState, viewer: int | None = None) -> list[str]:
    """The current hand's events as sentences, oldest first."""
    say = Say()
    return [describe(state, event, viewer, say) for event in state.log]


# The bots' profiles as people read them (the engine's names are codes: siete.engine.bots).
PROFILE_NAMES = {"standard": lazy_gettext("standard"), "cautious": lazy_gettext("cautious"),
                 "bold": lazy_gettext("bold"), "expert": lazy_gettext("expert")}


def profile_name(profile: str | None) -> str:
    """A bot profile in the reader's language ('cautious' -> 'prudente')."""
    return word(PROFILE_NAMES, profile)


def word(table: dict, key: str | None) -> str:
    """table[key] (a lazy gettext string) in the request's language, translated once per request
    and language (Flask-Babel finds the catalog again for each lazy string: ~20 µs, and a table
    fragment names its bots' profiles and its rows' results on every move)."""
    if not has_app_context():
        return str(table.get(key, key or ""))
    by_locale = g.setdefault("siete_words", {})
    names = by_locale.setdefault(get_locale(), {})  # force_locale puts another locale in force
    memo = (id(table), key)
    if memo not in names:
        names[memo] = str(table.get(key, key or ""))
    return names[memo]


# A turn's result, a bank's result and a seat's state as people read them; the engine and
# the records keep the codes (the keys).
RESULTS = {"win": lazy_gettext("won"), "seven_half": lazy_gettext("won with 7½"),
           "lose": lazy_gettext("lost"), "bust": lazy_gettext("bust"), "bank": lazy_gettext("bank")}
BANK_RESULTS = {"did_not_play": lazy_gettext("did not play (everyone bust)"),
                "stood": lazy_gettext("stood"), "bust": lazy_gettext("bust"),
                "seven_half": lazy_gettext("had 7½")}
SEAT_STATES = {"waiting": lazy_gettext("waiting"), "playing": lazy_gettext("to play"),
               "stood": lazy_gettext("stood"), "bust": lazy_gettext("bust"), "out": lazy_gettext("out"),
               "did not play": lazy_gettext("did not play")}


# What a seat just did, shown on it until the next move (the table's seats), keyed by the
# engine's events; a bet's says its amount.
LAST_MOVES = {Event.BET: N_("bets %(amount)s"), Event.DRAW: N_("draws"), Event.STAND: N_("stands"),
              Event.BUST: N_("bust")}


def last_move(state: GameState) -> tuple[int, str, str] | None:
    """The seat that moved last this hand, its event code and that move in words, or None
    before anyone has bet, drawn or stood."""
    for kind, seat, value in reversed(state.log):
        if kind in LAST_MOVES and seat is not None:
            words = gettext(LAST_MOVES[kind], amount=number(value)) if kind == Event.BET \
                else gettext(LAST_MOVES[kind])
            return seat, str(kind), words
    return None


# Cards named short, as tables and lists name them ("6 of cups", "6 de copas"); the log's
# sentences use card_name's fuller form ("the 6 of cups (copas)").
SHORT_SUITS = {"O": lazy_gettext("coins"), "C": lazy_gettext("cups"), "E": lazy_gettext("swords"),
               "B": lazy_gettext("clubs")}
SHORT_RANKS = {1: lazy_gettext("ace"), 10: lazy_gettext("jack"), 11: lazy_gettext("knight"),
               12: lazy_gettext("king")}


def short_card_name(code: str | None) -> str:
    """'C06' -> '6 of cups' ('6 de copas'); R1.3 ids, anything else shown as it is. Made once
    per request and card: a game page or a report names hundreds of cards."""
    names = g.setdefault("short_card_names", {}) if has_app_context() else {}
    if code not in names:
        names[code] = _short_card_name(code)
    return names[code]


def _short_card_name(code: str | None) -> str:
    if not isinstance(code, str) or len(code) != 3 or code[0] not in SHORT_SUITS \
            or not code[1:].isdigit():
        return "" if code is None else str(code)
    rank = int(code[1:])
    return gettext("%(rank)s of %(suit)s", rank=str(SHORT_RANKS.get(rank, rank)),
                   suit=str(SHORT_SUITS[code[0]]))
