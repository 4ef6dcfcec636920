"""siete/i18n/labels.py: every label defined once, keyed by the engine's and the records' codes,
and said in both languages; the wordings #28 mended, each checked in Spanish and English.

No database: a bare Flask app with the i18n setup is enough, and force_locale picks the language.
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask_babel import force_locale

from siete.data.vocabulary import GameStatus, PlayerKind
from siete.engine.codes import Action, BankResult, BotProfile, GameResult, Result, SeatStatus
from siete.i18n.catalogs import CATALOG_DIR
from siete.i18n.labels import (
    BANK_RESULTS,
    COLUMN_LABELS,
    DID_NOT_PLAY,
    GAME_STATUSES,
    PROFILE_NAMES,
    RANKS,
    RANKS_WITH_ARTICLE,
    RESULTS,
    SEAT_STATES,
    SUITS,
    cli_column_label,
    column_label,
)
from siete.i18n.languages import init_i18n
from siete.i18n.report_words import cell_text
from siete.i18n.request_words import request_words
from siete.i18n.words import bank_sentence
from siete.service.records.game_record import Seat, StoredAction, TurnRow
from siete.service.reports.definitions import REPORTS

SPANISH_PO = CATALOG_DIR / "es" / "LC_MESSAGES" / "messages.po"


@pytest.fixture(scope="module")
def spanish():
    with open(SPANISH_PO, "rb") as po:
        return read_po(po, locale="es")


@pytest.fixture(scope="module")
def request_context():
    app = Flask(__name__)
    app.config["BABEL_DEFAULT_LOCALE"] = "en"
    init_i18n(app)
    with app.test_request_context():
        yield

# A table's fact, whole, after its "·" (siete.css .dot-row) when it is not the first.
FACT = r'<span class="game__fact">(?:<span class="dot"[^>]*>·</span>)?{}</span>'



def say(locale: str, function, *args):
    with force_locale(locale):
        return function(*args)


@pytest.mark.parametrize("table, codes", [
    (SEAT_STATES, {*SeatStatus, DID_NOT_PLAY}),
    (GAME_STATUSES, set(GameStatus)),
    (RESULTS, set(Result)),
    (BANK_RESULTS, set(BankResult)),
    (PROFILE_NAMES, set(BotProfile)),
    (COLUMN_LABELS, {column for report in REPORTS for column in report.columns}),
    (SUITS, {"O", "C", "E", "B"}),
])
def test_every_code_has_one_label_with_real_spanish(spanish, table, codes):
    assert set(table) == set(codes)
    for msgid in table.values():
        message = spanish.get(msgid)
        assert message is not None and message.string, msgid


def test_every_rank_with_a_name_is_said_with_its_article_in_spanish(spanish):
    assert set(RANKS) == set(RANKS_WITH_ARTICLE) == {1, 10, 11, 12}
    articles = {msgid: spanish.get(msgid).string.split()[0] for msgid in RANKS_WITH_ARTICLE.values()}
    assert articles == {"the ace of %(suit)s": "el", "the jack of %(suit)s": "la",
                        "the knight of %(suit)s": "el", "the king of %(suit)s": "el"}


def test_the_command_line_and_the_pages_head_a_column_alike(request_context):
    """#28: the CLI said "Avg bet" where the web said "Average bet"."""
    for column in COLUMN_LABELS:
        assert cli_column_label(column) == say("en", column_label, column)
    assert cli_column_label("avg_bet") == "Average bet"


def _draw_of_the_jack_of_cups() -> TurnRow:
    seat = Seat(1, 0, 1, "Ana", PlayerKind.HUMAN, None, "O05", 1, 20, 1, GameResult.WON, None)
    return TurnRow(1, seat, 1, 20, 20, 1, "O05", 5.5, Result.WIN,
                   [StoredAction(Action.DRAW, "C10", False), StoredAction(Action.STAND, None, False)])


def test_the_history_names_a_drawn_sota_with_its_gender(request_context):
    """#28: "pide carta: el sota de copas"; the history and the table's log say it alike."""
    from siete.i18n.history_words import turn_events

    assert say("es", turn_events, _draw_of_the_jack_of_cups())[:2] == [
        "Ana apuesta 1", "Ana pide carta: la sota de copas"]
    assert say("en", turn_events, _draw_of_the_jack_of_cups())[:2] == [
        "Ana bets 1", "Ana draws the jack of cups"]


def test_a_bank_on_seven_and_a_half_is_not_said_twice(request_context):
    """#28: "Bank: Javier, had 7½ with 7½"."""
    assert say("en", bank_sentence, "Javier", "seven_half", 7.5) == "The bank (Javier) had 7½."
    assert say("es", bank_sentence, "Javier", "seven_half", 7.5) == "La banca (Javier): tuvo 7½."
    assert say("en", bank_sentence, "Javier", "stood", 6) == "The bank (Javier) stood with 6."
    assert say("es", bank_sentence, "Javier", "stood", 6.5) == "La banca (Javier): se plantó con 6½."


def test_a_bank_that_busts_went_bust_in_a_whole_sentence(request_context):
    """The settled hand's summary read "The bank (Javier) bust with 8.", a broken sentence to
    a newcomer beside "stood with 6"; the bank's results are all said as things it did."""
    assert say("en", bank_sentence, "Javier", "bust", 8) == "The bank (Javier) went bust with 8."
    assert say("es", bank_sentence, "Javier", "bust", 8) == "La banca (Javier): se pasó con 8."


@pytest.mark.parametrize("value", [-0.0, -0.04, -1e-9])
def test_a_ratio_near_nothing_is_never_minus_zero(request_context, value):
    """#28: "-0.0" in the rankings."""
    assert say("en", cell_text, value / 10) == "0.00" and say("es", cell_text, value / 10) == "0,00"


@pytest.mark.parametrize("english, spanish_words", [
    ("Card for the bank", "Carta de sorteo de la banca"),  # as "carta de sorteo" everywhere else
    ("Cards for the bank (the highest takes it):",  # the terminal's (siete play) as the game page's
     "Cartas de sorteo de la banca (la más alta se la queda):"),
    ("Rating", "Valoración"),  # "Puntos" are points
    ("Your rating", "Tu valoración"),
    ("Stands", "Plantadas"),
    ("Stands per game", "Plantadas por partida"),  # the column is headed "Plantadas"
])
def test_the_spanish_words_say_one_thing_one_way(request_context, english, spanish_words):
    assert say("es", lambda: request_words()(english)) == spanish_words
    assert say("en", lambda: request_words()(english)) == english


def test_no_spanish_sentence_keeps_a_word_the_vocabulary_dropped(spanish):
    dropped = ("carta de asiento", "cartas de asiento", "puntuación", "pitar", "veces plantado",
               "es lo apostado", "el sota", "(oros)", "(copas)", "(espadas)", "(bastos)")
    for message in spanish:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert not any(word in (text or "").lower() for word in dropped), text


def test_counts_agree_with_their_number_in_both_languages(request_context):
    """#28: "1 games in all"."""
    def counted(num):
        return request_words().ngettext("%(num)s game in all.", "%(num)s games in all.", num)
    assert [say("en", counted, n) for n in (1, 2)] == ["1 game in all.", "2 games in all."]
    assert [say("es", counted, n) for n in (1, 2)] == ["1 partida en total.", "2 partidas en total."]


def test_one_hand_is_one_hand_in_both_languages(app):
    """"1 hands" on the lobby's card and the waiting table: counts go through ngettext."""
    from tests.support.play import THREE_BOTS, client_for, make_user, table_id_from, text

    ana = make_user(app, "Ana")
    client = client_for(app, ana)
    game_id = table_id_from(client.post("/tables", data={**THREE_BOTS, "max_hands": 1}))
    for path in ("/", f"/tables/{game_id}"):  # each fact is an element of its row (table.css)
        english = text(client.get(path))
        assert re.search(FACT.format("1 hand"), english) and "1 hands" not in english
        spanish = text(client.get(path, headers={"Accept-Language": "es"}))
        assert re.search(FACT.format("1 mano"), spanish) and "1 manos" not in spanish
