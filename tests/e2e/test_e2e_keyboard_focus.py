"""A game played with Tab, Enter and typing alone, from the lobby's form to the chat, and where
the focus is after each htmx swap: a move whose answer holds no next move (the punter's Stand,
then the bank's turn) and a swap that replaces the link being read left the focus on <body>,
and the next Tab went on below the table (the chat) instead of from where the player was; a
reaction's redraw took the focus from the bet chosen with Tab back to the smallest."""
from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.siete_pages import BET, Player  # noqa: E402

pytestmark = pytest.mark.browser

FOCUSED = """() => { const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  return el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + el.className + ' ' + el.textContent.trim(); }"""


def focused(player: Player) -> str:
    """The focused element: '#id', 'tag.class text' without an id, or 'body'."""
    return player.page.evaluate(FOCUSED)


def tab_until(player: Player, wanted: str, max_tabs: int = 60, key: str = "Tab") -> None:
    """Press Tab (or `key`) until the focused element's description (focused()) starts with `wanted`."""
    for _ in range(max_tabs):
        player.page.keyboard.press(key)
        if focused(player).startswith(wanted):
            return
    raise AssertionError(f"{max_tabs} Tabs never reached {wanted!r} (at {focused(player)!r})")


def type_into(player: Player, field_id: str, text: str) -> None:
    """Tab to a field and replace what it holds, as a person with a keyboard does."""
    tab_until(player, f"#{field_id}")
    player.page.keyboard.press("ControlOrMeta+a")
    player.page.keyboard.type(text)


def open_a_table_with_the_keyboard(player: Player) -> int:
    """The lobby's "Open a table" form, filled and sent with the keyboard: two seats, no bots."""
    player.goto("/")
    type_into(player, "name", f"{player.name} keys")
    type_into(player, "seats", "2")
    for bots in ("standard_bots", "cautious_bots", "bold_bots", "expert_bots"):
        type_into(player, bots, "0")
    type_into(player, "max_hands", "1")
    tab_until(player, "button.btn btn-primary Open the table")
    player.page.keyboard.press("Enter")
    player.page.wait_for_url(re.compile(r"/tables/\d+$"))
    return player.table_id()


def test_a_game_from_the_lobby_to_the_chat_with_the_keyboard_alone(new_player, artifacts):
    ana, bob = new_player("ana"), new_player("bob")
    ana.sign_in()
    table = open_a_table_with_the_keyboard(ana)
    bob.sign_in()
    bob.open(table)
    bob.press("#table-join")
    tab_until(ana, "#table-start")  # the waiting page learns of bob through its stream
    ana.submit(lambda: ana.page.keyboard.press("Enter"))

    # The bank plays last (R4.3): the punter bets first, then draws or stands.
    expect(ana.page.locator("#table")).to_have_attribute("data-status", "playing")
    punter, bank = (ana, bob) if ana.offered() == "bet" else (bob, ana)
    expect(punter.page.locator(BET).first).to_be_focused()  # autofocus: Enter bets the least
    # The punter chooses Bet 2 with Tab; the bank's reaction redraws the table (no move): the
    # focus stays on Bet 2, where the redrawn Bet 1's autofocus took it before, and Enter bets 2.
    tab_until(punter, "#move-bet-2")
    bank.page.locator("#react-nice_hand").click()
    reacted = time.monotonic()
    for page in (bank.page, punter.page):  # the reaction's own swaps done before any move
        expect(page.locator("#table .reactions__lines")).to_contain_text(bank.name)
    punter.page.wait_for_timeout(300)  # htmx settles the swap (20 ms), then the focus is put back
    expect(punter.page.locator("#move-bet-2")).to_be_focused()
    punter.submit(lambda: punter.page.keyboard.press("Enter"))
    punter.wait_for_log(f"{punter.name} bets 2")
    tab_until(punter, "#move-stand")
    punter.submit(lambda: punter.page.keyboard.press("Enter"))
    # The answer holds no move for the punter: the focus is on their seat, not lost to <body>.
    expect(punter.page.locator("#table .seat--you")).to_be_focused()
    punter.page.screenshot(path=artifacts / "e2e-keyboard-focus-seat.png")
    ring = punter.page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring == "solid", ring  # the focus ring, not the seat's own dashed outline
    punter.page.keyboard.press("Tab")  # and Tab goes on from the seat, within the table
    assert punter.page.evaluate("document.getElementById('table').contains(document.activeElement)"), \
        focused(punter)

    # The punter reads the bank's help link (no id) when the bank's second reaction redraws the
    # table (one a player every 3 s, siete/service/social/reactions.py): it keeps the focus.
    tab_until(punter, "a.term term--help ?")
    punter.page.wait_for_timeout(max(0, 3_200 - (time.monotonic() - reacted) * 1000))
    bank.page.locator("#react-thanks").click()
    expect(punter.page.locator("#table .reactions__lines li")).to_have_count(2)
    punter.page.wait_for_timeout(300)
    assert focused(punter).startswith("a.term term--help ?"), focused(punter)

    # Chat: Tab to the field, type, Enter; the field keeps the focus for the next line.
    tab_until(punter, "#chat-body")
    punter.page.keyboard.type("hola")
    punter.page.keyboard.press("Enter")
    expect(punter.page.locator("#chat .chat__lines")).to_contain_text("hola")
    expect(punter.page.locator("#chat-body")).to_be_focused()
    expect(punter.page.locator("#chat-body")).to_have_value("")

    # The bank plays with the keyboard: its reactions kept its focus on Thanks (a redraw with no
    # move), so Shift+Tab takes it back to its move, Stand or Draw; Enter until the hand, the
    # game's only one, is settled (after a draw the focus is on the next move: autofocus).
    for _ in range(12):
        if bank.next_move() == "over":
            break
        if not focused(bank).startswith("#move-"):
            tab_until(bank, "#move-", key="Shift+Tab")
        bank.submit(lambda: bank.page.keyboard.press("Enter"))
    for player in (bank, punter):
        expect(player.page.locator("#table .results")).to_be_visible()


def test_the_lobby_keeps_the_focus_on_a_tables_button_when_its_list_is_redrawn(new_player):
    """A new table redraws the lobby's list (its stream says "changed"): the Join button a
    keyboard had reached was replaced, and the focus fell to <body>. With an id of its own
    (_lobby_item.html), htmx gives it back."""
    ana, bob = new_player("ana"), new_player("bob")
    bob.sign_in()
    table = bob.open_table(seats=3)
    ana.sign_in()
    ana.goto("/")
    join = f"#lobby-join-{table}"
    tab_until(ana, join)
    second = bob.open_table(seats=3)  # a second table, its Join named alike: the list is redrawn
    expect(ana.page.locator(f"#lobby-table-{second}")).to_be_visible(timeout=10_000)
    ana.page.wait_for_timeout(300)  # htmx settles the swap (20 ms), then the focus is put back
    assert focused(ana) == join, focused(ana)
    ana.page.keyboard.press("Enter")  # and Enter joins the table it was on, not its namesake
    ana.page.wait_for_url(f"**/tables/{table}")
