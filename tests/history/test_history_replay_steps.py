"""The game page's replay, move by move: every bet, draw and stand of every seat (the bank's
too) is a step with plain previous/next links (?hand=H&move=M), the table as the deciding
player saw it (R4.2), and the review's mark and option values for that decision."""
from __future__ import annotations

import re

import lxml.html
import pytest
from sqlalchemy import func, or_, select

from siete.data.base import db
from siete.data.games import Game, GamePlayer, Hand, Turn, TurnAction
from siete.data.people import Player
from siete.data.reviews import MoveReviewRow
from siete.i18n.review_words import signed_stakes
from siete.service.records.game_record import load_record
from tests.history.history_games import client_logged_in_as, make_human, play_human_game

HX = {"HX-Request": "true"}
NO_SUCH_MOVE = "This game has no such move."


@pytest.fixture
def finished(app) -> int:
    """Ana's finished 4-hand game against two bots, reviewed by its page's first visit."""
    with app.app_context():
        return play_human_game(app, make_human("Ana"), ("standard", "bold"), hands=4)


def written_moves(app, game_id: int) -> int:
    """The game's bets, draws and chosen stands as stored (R4.6's stand at 7½ is no move)."""
    with app.app_context():
        turns = select(Turn.id).join(Hand, Hand.id == Turn.hand_id).where(Hand.game_id == game_id)
        bets = db.session.scalar(select(func.count()).select_from(Turn).where(
            Turn.id.in_(turns), Turn.bet.is_not(None)))
        actions = db.session.scalar(select(func.count()).select_from(TurnAction).where(
            TurnAction.turn_id.in_(turns),
            or_(TurnAction.action == "draw", TurnAction.automatic.is_(False))))
        return bets + actions


def step_of(html: str):
    found = lxml.html.document_fromstring(html).xpath('//*[@id="step"]')
    return found[0] if found else None


def link(step, key: str) -> str | None:
    found = step.xpath(f'.//a[@data-step-key="{key}"]/@href')
    return found[0].removesuffix("#replay") if found else None


def walk(client, game_id: int) -> list[tuple[str, str]]:
    """Every step from the first by its "next" links, without JavaScript: [(url, page)]."""
    url, seen, back = f"/games/{game_id}?hand=1&move=1", [], None
    while url:
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.get_data(as_text=True)
        step = step_of(page)
        assert link(step, "ArrowLeft") == back, url  # "previous" goes back where we came from
        seen.append((url, page))
        back, url = url, link(step, "ArrowRight")
    return seen


def test_every_move_of_every_seat_is_a_step_linked_both_ways_without_javascript(app, client,
                                                                                finished):
    steps = walk(client, finished)
    assert len(steps) == written_moves(app, finished)  # every bet, draw and stand, bank's too
    first, last = step_of(steps[0][1]), step_of(steps[-1][1])
    assert link(first, "ArrowLeft") is None and link(last, "ArrowRight") is None  # the bounds
    titles = [step_of(page).xpath('.//h3')[0].text_content() for _url, page in steps]
    assert titles[0].startswith("Move 1 of ") and "in hand 1:" in titles[0]
    with app.app_context():
        record = load_record(finished)
        banks = {hand.bank.name for hand in record.hands if hand.bank_result != "did_not_play"}
    deciders = {re.sub(r" (bets \d+|draws a card|stands)$", "", t.split(": ", 1)[1]) for t in titles}
    assert banks <= deciders  # the bank's own draws and stands are steps too
    hands = {int(re.search(r"hand=(\d+)", url)[1]) for url, _page in steps}
    assert hands == set(range(1, len(record.hands) + 1))  # across every hand


@pytest.mark.parametrize("query", ["move=0", "move=-1", "move=abc", "move=1.5", "move=",
                                   "move=99999", "move=99999999999999999999999999",
                                   "hand=999&move=1", "hand=0&move=1", "hand=abc&move=1",
                                   "hand=-2&move=1",
                                   # past Python's 4,300-digit limit for int(): was a 500
                                   "move=" + "9" * 4301, "hand=" + "9" * 4301 + "&move=1"])
def test_a_move_the_game_has_not_is_a_clear_404(app, client, finished, query):
    response = client.get(f"/games/{finished}?{query}")
    assert response.status_code == 404
    assert NO_SUCH_MOVE in response.get_data(as_text=True)
    assert client.get(f"/games/{finished}?{query}", headers=HX).status_code == 404


def test_a_hand_alone_still_opens_at_its_first_move(app, client, finished):
    page = client.get(f"/games/{finished}?hand=2").get_data(as_text=True)
    assert step_of(page).xpath(".//h3")[0].text_content().startswith("Move 1 of ")
    assert "in hand 2:" in page
    assert client.get(f"/games/{finished}?hand=abc").status_code == 200  # old links: nearest


def test_htmx_steps_swap_the_replay_fragment_with_the_keys_links(app, client, finished):
    response = client.get(f"/games/{finished}?hand=1&move=2", headers=HX)
    html = response.get_data(as_text=True)
    assert html.strip().startswith('<section class="replay panel" id="replay"')
    assert f'hx-get="/games/{finished}?hand=1&amp;move=1"' in html
    assert f'hx-get="/games/{finished}?hand=1&amp;move=3"' in html
    assert 'data-step-key="ArrowLeft"' in html and 'data-step-key="ArrowRight"' in html


def hidden_expected(app, game_id: int, hand_number: int, decider: str) -> set[str]:
    """The other punters' first cards the decider could not see (R4.2): those of every punter
    but itself that had not bust before its decision (a punter busts only on its own turn)."""
    with app.app_context():
        hand = load_record(game_id).hands[hand_number - 1]
    me = next(t for t in hand.turns if t.seat.name == decider)
    order = 99 if me.is_bank else me.position
    return {t.first_card for t in hand.turns if not t.is_bank and t is not me
            and not (t.result == "bust" and t.position < order)}


def test_each_step_shows_the_table_as_the_deciding_player_saw_it_r4_2(app, client, finished):
    checked = 0
    for url, page in walk(client, finished):
        step = step_of(page)
        hand = int(re.search(r"hand=(\d+)", url)[1])
        decider = step.xpath('.//li[@aria-current="true"]//span[@class="turn-record__name"]/a')[0]
        hidden = hidden_expected(app, finished, hand, decider.text_content())
        shown = set(step.xpath(".//@data-card"))
        assert not shown & hidden, url  # never a card the decider could not see
        assert len(step.xpath('.//*[contains(@class, "card--back")]')) == len(hidden), url
        mine = step.xpath('.//li[@aria-current="true"]')[0]
        assert not mine.xpath('.//*[contains(@class, "card--back")]')  # its own cards, face up
        checked += bool(hidden)
    assert checked  # some steps did hide a card


def test_each_step_gives_the_review_s_mark_and_option_values(app, client, finished):
    steps = walk(client, finished)
    with app.app_context():
        reviewed = db.session.execute(
            select(MoveReviewRow, Player.name).join(
                GamePlayer, GamePlayer.id == MoveReviewRow.game_player_id).join(
                Player, Player.id == GamePlayer.player_id).where(
                MoveReviewRow.game_id == finished)).all()
    assert reviewed
    marks = []
    with app.test_request_context():
        for _url, page in steps:
            step = step_of(page)
            verdict = step.xpath('.//*[contains(@class, "replay-step__verdict")]')
            if not verdict:
                continue
            mark = re.search(r"replay-step__verdict--(\w+)", verdict[0].get("class"))[1]
            options = step.xpath('.//ul[@class="replay-step__options"]')[0].text_content()
            marks.append(mark)
            assert any(mark == row.mark and _values_shown(row, options) for row, _name in reviewed)
    assert sorted(marks) == sorted(row.mark for row, _name in reviewed)  # each one, once


def _values_shown(row: MoveReviewRow, options: str) -> bool:
    if row.action == "bet":
        return (f"Bet made: {row.stake}" in options and f"Best bet: {row.best_stake}" in options
                and signed_stakes(row.hand_value) in options)
    return (f"Stand {signed_stakes(row.stand_ev)}" in " ".join(options.split())
            and f"Draw {signed_stakes(row.draw_ev)}" in " ".join(options.split()))


def test_a_running_game_steps_through_its_settled_hands_and_says_the_review_comes_later(app):
    with app.app_context():
        game_id = play_human_game(app, make_human("Bea"), ("standard",), hands=10, stop_after=3)
    client = client_logged_in_as(app, "Bea")
    page = client.get(f"/games/{game_id}?hand=2&move=1").get_data(as_text=True)
    assert "The review of each move is written when the game ends." in page
    assert client.get(f"/games/{game_id}?hand=3&move=1").status_code == 404  # not settled


def test_a_private_game_s_steps_are_its_players(app, finished):
    with app.app_context():
        db.session.get(Game, finished).private = True
        db.session.commit()
        make_human("Cris")
    url = f"/games/{finished}?hand=1&move=2"
    assert client_logged_in_as(app, "Ana").get(url).status_code == 200
    assert client_logged_in_as(app, "Cris").get(url).status_code == 404
    assert app.test_client().get(url).status_code == 404


def test_a_step_speaks_spanish(app, client, finished):
    page = client.get(f"/games/{finished}?hand=1&move=1",
                      headers={"Accept-Language": "es-ES,es;q=0.9"}).get_data(as_text=True)
    step = step_of(page)
    assert re.match(r"Jugada 1 de \d+ en la mano 1: \S+ apuesta \d+$",
                    step.xpath(".//h3")[0].text_content())
    assert "Jugada siguiente" in step.text_content() and "decide" in step.text_content()
    assert "Lo que valía cada opción en ese momento" in step.text_content()
    missing = client.get(f"/games/{finished}?hand=1&move=0", headers={"Accept-Language": "es"})
    assert "Esta partida no tiene esa jugada." in missing.get_data(as_text=True)


def test_a_mark_that_comes_without_values_shows_alone(app):
    """The review's output is read as it comes: a decision it marks but gives no option values
    (a move the clock made, say) shows its mark, never a 500 on a missing value."""
    from types import SimpleNamespace

    from flask import render_template_string

    from siete.service.records.review_pages import MoveNote

    note = MoveNote("stand", False, "timed_out", 0.0, None, None, None, None, None)
    with app.test_request_context():
        html = render_template_string(
            '{% from "history/_step.html" import option_values %}{{ option_values(step) }}',
            step=SimpleNamespace(note=note))
    assert "replay-step__verdict--timed_out" in html and "<li" not in html
