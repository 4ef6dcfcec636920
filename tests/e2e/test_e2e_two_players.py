"""Two people at one table, each in their own browser: polling, hidden cards (R4.2), the turn timer
and keyboard play."""
from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.siete_pages import Player, seat_two  # noqa: E402

pytestmark = pytest.mark.browser

POLL_S = 1.5


def test_each_sees_the_others_moves_but_not_their_face_down_card(new_player, artifacts):
    punter, bank = seat_two(new_player, hands=1)
    p, b = punter.my_seat(), bank.my_seat()
    bank.page.screenshot(path=artifacts / "e2e-two-players-bank-view.png", full_page=True)
    for player in (punter, bank):  # bob's "You have a seat" went with the waiting table
        expect(player.page.locator("body")).not_to_contain_text("You have a seat")
    # A lone face-down card is counted, not summed as "Showing 0".
    expect(bank.page.locator(f"#seat-{p} .seat__total")).to_have_text("1 card face down")

    # R4.2: the punter sees its own first card; the bank's page draws it face down and holds
    # neither its id nor its name anywhere in the markup.
    hidden = punter.cards(p)[0]
    assert hidden["id"] and hidden["label"] != "face-down card"
    assert bank.cards(p) == [{"id": None, "label": "face-down card"}]
    html = bank.page.content()
    assert hidden["id"] not in html and hidden["label"] not in html
    # The bank's cards are face up for everyone.
    assert bank.cards(b)[0]["id"] and bank.cards(b) == punter.cards(b)

    amount = punter.bet_first()
    bank.wait_for_log(f"{punter.name} bets {amount}")
    expect(bank.page.locator(f"#seat-{p} .seat__stake")).to_have_text(str(amount))

    punter.press("#move-draw")
    drawn = punter.cards(p)[1]
    bank.wait_for_log(f"{punter.name} draws the {drawn['label']}")  # the card's name, as siete/i18n/words.py says it
    assert bank.cards(p)[1] == drawn  # R4.5: a drawn card is face up
    if any("busts" in line for line in punter.log()):
        assert bank.cards(p)[0] == hidden  # R4.5: a bust shows the first card
    else:
        assert bank.cards(p)[0]["id"] is None  # still hidden after a draw
        if punter.page.locator("#move-stand").count():  # not on 7½, which stands by itself (R4.6)
            punter.press("#move-stand")
        bank.wait_for_log("stands")
        assert bank.next_move() in ("draw", "stand")  # R4.9: the bank plays after a stand
        assert bank.cards(p)[0]["id"] is None  # ... still without seeing the card
        bank.press("#move-stand")
        punter.wait_for_log("the bank stands")

    for player in (punter, bank):
        expect(player.page.locator("#table .results")).to_be_visible(timeout=5_000)
        # Settled: the first card is shown to everyone in the hand's settlement.
        expect(player.page.locator(f'#table .settlement [data-card="{hidden["id"]}"]')).to_have_count(1)
        assert player.was_not_reloaded(), f"{player.name}'s page was reloaded"


def test_the_turn_timer_lets_the_house_bot_play_an_idle_players_turn(new_player):
    """Nobody moves: at 5 s a turn, the house bot (the standard bot) plays the punter's turn, its
    bet first (R8.3: 20 of 40 points, half the top 4), then the bank's if the punter stood."""
    turn = 5
    punter, bank = seat_two(new_player, hands=1, turn_seconds=turn)
    p = punter.my_seat()
    for player in (punter, bank):
        player.watch_countdowns()
    # The turn has just begun: the countdown shows (about) the table's timer, nothing timed out yet.
    left = int(punter.page.locator("#table .countdown").get_attribute("data-deadline"))
    assert turn - 3 <= left <= turn
    assert not any("time ran out" in line for line in punter.log() + bank.log())

    punter.wait_for_log(f"{punter.name}: time ran out", timeout_s=turn + POLL_S + 4)
    log = punter.log()
    assert f"{punter.name} bets 2" in log  # no bet was made: the standard bot's bet
    bank.wait_for_log(f"{punter.name}: time ran out", timeout_s=POLL_S + 2)
    stood = bank.page.locator(f"#seat-{p} .seat__state").inner_text() == "stood"
    if stood:  # R4.9: the bank plays only against a punter who stood
        assert bank.offered() in ("draw", "stand")

    # Now the bank idles too; its timer ends the hand, and with it the one-hand game.
    expect(punter.page.locator("#table .results")).to_be_visible(timeout=(turn + POLL_S + 4) * 1000)
    assert (f"{bank.name}: time ran out; the house bot plays the turn" in punter.log()) == stood
    expect(bank.page.locator("#table .results")).to_be_visible(timeout=(POLL_S + 2) * 1000)
    # Each turn's countdown started from the server's seconds left and only went down: it
    # never showed more than the table's timer (it used to flash "6 s" on a 5 s timer).
    for player in (punter, bank):
        seen = player.countdowns_seen()
        assert seen and max(seen) <= turn, f"{player.name}'s countdowns: {seen}"


def tab_to(player: Player, element_id: str, max_tabs: int = 40) -> None:
    """Press Tab from the top of the page until the element with `element_id` (a prefix) has focus."""
    page = player.page
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(max_tabs):
        page.keyboard.press("Tab")
        if page.evaluate("(document.activeElement && document.activeElement.id) || ''").startswith(element_id):
            ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
            assert ring != "none", f"#{element_id} has focus but no visible focus ring"
            return
    raise AssertionError(f"{max_tabs} Tabs never reached #{element_id}")


def press_enter(player: Player) -> str:
    """Press Enter on the focused button; returns the focused button's id."""
    focused = player.page.evaluate("document.activeElement.id")
    player.submit(lambda: player.page.keyboard.press("Enter"))
    return focused


def test_bet_draw_and_stand_with_the_keyboard(new_player):
    punter, bank = seat_two(new_player, hands=1)

    tab_to(punter, "move-bet")
    amount = int(press_enter(punter).rsplit("-", 1)[-1])
    punter.wait_for_log(f"{punter.name} bets {amount}", timeout_s=1)
    tab_to(punter, "move-stand")
    press_enter(punter)
    punter.wait_for_log(f"{punter.name} stands", timeout_s=1)

    assert bank.next_move() == "draw"
    tab_to(bank, "move-draw")
    press_enter(bank)
    bank.wait_for_log(f"{bank.name} draws", timeout_s=1)
    if bank.page.locator("#move-stand").count():  # not bust and not on 7½
        tab_to(bank, "move-stand")
        press_enter(bank)
    expect(bank.page.locator("#table .results")).to_be_visible()
    expect(punter.page.locator("#table .results")).to_be_visible(timeout=5_000)
