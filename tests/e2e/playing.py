"""Playing a game by clicking, and the checks each of its pages passes (CSP, no sideways scroll).

Shared by the bots-game, history, languages, friends and rematch browser tests.
"""
from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.e2e.siete_pages import MOVE, Player

DRAW_BELOW = 5  # the clicking player draws under this total and stands from it


def play_one_move(player: Player) -> str:
    """Make the move offered: bet the least, draw on a low total, else stand; returns its name."""
    move = player.next_move()
    if move == "bet":
        player.bet_first()
    elif move == "draw" and player.own_total() < DRAW_BELOW:
        player.press("#move-draw")
    elif move in ("draw", "stand"):
        player.press("#move-stand")
        move = "stand"
    return move


def play_to_the_end(player: Player, before_move=None, max_moves: int = 100) -> list[str]:
    """Click through the game until the final standings show; returns the moves made.

    `before_move(move)` is called with each offered move before it is made (for screenshots).
    """
    moves = []
    for _ in range(max_moves):
        offered = player.next_move()
        if offered == "over":
            return moves
        if before_move:
            before_move(offered)
        moves.append(play_one_move(player))
    raise AssertionError(f"no end of game after {max_moves} moves: {moves}")


def open_bots_table(player: Player, hands: int = 3) -> int:
    table = player.open_table(seats=4, standard=1, cautious=1, bold=1, hands=hands)
    expect(player.page.locator("#table .waiting-seats__seat")).to_have_count(4)
    player.start()
    return table


def assert_no_horizontal_scroll(player: Player, where: str) -> None:
    sizes = player.page.evaluate(
        "({scroll: document.documentElement.scrollWidth, inner: window.innerWidth})")
    assert sizes["scroll"] <= sizes["inner"], f"{where} scrolls sideways: {sizes}"


CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) =>
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


def violations(player: Player) -> list[str]:
    return player.page.evaluate("window.__cspViolations")


def play_out(players: list[Player], timeout_s: float = 60) -> None:
    """Both people make their moves, each in their own context, until both see the standings."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        done = 0
        for player in players:
            page = player.page
            if page.locator("#table .results").count():
                done += 1
            elif page.locator("#move-next").count() and not page.locator(MOVE).count():
                player.say_next()
            elif page.locator(MOVE).count():
                play_one_move(player)
        if done == len(players):
            return
        time.sleep(0.2)
    raise AssertionError("the game did not end in time")
