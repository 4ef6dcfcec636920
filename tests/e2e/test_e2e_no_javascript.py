"""With JavaScript off the game still works: plain form posts, redirects and full page renders."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.siete_pages import Player, seat_two  # noqa: E402

pytestmark = pytest.mark.browser


def test_log_in_open_a_table_bet_and_stand_without_javascript(new_player):
    punter, bank = seat_two(new_player, hands=1, java_script_enabled=False)
    table = punter.table_id()
    htmx_requests = []
    for player in (punter, bank):
        player.page.on("request", lambda r: r.headers.get("hx-request") and htmx_requests.append(r.url))

    punter.logout()  # lands on the login page
    punter.login()
    punter.open(table)
    assert punter.offered() == "bet"

    amount = punter.bet_first()
    assert_full_page(punter, table)
    assert f"{punter.name} bets {amount}" in punter.log()
    punter.press("#move-stand")
    assert_full_page(punter, table)
    assert f"{punter.name} stands" in punter.log()
    assert punter.offered() is None  # now it is the bank's turn

    bank.open(table)  # no polling without JavaScript: the bank reloads to see the moves
    assert f"{punter.name} stands" in bank.log()
    assert bank.offered() == "draw"  # R4.9: the bank plays after a stand; draw and stand are offered
    expect(bank.page.locator("#move-stand")).to_have_count(1)
    bank.press("#move-stand")
    assert_full_page(bank, table)
    expect(bank.page.locator("#table .results")).to_be_visible()

    punter.page.get_by_role("link", name="Refresh").click()
    expect(punter.page.locator("#table .results")).to_be_visible()
    assert htmx_requests == []


def assert_full_page(player: Player, table: int) -> None:
    """After a move: redirected (PRG) to the table page, rendered whole, with nothing polling it."""
    assert player.page.url == f"{player.base}/tables/{table}"
    expect(player.page.locator("header.site-header")).to_have_count(1)
    expect(player.page.locator("footer.site-footer")).to_have_count(1)
    expect(player.page.locator("#table .game__error")).to_have_count(0)
