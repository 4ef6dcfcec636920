"""The review's one scale (review.py says why): the points a decision gives up against the
best option, as the odds solver expects them, over the points the deciding seat has in play in
its hand: a punter's full bet (the most R4.4 lets it stake), the bank's the stakes of the
punters who stood. 0.25 is a quarter of a full bet, whether lost at the bet, a draw or a stand.
"""
from __future__ import annotations

from siete.engine.odds import best_bet


def bet_lost(value: float, stake: int, top: int) -> float:
    """A bet of `stake` on a hand worth `value` a point staked (odds.py: its best play from the
    first card), R4.4 allowing 1 to `top`: the bet the solver calls best expects
    (best - stake) × value points more; over the full bet `top`."""
    return max(0.0, (best_bet(value, top) - stake) * value) / top


def punter_lost(per_point: float, stake: int, top: int) -> float:
    """A punter's draw or stand that gave up `per_point` (the solver's values are per point
    staked) at a stake of `stake`: stake × per_point points, over its full bet `top`."""
    return max(0.0, per_point) * stake / top


def bank_lost(points: float, standing_stakes: float) -> float:
    """The bank's draw or stand that gave up `points` (its values are in points), over the
    stakes of the punters who stood: what it plays for in the hand."""
    return max(0.0, points) / standing_stakes


def weighted_accuracy(best: int, inaccuracies: int, decisions: int) -> float | None:
    """A seat's accuracy, 0-1: a best decision counts 1, an inaccuracy ½, a mistake or a
    blunder 0; None with no decision. Inaccuracies count half so that a seat that is never
    quite best but never far off (a cautious bet on a doubtful hand) is told apart from one
    that is often best and often far off (docs/review.md: the share of best alone ranked the
    bold bot above the standard one, though it wins less)."""
    return (best + inaccuracies / 2) / decisions if decisions else None
