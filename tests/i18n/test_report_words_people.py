"""A report's explanation calls a player "they", never "it": report 15 read "whether it won
that game", and reports 1, 4, 5, 7, 9 and 16 said "the card it was dealt", "its turns", "the
winner it lost to"... (REPORTS.md: a player is a person or a bot)."""
from __future__ import annotations

import re

import pytest

from siete.i18n.report_words import REPORT_EXPLANATIONS
from tests.support.play import text

# "it"/"its" as a player's pronoun: the player did something, or had turns, bets, a share
PLAYER_AS_IT = re.compile(r"\bit (was dealt|won|lost|ended|went)\b|\bits (turns|average bet)\b|"
                          r"\bthe share it\b")


@pytest.mark.parametrize("key", sorted(REPORT_EXPLANATIONS))
def test_no_explanation_calls_a_player_it(key):
    assert not PLAYER_AS_IT.search(REPORT_EXPLANATIONS[key]), REPORT_EXPLANATIONS[key]


def test_report_15_says_whether_they_won_in_both_languages(client):
    english = text(client.get("/reports/best_game"))
    assert "and whether they won that game." in english and "whether it won" not in english
    spanish = text(client.get("/reports/best_game", headers={"Accept-Language": "es"}))
    assert "y si ganó esa partida." in spanish
