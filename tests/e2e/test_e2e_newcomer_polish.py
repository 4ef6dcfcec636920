"""What a newcomer met in a walk through the site at a desktop and on phones, in English and
Spanish: the header's Sign up button with its word pressed against its edges, rows of links and
facts that left a lone "·" at the end of a line or broke "30 s" in two on a small phone, and a
console error at every swap once the browser had put a style on a field."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.playing import assert_no_horizontal_scroll, play_to_the_end  # noqa: E402

pytestmark = pytest.mark.browser
SMALL_PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
# .btn-small's side padding (.7rem) at the 16 px root size, give or take rounding.
BUTTON_SIDE_PADDING_PX = 11


def table_then_spanish(player, **table) -> int:
    """Sign in and open a table through the English forms (siete_pages reads them in English),
    then switch the site to Spanish (the header's switch) and come back to the table."""
    player.sign_in()
    table_id = player.open_table(**table)
    player.goto("/language/es")
    player.open(table_id)
    return table_id


def test_the_header_sign_up_button_has_room_around_its_word(new_player):
    visitor = new_player("visitor")
    visitor.goto("/")
    signup = visitor.page.locator("#header-signup")
    expect(signup).to_be_visible()
    padding = signup.evaluate("e => [getComputedStyle(e).paddingLeft, getComputedStyle(e).paddingRight]")
    assert [float(side.removesuffix("px")) for side in padding] >= [BUTTON_SIDE_PADDING_PX] * 2, padding


def test_the_table_links_wrap_without_a_lone_separator(new_player):
    visitor = new_player("visitor", locale="es-ES", extra_http_headers={"Accept-Language": "es"}, **SMALL_PHONE)
    visitor.goto("/")
    visitor.page.locator("#play-now, form[action$='/auth/guest'] button").first.click()
    links = visitor.page.locator("#table .game__links")
    expect(links).to_contain_text("Volver a las mesas")
    # Only the links themselves: whatever line the row breaks on ends with a link, not a "·".
    assert links.evaluate("p => [...p.children].map(e => e.tagName)") == ["A", "A", "A"]
    assert "·" not in links.inner_text()


def test_a_swap_copies_no_style_attribute_the_csp_would_block(new_player):
    """A field the browser gave a style (CSSOM, allowed) is swapped by htmx without
    setAttribute("style"), which the CSP (style-src 'self') refuses with a console error."""
    ana = new_player("ana")
    ana.sign_in()
    ana.open_table(seats=3, standard=1)
    page = ana.page
    page.locator("#invite-link").evaluate("e => { e.style.color = 'black'; }")
    before = ana.version()
    page.evaluate("htmx.ajax('GET', location.pathname + '/fragment', {target: '#table', swap: 'outerHTML'})")
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v"
                           " || document.querySelector('#table.htmx-settling') === null", arg=before)
    page.wait_for_timeout(300)  # the settle step, where htmx copies the attributes back
    assert not [e for e in ana.console_errors if "Content Security Policy" in e], ana.console_errors


def test_the_lobby_links_wrap_without_a_lone_separator(new_player):
    """With a game in play the lobby offers "Watch a live game" beside "How to play"; on a
    360 px phone in Spanish the two links take two lines, and no "·" is left between them."""
    player = new_player("lina", **SMALL_PHONE)
    table_then_spanish(player, seats=2, standard=1, hands=3)
    player.start()
    player.goto("/")
    links = player.page.locator(".lobby__links")
    expect(links.locator("#watch-live")).to_be_visible()
    assert "·" not in links.inner_text()


def test_the_hand_bank_and_turn_line_shows_no_separator_on_a_phone(new_player):
    """On a 390 px phone "Hand 1 of 15 · Bank: As-de-Oros ? · Turn: you 30 s" broke after the
    second "·"; on a phone the facts are kept apart by the gap alone, on a desktop by the dots."""
    guest = new_player("lina", viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    guest.sign_in()
    guest.open_table(seats=2, standard=1, hands=3)
    guest.start()
    meta = guest.page.locator("#table .game__meta")
    expect(meta).to_contain_text("Hand 1 of")
    assert "·" not in meta.inner_text()
    guest.page.set_viewport_size({"width": 1280, "height": 900})
    expect(meta.locator(".dot").first).to_be_visible()


def test_the_seconds_per_move_stay_on_one_line_on_a_small_phone(new_player):
    """"30 s per move" broke into "30" and "s por jugada" on a 360 px phone, in the lobby's list
    and on a waiting table."""
    visitor = new_player("lina", **SMALL_PHONE)
    table = table_then_spanish(visitor, seats=3, standard=1)
    fact = visitor.page.locator("#table .game__meta .game__fact").last
    # (its text starts with the "·" drawn before it, hidden on a phone: siete.css .dot-row)
    expect(fact).to_have_text(re.compile(r"^·?\d+ s por jugada$"))
    assert "·" not in visitor.page.locator("#table .game__meta").inner_text()  # none left at a line's end
    box = fact.bounding_box()
    line = fact.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
    assert box is not None and box["height"] < 1.5 * line, box
    visitor.goto("/")
    facts = visitor.page.locator(f"#lobby-table-{table} .table-card__facts")
    expect(facts.locator(".game__fact").last).to_have_text(re.compile(r"^·?\d+ s por jugada$"))
    assert "·" not in facts.inner_text()


def test_the_final_standings_fit_a_small_phone_in_spanish(new_player):
    """On a 360 px phone in Spanish the game-over standings ran 23 px past the screen: the
    rating column's heading, "VALORACIÓN" in spaced capitals, beside "+34 1624" on one line."""
    player = new_player("lina", **SMALL_PHONE)
    for _ in range(4):  # a game lina never moved in (the bank, every punter bust) is not rated:
        player.goto("/language/en")  # no rating column then (CI saw it once)
        table_then_spanish(player, seats=4, standard=1, cautious=1, bold=1, hands=1)
        player.start()
        if play_to_the_end(player):
            break
    expect(player.page.locator("#table .standings")).to_contain_text("Valoración")
    assert_no_horizontal_scroll(player, "the standings in Spanish")
    width = player.page.viewport_size["width"]
    for cell in player.page.locator("#table .standings th, #table .standings td").all():
        edge = cell.bounding_box()
        assert edge and edge["x"] >= 0 and edge["x"] + edge["width"] <= width, (cell.inner_text(), edge)


def test_the_profiles_own_links_wrap_without_a_lone_separator(new_player):
    """"A human player. My games · Your account ·" then "Change password" on the next line:
    on a 360 px phone the profile's own links left a "·" at a line's end."""
    player = new_player("lina", **SMALL_PHONE)
    player.sign_in()
    player.goto(f"/players/{player.name}")
    links = player.page.locator(".profile__links")
    expect(links).to_contain_text("Change password")
    assert links.evaluate("p => [...p.children].map(e => e.tagName)") == ["A", "A", "A"]
    assert "·" not in links.inner_text()
    assert "·" not in player.page.locator(".profile .history__lead").inner_text()
