"""What the punter search's memo tables keep: only what a later ask can read back."""
from __future__ import annotations

from siete.engine.odds_cards import KEY_BITS, VALUES, counts_key, weight
from siete.engine.odds_punter import PunterSearch
from siete.engine.odds_punter_walk import DRAWS

CLASS_MASK = (1 << KEY_BITS) - 1


def _counts(key: int) -> list[int]:
    return [key >> (KEY_BITS * i) & CLASS_MASK for i in range(len(VALUES))]


def test_the_bank_memo_keeps_only_draws_that_may_stop():
    """R8.2: a bank that stands needs no memo, and one threatened even at 7 draws to the end
    (R5.1, R5.2), one product over the sevens memo; the bank's memo holds only the rest.
    The punter holds a 3 face down and may reach 6½ showing 3½ more (a 7 to beat)."""
    counts = [12, 4, 4, 3, 3, 4, 4, 4]  # a full deck less the punter's 3 and the bank's 4
    search = PunterSearch(6, 8, ())
    stand, draw = search.node(6, counts, counts_key(counts))
    assert draw is not None and -1.0 <= stand <= 1.0
    assert search.bank_values
    for memo_key in search.bank_values:
        mine, bank_total = memo_key & 15, memo_key >> 4 & 15
        left = _counts(memo_key >> 8)
        code = search._bank_plays(bank_total, sum(left), weight(left), mine)
        assert code == DRAWS, (mine, bank_total, left)
