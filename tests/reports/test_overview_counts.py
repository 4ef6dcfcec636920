"""The overview's row counts read naturally in both languages: "1 row." and "The first 6 of
32 rows.", never "1 of 1 rows." (ngettext picks the plural by the count)."""
from __future__ import annotations

import re

import pytest

SUMMARY = re.compile(r'<div class="report report--tone-\d+" id="(\w+)">.*?'
                     r'class="report__summary">\s*(.*?)\s*</p>', re.S)
EXPECTED = {  # frame -> its count line, with the scenario games of tests/reports/scenarios
    "en": {"bot_wins": "1 row.", "wins_vs_bots_low_suits": "2 rows.",
           "win_rate_by_hand": re.compile(r"The first 6 of \d+ rows\.")},
    "es": {"bot_wins": "1 fila.", "wins_vs_bots_low_suits": "2 filas.",
           "win_rate_by_hand": re.compile(r"Las primeras 6 de \d+ filas\.")},
}


def summaries(client, language: str) -> dict[str, str]:
    page = client.get("/reports", headers={"Accept-Language": language})
    assert page.status_code == 200
    return dict(SUMMARY.findall(page.get_data(as_text=True)))


@pytest.mark.parametrize("language", ["en", "es"])
def test_row_counts_read_naturally(client, games, language):
    counts = summaries(client, language)
    assert len(counts) == 16
    for key, expected in EXPECTED[language].items():
        if isinstance(expected, str):
            assert counts[key] == expected, (key, counts[key])
        else:
            assert expected.fullmatch(counts[key]), (key, counts[key])
    for text in counts.values():
        assert not re.search(r"\b1 (rows|filas)\b|\b(\d+) (of|de) \2 ", text), text


@pytest.mark.parametrize(("language", "empty"), [("en", "No rows yet."), ("es", "Todavía no hay filas.")])
def test_an_empty_report_has_no_rows_yet(client, language, empty):
    counts = summaries(client, language)
    assert counts["nemesis"] == empty  # not "0 rows." nor "0 of 0 rows."
