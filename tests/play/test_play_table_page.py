"""What the table page says, as the end-to-end tests saw it: messages that go away when the table
moves on, the bank that matches the cards on the table between hands and after the game, face-down
cards counted rather than summed as 0, and the settlement's columns labelled for phones."""
from __future__ import annotations

from types import SimpleNamespace

from flask import render_template
from lxml import html

from siete.engine import rules
from siete.engine.cards import SPANISH_DECK
from siete.engine.config import GameConfig
from siete.play.context import game_context, table_urls
from tests.support.play import HX, client_for, load, make_user, started_game, text, waiting_table

BANK_SENTENCES = ("holds the bank", "takes the bank", "keeps the bank", "Next bank")


def seats_of(page: str) -> list[html.HtmlElement]:
    """The seat <li>s of the table, in the order the page lists them."""
    return html.fromstring(page).xpath('//ol[contains(@class, "seats")]/li')


def bank_badged(page: str) -> list[str]:
    """data-seat of every seat that wears the Bank badge."""
    return [li.get("data-seat") for li in seats_of(page) if li.xpath('.//*[contains(@class, "seat__badge--bank")]')]


def bots_only_table(app, user_id: int, hands: int = 15) -> int:
    """A watched bots-only table: it plays hand 1 at once and pauses before dealing hand 2."""
    form = {"seats": 3, "standard_bots": 3, "cautious_bots": 0, "bold_bots": 0, "watch_only": "y",
            "max_hands": hands, "turn_seconds": 30}
    response = client_for(app, user_id).post("/tables", data=form)
    return int(response.headers["Location"].rsplit("/", 1)[1])


# ---- flashed messages live inside #table ----

def test_a_flashed_message_shows_inside_the_table_and_not_in_later_fragments(app):
    ana, bea = make_user(app, "Ana"), make_user(app, "Bea")
    game_id = waiting_table(app, ana)
    bea_client = client_for(app, bea)
    bea_client.post(f"/tables/{game_id}/join")  # a plain form post (the lobby's Join button)
    page = html.fromstring(text(bea_client.get(f"/tables/{game_id}")))
    assert "You have a seat" in page.get_element_by_id("table").text_content()
    # base.html's #flash sits outside what polling replaces, so it must stay empty on a table.
    assert page.get_element_by_id("flash").text_content().strip() == ""
    client_for(app, ana).post(f"/tables/{game_id}/start", data={"fill": "1"})
    fragment = text(bea_client.get(f"/tables/{game_id}/fragment?v=old", headers=HX))
    assert "You have a seat" not in fragment and 'data-status="playing"' in fragment


def test_a_fresh_fragment_clears_the_flash_region_but_a_whole_page_has_one_flash(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana)
    client = client_for(app, ana)
    fragment = text(client.get(f"/tables/{game_id}/fragment?v=0", headers=HX))
    oob = html.fragments_fromstring(fragment)[-1]
    assert (oob.get("id"), oob.get("hx-swap-oob"), oob.text_content()) == ("flash", "true", "")
    page = text(client.get(f"/tables/{game_id}"))
    assert page.count('id="flash"') == 1 and "hx-swap-oob" not in page


# ---- the bank between hands and after the game ----

def test_between_hands_the_seats_show_the_settled_hands_bank_and_name_the_next(app):
    ana = make_user(app, "Ana")
    game_id = bots_only_table(app, ana)
    _, state = load(app, game_id)
    assert state.phase == "deal" and state.hand == 1
    settled, upcoming = state.last_hand.bank, state.bank
    page = text(client_for(app, None).get(f"/tables/{game_id}"))
    # R6.5: the bank passes between hands, but the cards on the table are still hand 1's.
    assert bank_badged(page) == [str(settled)]
    # Seats stay where they sat down (R3's order) whoever holds the bank: they never jump.
    assert [li.get("data-seat") for li in seats_of(page)] == [str(i) for i in state.seating]
    assert f"Bank: <strong>{state.seats[settled].name}</strong>" in page
    assert f"Next bank: <strong>{state.seats[upcoming].name}</strong>" in page
    verb = "keeps" if upcoming == settled else "takes"
    assert f"{state.seats[upcoming].name} {verb} the bank for hand 2." in page


def test_a_finished_game_names_no_next_bank_and_shows_the_standings(app):
    ana = make_user(app, "Ana")
    game_id = bots_only_table(app, ana, hands=1)
    status, state = load(app, game_id)
    assert status == "finished" and state.phase == "over"
    page = text(client_for(app, ana).get(f"/tables/{game_id}"))
    said = " ".join(e.text_content() for e in html.fromstring(page).xpath(
        '//*[contains(concat(" ", @class, " "), " game__meta ") or @class="settlement__summary"]'))
    # (the log keeps its "hand 1: ...")
    assert "Hand 1 of 1" in said and not any(sentence in said for sentence in BANK_SENTENCES)
    # Once the game is over (R7.1) nobody holds the bank for a hand to come (R6): the
    # header no longer says "Bank: X" as if a hand were still to come.
    assert "Bank:" not in said and "game__bank" not in page
    assert bank_badged(page) == [str(state.last_hand.bank)]  # the bank of the cards shown
    assert "Game over" in page and page.count('class="standings__row') == len(state.seats)


# ---- face-down cards ----

def spectator_game_html(app, state) -> str:
    """_game.html as a spectator sees `state` (no seat, so no buttons)."""
    with app.test_request_context("/"):
        return render_template("play/_game.html", game=SimpleNamespace(id=1, mode="bots"), seat=None,
                               left=False, user_id=None, urls=table_urls(1, "0"),
                               **game_context(state, None, None).template_args())


def test_r4_2_a_face_down_card_is_counted_not_summed_as_zero(app):
    """b bet, drew the as and stood; c has only its face-down first card (R4.2)."""
    state = rules.new_game(["a", "b", "c"], GameConfig(), ["O12", "O11", "O10"])
    first = ["O03", "O04", "O05", "C01"]
    rules.deal(state, first + [c for c in SPANISH_DECK.active if c not in first])
    b, c = state.seat_index("b"), state.seat_index("c")
    rules.bet(state, b, 1)
    rules.draw(state, b)
    rules.stand(state, b)
    seats = {li.get("data-seat"): li for li in seats_of(spectator_game_html(app, state))}
    total = {i: seats[str(i)].xpath('.//p[@class="seat__total"]')[0].text_content().strip() for i in (b, c)}
    assert total[b] == "Showing 1 + 1 face down"
    assert total[c] == "1 card face down"
    assert "Showing 0" not in spectator_game_html(app, state)


# ---- the settlement on a phone ----

def test_settlement_cells_carry_their_column_name_for_the_stacked_phone_layout(app):
    ana = make_user(app, "Ana")
    game_id = bots_only_table(app, ana)
    page = html.fromstring(text(client_for(app, None).get(f"/tables/{game_id}")))
    heads = [th.text_content() for th in page.xpath('//table[@class="settlement__table"]/thead//th')]
    for row in page.xpath('//table[@class="settlement__table"]/tbody/tr'):
        labels = [td.get("data-label") for td in row.xpath("./td") if td.get("data-label")]
        assert labels == heads[2:]  # every column but Player and Cards, in order


def test_the_fragment_addresses_are_the_routes_own(app):
    """table_urls builds the fragment's addresses from one url_for (#7: it is drawn on every
    move); each must still be exactly what Flask routes for that action."""
    from flask import url_for

    from siete.play.context import table_urls

    with app.test_request_context():
        urls = table_urls(7, "12", "3")
        assert urls.table == url_for("play.table", game_id=7)
        assert urls.lobby == url_for("play.lobby")
        assert urls.fragment == url_for("play.fragment", game_id=7, v="12", s="3")
        for action in ("bet", "draw", "stand"):
            assert getattr(urls, action) == url_for("play.play", game_id=7, action=action)
        assert urls.leave == url_for("play.leave", game_id=7)
        # "Play again" is drawn in the rematch box (_again.html), by url_for: once a game.


def _annotations(path: str, name: str) -> list[tuple[str, str]]:
    """A class's fields and their annotations as written in its source."""
    import ast

    from tests.support.source_imports import ROOT

    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == name)
    return [(field.target.id, ast.unparse(field.annotation)) for field in found.body
            if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name)]


def test_a_table_seat_has_every_field_of_the_engines_seat_view_first_and_alike():
    """TableSeat repeats SeatView's fields instead of subclassing it (a compiled engine's class
    cannot be subclassed by an interpreted one): the copy must stay the same fields, same types
    (read from the sources: compiled classes keep no annotations' details)."""
    view = _annotations("siete/engine/views.py", "SeatView")
    assert _annotations("siete/play/table_page.py", "TableSeat")[:len(view)] == view
