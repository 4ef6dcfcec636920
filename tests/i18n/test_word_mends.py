"""Words that said the wrong thing: the rules page's bots and review marks in the reader's
language, one Spanish word for Draw, error sentences that start with a capital, the winner's
badge beside any name, how a tie for first was broken (R7.2), whom the bank must beat (R4.2)."""
from __future__ import annotations

import json

from lxml import html

from siete.data.base import db
from siete.data.games import GameStateRow as StateRow
from siete.engine.cards import SPANISH_DECK
from tests.support.play import client_for, load, make_user, started_game, table_id_from, text

SPANISH = {"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"}


def test_the_rules_page_describes_the_expert_and_says_the_marks_in_spanish(client):
    """The marks were English on the Spanish page once an English reader had seen it first:
    Jinja had folded 'best'|review_mark into the compiled template."""
    english = client.get("/rules").get_data(as_text=True)
    assert "Another bot profile" not in english and "Plays by the odds solver" in english
    page = client.get("/rules", headers=SPANISH).get_data(as_text=True)
    expert = page[page.index('id="bot-expert"'):]
    assert "calculador" in expert[:800]
    review = page[page.index('id="review"'):]
    for spanish in ("óptima", "imprecisión", "error", "error grave"):
        assert f"<strong>{spanish}</strong>" in review
    for english_mark in ("best", "inaccuracy", "mistake", "blunder"):
        assert f"<strong>{english_mark}</strong>" not in review


def _rewrite_state(app, game_id: int, change) -> None:
    """Change the stored state of a game (as a later move would have left it)."""
    with app.app_context():
        row = db.session.get(StateRow, game_id)
        data = json.loads(row.state)
        change(data)
        row.state = json.dumps(data)
        db.session.commit()


def _finished_with_a_tie(app) -> tuple[int, list[str]]:
    """A one-hand bots-only game, its three seats then set to 25, 25 and 10 points (R2.4 kept):
    the first two in the final order tie. Returns the game and the tied names, first place first."""
    ana = make_user(app, "Ana")
    form = {"seats": 3, "standard_bots": 3, "cautious_bots": 0, "bold_bots": 0,
            "watch_only": "y", "max_hands": 1, "turn_seconds": 30}
    game_id = table_id_from(client_for(app, ana).post("/tables", data=form))
    _, state = load(app, game_id)
    assert state.phase == "over"
    first, second, third = state.order + [i for i in range(3) if i not in state.order]

    def tie(data):
        for seat, points in ((first, 25), (second, 25), (third, 10)):
            data["seats"][seat]["points"] = points
        data["winner"] = first

    _rewrite_state(app, game_id, tie)
    return game_id, [state.seats[first].name, state.seats[second].name]


def test_r7_2_tied_final_standings_say_how_the_tie_was_broken(app):
    game_id, (first, second) = _finished_with_a_tie(app)
    page = text(client_for(app, None).get(f"/tables/{game_id}"))
    tie = html.fromstring(page).xpath('//p[@class="results__tie"]')
    assert len(tie) == 1  # one tie (25 and 25); 10 ties with nobody
    said = tie[0].text_content()
    assert f"{first} and {second} have 25 points each" in said and "final order of play" in said
    spanish = text(client_for(app, None).get(f"/tables/{game_id}", headers=SPANISH))
    assert f"{first} y {second} empatan a 25 puntos" in spanish


def test_the_winners_badge_fits_any_name_in_spanish(app):
    game_id, _ = _finished_with_a_tie(app)
    spanish = text(client_for(app, None).get(f"/tables/{game_id}", headers=SPANISH))
    badge = html.fromstring(spanish).xpath('//span[contains(@class, "badge--winner")]')
    assert [b.text_content() for b in badge] == ["gana"]  # "Rosa gana", never "Rosa ganador"
    history = text(client_for(app, None).get(f"/games/{game_id}", headers=SPANISH))
    assert "ganador" not in history.split("<main", 1)[1]


def test_r4_2_the_banks_turn_says_whom_it_must_beat_from_what_it_can_see(app):
    ana = make_user(app, "Ana")
    game_id = started_game(app, ana, punter=False)  # Ana holds the bank and it is her turn
    _, state = load(app, game_id)
    standing = [i for i in state.order[1:] if state.seats[i].status == "stood"]
    assert standing  # R4.9: the bank plays only against someone who stood
    page = text(client_for(app, ana).get(f"/tables/{game_id}"))
    line = html.fromstring(page).xpath('//p[@id="bank-must-beat"]')[0].text_content()
    assert line.startswith("The bank must match or beat ") and line.endswith(": a tie goes to the bank.")
    for i in standing:
        seat = state.seats[i]
        shown = seat.total - SPANISH_DECK.half[seat.cards[0]]  # R4.2: the first card stays hidden
        assert seat.name in line
        assert f"{seat.name} ({game_total_en(shown / 2)} + 1 face down)" in line or \
            (len(seat.cards) == 1 and f"{seat.name} (1 card face down)" in line)
    spanish = text(client_for(app, ana).get(f"/tables/{game_id}", headers=SPANISH))
    assert "La banca tiene que igualar o superar a " in spanish
    punter_turn = started_game(app, make_user(app, "Bea"))  # not the bank's turn: no such line
    assert 'id="bank-must-beat"' not in text(client_for(app, None).get(f"/tables/{punter_turn}"))


def game_total_en(value: float) -> str:
    """A total as the English page writes it: 5, 5½, ½."""
    whole = int(value)
    if value == whole:
        return str(whole)
    return f"{whole}½" if whole else "½"
