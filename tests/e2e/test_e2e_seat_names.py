"""Eight seats on a phone: every seat's name is read whole. The house bots' names are long
("Caballo-de-Espadas"); a seat's name wraps onto a second line (at its hyphens) rather than
being cut to "Caballo-d…". Screenshots: tests/artifacts/e2e-seat-names-*.png."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.in_view import PHONE_OPTIONS, VIEWPORTS, wait_for_table  # noqa: E402
from tests.e2e.playing import assert_no_horizontal_scroll  # noqa: E402

pytestmark = pytest.mark.browser

# Each seat's name: its text, the full name in its title, and whether its box cuts it (what it
# would take to show it whole is wider or taller than the box shows).
NAMES = """() => [...document.querySelectorAll('#table .seat__name')].map(e => ({
    text: e.textContent.trim(), title: e.getAttribute('title'),
    cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
    ellipsis: getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1,
    lines: Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))}))"""


def eight_seats_with_long_names(new_player) -> int:
    ana = new_player("ana")
    ana.sign_in()
    table = ana.open_table(seats=8, standard=1, cautious=3, bold=3, hands=3, turn_seconds=120)
    ana.start()
    ana.context.close()
    return table


@pytest.mark.parametrize("screen", ["phone", "small-phone"])
def test_no_seat_name_is_cut_on_a_phone_with_eight_seats(new_player, artifacts, screen):
    table = eight_seats_with_long_names(new_player)
    player = new_player("ana", viewport=VIEWPORTS[screen], **PHONE_OPTIONS)
    player.sign_in()
    player.open(table)
    wait_for_table(player)
    expect(player.page.locator("#table .seat__name")).to_have_count(8)
    player.page.screenshot(path=artifacts / f"e2e-seat-names-{screen}.png", full_page=True)
    names = player.page.evaluate(NAMES)
    assert any(len(n["title"]) >= len("Caballo-de-Espadas") for n in names), names  # long ones seated
    assert [n for n in names if n["cut"] or n["ellipsis"]] == []
    assert all(n["text"].startswith(n["title"]) for n in names)  # the whole name, written out
    assert max(n["lines"] for n in names) <= 2  # a long name takes two lines at most
    assert_no_horizontal_scroll(player, screen)
