"""What a screen reader hears of a rematch (#26): #announcer (readout.js) read out the hand's log,
reactions and chat, but a rematch offered to a finished table's player, and an invitee's answer
on the owner's waiting page, arrive by a swap outside the log and were never said: a player who
cannot see the page did not learn they were asked back, nor the owner that the friend said no.
Each is now read out once, when it appears (not at the page's first look, not at a later swap)."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.playing import play_out  # noqa: E402
from tests.e2e.siete_pages import seat_two  # noqa: E402

pytestmark = pytest.mark.browser
HEARD = "#announcer p"


def said(player, words: str) -> list[str]:
    return [line for line in player.page.locator(HEARD).all_inner_texts() if words in line]


def test_a_rematch_offer_and_a_no_thanks_are_read_out_once(new_player):
    punter, bank = seat_two(new_player, hands=1)
    play_out([punter, bank])
    with punter.page.expect_navigation():
        punter.page.get_by_role("button", name="Play again").click()
    expect(bank.page.locator("#rematch-decline")).to_be_visible(timeout=8_000)  # by its poll
    expect(bank.page.locator(HEARD).filter(has_text="Rematch?")).to_have_count(1)
    assert f"{punter.name} opened the next table with the same players" in said(bank, "Rematch?")[0]
    assert not said(punter, "Rematch invitations")  # the owner's page, loaded whole: nothing yet
    bank.page.wait_for_timeout(3_500)  # the box asks again (204, or the same offer)
    assert len(said(bank, "Rematch?")) == 1
    with bank.page.expect_navigation():
        bank.page.locator("#rematch-decline").click()
    expect(punter.page.locator(HEARD).filter(has_text=f"{bank.name}: said no")).to_have_count(1, timeout=8_000)
    punter.page.wait_for_timeout(3_500)
    assert len(said(punter, f"{bank.name}: said no")) == 1
