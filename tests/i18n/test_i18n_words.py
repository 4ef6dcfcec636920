"""siete/i18n/words.py: the engine's facts said in Spanish and English (card names, totals, the log).

No database: a bare Flask app with the i18n setup is enough, and force_locale picks the language.
"""
from __future__ import annotations

import pytest
from flask import Flask
from flask_babel import force_locale

from siete.engine import rules
from siete.engine.codes import Event, StandNote
from siete.engine.config import GameConfig
from siete.engine.records import LogEvent
from siete.engine.views import visible_cards
from siete.i18n.languages import init_i18n
from siete.i18n.words import (
    card_in_sentence,
    card_name,
    describe_log,
    game_total,
    half_points,
    number,
)


@pytest.fixture(scope="module")
def request_context():
    app = Flask(__name__)
    app.config["BABEL_DEFAULT_LOCALE"] = "en"
    init_i18n(app)
    with app.test_request_context():
        yield


@pytest.fixture
def say(request_context):
    """say(locale, function, *args): the function's words in that locale."""
    def in_locale(locale, function, *args):
        with force_locale(locale):
            return function(*args)
    return in_locale


def seven_and_a_half_hand():
    """a banks (shows O04); b has B05 and stands; c has E07 face down, bets 2, draws O10: 7½."""
    state = rules.new_game(["a", "b", "c"], GameConfig(), ["O12", "C11", "E10"])
    rules.deal(state, ["B05", "E07", "O04", "O10"])
    a, b, c = (state.seat_index(n) for n in "abc")
    rules.bet(state, b, 1)
    rules.stand(state, b)
    rules.bet(state, c, 2)
    rules.draw(state, c)
    return state, a, b, c


@pytest.mark.parametrize("card, english, spanish", [
    ("B11", "the knight of clubs", "el caballo de bastos"),
    ("E10", "the jack of swords", "la sota de espadas"),  # #28: la sota, never "el sota"
    ("O12", "the king of coins", "el rey de oros"),
    ("C01", "the ace of cups", "el as de copas"),
    ("C05", "the 5 of cups", "el 5 de copas"),
])
def test_r1_card_names_in_sentences_in_both_languages(say, card, english, spanish):
    assert say("en", card_in_sentence, card) == english
    assert say("es", card_in_sentence, card) == spanish


@pytest.mark.parametrize("card, english, spanish", [
    ("B11", "knight of clubs", "caballo de bastos"),
    ("E10", "jack of swords", "sota de espadas"),
    ("O12", "king of coins", "rey de oros"),
    ("C01", "ace of cups", "as de copas"),
    ("C05", "5 of cups", "5 de copas"),
])
def test_r1_card_names_in_lists_and_labels_in_both_languages(say, card, english, spanish):
    """#28: one naming per language, the same as in sentences, without the article."""
    assert say("en", card_name, card) == english
    assert say("es", card_name, card) == spanish


def test_totals_keep_the_half_in_both_languages(say):
    for locale in ("en", "es"):
        assert [say(locale, half_points, h) for h in (1, 2, 14, 15, 25)] == ["½", "1", "7", "7½", "12½"]
        assert [say(locale, game_total, v) for v in (0.5, 7.5, 6, None)] == ["½", "7½", "6", ""]


def test_numbers_follow_the_locale(say):
    assert say("en", number, 12345) == "12,345"
    assert say("es", number, 12345) == "12.345"
    assert say("en", half_points, 2 * 1234 + 1) == "1,234½"


def test_the_log_in_english_and_spanish(say):
    state, a, b, c = seven_and_a_half_hand()
    rules.stand(state, a)  # the bank stands on 4: b (5) and c (7½) win; c takes the bank (R6.2)
    assert say("en", describe_log, state) == [
        "hand 1: a holds the bank", "the cards are dealt; the bank shows the 4 of coins",
        "b bets 1", "b stands", "c bets 2", "c draws the jack of coins", "c stands",
        "the bank stands", "b wins 1 with 5", "c wins 4 with 7½", "c takes the bank"]
    assert say("es", describe_log, state) == [
        "mano 1: a lleva la banca", "se reparten las cartas; la banca enseña el 4 de oros",
        "b apuesta 1", "b se planta", "c apuesta 2", "c pide carta: la sota de oros", "c se planta",
        "la banca se planta", "b gana 1 con 5", "c gana 4 con 7½", "c se queda con la banca"]


def test_r4_2_a_seven_and_a_half_over_a_hidden_card_is_a_plain_stand_for_the_others(say):
    state, a, b, c = seven_and_a_half_hand()
    assert visible_cards(state, c, b)[0] is None  # c's first card is still face down to b
    for viewer in (None, a, b):
        assert say("en", describe_log, state, viewer)[-1] == "c stands"
        assert say("es", describe_log, state, viewer)[-1] == "c se planta"
    assert say("en", describe_log, state, c)[-1] == "c has 7½ and stands"  # c knows its own cards
    assert say("es", describe_log, state, c)[-1] == "c tiene siete y medio y se planta"


def test_r4_2_no_sentence_names_a_face_down_card(say):
    state, a, b, c = seven_and_a_half_hand()
    hidden = state.seats[c].cards[0]
    for locale in ("en", "es"):
        name = say(locale, card_name, hidden)
        assert not any(name in line for line in say(locale, describe_log, state, b))


def test_the_bank_of_the_hand_may_say_its_seven_and_a_half(say):
    state = rules.new_game(["a", "b"], GameConfig(), ["O12", "C11"])
    rules.deal(state, ["B05", "O07", "C10"])  # b B05; the bank a O07, then draws C10: 7½
    a, b = state.seat_index("a"), state.seat_index("b")
    rules.bet(state, b, 1)
    rules.stand(state, b)
    rules.draw(state, a)
    assert LogEvent(Event.STAND, a, StandNote.BANK) in state.log and state.seats[a].total == 15
    assert "a has 7½ and stands" in say("en", describe_log, state, b)


def test_a_bust_shows_its_first_card_and_the_game_end_counts_points(say):
    state = rules.new_game(["a", "b"], GameConfig(max_hands=1), ["O12", "C11"])
    rules.deal(state, ["B07", "O05", "C06"])  # b B07 then C06: 13, a bust
    b = state.seat_index("b")
    rules.bet(state, b, 1)
    rules.draw(state, b)
    english, spanish = say("en", describe_log, state), say("es", describe_log, state)
    assert "b busts (first card: the 7 of clubs)" in english
    assert "b se pasa (primera carta: el 7 de bastos)" in spanish
    assert state.winner is not None  # one hand: the game is over
    points = state.seats[state.winner].points
    assert f"the game is over: a wins with {points} points" in english
    assert f"fin de la partida: gana a con {points} puntos" in spanish


def test_r4_2_a_bank_bust_names_its_face_up_first_card_once(say):
    """The bank's first card is face up from the deal (R4.2), and the deal's line names it:
    its bust names no card again (a punter's bust shows its hidden first card, above)."""
    state = rules.new_game(["a", "b"], GameConfig(), ["O12", "C11"])
    rules.deal(state, ["B05", "O07", "C06"])  # b B05; the bank a O07, then draws C06: 13
    a, b = state.seat_index("a"), state.seat_index("b")
    rules.bet(state, b, 1)
    rules.stand(state, b)
    rules.draw(state, a)
    for locale, bust in (("en", "the bank busts"), ("es", "la banca se pasa")):
        lines = say(locale, describe_log, state, b)
        assert bust in lines
        first_card = say(locale, card_name, "O07")
        assert [line for line in lines if first_card in line] == [lines[1]]  # the deal's line


def test_an_unpaid_win_says_the_bank_ran_out(say):
    from siete.i18n.words import describe
    state, a, b, c = seven_and_a_half_hand()
    unpaid = LogEvent(Event.WIN, c, (0, 1, 12))
    assert say("en", describe, state, unpaid) == "c wins 0 of 1 with 6: the bank ran out"
    assert say("es", describe, state, unpaid) == "c gana 0 de 1 con 6: la banca no tenía más"
