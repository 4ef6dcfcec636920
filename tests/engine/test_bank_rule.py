"""bank_rule.top_threatened, the odds solver's form of R8.2, answers as bank_threatened does
whenever every standing punter holds one face-down card."""
from __future__ import annotations

import itertools

from siete.engine.bank_rule import bank_threatened, top_threatened
from siete.engine.cards import SEVEN_HALF


def test_the_highest_face_up_total_answers_for_every_standing_punter() -> None:
    checked = 0
    for shown in itertools.chain.from_iterable(
            itertools.combinations_with_replacement(range(SEVEN_HALF), k) for k in (1, 2, 3)):
        standing = [(s, 1) for s in shown]
        for total, count in itertools.product(range(SEVEN_HALF + 1), (1, 3, 7, 29, 40)):
            for weight in range(count, 14 * count + 1, max(1, count // 3)):
                assert top_threatened(total, max(shown), count, weight) == bank_threatened(
                    total, standing, count, weight)
                checked += 1
    assert checked > 100_000
