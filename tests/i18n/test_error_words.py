"""siete/i18n/error_words.py: every refusal, the engine's and the services', said to the player
in Spanish and English, while the replay keeps its own English reasons (SCENARIOS.md)."""
from __future__ import annotations

import pytest
from flask import Flask
from flask_babel import force_locale
from flask_babel import gettext as request_gettext

from siete.engine import moves, rules
from siete.engine.codes import RULE_REASONS, RuleCode
from siete.engine.config import GameConfig
from siete.engine.state import RuleError
from siete.i18n.catalogs import _translations
from siete.i18n.error_words import PROBLEM_WORDS, RULE_WORDS, WORDS, cli_error_message, error_message
from siete.i18n.languages import init_i18n
from siete.service.errors import Conflict, Problem, RuleBroken, TooMany


@pytest.fixture(scope="module")
def request_context():
    app = Flask(__name__)
    app.config["BABEL_DEFAULT_LOCALE"] = "en"
    init_i18n(app)
    with app.test_request_context():
        yield


def said(locale: str, error) -> str:
    with force_locale(locale):
        return error_message(error)


def test_every_code_has_words_and_a_replay_reason():
    assert set(RULE_WORDS) == set(RuleCode) == set(RULE_REASONS)
    assert set(PROBLEM_WORDS) == {problem.value for problem in Problem}
    assert not set(PROBLEM_WORDS) & {code.value for code in RuleCode}  # one code, one meaning
    assert len(WORDS) == len(RuleCode) + len(Problem)


def test_every_refusal_has_spanish_words():
    spanish = _translations("es")
    missing = [message for message in WORDS.values() if spanish.gettext(message) == message]
    assert missing == []


def test_a_rule_error_keeps_the_replays_reason_and_names_its_code():
    state = rules.new_game(["ana", "bob"], GameConfig(), ["O12", "C11"])
    rules.deal(state, ["B05", "E07", "O04"])
    with pytest.raises(RuleError) as err:
        rules.bet(state, state.seat_index("bob"), 9)
    assert (err.value.code, err.value.values) == (RuleCode.BET_OUT_OF_RANGE, {"name": "bob", "top": 4})
    assert str(err.value) == "bob may bet 1 to 4"  # SCENARIOS.md's machine format


def test_the_engine_refusals_reach_the_player_in_their_language(request_context):
    state = rules.new_game(["ana", "bob", "cris"], GameConfig(), ["O12", "C11", "E10"])
    rules.deal(state, ["B05", "E07", "O04"])
    with pytest.raises(RuleError) as turn:
        rules.bet(state, state.seat_index("cris"), 1)
    assert said("es", turn.value) == "No es tu turno."
    assert said("en", turn.value) == "It is not your turn."
    assert said("es", RuleBroken.of(RuleError(RuleCode.BET_OUT_OF_RANGE, name="b", top=4))) == \
        "Puedes apostar de 1 a 4."


def test_a_seat_already_played_by_a_bot_is_said_in_spanish(request_context):
    """It reached Spanish players as "{name} is already played by a bot", in English (#28)."""
    state = rules.new_game(["ana", "bob"], GameConfig(), ["O12", "C11"])
    moves.replace_with_bot(state, 1)
    with pytest.raises(RuleError) as err:
        moves.replace_with_bot(state, 1)
    assert said("es", Conflict.of(err.value)) == "Un bot ya juega en este asiento."
    assert said("en", Conflict.of(err.value)) == "A bot already plays this seat."


def test_the_services_refusals_with_their_values(request_context):
    assert said("es", TooMany(Problem.TOO_MANY_OPEN, count=3)).startswith("Ya tienes 3 mesas abiertas")
    assert said("en", RuleBroken(Problem.SEAT_COUNT, min=2, max=8)) == "A table has 2 to 8 seats."
    assert said("es", Conflict(Problem.TABLE_MOVED_ON)) == "La mesa ha cambiado desde que la miraste; así está ahora."


def test_every_refusal_is_a_sentence_with_a_capital_in_both_languages(request_context):
    """An error once began "the table has moved on…": each starts as a sentence does (a value
    such as a card or a count may open it) and ends with a full stop, in English and Spanish."""
    for code, words in WORDS.items():
        for language in ("en", "es"):
            with force_locale(language):
                text = request_gettext(words)
            assert text[0].isupper() or text.startswith(("%(", "¿", "¡")), (code, language, text)
            assert text.endswith((".", "?", "!")), (code, language, text)


def test_the_command_line_says_them_in_its_own_language(monkeypatch):
    error = RuleBroken(Problem.UNKNOWN_PROFILES, names="nope")
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    assert cli_error_message(error) == "Perfil de bot desconocido: nope."
    monkeypatch.setenv("LC_ALL", "C")
    assert cli_error_message(error) == "Unknown bot profile: nope."
