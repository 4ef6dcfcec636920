"""A report that lists cards names them on its page ("knight of coins", with a picture) but its
CSV and XML give the code (R1.3: the suit's initial and the two-digit rank, "O11"); nothing on the
page said so, and a newcomer's download read as a column of riddles. The page says it beside
the downloads, in both languages; a report with no card column says nothing of cards."""
from __future__ import annotations

import re

from siete.service.reports.definitions import REPORTS

NOTE = 'id="card-codes"'


def test_a_report_with_cards_explains_the_codes_its_downloads_hold(client, games):
    page = client.get("/reports/first_card").get_data(as_text=True)
    assert NOTE in page and "so O11 is the knight of coins" in page
    csv = client.get("/reports/first_card.csv").get_data(as_text=True)
    assert re.search(r"^[^,]+,[OCEB](0[1-7]|1[0-2]),", csv, re.M)  # the codes the note explains
    es = client.get("/reports/first_card", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "así, O11 es el caballo de oros" in es


def test_a_report_without_cards_says_nothing_of_them(client, games):
    without = [r.key for r in REPORTS if r.key in ("highest_bet", "nemesis", "best_game")]
    assert without
    for key in without:
        assert NOTE not in client.get(f"/reports/{key}").get_data(as_text=True), key
