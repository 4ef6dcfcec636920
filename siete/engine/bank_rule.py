"""R8.2, the standard bank's rule, in one place: the standard bot plays by it and the odds
solver (odds_punter.py) models the bank with it, so the two can never disagree."""
from __future__ import annotations

from collections.abc import Iterable


def bank_threatened(total: int, standing: Iterable[tuple[int, int]], unseen_count: int,
                    unseen_weight: int, margin: float = 0.0) -> bool:
    """R8.2: some standing punter could beat a bank holding `total` (half points).

    `standing` is each standing punter's (face-up total, face-down cards); the bank counts each
    face-down card as the average value of the cards it has not seen (`unseen_count` cards worth
    `unseen_weight` half points in all). `margin` shifts the bank's total (other profiles).
    """
    guess = unseen_weight / unseen_count if unseen_count else 0.0
    target = total + margin
    for shown, hidden in standing:  # a loop, not any(genexpr): banks ask this every card
        if shown + hidden * guess > target:
            return True
    return False


def top_threatened(total: int, top: int, unseen_count: int, unseen_weight: int) -> bool:
    """bank_threatened(total, standing, unseen_count, unseen_weight) when every standing punter
    holds one face-down card and the highest face-up total among them is `top`: each one's
    guess is the same, and a float sum grows with the whole number added to it, so the
    punter showing the most threatens if any does (the odds solver asks this for every card
    it deals the bank, and this is the same test on the same floats)."""
    # the same floats: both whole numbers are exact as floats, so their quotient is the one
    # `/` rounds; 1 * guess is guess and total + 0.0 is total (floats, so the compiled engine
    # divides and compares in machine floats)
    guess = float(unseen_weight) / float(unseen_count) if unseen_count else 0.0
    return float(top) + guess > float(total)
