"""The odds a practice table shows the seat in turn: numbers from the one solver.

Only the seat whose turn it is gets a panel, and only at a table created with "Show the
odds" (games.show_odds); its position comes from exactly what that seat sees (R4.2,
odds_position.position_of), never from hidden cards. At the bet (R4.4) it is a BetPanel: what
the hand is worth per point bet and the bet the game's review calls best (the review's own
engine function, odds.best_bet, on the same value); at a draw or a stand an OddsPanel. The
templates (play/_odds.html, play/_odds_bet.html) put these numbers into words; nothing is
computed there.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from flask_babel import format_decimal, format_percent, get_locale

from siete.engine.codes import Action
from siete.engine.odds import BankPosition, Odds, Position, Role, best_bet, odds
from siete.engine.odds_position import PositionError, position_of
from siete.engine.state import PLAY, PLAYING, GameState, max_bet

# Bars draw an expected value on a scale from its worst to its best (per unit of stake: a
# loss -1, a win on 7½ +2, R5.5); the bank's scale is its stakes times the same.
WORST, BEST = -1.0, 2.0


@dataclass(frozen=True, slots=True)
class Bar:
    """One value and its bar: `width` in percent of the bar's track (0 to 100)."""

    value: float
    label: str  # the value in the reader's language ("48,6 %", "−0,23")
    width: float


@dataclass(frozen=True, slots=True)
class OddsPanel:
    """What the seat in turn is shown: the chance to bust on the next card, the chance to win
    standing now (a punter), each action's expected value and which is better by how much."""

    is_bank: bool
    bust_next: Bar
    win_standing: Bar | None  # None for the bank (its standing wins and losses are many)
    stand: Bar
    draw: Bar | None  # None when the deck is empty (R4.8)
    best: Action
    margin: str  # how much more the best is worth, in stakes (the bank: in points)
    tie: bool  # both are worth the same: standing is shown as best
    exact: bool  # nobody after this seat still plays: the figures are exact (docs/odds.md)


@dataclass(frozen=True, slots=True)
class BetPanel:
    """What a punter about to bet is shown: its hand's worth per point bet, from its first card
    and what it sees, played on as well as possible, and the bet the review calls best."""

    value: Bar  # per point bet: a loss -1 to a win on 7½ +2, as the draw's and stand's values
    best: int  # the bet the review would call best (odds.best_bet: review.py's function)
    top: int  # the most R4.4 allows now
    exact: bool


def odds_panel(show_odds: bool, state: GameState | None,
               viewer: int | None) -> OddsPanel | BetPanel | None:
    """The panel for `viewer` if the table shows the odds and it is the viewer's turn: to bet
    (a BetPanel), or to draw or stand (an OddsPanel)."""
    if not show_odds or state is None or viewer is None or state.phase != PLAY:
        return None
    if state.current_seat() != viewer:
        return None
    try:
        position = position_of(state, viewer)
    except PositionError:  # no decision to make (7½ stands at once), or nothing to solve
        return None
    answer, exact = _solved(position), _exact(state, viewer)
    if viewer != state.bank and not state.seats[viewer].bet:  # it bets first (R4.4)
        top = max_bet(state.seats[viewer].points)
        return BetPanel(_value(answer.value, WORST, BEST), best_bet(answer.value, top), top, exact)
    return _panel(position, answer, exact)


@lru_cache(maxsize=2048)
def _solved(position: Position) -> Odds:
    """The solver's answer; positions are frozen, so a poll or a reload of a turn is a lookup."""
    return odds(position)


def _exact(state: GameState, seat: int) -> bool:
    """The solver is exact unless a punter after this seat has still to play (docs/odds.md)."""
    if seat == state.bank:
        return True
    later = state.order[state.order.index(seat) + 1:]
    return not any(i != state.bank and state.seats[i].status == PLAYING for i in later)


def _panel(position: Position, answer: Odds, exact: bool) -> OddsPanel:
    is_bank = answer.role == Role.BANK
    scale = sum(s.stake for s in position.standing) if isinstance(position, BankPosition) else 1
    low, high = (-BEST * scale, -WORST * scale) if is_bank else (WORST, BEST)
    win = answer.stand.win
    return OddsPanel(
        is_bank=is_bank,
        bust_next=_chance(answer.bust_next),
        win_standing=None if win is None else _chance(win),
        stand=_value(answer.stand.ev, low, high),
        draw=None if answer.draw is None else _value(answer.draw.ev, low, high),
        best=answer.best,
        margin=_signed(answer.margin, plus=False),
        tie=answer.draw is not None and answer.margin == 0.0,
        exact=exact,
    )


def _chance(p: float) -> Bar:
    return Bar(p, percent(p), round(100 * p, 1))


def percent(p: float) -> str:
    """A chance with one decimal, as the reader's language writes a percentage (48.6%, 48,6 %)."""
    locale = get_locale()
    pattern = locale.percent_formats[None].pattern if locale is not None else "#,##0%"
    return str(format_percent(p, format=pattern.replace("0", "0.0", 1)))


def _value(ev: float, low: float, high: float) -> Bar:
    width = 100 * (ev - low) / (high - low)
    return Bar(ev, _signed(ev), round(min(100.0, max(0.0, width)), 1))


def _signed(value: float, plus: bool = True) -> str:
    """Two decimals, with a sign ("+0,50", "−1,00"): values are gains or losses."""
    text = format_decimal(abs(value), format="#,##0.00")
    if round(value, 2) == 0:
        return str(text)
    return ("+" if plus else "") + str(text) if value > 0 else "\u2212" + str(text)
