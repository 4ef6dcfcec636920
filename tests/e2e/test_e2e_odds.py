"""A practice table with the odds shown (#27.4), played by clicking against a bot: the lobby marks
it, the odds line at your turn (its details folded away) shows the solver's figures for the cards
you see (heads-up: exact), on a phone too and with JavaScript off; the rules page shows the bust
table."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from siete.engine.cards import SPANISH_DECK  # noqa: E402
from siete.engine.odds import odds  # noqa: E402
from siete.engine.odds_position import punter_position  # noqa: E402
from tests.e2e.in_view import (  # noqa: E402
    PHONE_OPTIONS,
    VIEWPORTS,
    a_table_at_a_punters_bet,
    a_table_at_a_punters_decision,
    to_a_punters_decision,
)
from tests.e2e.playing import (  # noqa: E402
    CSP_WATCH,
    assert_no_horizontal_scroll,
    violations,
)
from tests.e2e.siete_pages import Player  # noqa: E402

pytestmark = pytest.mark.browser


def open_practice_table(player: Player, hands: int = 3) -> int:
    """The lobby's form with "Show the odds" ticked: the player and one standard bot."""
    player.goto("/")
    form = player.page.locator("form.new-table")
    form.locator("#name").fill(f"{player.name} practice")
    for field, value in (("seats", 2), ("standard_bots", 1), ("cautious_bots", 0),
                         ("bold_bots", 0), ("max_hands", hands), ("turn_seconds", 60)):
        form.locator(f"#{field}").fill(str(value))
    form.locator("#show_odds").check()
    form.get_by_role("button", name="Open the table").click()
    player.page.wait_for_url(re.compile(r"/tables/\d+$"))
    return player.table_id()


def _bank_values_are_points(player: Player) -> None:
    """As the bank the player is shown its odds in points (the folded details say so)."""
    assert "points" in (player.page.locator("#odds #odds-advice").text_content() or "")


def practice_until_a_punters_decision(player: Player, tables: int = 8) -> int:
    """Open practice tables until one gives the player a punter's decision; its id."""
    for _ in range(tables):
        table = open_practice_table(player)
        player.goto("/")
        expect(player.page.locator(f"#lobby-table-{table} .badge--practice")).to_be_visible()
        player.open(table)
        expect(player.page.locator("#table .badge--practice")).to_be_visible()
        player.start()
        if to_a_punters_decision(player, at_the_bank=_bank_values_are_points):
            return table
    raise AssertionError(f"no punter's decision in {tables} games")


def percent(text: str) -> float:
    return float(re.search(r"(\d+(?:\.\d+)?)%", text).group(1)) / 100


def test_a_practice_table_shows_the_solvers_odds_at_your_turn(new_player, artifacts):
    ana = new_player("ana")
    ana.sign_in()
    ana.page.add_init_script(CSP_WATCH)
    table = practice_until_a_punters_decision(ana)

    panel = ana.page.locator("#odds")
    expect(panel).to_be_visible()
    expect(panel.locator(".odds__title")).to_have_text("Your odds")
    # one line of advice shows; the chances and notes are folded away until asked for
    expect(panel.locator("#odds-line")).to_be_visible()
    expect(panel.locator("#odds-bust")).to_be_hidden()
    panel.locator("#odds-details summary").click()
    expect(panel.locator("#odds-bust")).to_be_visible()
    you = ana.my_seat()
    mine = [c["id"] for c in ana.cards(you)]
    bank_seat = int(ana.page.locator("#table .seat--bank").get_attribute("data-seat"))
    bank = [c["id"] for c in ana.cards(bank_seat) if c["id"]]
    answer = odds(punter_position(SPANISH_DECK, mine, bank[:1]))
    assert abs(percent(panel.locator("#odds-bust .odds__value").inner_text()) - answer.bust_next) < 6e-4
    assert abs(percent(panel.locator("#odds-win .odds__value").inner_text()) - answer.stand.win) < 6e-4
    best = "Drawing" if answer.best == "draw" else "Standing"
    advice = panel.locator("#odds-advice").inner_text()
    assert advice.startswith(f"{best} is better") or answer.margin == 0, advice
    mark = "Draw ✓" if answer.best == "draw" else "Stand ✓"
    assert mark in panel.locator("#odds-line").inner_text() or answer.margin == 0
    expect(panel.locator(".odds__note")).to_contain_text("Exact")  # heads-up (docs/odds.md)
    ana.page.screenshot(path=artifacts / "e2e-odds-desktop.png", full_page=True)

    ana.page.set_viewport_size({"width": 390, "height": 844})
    ana.page.reload()
    expect(ana.page.locator("#odds")).to_be_visible()
    assert_no_horizontal_scroll(ana, "the practice table on a phone")
    ana.page.screenshot(path=artifacts / "e2e-odds-phone.png")
    assert violations(ana) == [] and ana.console_errors == []

    # JavaScript off: the same seat's page is drawn by the server, the odds with it.
    plain = new_player("ana", java_script_enabled=False)
    plain.sign_in()
    plain.open(table)
    expect(plain.page.locator("#odds #odds-line")).to_be_visible()
    plain.page.locator("#odds-details summary").click()  # <details> opens without JavaScript
    expect(plain.page.locator("#odds #odds-bust")).to_be_visible()

    # a spectator sees the table, never the odds
    watcher = new_player("watcher")
    watcher.goto(f"/tables/{table}")
    expect(watcher.page.locator("#table")).to_be_visible()
    expect(watcher.page.locator("#odds")).to_have_count(0)


def test_the_rules_page_shows_the_bust_table(new_player):
    reader = new_player("reader")
    reader.goto("/rules#odds")
    rows = reader.page.locator("#bust-table tbody tr")
    expect(rows).to_have_count(14)
    expect(rows.last.locator("td").last).to_have_text("69.2%")  # a 7: 27 of the 39 cards left


def test_on_a_small_phone_the_odds_put_one_choice_a_line_with_no_lone_separator(new_player):
    """At 360 px the line "Plantarse −1,00 · Pedir carta ✓ +0,32" broke after its "·"; on a
    phone each choice now takes a line of its own and the separator is not shown."""
    ana = new_player("ana")
    ana.sign_in()
    practice_until_a_punters_decision(ana)
    ana.page.set_viewport_size({"width": 360, "height": 640})
    ana.page.reload()
    line = ana.page.locator("#odds #odds-line")
    expect(line).to_be_visible()
    expect(line.locator(".odds__sep").first).to_be_hidden()
    stand, draw = (line.locator(f"#odds-{choice}").bounding_box() for choice in ("stand", "draw"))
    assert stand is not None and draw is not None and draw["y"] >= stand["y"] + stand["height"] - 1
    assert_no_horizontal_scroll(ana, "the odds line on a small phone")


# Each "·" of the odds line that shows (not clipped away by the line's left edge, which stands
# a focus ring's reach left of the choices: siete.css .dot-row): the boxes of what stands just
# before it and just after it, to see they share its row. The "·" itself is measured, not its
# span: the span fills the gap, whose right end is inside the clip edge.
SEPARATORS = """() => {
  const line = document.querySelector('#odds-line').getBoundingClientRect();
  const box = r => ({top: Math.round(r.top), bottom: Math.round(r.bottom),
                     left: Math.round(r.left), right: Math.round(r.right)});
  const after = sep => {
    const range = document.createRange();
    range.setStartAfter(sep);
    range.setEnd(sep.parentElement, sep.parentElement.childNodes.length);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    return rects.length ? rects[0] : (sep.nextElementSibling && sep.nextElementSibling.getBoundingClientRect());
  };
  const before = sep => {
    const choices = [...document.querySelectorAll('#odds-line .odds__choice')]
      .filter(c => !c.contains(sep) && (c.compareDocumentPosition(sep) & Node.DOCUMENT_POSITION_FOLLOWING));
    return choices.length ? choices[choices.length - 1].getBoundingClientRect() : null;
  };
  return [...document.querySelectorAll('#odds-line .odds__sep')].map(sep => {
    const glyph = document.createRange();
    glyph.selectNodeContents(sep);
    const r = glyph.getBoundingClientRect();
    if (r.width === 0 || r.right <= line.left + 0.5) return null;
    const prev = before(sep), next = after(sep);
    return {sep: box(r), before: prev && box(prev), after: next && box(next)};
  }).filter(Boolean);
}"""


def _same_row(a: dict | None, b: dict) -> bool:
    return a is not None and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def dangling_separators(player: Player) -> list[dict]:
    """The separators shown without a choice on their row on both sides."""
    return [s for s in player.page.evaluate(SEPARATORS)
            if not (_same_row(s["before"], s["sep"]) and _same_row(s["after"], s["sep"]))]


@pytest.mark.parametrize("screen", ["landscape-phone", "small-landscape-phone", "desktop", "phone", "small-phone"])
def test_the_odds_lines_separator_never_dangles_at_a_line_end(new_player, artifacts, screen):
    """844×390 showed "Stand −1.00 ·" on one line and "Draw …" on the next: a "·" between the
    two choices sits between them on one row, or is not shown."""
    player = new_player("ana", viewport=VIEWPORTS[screen], **({} if screen == "desktop" else PHONE_OPTIONS))
    player.sign_in()
    a_table_at_a_punters_decision(player, seats=2, odds=True)
    expect(player.page.locator("#odds-line")).to_be_visible()
    player.page.screenshot(path=artifacts / f"e2e-odds-separator-{screen}.png")
    assert dangling_separators(player) == []


def _rows(player: Player, choices: str) -> list[int]:
    """The top of each of the odds line's choices, rounded: one row when they are all equal."""
    return [round(box["y"]) for box in (c.bounding_box() for c in player.page.locator(choices).all())]


def test_on_a_desktop_the_odds_line_takes_one_line_at_the_bet_and_the_decision(new_player, artifacts):
    """At 1280×900 the docked move bar left the odds 267 px beside Draw and Stand, 4 px fewer than
    "Stand −1.00 · Draw ✓ +0.15" needs, so the line broke in two: it now drops below the buttons,
    where it fits on one line."""
    player = new_player("ana")
    player.sign_in()
    a_table_at_a_punters_bet(player, seats=2, odds=True)
    expect(player.page.locator("#odds-line")).to_be_visible()
    assert len(set(_rows(player, "#odds-line .odds__choice"))) == 1, "the bet's odds line wrapped"
    player.bet_first()
    assert to_a_punters_decision(player)  # the same hand: a punter who bet draws or stands next
    expect(player.page.locator("#odds-draw")).to_be_visible()
    player.page.screenshot(path=artifacts / "e2e-odds-one-line-desktop.png")
    assert len(set(_rows(player, "#odds-line .odds__choice"))) == 1, "the decision's odds line wrapped"
