"""The XML files: shipped config and cards load, broken files fail clearly, reports write safely."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from lxml import etree

from siete.data import xmlfiles
from siete.data.xmlfiles import (
    XmlFileError,
    load_cards,
    load_game,
    load_game_config,
    read_reports_xml,
    write_reports_xml,
)
from siete.engine import deck, rules
from siete.engine.cards import SUITS, spanish_deck
from siete.engine.config import GameConfig
from siete.paths import CONFIG_DIR

SHIPPED_CARDS = (CONFIG_DIR / "cards.xml").read_text(encoding="utf-8")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def config_xml(body: str, root: str = "Inital_Config") -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<{root}>\n{body}\n</{root}>\n'


def assert_error(exc_info, path: Path, line: int | None, *words: str) -> None:
    """The error is one line naming the file and line, and says what is wrong."""
    err = exc_info.value
    text = str(err)
    assert "\n" not in text
    assert err.path == str(path)
    assert err.line == line
    prefix = f"{path}:{line}: " if line is not None else f"{path}: "
    assert text.startswith(prefix), text
    for word in words:
        assert word in err.reason, err.reason


# ---------------------------------------------------------------- shipped files

def test_shipped_game_config_has_the_documented_defaults():
    path = CONFIG_DIR / "Basic_Config_Game.xml"
    config = load_game_config(path)
    assert (config.min_players, config.max_players, config.max_hands) == (2, 8, 30)
    assert (config.initial_points, config.auto_mode) == (20, True)
    assert etree.parse(str(path)).getroot().tag == "Inital_Config"  # the brief's spelling


def test_shipped_cards_are_the_48_card_spanish_deck_R1_1_R1_3():
    cards = load_cards(CONFIG_DIR / "cards.xml")
    ids = [c.id for c in cards]
    assert len(cards) == 48 and len(set(ids)) == 48
    assert sum(c.active for c in cards) == 40
    assert all(c.active == (c.value not in (8, 9)) for c in cards)
    assert ids[:2] == ["O01", "O02"] and ids[11:13] == ["O12", "C01"] and ids[-1] == "B12"
    assert [c.suit for c in cards[::12]] == list(SUITS)
    assert cards == spanish_deck()


def test_defaults_are_the_repo_files(monkeypatch):
    monkeypatch.delenv(xmlfiles.GAME_CONFIG_ENV, raising=False)
    monkeypatch.delenv(xmlfiles.CARDS_FILE_ENV, raising=False)
    assert load_game_config() == GameConfig()
    assert len(load_cards()) == 48


def test_load_game_brings_the_config_and_the_cards_of_the_xml_files(monkeypatch):
    monkeypatch.delenv(xmlfiles.CARDS_FILE_ENV, raising=False)
    cards = load_game().cards
    assert len(cards.active) == 40
    assert not cards.is_active("O08") and cards.is_active("B12")


# ---------------------------------------------------------------- config variants

@pytest.mark.parametrize("root", ["Inital_Config", "Initial_Config"])
def test_both_root_spellings_are_accepted(tmp_path, root):
    path = write(tmp_path, "c.xml", config_xml("<Num_Max_Rounds>15</Num_Max_Rounds>", root))
    assert load_game_config(path).max_hands == 15


def test_keys_in_any_order(tmp_path):
    body = """<Is_Allowed_Auto_Mode>false</Is_Allowed_Auto_Mode>
  <Num_Initial_Points>50</Num_Initial_Points>
  <Num_Max_Rounds>10</Num_Max_Rounds>
  <Num_Max_Players>4</Num_Max_Players>
  <Num_Min_Players>3</Num_Min_Players>"""
    config = load_game_config(write(tmp_path, "c.xml", config_xml(body)))
    assert config == GameConfig(min_players=3, max_players=4, max_hands=10, initial_points=50, auto_mode=False)


def test_missing_keys_take_the_defaults(tmp_path):
    config = load_game_config(write(tmp_path, "c.xml", config_xml("<Num_Initial_Points>7</Num_Initial_Points>")))
    assert config == GameConfig(initial_points=7)
    assert load_game_config(write(tmp_path, "empty.xml", "<Initial_Config/>")) == GameConfig()


def test_values_may_be_surrounded_by_whitespace(tmp_path):
    body = "<Num_Max_Rounds> 12 </Num_Max_Rounds>\n<Is_Allowed_Auto_Mode>\n false\n</Is_Allowed_Auto_Mode>"
    config = load_game_config(write(tmp_path, "c.xml", config_xml(body)))
    assert (config.max_hands, config.auto_mode) == (12, False)


def test_env_var_points_to_another_config(tmp_path, monkeypatch):
    path = write(tmp_path, "other.xml", config_xml("<Num_Max_Players>5</Num_Max_Players>"))
    monkeypatch.setenv(xmlfiles.GAME_CONFIG_ENV, str(path))
    assert load_game_config().max_players == 5
    assert load_game_config(CONFIG_DIR / "Basic_Config_Game.xml").max_players == 8  # an explicit path wins


def test_env_var_points_to_another_cards_file(tmp_path, monkeypatch):
    path = write(tmp_path, "cards.xml", SHIPPED_CARDS.replace(
        "<Id>O08</Id><Value>8</Value><Suit>Oros</Suit><Is_Active>false",
        "<Id>O08</Id><Value>8</Value><Suit>Oros</Suit><Is_Active>true"))
    monkeypatch.setenv(xmlfiles.CARDS_FILE_ENV, str(path))
    cards = load_cards()
    assert sum(c.active for c in cards) == 41
    assert next(c for c in cards if c.id == "O08").active
    # the engine deals from the cards it is given: here, with the 8 of oros
    config = load_game()
    state = rules.new_game(["a", "b"], config, ["O08", "O12"])
    assert state.seats[0].seat_card == "O08" and len(deck.shuffled_deck(config.cards, random.Random(1))) == 41


# ---------------------------------------------------------------- broken config files

def test_missing_file(tmp_path):
    path = tmp_path / "nope.xml"
    with pytest.raises(XmlFileError) as exc_info:
        load_game_config(path)
    assert_error(exc_info, path, None, "not found")


def test_malformed_xml_names_the_right_line(tmp_path):
    text = '<?xml version="1.0"?>\n<Inital_Config>\n  <Num_Max_Rounds>30\n</Inital_Config>\n'
    path = write(tmp_path, "c.xml", text)
    with pytest.raises(XmlFileError) as exc_info:
        load_game_config(path)
    assert_error(exc_info, path, 4, "malformed XML", "mismatch")


def test_empty_file_is_malformed(tmp_path):
    path = write(tmp_path, "c.xml", "")
    with pytest.raises(XmlFileError) as exc_info:
        load_game_config(path)
    assert_error(exc_info, path, 1, "malformed XML")


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        ("<Num_Max_Rounds>many</Num_Max_Rounds>", 3, ("Num_Max_Rounds", "many")),  # wrong type
        ("<Is_Allowed_Auto_Mode>yes</Is_Allowed_Auto_Mode>", 3, ("Is_Allowed_Auto_Mode", "yes")),
        ("<Is_Allowed_Auto_Mode>1</Is_Allowed_Auto_Mode>", 3, ("Is_Allowed_Auto_Mode",)),
        ("<Num_Min_Players>1</Num_Min_Players>", 3, ("Num_Min_Players", "minimum")),  # out of range
        ("<Num_Max_Players>9</Num_Max_Players>", 3, ("Num_Max_Players", "maximum")),
        ("<Num_Max_Rounds>0</Num_Max_Rounds>", 3, ("Num_Max_Rounds",)),
        ("<Num_Initial_Points>-4</Num_Initial_Points>", 3, ("Num_Initial_Points",)),
        ("<Num_Max_Rounds>2.5</Num_Max_Rounds>", 3, ("Num_Max_Rounds",)),
        ("<Num_Max_Rounds>3</Num_Max_Rounds>\n<Num_Max_Rounds>4</Num_Max_Rounds>", 4, ("Num_Max_Rounds",)),
        ("<Num_Rounds>3</Num_Rounds>", 3, ("Num_Rounds",)),  # unknown key
    ],
)
def test_off_schema_config(tmp_path, body, line, words):
    path = write(tmp_path, "c.xml", config_xml(body))
    with pytest.raises(XmlFileError) as exc_info:
        load_game_config(path)
    assert_error(exc_info, path, line, *words)


@pytest.mark.parametrize(("load", "expected"), [(load_game_config, "Inital_Config"), (load_cards, "<Cards>")])
def test_unknown_root(tmp_path, load, expected):
    path = write(tmp_path, "c.xml", '<?xml version="1.0"?>\n<Config>\n</Config>\n')
    with pytest.raises(XmlFileError) as exc_info:
        load(path)
    assert_error(exc_info, path, 2, "<Config>", expected)


def test_min_players_above_max_players(tmp_path):
    body = "<Num_Max_Players>3</Num_Max_Players>\n<Num_Min_Players>4</Num_Min_Players>"
    path = write(tmp_path, "c.xml", config_xml(body))
    with pytest.raises(XmlFileError) as exc_info:
        load_game_config(path)
    assert_error(exc_info, path, 3, "Num_Max_Players (3)", "Num_Min_Players (4)")


def test_min_players_above_the_default_max(tmp_path):
    path = write(tmp_path, "c.xml", config_xml("\n<Num_Min_Players>9</Num_Min_Players>"))
    with pytest.raises(XmlFileError) as exc_info:
        load_game_config(path)
    assert_error(exc_info, path, 4, "default", "Num_Min_Players (9)")


def test_doctype_and_entities_are_refused(tmp_path):
    text = ('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/hostname">]>\n'
            "<Inital_Config><Num_Max_Rounds>&e;</Num_Max_Rounds></Inital_Config>\n")
    path = write(tmp_path, "c.xml", text)
    with pytest.raises(XmlFileError) as exc_info:
        load_game_config(path)
    assert_error(exc_info, path, 2, "DOCTYPE")


# ---------------------------------------------------------------- broken cards files

def card_line(card_id: str) -> int:
    """The line of the shipped file that holds a card."""
    return next(n for n, text in enumerate(SHIPPED_CARDS.splitlines(), 1) if f"<Id>{card_id}</Id>" in text)


def load_broken_cards(tmp_path, old: str, new: str):
    assert old in SHIPPED_CARDS
    path = write(tmp_path, "cards.xml", SHIPPED_CARDS.replace(old, new, 1))
    with pytest.raises(XmlFileError) as exc_info:
        load_cards(path)
    return path, exc_info


def test_duplicate_card_id(tmp_path):
    path, exc_info = load_broken_cards(tmp_path, "<Id>O02</Id>", "<Id>O01</Id>")
    assert_error(exc_info, path, card_line("O03") - 1, "Duplicate", "O01")


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("<Id>C05</Id><Value>5</Value>", "<Id>C05</Id><Value>6</Value>", ("C05", "Value 6", "C06")),
        ("<Id>E07</Id><Value>7</Value><Suit>Espadas</Suit>", "<Id>E07</Id><Value>7</Value><Suit>Bastos</Suit>",
         ("E07", "Bastos", "B07")),
    ],
)
def test_card_id_must_match_value_and_suit_R1_3(tmp_path, old, new, words):
    path, exc_info = load_broken_cards(tmp_path, old, new)
    assert_error(exc_info, path, card_line(words[0]), *words)


@pytest.mark.parametrize(
    ("old", "new", "word"),
    [
        ("<Id>O01</Id>", "<Id>O1</Id>", "Id"),
        ("<Id>O01</Id>", "<Id>X01</Id>", "Id"),
        ("<Value>12</Value>", "<Value>13</Value>", "Value"),
        ("<Value>1</Value>", "<Value>one</Value>", "Value"),
        ("<Suit>Copas</Suit>", "<Suit>Hearts</Suit>", "Suit"),
        ("<Is_Active>true</Is_Active>", "<Is_Active>si</Is_Active>", "Is_Active"),
        ("<Suit>Oros</Suit>", "", "Suit"),
    ],
)
def test_off_schema_cards(tmp_path, old, new, word):
    path, exc_info = load_broken_cards(tmp_path, old, new)
    line = next(n for n, text in enumerate(SHIPPED_CARDS.splitlines(), 1) if old in text)
    assert_error(exc_info, path, line, word)


def test_cards_file_with_no_active_card(tmp_path):
    path = write(tmp_path, "cards.xml", SHIPPED_CARDS.replace("<Is_Active>true", "<Is_Active>false"))
    with pytest.raises(XmlFileError) as exc_info:
        load_cards(path)
    assert_error(exc_info, path, 3, "Is_Active")


# ---------------------------------------------------------------- reports

REPORTS = [
    {"key": "first_card", "title": "Most frequent first card", "columns": ["player", "card", "times"],
     "rows": [["ana", "O01", 3], ["bot_1", "C12", 1]]},
    {"key": "bot_wins", "title": "Games won by bots", "columns": ["games", "won_by_bots", "won_pct"],
     "rows": [[4, 1, 25.0]]},
    {"key": "best_game", "title": "Best game & <more>", "columns": ["player", "game", "points", "won"],
     "rows": [["eva", None, 0, "no"]]},
    {"key": "empty", "title": "Nothing yet", "columns": ["player"], "rows": []},
]


def test_reports_round_trip_and_validate(tmp_path):
    path = tmp_path / "reports.xml"
    write_reports_xml(REPORTS, path)
    back = read_reports_xml(path)
    assert [r["key"] for r in back] == [r["key"] for r in REPORTS]
    assert [r["title"] for r in back] == [r["title"] for r in REPORTS]
    for written, read in zip(REPORTS[:3], back[:3]):
        assert read["columns"] == written["columns"]
        assert read["rows"] == [[None if v is None else str(v) for v in row] for row in written["rows"]]
    assert back[3]["rows"] == []
    schema = etree.XMLSchema(etree.parse(str(CONFIG_DIR / "reports.xsd")))
    assert schema.validate(etree.parse(str(path)))


def test_report_rows_have_one_element_per_column(tmp_path):
    path = tmp_path / "reports.xml"
    write_reports_xml(REPORTS[:1], path)
    row = etree.parse(str(path)).getroot().find("Report/Row")
    assert etree.tostring(row, encoding="unicode").split() == [
        "<Row>", "<player>ana</player>", "<card>O01</card>", "<times>3</times>", "</Row>"]
    assert etree.parse(str(path)).getroot().find("Report").get("title") == "Most frequent first card"


def test_columns_named_like_structure_are_fine(tmp_path):
    path = tmp_path / "reports.xml"
    write_reports_xml([{"key": "odd", "title": "Odd", "columns": ["Row", "Report", "Reports"],
                        "rows": [[1, 2, 3]]}], path)
    assert read_reports_xml(path)[0]["rows"] == [["1", "2", "3"]]


def files_in(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


@pytest.mark.parametrize(
    ("bad_report", "has_line"),
    [
        ({"key": "bad key", "title": "T", "columns": [], "rows": []}, True),
        ({"key": "k", "title": "  ", "columns": [], "rows": []}, True),
        ({"key": "first_card", "title": "Again", "columns": [], "rows": []}, True),  # keys are unique
        ({"key": "k", "title": "T", "columns": ["a"], "rows": [[1, 2]]}, False),
        ({"key": "k", "title": "T", "columns": ["not a name"], "rows": [[1]]}, False),
        ({"key": "k", "title": "T", "columns": ["a"], "rows": [["bell \x07"]]}, False),
    ],
)
def test_failed_write_leaves_no_file(tmp_path, bad_report, has_line):
    path = tmp_path / "reports.xml"
    with pytest.raises(XmlFileError) as exc_info:
        write_reports_xml([REPORTS[0], bad_report], path)
    assert exc_info.value.path == str(path)
    assert (exc_info.value.line is not None) == has_line
    assert files_in(tmp_path) == []


def test_failed_write_keeps_the_older_file(tmp_path):
    path = tmp_path / "reports.xml"
    write_reports_xml(REPORTS, path)
    before = path.read_bytes()
    with pytest.raises(XmlFileError):
        write_reports_xml([{"key": "bad key", "title": "T", "columns": [], "rows": []}], path)
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["reports.xml"]


def test_failed_rename_leaves_no_temp_file_and_keeps_the_older_file(tmp_path, monkeypatch):
    path = tmp_path / "reports.xml"
    write_reports_xml(REPORTS[:1], path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(xmlfiles.os, "replace", broken_replace)
    with pytest.raises(XmlFileError) as exc_info:
        write_reports_xml(REPORTS, path)
    assert "No space left" in str(exc_info.value)
    assert path.read_bytes() == before
    assert files_in(tmp_path) == ["reports.xml"]


def test_failed_write_in_a_missing_directory(tmp_path):
    path = tmp_path / "no" / "such" / "reports.xml"
    with pytest.raises(XmlFileError):
        write_reports_xml(REPORTS, path)
    assert files_in(tmp_path) == []


def test_rewrite_replaces_the_file_and_keeps_its_mode(tmp_path):
    path = tmp_path / "reports.xml"
    write_reports_xml(REPORTS, path)
    os.chmod(path, 0o640)
    write_reports_xml(REPORTS[:1], path)
    assert [r["key"] for r in read_reports_xml(path)] == ["first_card"]
    assert (path.stat().st_mode & 0o777) == 0o640
    assert files_in(tmp_path) == ["reports.xml"]


def test_schemas_are_parsed_once():
    xmlfiles._schema.cache_clear()
    load_cards()
    load_cards()
    load_game_config(CONFIG_DIR / "Basic_Config_Game.xml")
    info = xmlfiles._schema.cache_info()
    assert (info.misses, info.hits) == (2, 1)
