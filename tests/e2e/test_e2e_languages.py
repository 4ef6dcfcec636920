"""A short game against bots in Spanish and one in English: the browser's language picks the
page's, the switch changes it and sticks, and the log and the cards' names follow (issue #16)."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from tests.e2e.playing import open_bots_table, play_to_the_end  # noqa: E402

pytestmark = pytest.mark.browser

SUITS = "(oros|copas|espadas|bastos)"
# A card's label names it as lists do, one naming per language (#28): "sota de oros", "jack of coins".
SPANISH_CARD = re.compile(rf"^(as|sota|caballo|rey|\d) de {SUITS}$")
ENGLISH_CARD = re.compile(r"^(ace|jack|knight|king|\d) of (coins|cups|swords|clubs)$")
# Every sentence the log can say (siete/i18n/words.py), one pattern per language; names are
# [\w-]+ (a house bot's: As-de-Oros).
SPANISH_LOG = re.compile(
    r"^(mano \d+: [\w-]+ lleva la banca|se reparten las cartas; la banca enseña .+"
    r"|[\w-]+ (apuesta \d+|se planta|tiene siete y medio y se planta|pide carta: .+|se pasa \(primera carta: .+\)"
    r"|pierde \d+ con la banca|gana \d+( de \d+)? con [\d½]+(: la banca no tenía más)?"
    r"|se queda con la banca|se queda sin puntos y sale de la partida|se ha ido; un bot juega en su asiento)"
    r"|la banca se planta|la banca se pasa|[\w-]+: se acabó el tiempo; el bot de la casa juega el turno"
    r"|fin de la partida: gana [\w-]+ con \d+ puntos?)$")
ENGLISH_LOG = re.compile(
    r"^(hand \d+: [\w-]+ holds the bank|the cards are dealt; the bank shows .+"
    r"|[\w-]+ (bets \d+|stands|has 7½ and stands|draws .+|busts \(first card: .+\)"
    r"|loses \d+ to the bank|wins \d+( of \d+)? with [\d½]+(: the bank ran out)?"
    r"|takes the bank|has no points left and is out|left; a bot plays the seat)"
    r"|[\w-]+: time ran out; the house bot plays the turn|the bank stands|the bank busts"
    r"|the game is over: [\w-]+ wins with \d+ points?)$")
CHROME = {"es": ("Saltar al contenido", "Mesas", "Informes", "Salir", "Gana quien más se acerca"),
          "en": ("Skip to content", "Lobby", "Reports", "Log out", "Closest to 7½")}


def check_language(player, lang: str) -> None:
    """The page is in `lang`: <html lang>, the header and footer, the switch, the log, the cards."""
    page = player.page
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator(".lang-switch__current")).to_have_text("Español" if lang == "es" else "English")
    chrome = page.locator(".skip-link").text_content() + page.locator(".site-header").inner_text() \
        + page.locator(".site-footer").inner_text()
    for words in CHROME[lang]:
        assert words in chrome, (lang, words, chrome)
    expect(page.locator("#table .game__log-lines li").first).to_be_visible()
    log = player.log()
    assert log, "the table shows no log"
    pattern = SPANISH_LOG if lang == "es" else ENGLISH_LOG
    assert all(pattern.match(line) for line in log), (lang, [line for line in log if not pattern.match(line)])
    labels = page.locator("#table .card[data-card]").evaluate_all("cards => cards.map(c => c.ariaLabel)")
    card = SPANISH_CARD if lang == "es" else ENGLISH_CARD
    assert labels and all(card.match(label) for label in labels), (lang, labels)
    face_down = page.locator("#table .card--back").evaluate_all("cards => cards.map(c => c.ariaLabel)")
    assert set(face_down) <= {"carta boca abajo" if lang == "es" else "face-down card"}


def switch_to(player, lang: str) -> None:
    """Click the other language in the header; the page comes back where it was."""
    before = player.page.url
    link = player.page.locator(".lang-switch__link", has_text="Español" if lang == "es" else "English")
    with player.page.expect_navigation(url=before):  # via /language/<code>, back to the same page
        link.click()
    expect(player.page.locator("html")).to_have_attribute("lang", lang)


def play_a_short_game(player, lang: str, artifacts) -> None:
    """Open a table with bots, then play it to the end in `lang`, checking every move.

    Three hands, not one: the deal is random, and a human bank whose punters all bust has no
    move to make in that hand (it failed so on a busy run)."""
    open_bots_table(player, hands=3)  # the lobby's form, driven as the e2e helpers know it
    if player.page.locator("html").get_attribute("lang") != lang:
        switch_to(player, lang)
    checked = []

    def check(move):
        check_language(player, lang)
        checked.append(move)

    play_to_the_end(player, before_move=check)
    player.page.screenshot(path=artifacts / f"e2e-game-{lang}.png", full_page=True)
    check_language(player, lang)
    assert checked, "the human never had a move to make"
    assert not player.console_errors, player.console_errors


def test_a_game_in_spanish_for_a_spanish_browser(new_player, artifacts):
    lola = new_player("lola", locale="es-ES")
    lola.goto("/")
    expect(lola.page.locator("html")).to_have_attribute("lang", "es")  # Accept-Language: es-ES
    expect(lola.page.locator(".site-nav")).to_contain_text("Mesas")
    switch_to(lola, "en")  # the account helpers read English: sign up, then come back
    lola.sign_in()
    lola.goto("/")
    expect(lola.page.locator("html")).to_have_attribute("lang", "en")  # the switch sticks
    play_a_short_game(lola, "es", artifacts)


def test_a_game_in_english_for_an_english_browser(new_player, artifacts):
    jack = new_player("jack", locale="en-GB")
    jack.sign_in()
    jack.goto("/")
    expect(jack.page.locator("html")).to_have_attribute("lang", "en")
    play_a_short_game(jack, "en", artifacts)
