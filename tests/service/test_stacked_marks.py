""""Zalgo" text: a letter followed by ~199 combining marks drew over the chat's and the
lobby's neighbouring lines. Chat messages and table names now refuse more than
MAX_STACKED_MARKS marks in a row on one character (text_rules.too_many_marks), in the service
and in the form, while real writing keeps working (Vietnamese, Thai, Hindi, Tibetan, pointed
Hebrew, Korean, emoji with variation selectors and keycaps)."""
from __future__ import annotations

import unicodedata

import pytest
from sqlalchemy import func, select

from siete.data.base import db
from siete.data.chat_rows import TableMessage
from siete.data.games import Game
from siete.service.errors import Problem, RuleBroken
from siete.service.social.chat import message_text
from siete.service.tables.lobby_actions import TableSpec, verify_spec
from siete.service.text_rules import MAX_STACKED_MARKS, stacked_marks, too_many_marks
from tests.support.play import HX, client_for, make_user, text, waiting_table

ZALGO = "Z" + "".join(chr(0x0300 + i % 0x4F) for i in range(199))  # U+0300-034E
FOUR = "e\u0301\u0302\u0303\u0304"  # four marks on one letter: the most allowed
FIVE = "e\u0301\u0302\u0303\u0304\u0305"
REAL_WRITING = [
    "Tiếng Việt rất đẹp",  # precomposed (NFC)
    unicodedata.normalize("NFD", "Tiếng Việt: người, được, chữ"),  # two marks a letter
    "नमस्ते, क़ीमत, हिन्दी",  # Hindi: virama, nukta, vowel signs
    "สวัสดีครับ ผู้ที่",  # Thai: a vowel and a tone mark on a letter
    "བསྒྲུབས",  # Tibetan: stacked letters and a vowel, three marks
    "בְּרֵאשִׁ֖ית",  # pointed Hebrew with a cantillation mark
    "안녕하세요 \u1100\u1161\u11a8",  # Korean, syllables and conjoining jamo
    "\u2764\ufe0f \U0001F44D\U0001F3FD 1\ufe0f\u20e3 \u263a\ufe0e",  # ❤️ 👍🏽 1️⃣ ☺︎
    "Mesa de Ana ñ 7½ ♠",
]


@pytest.mark.parametrize("writing", REAL_WRITING)
def test_real_writing_is_not_zalgo(writing):
    assert not too_many_marks(writing) and stacked_marks(writing) <= MAX_STACKED_MARKS
    assert message_text(writing) == writing.strip()


def test_marks_are_counted_in_a_row_on_one_character():
    assert stacked_marks("abc") == 0 and stacked_marks(FOUR) == 4 and stacked_marks(FIVE) == 5
    assert stacked_marks(FOUR + "a" + FOUR) == 4  # a new letter starts a new count
    assert stacked_marks("a\ufe0f\ufe0f\ufe0f\ufe0f\ufe0f\ufe0f") == 0  # variation selectors draw nothing
    assert stacked_marks("o" + "\u20dd" * 6) == 6  # enclosing marks (Me) draw too
    assert not too_many_marks(FOUR) and too_many_marks(FIVE) and too_many_marks(ZALGO)


@pytest.mark.parametrize("body", [ZALGO, "hi " + FIVE])
def test_the_chat_service_refuses_stacked_marks(body):
    with pytest.raises(RuleBroken) as refused:
        message_text(body)
    assert refused.value.code == Problem.CHAT_STACKED_MARKS and refused.value.values == {"max": 4}


def test_the_table_service_refuses_a_zalgo_name(app):
    with pytest.raises(RuleBroken) as refused:
        verify_spec(TableSpec(name=ZALGO[:60], seats=2, bots=("standard",)), app.config["GAME"])
    assert refused.value.code == Problem.NAME_STACKED_MARKS


def test_a_zalgo_message_gets_words_in_english_and_spanish_and_is_not_kept(app):
    ana = make_user(app, "Ana")
    game_id = waiting_table(app, ana, seats=3)
    client = client_for(app, ana)
    english = client.post(f"/tables/{game_id}/chat", data={"body": ZALGO}, headers=HX)
    assert english.status_code == 422
    assert "A message cannot stack more than 4 accents or marks on one letter." in text(english)
    spanish = client.post(f"/tables/{game_id}/chat", data={"body": ZALGO},
                          headers={**HX, "Accept-Language": "es"})
    assert "Un mensaje no puede apilar más de 4 tildes o signos sobre una letra." in text(spanish)
    assert client.post(f"/tables/{game_id}/chat", data={"body": "Chào bạn 👋"}, headers=HX).status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(TableMessage)) == 1


def test_the_new_table_form_refuses_a_zalgo_name(app):
    ana = make_user(app, "Ana")
    response = client_for(app, ana).post("/tables", data={
        "name": ZALGO[:60], "seats": 4, "standard_bots": 1, "cautious_bots": 1, "bold_bots": 1,
        "max_hands": 5, "turn_seconds": 30})
    assert response.status_code in (400, 422)
    assert "Put at most 4 accents or marks on one letter." in text(response)
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0
