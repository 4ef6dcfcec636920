"""R8.2, the standard bank's rule, in one place: the standard bot plays by it and the odds
solver (odds_solve.py) models the bank with it, so the two can never disagree."""
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
