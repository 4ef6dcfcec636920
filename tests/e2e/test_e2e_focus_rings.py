"""A keyboard's focus ring shows whole on a link that starts a row of items joined by "·"
(siete.css .dot-row): the rows clip what falls left of them, to hide a "·" that would start a
row, and clipped the left of the ring too ("Change password" on the account page)."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.in_view import PHONE_OPTIONS, VIEWPORTS  # noqa: E402
from tests.e2e.separators import dangling_dots  # noqa: E402
from tests.e2e.siete_pages import Player  # noqa: E402

pytestmark = pytest.mark.browser

# The focused element's ring (its box grown by the outline's width and offset) against the box
# each clipping ancestor clips to (its padding box): the sides of the ring that are cut off.
RING_CUT = """() => {
  const el = document.activeElement, style = getComputedStyle(el);
  const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const r = el.getBoundingClientRect();
  const ring = {left: r.left - reach, right: r.right + reach};
  const cut = [];
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (getComputedStyle(box).overflowX === 'visible') continue;
    const b = box.getBoundingClientRect();
    const left = b.left + box.clientLeft, right = left + box.clientWidth;
    if (ring.left < left - 0.5) cut.push({side: 'left', by: left - ring.left, box: box.className});
    if (ring.right > right + 0.5) cut.push({side: 'right', by: ring.right - right, box: box.className});
  }
  return {reach, cut};
}"""


# The rows whose own margin rule undoes the negative margin that takes back their padding
# (siete.css .dot-row): those would stand --ring-reach right of where they belong.
SHIFTED_ROWS = """() => [...document.querySelectorAll('.dot-row')].filter(row => {
  const s = getComputedStyle(row);
  return parseFloat(s.paddingLeft) !== -parseFloat(s.marginLeft)
      || parseFloat(s.paddingRight) !== -parseFloat(s.marginRight);
}).map(row => row.className)"""


def tab_to_link(player: Player, name: str, max_tabs: int = 40) -> None:
    """Press Tab from the top of the page until the link called `name` has focus."""
    page = player.page
    for _ in range(max_tabs):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") == name:
            return
    raise AssertionError(f"{max_tabs} Tabs never reached the link {name!r}")


@pytest.mark.parametrize("screen", ["small-phone", "desktop"])
def test_the_focus_ring_of_a_link_starting_a_dot_row_is_whole(new_player, artifacts, screen):
    """The account page's "Change password · Changing it logs you out on your other devices.":
    the link starts the row, and on a small phone the words after it wrap to a row of their own."""
    player = new_player("ana", viewport=VIEWPORTS[screen], **({} if screen == "desktop" else PHONE_OPTIONS))
    player.sign_in()
    player.goto("/auth/account")
    link = player.page.get_by_role("link", name="Change password")
    row = link.locator("xpath=..")
    if screen == "small-phone":  # the case asked about: a row that wraps
        words = row.locator("span").last.bounding_box()
        assert words is not None and words["y"] > link.bounding_box()["y"] + 5, "the row did not wrap"
    tab_to_link(player, "Change password")
    expect(link).to_be_focused()
    ring = player.page.evaluate(RING_CUT)
    player.page.screenshot(path=artifacts / f"e2e-focus-ring-{screen}.png")
    assert ring["reach"] >= 4, ring  # the ring is drawn outside the link (siete.css :focus-visible)
    assert ring["cut"] == [], ring
    assert dangling_dots(player, "main .dot-row") == []
    assert player.page.evaluate(SHIFTED_ROWS) == []
    player.goto("/")  # the lobby's cards and Online now
    assert player.page.evaluate(SHIFTED_ROWS) == []
