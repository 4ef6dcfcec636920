"""The game's facts in the reader's language: card names, totals and the hand's log sentences.

The engine keeps facts only (its log is [event, seat, value]); this module says them with
gettext and Babel's number formats, in the request's locale (siete/i18n/languages.py). R4.2: nothing
here names a face-down card: the log holds only cards every seat has seen, and a 7½ reached
over a hidden first card is told to the others as a plain "stands" (the engine logs it as one).
"""
from __future__ import annotations

from typing import Any

from babel.lists import format_list
from flask_babel import format_decimal, get_locale

from siete.engine.cards import SEVEN_HALF, SPANISH_DECK, points
from siete.engine.codes import BankResult, Event, StandNote
from siete.engine.state import GameState, LogEvent
from siete.i18n.catalogs import N_
from siete.i18n.labels import (
    BANK_RESULTS,
    CARD,
    NUMBERED_WITH_ARTICLE,
    RANKS,
    RANKS_WITH_ARTICLE,
    SUITS,
    word,
)
from siete.i18n.request_words import RequestWords, request_words

# Said with a RequestWords: the request's catalog, found once (a log is a dozen sentences
# drawn on every move).
Say = RequestWords


def number(value: int | float) -> str:
    """A number as the locale writes it (1,000 in English, 1000 or 12.345 in Spanish; 0.25 or
    0,25, with up to three decimals and none when they are zeros: 19.0 is 19)."""
    if isinstance(value, int) and -1000 < value < 1000:
        return str(value)  # the same in every locale we have: skip Babel's pattern formatting
    return str(format_decimal(value))


def name_list(names: list[str]) -> str:
    """Names as the reader's language lists them: "Ana and Rosa", "Ana, Bea y Rosa"."""
    return str(format_list(names, locale=get_locale())) if names else ""


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


def card_name(code: str | None, _: Say | None = None) -> str:
    """'C10' -> 'jack of cups' ('sota de copas'), as lists and labels name a card; R1.3 ids,
    anything else shown as it is. Made once per request and card: a page names hundreds."""
    words = _ or request_words()
    return words.remembered("card", code, lambda: _card_name(code, words))


def card_in_sentence(code: str, _: Say | None = None) -> str:
    """'C10' -> 'the jack of cups' ('la sota de copas': Spanish gives the rank its gender), as
    the log and the history's sentences name a card."""
    words = _ or request_words()
    return words.remembered("card+article", code, lambda: _card_in_sentence(code, words))


def _card_name(code: str | None, _: Say) -> str:
    spec = SPANISH_DECK.specs.get(code or "")  # an id names its card (R1.3) in any card set
    if code is None or spec is None:
        return "" if code is None else str(code)
    rank = _(RANKS[spec.value]) if spec.value in RANKS else number(spec.value)
    return _(CARD, rank=rank, suit=_(SUITS[code[0]]))


def _card_in_sentence(code: str, _: Say) -> str:
    spec = SPANISH_DECK.specs.get(code)
    if spec is None:
        return code
    suit = _(SUITS[code[0]])
    if spec.value in RANKS_WITH_ARTICLE:
        return _(RANKS_WITH_ARTICLE[spec.value], suit=suit)
    return _(NUMBERED_WITH_ARTICLE, rank=number(spec.value), suit=suit)


def _plain(kind: Event, name: str, value: Any, _: Say) -> str | None:
    """The events whose sentence needs only the seat's name and the event's value."""
    if kind == Event.HAND:
        return _("hand %(number)s: %(name)s holds the bank", number=number(value), name=name)
    if kind == Event.BET:
        return _("%(name)s bets %(amount)s", name=name, amount=number(value))
    if kind == Event.LOSE:
        return _("%(name)s loses %(amount)s to the bank", name=name, amount=number(value))
    if kind == Event.OUT:
        return _("%(name)s has no points left and is out", name=name)
    if kind == Event.TAKES_BANK:
        return _("%(name)s takes the bank", name=name)
    if kind == Event.WINNER:  # once a game: the plural's catalog lookup costs nothing here
        return _.ngettext("the game is over: %(name)s wins with %(points)s point",
                          "the game is over: %(name)s wins with %(points)s points", value,
                          name=name, points=number(value))
    if kind == Event.TIMEOUT:
        return _("%(name)s: time ran out; the house bot plays the turn", name=name)
    if kind == Event.REPLACED:
        return _("%(name)s left; a bot plays the seat", name=name)
    if kind == Event.AWAY:
        return _("%(name)s is away; a bot plays the seat until they come back", name=name)
    if kind == Event.BACK:
        return _("%(name)s is back", name=name)
    return None


def _with_card(kind: Event, name: str, card: Any, _: Say) -> str | None:
    """The events whose value is a card every seat has seen (R4.2: the bank's, a drawn one,
    or a punter's bust's first card, shown as it busts)."""
    if kind == Event.DEAL:
        return _("the cards are dealt; the bank shows %(card)s", card=card_in_sentence(card, _))
    if kind == Event.DRAW:
        return _("%(name)s draws %(card)s", name=name, card=card_in_sentence(card, _))
    if kind == Event.BUST:
        return _("%(name)s busts (first card: %(card)s)", name=name, card=card_in_sentence(card, _))
    return None


def _win(name: str, value: Any, _: Say) -> str:
    paid, due, total = value
    if paid == due:
        return _("%(name)s wins %(amount)s with %(total)s",
                 name=name, amount=number(paid), total=half_points(total))
    return _("%(name)s wins %(amount)s of %(due)s with %(total)s: the bank ran out",
             name=name, amount=number(paid), due=number(due), total=half_points(total))


def describe(state: GameState, event: LogEvent, viewer: int | None = None,
             _: Say | None = None) -> str:
    """One event of the current hand as a sentence `viewer` (a seat, or None) may read."""
    _ = _ or request_words()
    kind, seat, value = event.event, event.seat, event.value
    name = state.seats[seat].name if seat is not None else ""
    if kind == Event.WIN:
        return _win(name, value, _)
    if kind == Event.STAND:
        if _sees_seven_half(state, seat, viewer):
            return _("%(name)s has 7½ and stands", name=name)
        if value == StandNote.BANK:  # the event says so: the bank may change (R6)
            return _("the bank stands")
        return _("%(name)s stands", name=name)
    if kind == Event.BUST and seat == _hand_bank(state):
        # The bank's first card has been face up since the deal ("the bank shows ..."):
        # naming it again as it busts would list it twice. Said as its stand is.
        return _("the bank busts")
    sentence = _plain(kind, name, value, _) or _with_card(kind, name, value, _)
    return sentence if sentence is not None else f"{name}: {kind}"


def _sees_seven_half(state: GameState, seat: int, viewer: int | None) -> bool:
    """Whether `viewer` may read that `seat` stood on 7½ (which only R4.6's automatic stand
    does): the seat itself, or anyone when the seat is the hand's bank, whose cards are all
    face up. A punter's 7½ over a face-down first card would tell what that card is worth
    (R4.2): to the others the log says what a stand by choice says."""
    if state.seats[seat].total != SEVEN_HALF:
        return False
    return seat in (viewer, _hand_bank(state))


def _hand_bank(state: GameState) -> int | None:
    """The seat that holds the bank in the logged hand, as its first event says (between
    hands state.bank may already name the next hand's bank, R6)."""
    return state.log[0].seat if state.log and state.log[0].event == Event.HAND else None


def describe_log(state: GameState, viewer: int | None = None) -> list[str]:
    """The current hand's events as sentences, oldest first."""
    say = request_words()
    return [describe(state, event, viewer, say) for event in state.log]


def bank_sentence(name: str, result: BankResult, total: float) -> str:
    """How the bank ended a hand, said once for the table and the history: "The bank (Ana)
    stood with 6." A bank on 7½ or one that did not play has no total to give ("had 7½ with
    7½" would say it twice)."""
    _ = request_words()
    if result in (BankResult.DID_NOT_PLAY, BankResult.SEVEN_HALF):
        return _("The bank (%(name)s) %(result)s.", name=name, result=word(BANK_RESULTS, result))
    return _("The bank (%(name)s) %(result)s with %(total)s.", name=name,
             result=word(BANK_RESULTS, result), total=game_total(total))


# What a seat just did, shown on it until the next move (the table's seats), keyed by the
# engine's events; a bet's says its amount.
LAST_MOVES = {Event.BET: N_("bets %(amount)s"), Event.DRAW: N_("draws"), Event.STAND: N_("stands"),
              Event.BUST: N_("bust")}


def last_move(state: GameState) -> tuple[int, str, str] | None:
    """The seat that moved last this hand, its event code and that move in words, or None
    before anyone has bet, drawn or stood."""
    for event in reversed(state.log):
        kind, seat = event.event, event.seat
        if kind in LAST_MOVES and seat is not None:
            say = request_words()
            words = say(LAST_MOVES[kind], amount=number(event.amount)) if kind == Event.BET \
                else say(LAST_MOVES[kind])
            return seat, str(kind), words
    return None
