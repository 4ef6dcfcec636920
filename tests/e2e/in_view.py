"""What a player must see at their decision, measured in the browser: the bank's face-up card,
their own cards and the move's buttons, each inside the viewport and not covered by anything
(document.elementFromPoint at its centre and around it finds the element itself)."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.playing import play_one_move
from tests.e2e.siete_pages import Player

# The four screens of the issue: a phone upright, a small phone, a phone on its side, a desktop;
# and a smaller phone on its side (740×360), where the seats leave the dock even less room.
VIEWPORTS = {
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 640},
    "landscape-phone": {"width": 844, "height": 390},
    "small-landscape-phone": {"width": 740, "height": 360},
    "desktop": {"width": 1280, "height": 900},
}
PHONE_OPTIONS = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True}

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
BANK_CARD = "#table .seat--bank:not(.seat--you) .hand .card"
OWN_CARDS = "#table .seat--you .hand .card"

# For each element: its box, and what elementFromPoint finds at its centre and at the four
# points halfway from the centre to its corners (a card half under a docked bar is covered).
MEASURE = """selectors => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const found = [];
  for (const [name, selector] of selectors) {
    const elements = [...document.querySelectorAll(selector)];
    if (!elements.length) { found.push({name, problem: 'missing'}); continue; }
    elements.forEach((el, i) => {
      const r = el.getBoundingClientRect();
      const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
                     && r.bottom <= vh + 0.5 && r.right <= vw + 0.5;
      const points = [[.5, .5], [.25, .25], [.75, .25], [.25, .75], [.75, .75]];
      const covered = points.map(([fx, fy]) => {
        const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
        return hit && (hit === el || el.contains(hit)) ? null
          : (hit ? (hit.id || hit.className.baseVal || hit.className || hit.tagName) : 'nothing');
      }).filter(Boolean);
      found.push({name: name + (elements.length > 1 ? '#' + i : ''), top: Math.round(r.top),
                  bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right),
                  inside, covered});
    });
  }
  return found;
}"""


def measure(player: Player, selectors: dict[str, str]) -> list[dict]:
    return player.page.evaluate(MEASURE, list(selectors.items()))


def problems(boxes: list[dict]) -> list[dict]:
    """The boxes that are missing, outside the viewport or covered."""
    return [b for b in boxes if b.get("problem") or not b["inside"] or b["covered"]]


def decision_selectors(player: Player) -> dict[str, str]:
    """At a punter's decision: the bank's face-up card, the own cards, Draw and Stand."""
    chosen = {"bank card": BANK_CARD, "own cards": OWN_CARDS, "stand": "#move-stand"}
    if player.page.locator("#move-draw").count():
        chosen["draw"] = "#move-draw"
    return chosen


def bet_selectors() -> dict[str, str]:
    """At the bet: the bank's face-up card, the own card and every Bet button."""
    return {"bank card": BANK_CARD, "own cards": OWN_CARDS, "bets": "#table [id^='move-bet']"}


def open_table(player: Player, *, seats: int, odds: bool, hands: int = 3) -> int:
    """The lobby's form: the player and `seats - 1` standard bots, the odds shown or not."""
    player.goto("/")
    form = player.page.locator("form.new-table")
    form.locator("#name").fill(f"{player.name} {seats}{' practice' if odds else ''}")
    for field, value in (("seats", seats), ("standard_bots", seats - 1), ("cautious_bots", 0),
                         ("bold_bots", 0), ("max_hands", hands), ("turn_seconds", 120)):
        form.locator(f"#{field}").fill(str(value))
    if odds:
        form.locator("#show_odds").check()
    form.get_by_role("button", name="Open the table").click()
    player.page.wait_for_url(re.compile(r"/tables/\d+$"))
    player.start()
    return player.table_id()


def to_a_punters_decision(player: Player, max_moves: int = 60,
                          at_the_bank: Callable[[Player], None] | None = None) -> bool:
    """Play (bet the least, draw low) until this player, as a punter, is to draw or stand;
    False if the game ends first (the bank may stay with it all game, R3, R6.5). `at_the_bank`
    looks at each decision the player makes as the bank on the way."""
    for _ in range(max_moves):
        move = player.next_move()
        if move == "over":
            return False
        you_bank = player.page.locator("#table .seat--you.seat--bank").count() > 0
        if move in ("draw", "stand") and not you_bank:
            return True
        if move in ("draw", "stand") and at_the_bank is not None:
            at_the_bank(player)
        play_one_move(player)
    raise AssertionError("no punter's decision came")


# At two seats the player holds the bank at the start half the time and usually keeps it for the
# game's 3 hands (R3.3, R6.4): a try fails about 43% of the time, so 6 tries failed ~0.6% of the
# time, about once in 20 browser runs over the 8 calls; 12 tries fail ~0.004% of the time.
TRIES = 12


def a_table_at_a_punters_decision(player: Player, *, seats: int, odds: bool, tries: int = TRIES) -> int:
    """Open tables until one gives the player a punter's decision; its id."""
    for _ in range(tries):
        table = open_table(player, seats=seats, odds=odds)
        if to_a_punters_decision(player):
            return table
    raise AssertionError(f"no punter's decision in {tries} games")


def a_table_at_a_punters_bet(player: Player, *, seats: int, odds: bool, tries: int = TRIES) -> int:
    """Open tables until the player, as a punter, is to bet; its id."""
    for _ in range(tries):
        table = open_table(player, seats=seats, odds=odds)
        for _ in range(60):
            move = player.next_move()
            if move == "over":
                break
            if move == "bet":
                return table
            play_one_move(player)
    raise AssertionError(f"no bet in {tries} games")


def scroll_past_the_seats(player: Player) -> float:
    """Scroll the page down as a player reading the log does, until the docked seat, left
    behind at the end of the seats, is 20 px from the top of the screen and the seats above it
    are off screen; the bank card's top then (below 0: above the screen)."""
    return player.page.evaluate("""() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const dock = document.querySelector('#table .seat--dock');
        window.scrollBy(0, dock.getBoundingClientRect().top - 20);
        return document.querySelector('#table .seat--bank:not(.seat--you) .hand .card')
            .getBoundingClientRect().top;
    }""")


def wait_for_table(player: Player) -> None:
    """The table drawn and settled: fonts loaded, and table.js's scroll at your turn (two
    frames after the load or the swap) done."""
    expect(player.page.locator("#table")).to_be_visible()
    player.page.wait_for_function("""() => document.readyState === 'complete'
        && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')""")
    player.page.evaluate("""() => document.fonts.ready.then(() => new Promise(done =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))))""")
    # cards dealt since the last look slide in (table.js): measure where they come to rest
    player.page.evaluate("""() => Promise.all(document.getAnimations()
        .filter(a => a.effect && a.effect.target && a.effect.target.closest('.hand, .seat__did'))
        .map(a => a.finished.catch(() => null)))""")


def axe_violations(player: Player) -> list:
    """What axe-core finds on the page (the context needs bypass_csp: the script is injected)."""
    player.page.add_script_tag(content=AXE.read_text())
    return player.page.evaluate("""async () => (await axe.run(document)).violations.map(
        v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))""")
