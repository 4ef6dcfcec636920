"""A control character typed into a report's Player box (a NUL byte, an escape) was written
back on the page, in the box and in "There is no player called …", and a download's 404 said it
too. No player's name holds one (text_rules.forbidden_characters): the answer is a plain 400
that names no character, whether the page, a download or a profile was asked."""
from __future__ import annotations

from html import unescape

import pytest

from tests.support.play import text as raw_text

TYPED = ["Ana\x00", "\x00", "A\x1b[31mna", "An\u202ea", "Ana\x07"]
SAID = "A player's name cannot hold control or invisible characters."


def text(response) -> str:
    return unescape(raw_text(response))


def shows_none_of(page: str, typed: str) -> None:
    for ch in typed:
        if not ch.isalnum():
            assert ch not in page, repr(ch)


@pytest.mark.parametrize("typed", TYPED)
def test_a_report_s_player_box_with_a_control_character_is_a_400_that_echoes_nothing(client, typed):
    answer = client.get("/reports/highest_bet", query_string={"player": typed})
    assert answer.status_code == 400 and SAID in text(answer)
    shows_none_of(text(answer), typed)


@pytest.mark.parametrize("extension", ["csv", "json", "xml"])
def test_a_download_with_one_is_a_400_too(client, extension):
    answer = client.get(f"/reports/highest_bet.{extension}", query_string={"player": "Ana\x00"})
    assert answer.status_code == 400
    assert "\x00" not in answer.get_data(as_text=True)


def test_the_words_are_spanish_in_spanish(client):
    answer = client.get("/reports/highest_bet", query_string={"player": "Ana\x00"},
                        headers={"Accept-Language": "es"})
    assert answer.status_code == 400
    assert "El nombre de un jugador no puede contener caracteres de control ni invisibles." in text(answer)


def test_an_unknown_plain_name_still_keeps_the_page_and_its_box(client):
    answer = client.get("/reports/highest_bet", query_string={"player": "Nadie"})
    assert answer.status_code == 404 and 'value="Nadie"' in text(answer)


def test_a_profile_s_address_with_one_is_a_400_too(client):
    answer = client.get("/players/Ana%00")
    assert answer.status_code == 400 and SAID in text(answer) and "\x00" not in text(answer)
