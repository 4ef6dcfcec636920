"""What a newcomer met playing through the site on phones, in English and Spanish (trial2): a
seat's "Stake" turned the links' dark red on the felt once hovered, which a phone does wherever
the finger last pressed (the Draw button the next fragment put that word under)."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

pytestmark = pytest.mark.browser
COLOUR = "e => getComputedStyle(e).color"


def test_a_seats_stake_word_keeps_its_colour_under_the_pointer(new_player):
    ana = new_player("ana")
    ana.sign_in()
    ana.open_table(seats=2, standard=1, hands=3)
    ana.start()
    term = ana.page.locator("#table .seat .term").first
    expect(term).to_be_visible()
    ana.page.mouse.move(0, 0)
    resting = term.evaluate(COLOUR)
    term.hover()
    assert term.evaluate(COLOUR) == resting, "the felt's Stake went dark under the pointer"
