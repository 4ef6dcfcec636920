"""The hands list's one line per hand names every punter: who won, who stood and lost to the
bank, who bust. A punter who stood and lost (R5.3: a lower total, or a tie, goes to the bank;
R5.4: the stake is forfeit) was left out, so "Hand 2 · bank: Caballo · bust: As, Sota" hid that
ana lost hers too; a newcomer read it as ana sitting the hand out."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from flask_babel import force_locale

from siete.engine.codes import Result
from siete.history.view import HandView


def _hand(*turns: tuple[str, Result]) -> HandView:
    rows = [SimpleNamespace(seat=SimpleNamespace(name=name), result=result) for name, result in turns]
    return HandView(hand=SimpleNamespace(turns=rows), next_bank=None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("locale", "expected"), [
    ("en", "won: ana; lost to the bank: bob, cid; bust: dora"),
    ("es", "ganaron: ana; perdieron ante la banca: bob, cid; se pasaron: dora"),
])
def test_the_hand_line_names_the_punters_who_lost_to_the_bank(app, locale, expected):
    hand = _hand(("ana", Result.SEVEN_HALF), ("bob", Result.LOSE), ("cid", Result.LOSE),
                 ("dora", Result.BUST), ("Rey-de-Copas", Result.BANK))
    with app.test_request_context(), force_locale(locale):
        assert hand.outcome == expected


def test_a_hand_every_punter_lost_standing_says_so(app):
    hand = _hand(("ana", Result.LOSE), ("Rey-de-Copas", Result.BANK))
    with app.test_request_context(), force_locale("en"):
        assert hand.outcome == "lost to the bank: ana"
