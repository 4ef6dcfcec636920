"""The bank's bar on the felt after a hand ("Bank +4") is coloured by what the bank gained or
paid, like the settlement table's figure under it: a bank that busted but took more from the
punters who busted before it than it paid showed "Bank +4" in the bust's red (user trial), and a
newcomer reads red as a loss."""
from __future__ import annotations

import re
from pathlib import Path

from lxml import html

from tests.support.play import HX, client_for, make_user, play_out_hand, seat_of_user, started_game, text

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "table.css"


def bank_bar(page) -> tuple[str, int]:
    """The felt's bank bar: its classes and the points it shows (+4 -> 4)."""
    bar = page.xpath('//p[contains(@class, "seat__result--bank")]')[0]
    change = bar.xpath('.//span[@class="seat__change"]')[0].text_content()
    return bar.get("class"), int(change.replace("−", "-"))


def test_the_bank_bar_says_up_or_down_by_its_points_not_by_its_bust(app):
    ana = make_user(app, "Ana")
    seen = set()
    for _ in range(6):
        game_id = started_game(app, ana)
        client = client_for(app, ana)
        play_out_hand(app, client, game_id, seat_of_user(app, game_id, ana))
        classes, change = bank_bar(html.fromstring(text(client.get(f"/tables/{game_id}", headers=HX))))
        trend = "up" if change > 0 else "down" if change < 0 else None
        assert ("seat__result--up" in classes) == (trend == "up"), (classes, change)
        assert ("seat__result--down" in classes) == (trend == "down"), (classes, change)
        seen.add(trend)
        if {"up", "down"} <= seen:
            break
    assert seen - {None}


def test_the_bank_bars_colours_win_over_the_bust_seats_red():
    """A bust bank's seat is .seat--bust, whose bar is red: the bank's own rules come after it
    with as much weight, and a gain or a loss decides."""
    css = CSS.read_text()
    bust = css.index(".seat--bust .seat__result")
    bank = re.search(r"\.seat \.seat__result--bank\s*\{[^}]*background: rgb\(0 0 0 / 25%\)", css)
    up = re.search(r"\.seat \.seat__result--bank\.seat__result--up\s*\{[^}]*background: #1e7d34", css)
    down = re.search(r"\.seat \.seat__result--bank\.seat__result--down\s*\{[^}]*background: #8c1d18", css)
    assert bank and up and down and bust < bank.start()
