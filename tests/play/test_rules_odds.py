"""The rules page's section on the odds (#27.6): the solver's model in words and a table of the
bust chance by total whose every value is the solver's (siete.play.rules_odds), in es and en."""
from __future__ import annotations

import re
from fractions import Fraction

from siete.engine.cards import SEVEN_HALF
from siete.engine.odds import odds
from siete.engine.odds_position import punter_position
from siete.play.rules_odds import bust_chance, bust_table, hand_for


def table_rows(html: str) -> dict[int, str]:
    """{total in half points: the chance as written} from the page's #bust-table."""
    table = re.search(r'<table class="odds-table" id="bust-table">.*?</table>', html, re.S).group(0)
    return {int(m.group(1)): m.group(2) for m in
            re.finditer(r'<tr data-total="(\d+)">.*?</td><td>([^<]*)</td></tr>', table, re.S)}


def test_every_total_from_a_half_to_seven_has_the_solvers_bust_chance(app):
    cards = app.config["GAME"].cards
    html = app.test_client().get("/rules").get_data(as_text=True)
    assert 'id="odds"' in html and "standard rule" in html
    shown = table_rows(html)
    rows = bust_table(cards)
    assert sorted(shown) == [row.total for row in rows] == list(range(1, SEVEN_HALF))
    for row in rows:
        assert shown[row.total] == f"{100 * row.bust_next:.1f}%"
        assert row.bust_next == bust_chance(cards, row.cards)


def test_the_table_agrees_with_counting_the_cards_by_hand(app):
    """Averaged over the bank's card, the solver's chance is the share of the deck without the
    punter's cards that busts it: a 7 busts on the 27 number cards of the 39 left, a 5½ (a 5
    and a figure) on a 3 or more, 19 of 38."""
    cards = app.config["GAME"].cards
    by_total = {row.total: row.bust_next for row in bust_table(cards)}
    assert abs(by_total[14] - 27 / 39) < 1e-12
    assert abs(by_total[11] - 19 / 38) < 1e-12
    for total, chance in by_total.items():
        hand = hand_for(cards, total)
        left = [c for c in cards.active if c not in hand]
        busting = sum(1 for c in left if total + cards.half[c] > SEVEN_HALF)
        assert abs(chance - float(Fraction(busting, len(left)))) < 1e-12


def test_one_row_is_the_solvers_answer_for_a_bank_card(app):
    """For one bank card the row's hand asks the solver directly: an ace against a figure busts
    only on a 7, 4 of the 38 cards neither holds."""
    cards = app.config["GAME"].cards
    assert hand_for(cards, 2) == ("O01",)
    answer = odds(punter_position(cards, ["O01"], ["C12"]))
    assert abs(answer.bust_next - 4 / 38) < 1e-12


def test_the_section_speaks_spanish(app):
    html = app.test_client().get("/rules", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Las probabilidades" in html and "regla estándar" in html
    shown = table_rows(html)
    assert shown[14] == "69,2\u00a0%"
