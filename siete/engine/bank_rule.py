"""R8.2, the standard bank's rule, in one place: the standard bot plays by it and the odds
solver (odds_punter.py) models the bank with it, so the two can never disagree; the solver's
answers by it are kept here too."""
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


# The odds solver's R8.2 answers (odds_punter's bank_plays), shared by its searches whose bank
# plays alike. Their inputs are what the bank has not seen and its total and the punter's total;
# what else fixes them is the punter's face-down card, the highest total another face-down
# punter shows (R8.2 fears the most threatening) and how many there are (the bank's card only
# starts its total). About 100 bytes an answer, all forgotten at once past RULES_KEPT.
RULES_KEPT = 300_000
_RULES: dict[tuple[int, int, int], dict[int, int]] = {}


def kept_rules(hidden: int, others: tuple[int, ...]) -> dict[int, int]:
    """The shared table of R8.2 answers for these face-down cards."""
    if sum(map(len, list(_RULES.values()))) > RULES_KEPT:  # a copy: the web's threads add
        forget_rules()
    return _RULES.setdefault((hidden, max(others, default=0), len(others)), {})


def forget_rules() -> None:
    """Empty every shared table (the searches holding one recompute what they ask)."""
    for table in list(_RULES.values()):
        table.clear()
    _RULES.clear()
