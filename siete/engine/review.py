"""The review of a finished game: every decision of every seat, judged by the odds.

From a game's settled hands (the engine's hand records, settlement._hand_record), each
decision is put back as the seat saw it at that moment (R4.2: its own cards, the bank's
face-up card, what the punters before it showed, the cards of those who bust) and the one
odds solver (odds.py) values every option.

One scale for every decision (review_scale.py): the *value lost* is the points the decision
gave up against the best option, as the solver expects them, over the points the deciding seat
had in play in that hand: a punter's full bet (the most R4.4 let it stake, a fifth of its
points) and the bank's the stakes of the punters who stood. The game is won by finishing with
the most points (R7.2) and points pass only from seat to seat (R2.4), so the points a decision
costs are what it costs the game; counting them in the seat's own points in play makes an
error the same size for a rich and a poor seat, and the same size whether it was a bet, a draw
or a stand. A bet's points are the hand's value before its first decision (odds.py, per point
staked) times the difference in stake; a draw's or a stand's are the difference in value per
point staked times the stake made. So a bet of 1 on a doubtful hand costs little, and a draw
after a bet of 1 costs a quarter of what it costs after a full bet of 4.

Timed out: a move the turn timer made for the seat (the house bot's, moves.time_out; the hand
record's turn names the first such step in "timed_out") is valued and marked like any other, and
flagged `timed_out`: it is not the player's, so their figures (SeatReview) leave it out.
Stand-in: likewise a move the bot made for a person marked away (moves.come_back; the turn's
"stand_in" is the first step the person made again), flagged `stand_in` and left out.

Not reviewed (no choice was made): a stand at 7½ (R4.6), a stand on an empty deck (R4.8), a
bet when R4.4 allows only 1. The figures are as exact as odds.py's model: exact for the last
punter and heads-up; an earlier punter's ignore what later punters will draw (docs/odds.md).

The marks, by value lost (the named thresholds below), calibrated on the bots (docs/review.md:
over 600 four-seat games the profiles' accuracy ranks them as their wins do):

- best: under BEST_BELOW (0.05 of the points in play): within a twentieth of a full bet of
  the solver's best, which a person cannot tell apart and an earlier punter's figures do not
  fix that closely.
- inaccuracy: under INACCURACY_BELOW (0.3): a bet of 3 of 4 on a sure hand, a bet of 1 of 4 on
  a hand worth up to +0.40 a point (a doubtful one), a close draw misjudged.
- mistake: under MISTAKE_BELOW (0.6).
- blunder: 0.6 of the points in play or more: drawing on 7 at a full bet when standing nearly
  always wins, standing on 5½ at a full bet against a bank's 6 that must stand, a bet of 1 of
  4 on a hand nearly sure to win.

A seat's accuracy counts a best decision 1, an inaccuracy ½, a mistake or a blunder 0
(`accuracy`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol

from siete.engine.cards import CardSet
from siete.engine.codes import Action, Result, StandNote
from siete.engine.odds import TIE, Odds, PunterPosition, best_bet, odds
from siete.engine.odds_position import SeenCards, bank_position, punter_position
from siete.engine.records import TurnRecord
from siete.engine.review_scale import bank_lost, bet_lost, punter_lost, weighted_accuracy
from siete.engine.state import max_bet

BEST_BELOW = 0.05
INACCURACY_BELOW = 0.3
MISTAKE_BELOW = 0.6


class Mark(StrEnum):
    """How good a decision was, by the value it lost against the best (in points in play)."""

    BEST = "best"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def mark_for(lost: float) -> Mark:
    """The mark of a decision that lost `lost` (in the seat's points in play) against the
    best."""
    if lost < BEST_BELOW:
        return Mark.BEST
    if lost < INACCURACY_BELOW:
        return Mark.INACCURACY
    return Mark.MISTAKE if lost < MISTAKE_BELOW else Mark.BLUNDER


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One decision: hand number, seat (join order), `step` (0 the bet, then the turn's
    actions from 1, as the record numbers them), what was done and the options' values.

    A bet: `stake` made, `best_stake`, `value` (the hand per unit of stake); `stand_ev` and
    `draw_ev` are None. A draw or a stand: `stand_ev` and `draw_ev` per unit of stake.
    `lost` is in the seat's points in play (the module says how) and never below 0."""

    hand: int
    seat: int
    step: int
    action: Action
    bank: bool
    lost: float
    mark: Mark
    stand_ev: float | None = None
    draw_ev: float | None = None
    stake: int | None = None
    best_stake: int | None = None
    value: float | None = None
    timed_out: bool = False  # the turn timer made it (the house bot), not the player
    stand_in: bool = False  # the bot playing for the away player made it, not the player

    @property
    def players_own(self) -> bool:
        """Whether the seat's player made it (neither the timer nor a stand-in did)."""
        return not (self.timed_out or self.stand_in)

    @property
    def best_action(self) -> Action:
        """The option the solver rates best (a bet's is Action.BET)."""
        if self.draw_ev is None or self.stand_ev is None:
            return self.action
        return Action.DRAW if self.draw_ev - self.stand_ev > TIE else Action.STAND


@dataclass(frozen=True, slots=True)
class SeatReview:
    """A seat's figures over the game: how many decisions, how many of each mark, the value
    lost in all (in points in play)."""

    seat: int
    decisions: int
    best: int
    inaccuracies: int
    mistakes: int
    blunders: int
    lost: float

    @property
    def accuracy(self) -> float | None:
        """0-1: a best decision counts 1, an inaccuracy ½ (review_scale.weighted_accuracy);
        None with no decision."""
        return weighted_accuracy(self.best, self.inaccuracies, self.decisions)

    @property
    def mean_lost(self) -> float | None:
        return self.lost / self.decisions if self.decisions else None


@dataclass(frozen=True, slots=True)
class GameReview:
    moves: tuple[MoveReview, ...]
    seats: tuple[SeatReview, ...]  # one per seat, in join order


class PlayedHand(Protocol):
    """What the review reads of a settled hand: an engine's HandRecord, or one read back from
    the database (siete/service/records/game_review.py)."""

    @property
    def number(self) -> int: ...

    @property
    def turns(self) -> Sequence[TurnRecord]: ...


def review_game(cards: CardSet, hands: Sequence[PlayedHand], seats: int) -> GameReview:
    """Every decision of every settled hand, and each seat's figures."""
    moves = tuple(move for hand in hands for move in review_hand(cards, hand))
    return GameReview(moves, tuple(seat_review(i, [m for m in moves
                                                   if m.seat == i and m.players_own])
                                   for i in range(seats)))


def seat_review(seat: int, moves: Sequence[MoveReview]) -> SeatReview:
    marks = [m.mark for m in moves]
    return SeatReview(seat, len(moves), marks.count(Mark.BEST), marks.count(Mark.INACCURACY),
                      marks.count(Mark.MISTAKE), marks.count(Mark.BLUNDER),
                      sum((m.lost for m in moves), 0.0))  # a float with no moves too


def review_hand(cards: CardSet, hand: PlayedHand) -> list[MoveReview]:
    """The decisions of one settled hand in the order they were made: punters, then the bank."""
    turns = sorted(hand.turns, key=lambda t: t.position)
    bank, punters = turns[0], turns[1:]
    moves: list[MoveReview] = []
    for index, turn in enumerate(punters):
        others = [_as_seen(other, before=i < index)
                  for i, other in enumerate(punters) if i != index]
        moves.extend(_punter_moves(cards, hand.number, turn, bank.cards[0], others))
    moves.extend(_bank_moves(cards, hand.number, bank, punters))
    return _flag_stand_in(_flag_timed_out(moves, turns), turns)


def _flag_timed_out(moves: list[MoveReview], turns: list[TurnRecord]) -> list[MoveReview]:
    """The moves the turn timer made (from the step each turn's `timed_out` names; None: it
    made none) flagged as such."""
    first = {t.seat: t.timed_out for t in turns if t.timed_out is not None}
    if not first:
        return moves
    return [replace(m, timed_out=True) if m.seat in first and m.step >= first[m.seat] else m
            for m in moves]


def _flag_stand_in(moves: list[MoveReview], turns: list[TurnRecord]) -> list[MoveReview]:
    """The moves the bot standing in for an away player made (before the step each turn's
    `stand_in` names; None: no bot stood in) flagged as such."""
    until = {t.seat: t.stand_in for t in turns if t.stand_in is not None}
    if not until:
        return moves
    return [replace(m, stand_in=True) if m.seat in until and m.step < until[m.seat] else m
            for m in moves]


def _as_seen(turn: TurnRecord, before: bool) -> SeenCards:
    """A punter's cards as another seat saw them: all of them after a bust, its face-up cards
    once it stood, only a face-down card while still to play."""
    if not before:
        return [None]
    cards = turn.cards
    return list(cards) if turn.result == Result.BUST else [None, *cards[1:]]


def _decisions(turn: TurnRecord) -> list[tuple[int, Action, int]]:
    """Each chosen draw or stand of a turn: (step, action, cards held when choosing)."""
    found, held = [], 1
    for step, action in enumerate(turn.actions, start=1):
        if action.detail != StandNote.AUTO:
            found.append((step, action.kind, held))
        held += action.kind == Action.DRAW
    return found


def _punter_moves(cards: CardSet, number: int, turn: TurnRecord, bank_card: str,
                  others: list[SeenCards]) -> list[MoveReview]:
    held = list(turn.cards)
    moves = []
    top = max_bet(turn.points_start)
    stake = turn.bet or 1
    if top > 1 and turn.bet is not None:
        advice = best_bet_for(punter_position(cards, held[:1], [bank_card], others), top)
        lost = advice.lost(stake)
        moves.append(MoveReview(number, turn.seat, 0, Action.BET, False, lost, mark_for(lost),
                                stake=stake, best_stake=advice.best, value=advice.value))
    for step, action, count in _decisions(turn):
        answer = odds(punter_position(cards, held[:count], [bank_card], others))
        move = _choice(number, turn.seat, step, action, False, answer, 1.0,
                       lambda per_point: punter_lost(per_point, stake, top))
        if move is not None:
            moves.append(move)
    return moves


def _bank_moves(cards: CardSet, number: int, bank: TurnRecord,
                punters: list[TurnRecord]) -> list[MoveReview]:
    standing = [t for t in punters if t.result != Result.BUST]
    if not standing:
        return []  # R4.9: the bank does not play
    seen = [_as_seen(t, before=True) for t in punters]
    stakes = [max(1, t.bet or 1) for t in punters]
    at_risk = float(sum(t.bet or 1 for t in standing))
    held = list(bank.cards)
    moves = []
    for step, action, count in _decisions(bank):
        answer = odds(bank_position(cards, held[:count], seen, stakes))
        move = _choice(number, bank.seat, step, action, True, answer, at_risk,
                       lambda points: bank_lost(points, at_risk))
        if move is not None:
            moves.append(move)
    return moves


def _choice(number: int, seat: int, step: int, action: Action, bank: bool, answer: Odds,
            per: float, scale: Callable[[float], float]) -> MoveReview | None:
    """A draw or a stand, its options shown per unit of stake (`per`: the stakes the values
    are summed over) and its loss on the review's scale (`scale`: what the solver's values
    gave up, in the seat's points in play); None when the deck left no choice (R4.8)."""
    if answer.draw is None:
        return None
    chosen = answer.draw.ev if action == Action.DRAW else answer.stand.ev
    lost = scale(max(0.0, answer.value - chosen))
    return MoveReview(number, seat, step, action, bank, lost, mark_for(lost),
                      stand_ev=answer.stand.ev / per, draw_ev=answer.draw.ev / per)


@dataclass(frozen=True, slots=True)
class BetAdvice:
    """The bet the review calls best for a punter about to bet: `value` its hand per point
    staked (odds.py: its best play from the first card), `best` the bet, `top` the most R4.4
    allows. `lost(stake)` and `mark(stake)` judge any legal bet on the review's scale."""

    value: float
    best: int
    top: int

    def lost(self, stake: int) -> float:
        return bet_lost(self.value, stake, self.top)

    def mark(self, stake: int) -> Mark:
        return mark_for(self.lost(stake))


def best_bet_for(position: PunterPosition, top: int) -> BetAdvice:
    """The review's best bet for a punter's position before its bet (its first card, from
    what it sees: odds_position.position_of or punter_position), R4.4 allowing 1 to `top`:
    the same figures the review of the game will judge the bet by."""
    value = odds(position).value
    return BetAdvice(value, best_bet(value, top), top)
