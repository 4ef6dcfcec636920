"""The card macro (templates/macros/cards.html): labels, pips and face-down secrecy (R1.1, R1.3)."""
from __future__ import annotations

from pathlib import Path

import lxml.etree
import lxml.html
import pytest
from flask import Flask
from jinja2 import StrictUndefined

from siete.engine.cards import SUITS, CardSet, spanish_deck
from siete.i18n.languages import init_i18n
from siete.play.sprite import SPRITE_FILE, draw_sprite

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
DECK = CardSet(spanish_deck())
ACTIVE_IDS = list(DECK.active)


@pytest.fixture(scope="module")
def card():
    """The macro itself, loaded the way pages import it, with the app's gettext and card names."""
    app = Flask(__name__, template_folder=str(TEMPLATES))
    app.config["BABEL_DEFAULT_LOCALE"] = "en"
    init_i18n(app)
    app.jinja_env.undefined = StrictUndefined
    with app.test_request_context():
        yield app.jinja_env.get_template("macros/cards.html").module.card


def parse(markup) -> lxml.html.HtmlElement:
    return lxml.html.fragment_fromstring(str(markup))


def test_r1_1_there_are_40_active_cards_to_draw():
    assert len(ACTIVE_IDS) == 40


@pytest.mark.parametrize("cid", ACTIVE_IDS)
def test_r1_3_face_up_card_is_labelled_for_screen_readers(card, cid):
    root = parse(card(cid))
    # siete/i18n/words.py's name of the card, in English here (tests/i18n/test_i18n_words.py has Spanish).
    rank = {1: "ace", 10: "jack", 11: "knight", 12: "king"}.get(DECK.rank[cid], str(DECK.rank[cid]))
    english = {"Oros": "coins", "Copas": "cups", "Espadas": "swords", "Bastos": "clubs"}
    suit = DECK.specs[cid].suit
    assert root.get("aria-label") == f"{rank} of {english[suit]}"
    assert root.get("role") == "img"
    assert root.get("data-card") == cid
    assert f"card--{DECK.specs[cid].suit.lower()}" in root.get("class").split()


def drawing_of(root) -> lxml.etree._Element:
    """The sprite's symbol that a card's <use> points at (static/img/cards.svg#<id>)."""
    href = root.find(".//use").get("href")
    path, _, symbol = href.partition("#")
    assert path.split("?")[0] == "/static/img/cards.svg"
    found = SPRITE.xpath(f"//svg:symbol[@id='{symbol}']", namespaces=SVG)
    assert len(found) == 1, href
    return found[0]


SVG = {"svg": "http://www.w3.org/2000/svg"}
SPRITE = lxml.etree.parse(str(SPRITE_FILE))


@pytest.mark.parametrize("cid", ACTIVE_IDS)
def test_corners_show_the_rank_and_the_face_shows_pips_or_figure(card, cid):
    symbol = drawing_of(parse(card(cid)))
    rank = DECK.rank[cid]
    texts = symbol.findall(".//svg:text", SVG)
    corners = [t.text for t in texts if "card__index" in t.get("class")]
    assert corners == [str(rank), str(rank)]
    pips = [g for g in symbol.iter("{*}g") if g.get("transform", "").startswith("translate(")]
    figures = [t.text for t in texts if "card__figure" in t.get("class")]
    if rank <= 7:
        assert len(pips) == rank and figures == []
    else:  # sota, caballo, rey: a big letter over one suit symbol
        assert figures == [{10: "S", 11: "C", 12: "R"}[rank]] and len(pips) == 1


def test_the_committed_sprite_is_what_the_template_draws():
    """static/img/cards.svg is written by `python -m siete.play.sprite`; run it after a change."""
    app = Flask(__name__, template_folder=str(TEMPLATES))
    assert SPRITE_FILE.read_text(encoding="utf-8") == draw_sprite(app)


def test_the_sprite_is_csp_safe_and_has_every_card():
    """Colours are presentation attributes: a style attribute or element would need the CSP's
    'unsafe-inline', and a <use>d symbol is out of reach of the page's stylesheet."""
    text = SPRITE_FILE.read_text(encoding="utf-8")
    assert "style" not in text and "<script" not in text
    ids = {s.get("id") for s in SPRITE.getroot()}
    assert set(ACTIVE_IDS) <= ids and {"back", "unknown"} <= ids


def test_examples_read_as_issue_16_writes_them(card):
    """The card's name as lists name it (#28: one naming everywhere; the rules page says which
    Spanish suit each English name stands for)."""
    assert parse(card("C05")).get("aria-label") == "5 of cups"
    assert parse(card("O12")).get("aria-label") == "king of coins"
    assert parse(card("B01")).get("aria-label") == "ace of clubs"
    assert parse(card("E10")).get("aria-label") == "jack of swords"
    assert parse(card("B11")).get("aria-label") == "knight of clubs"


@pytest.mark.parametrize("cid", ACTIVE_IDS)
def test_face_down_card_hides_its_identity(card, cid):
    markup = str(card(cid, face_down=True))
    root = parse(markup)
    assert root.get("aria-label") == "face-down card"
    assert cid not in markup and "data-card" not in markup
    # Every face-down card is byte-for-byte the same, so nothing else can leak it either.
    assert markup == str(card("O01", face_down=True))


def test_each_suit_has_its_own_drawing(card):
    drawings = {suit: "".join(lxml.etree.tostring(g, encoding=str)
                              for g in drawing_of(parse(card(f"{suit[0]}01"))).iter("{*}g"))
                for suit in SUITS}
    assert len(set(drawings.values())) == 4


@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_sizes_are_css_classes(card, size):
    assert f"card--{size}" in parse(card("O07", size=size)).get("class").split()
    assert f"card--{size}" in parse(card(None, face_down=True, size=size)).get("class").split()


def test_unknown_size_falls_back_to_md(card):
    assert "card--md" in parse(card("O07", size="huge")).get("class").split()


@pytest.mark.parametrize("bad", ["X05", "O13", "O00", "O5", "", None, "C1O"])
def test_unknown_id_renders_a_placeholder(card, bad):
    root = parse(card(bad))
    assert root.get("aria-label") == "unknown card"


@pytest.mark.parametrize("cid", ["O01", "C07", "E12", "B10"])
def test_markup_is_csp_safe_and_id_free(card, cid):
    """No style attributes (CSP style-src 'self') and no ids (a page may show a card twice)."""
    for markup in (str(card(cid)), str(card(cid, face_down=True))):
        root = parse(markup)
        for el in root.iter():
            assert el.get("style") is None
            assert el.get("id") is None
        assert "<script" not in markup and "<style" not in markup
