"""The odds solver: exact odds for one seat's decision, from what that seat may see.

Every probability or expected value shown to a player, used by a bot or in a review comes from
here. Build a position with odds_position.py (from card ids, from a GameState and a seat, or
from a bot's view), then ask `odds(position)`.

The model:

- What the seat knows: its own cards, every face-up card and the first cards of those who bust
  (R4.2). Every card it has not seen is equally likely to be anywhere it could be: in the deck,
  whose order is random, or face down in front of another punter. A punter who stood did not
  bust (R4.5), so its face-down card is one that keeps its total at 7½ or less; nothing else is
  read into it (not what its strategy would have done with it).
- The bank, when a punter asks, plays the standard rule R8.2 exactly as the standard bot does
  (the same function, bank_rule.bank_threatened, with the cards the bank has not seen: the deck
  and every face-down card, the asking punter's included). It draws until no standing punter's
  face-up total plus the average unseen card beats its total, or the deck is empty (R4.8).
- Punters still to play, when a punter asks: each is taken to stand on the one face-down card
  it holds. Their cards stay unseen and out of the deck; they draw nothing; and, showing
  nothing, they cannot change the bank's R8.2 decision (the asking punter shows at least as
  much). So one punter against the bank (heads-up), or the last punter to play, gets exact
  figures; earlier punters get figures that ignore the cards later punters will draw.
- The bank, when it asks, plays as well as possible against the punters who stood.
- Values: a punter's `ev` is per unit of its stake: a win +1, a win on 7½ +2 (R5.5), a loss or
  a bust -1. The bank's `ev` is in points, summed over the stakes of every punter who stood
  (a stake of 1 each when none are given). The bank's purse is taken as large enough: R5.6
  aside. Chances are floats within 1e-12 of the exact fractions.
- A punter's position before it bets is worth `odds(position).value` per unit of stake (its
  best play from its first card): a bet of `stake` is worth stake * value, so the bet that
  expects the most is the largest legal one when the value is positive and the smallest
  otherwise (`best_bet`).

Speed: searches are memoized on the counts of unseen cards by value class, the last one asked
kept (odds_cache.py) by what else fixes it (a punter's face-down card, the bank's card and the
other punters' caps; or the bank's standers and stakes), so a turn's later decisions are
lookups, and answers are kept by position. bench/odds.py measures it.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from siete.engine.codes import Action
from siete.engine.odds_bank import BankSearch
from siete.engine.odds_cache import Answers, Search, forget_searches, keep, kept
from siete.engine.odds_cards import SEVEN_HALF, SLACK, VALUES, Node, counts_key, fitting_classes
from siete.engine.odds_punter import PunterSearch

__all__ = ["TIE", "VALUES", "BankPosition", "Choice", "Odds", "Position", "PunterPosition", "Role",
           "Stander", "best_action", "best_bet", "bet_for", "clear_cache", "odds"]

# Values closer than this are taken as equal: standing wins a tie, and a bet needs a value
# above it. Sums of float chances stray by about 1e-15, so a tie stays a tie.
TIE: Final = 1e-9


class Role(StrEnum):
    """Whose decision a position is."""

    PUNTER = "punter"
    BANK = "bank"


@dataclass(frozen=True, slots=True)
class PunterPosition:
    """A punter in its turn, as it sees the table. Totals and values are half points (R1.2);
    `unseen` counts the cards it has not seen by value class (VALUES: ½, 1, 2, ... 7)."""

    total: int  # its total, face-down card included
    hidden: int  # its face-down first card's value
    bank: int  # the bank's face-up card's value
    unseen: tuple[int, ...]  # the deck and the other punters' face-down cards
    others: tuple[int, ...] = ()  # the face-up total of each other punter with a face-down card

    @property
    def deck(self) -> int:
        return sum(self.unseen) - len(self.others)


@dataclass(frozen=True, slots=True)
class Stander:
    """A punter who stood, as the bank sees it: its face-up total and its stake."""

    shown: int
    stake: int


@dataclass(frozen=True, slots=True)
class BankPosition:
    """The bank in its turn (R4.9): its total, the cards it has not seen by value class (the
    deck and the standers' face-down cards) and the punters who stood."""

    total: int
    unseen: tuple[int, ...]
    standing: tuple[Stander, ...]

    @property
    def deck(self) -> int:
        return sum(self.unseen) - len(self.standing)


Position = PunterPosition | BankPosition
# _answer_key's: a punter's a whole number; the bank's its total, unseen counts (counts_key)
# and each stander's total and stake
AnswerKey = int | tuple[int, int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Choice:
    """One action's value: `ev` as the module says; `win` the chance to win, for a punter
    standing (None where it is not given)."""

    ev: float
    win: float | None = None


@dataclass(frozen=True, slots=True)
class Odds:
    """The solver's answer for one decision."""

    role: Role
    unseen: int  # cards the seat has not seen
    deck: int  # cards left in the deck
    bust_next: float  # the chance that the next card busts the seat
    next_card: tuple[float, ...]  # the chance of each value class (VALUES) for the next card
    stand: Choice
    draw: Choice | None  # drawing now, then playing on as well as possible; None: empty deck
    best: Action  # Action.DRAW or Action.STAND; standing when they are worth the same
    margin: float  # how much more the best is worth than the other (0 with no other)

    @property
    def value(self) -> float:
        """What the position is worth played as well as possible."""
        return self.stand.ev if self.draw is None else max(self.stand.ev, self.draw.ev)


def best_bet(value: float, max_bet: int) -> int:
    """The bet that expects the most from a position worth `value` per unit (R4.4's 1 to
    max_bet): every unit adds `value`, so all of them when it is positive (above TIE), else
    one."""
    return max_bet if value > TIE else 1


def best_action(position: Position) -> Action:
    """odds(position).best, the same answer, often found without searching every draw:
    standing is valued, drawing bounded, and the search goes on only if that does not
    settle it. Answers are kept by position (a turn asks again after its bet, and the same
    positions come back hand after hand)."""
    answer_key = _answer_key(position)
    best = _decisions.get(answer_key)
    return _decisions.put(answer_key, _settle_action(position)) if best is None else best


def bet_for(position: PunterPosition, max_bet: int) -> int:
    """best_bet(odds(position).value, max_bet), the same answer, bounded first as in
    best_action: the bet that expects the most on this first card."""
    if max_bet <= 1:  # R4.4 leaves one bet
        return 1
    answer_key = _answer_key(position)
    worth = _worth_betting.get(answer_key)
    if worth is None:
        worth = _worth_betting.put(answer_key, _settle_worth(position))
    return max_bet if worth else 1


def _settle_action(position: Position) -> Action:
    search, total, counts, key = _asked(position)
    stand = search.stand(total, counts, key)
    high = search.draw_bound(total, counts, key)
    if high is None or high - stand <= TIE - SLACK:
        best = Action.STAND
    else:
        above = search.draw_above(total, counts, key, stand + TIE)
        if above is None:
            best = _best(stand, search.node(total, counts, key)[1])
        else:
            best = Action.DRAW if above else Action.STAND
    return best


def _settle_worth(position: PunterPosition) -> bool:
    """Whether the position is worth more than TIE, found as best_action finds its answer.

    The turn asks best_action at this very position right after its bet, so what settling
    the bet proves about drawing is kept as that answer: drawing worth more than TIE
    (beyond SLACK) against standing worth 0 or less is drawing worth more than standing
    beyond a tie; and a searched node is the answer itself."""
    search, total, counts, key = _asked(position)
    stand = search.stand(total, counts, key)
    worth: bool | None = None
    if stand > TIE + SLACK:
        worth = True
    elif stand <= TIE - SLACK:  # then drawing decides
        high = search.draw_bound(total, counts, key)
        worth = False if high is None or high <= TIE - SLACK else search.draw_above(
            total, counts, key, TIE)
        if worth and stand <= 0.0:
            _known_action(position, Action.DRAW)
    if worth is None:
        draw = search.node(total, counts, key)[1]
        worth = best_bet(stand if draw is None else max(stand, draw), 2) == 2
        _known_action(position, _best(stand, draw))
    return worth


def _known_action(position: PunterPosition, best: Action) -> None:
    answer_key = _answer_key(position)
    if _decisions.get(answer_key) is None:
        _decisions.put(answer_key, best)


def _answer_key(position: Position) -> AnswerKey:
    """Equal exactly when the positions are. A punter's packs, 4 bits each, every other's total
    plus 1 (never 0: their number is known), counts_key's bits, its total, face-down and bank
    card: one whole number, hashed and compared at once, a fifth of a tuple's memory."""
    if isinstance(position, PunterPosition):
        key = 0
        for shown in position.others:
            key = key << 4 | (shown + 1)
        key = (key << 48 | counts_key(position.unseen)) << 4 | position.total  # 8 counts, 6 bits
        return (key << 4 | position.hidden) << 4 | position.bank
    standing = [number for s in position.standing for number in (s.shown, s.stake)]
    return (position.total, counts_key(position.unseen), tuple(standing))


# best_action's and bet_for's answers by _answer_key: a turn asks again after its bet, and
# the same positions come back hand after hand
_decisions: Answers[Action] = Answers()
_worth_betting: Answers[bool] = Answers()


def _best(stand: float, draw: float | None) -> Action:
    """Drawing only when it is worth more than standing, beyond a tie."""
    return Action.DRAW if draw is not None and draw - stand > TIE else Action.STAND


def odds(position: Position) -> Odds:
    """The odds of the decision in front of the seat: see the module's model."""
    if isinstance(position, BankPosition):
        return _bank_odds(position)
    return _punter_odds(position)


def _asked(position: Position) -> tuple[Search, int, list[int], int]:
    """The search for the position, kept for its context or new, and what its
    methods are asked with."""
    if isinstance(position, BankPosition):
        standing = tuple(sorted([(s.shown, s.stake) for s in position.standing]))
        context: Hashable = ("bank", standing)
        search = kept(context) or keep(context, BankSearch(standing))
    else:
        hidden, bank, others = position.hidden, position.bank, position.others
        context = ("punter", hidden, bank, max(others, default=0),
                   tuple(sorted([fitting_classes(shown) for shown in others])))
        search = kept(context) or keep(context, PunterSearch(hidden, bank, others))
    counts = list(position.unseen)
    return search, position.total, counts, counts_key(counts)


def _node(position: Position) -> tuple[Search, Node]:
    search, total, counts, key = _asked(position)
    node = search.node(total, counts, key)
    return search, node


def _punter_odds(position: PunterPosition) -> Odds:
    search, (stand, draw) = _node(position)
    next_card = search.next_card(list(position.unseen))
    win = (stand + 1.0) / 2.0 if position.total < SEVEN_HALF else None  # a win is +1, a loss -1
    return _answer(Role.PUNTER, position.total, position.unseen, position.deck, next_card,
                   Choice(stand, win), draw)


def _bank_odds(position: BankPosition) -> Odds:
    search, (stand, draw) = _node(position)
    return _answer(Role.BANK, position.total, position.unseen, position.deck,
                   search.next_card(list(position.unseen)), Choice(stand), draw)


def _answer(role: Role, total: int, unseen: tuple[int, ...], deck: int,
            next_card: tuple[float, ...], stand: Choice, draw: float | None) -> Odds:
    # started at 0.0: the sum of no chances is the float 0.0 as the compiled engine gives it
    bust = sum((p for p, value in zip(next_card, VALUES) if total + value > SEVEN_HALF), 0.0)
    if draw is None or deck <= 0:
        return Odds(role, sum(unseen), deck, bust, next_card, stand, None, Action.STAND, 0.0)
    best = _best(stand.ev, draw)
    margin = abs(draw - stand.ev)
    return Odds(role, sum(unseen), deck, bust, next_card, stand, Choice(draw), best,
                margin if margin > TIE else 0.0)


def clear_cache() -> None:
    """Forget every kept search and answer (tests and benchmarks that count or time them)."""
    forget_searches()
    _decisions.clear()
    _worth_betting.clear()
