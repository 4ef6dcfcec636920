"""The cards file is read the first time cards are dealt, then kept in memory (XML.md; the
brief: "se leerá la primera vez que se repartan cartas"), and a missing or broken file is
still a clear error at that deal: a 503 page on the web, one line and exit 2 for a command."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from siete.data import cards_file, xmlfiles
from siete.data.xmlfiles import XmlFileError, load_game
from siete.engine import deck, rules
from siete.paths import CONFIG_DIR
from siete.settings import service_settings
from tests.support.play import HX, client_for, load, make_user, text, waiting_table

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "tests" / "scenarios" / "01_one_hand.json"
SHIPPED = (CONFIG_DIR / "cards.xml").read_text(encoding="utf-8")
BROKEN = SHIPPED.replace("<Suit>Oros</Suit>", "<Suit>Oro</Suit>", 1)  # off the schema


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """Every read of a cards file from here on, by path."""
    seen: list[str] = []
    real = xmlfiles.load_cards

    def counted(path):
        seen.append(str(path))
        return real(path)

    monkeypatch.setattr(xmlfiles, "load_cards", counted)  # what load_game hands a CardsFile
    return seen


def test_load_game_locates_the_cards_file_and_the_first_deal_reads_it_once(tmp_path, reads):
    path = tmp_path / "cards.xml"
    path.write_text(SHIPPED, encoding="utf-8")
    config = load_game(cards_path=path)
    assert reads == [] and not config.cards.loaded
    state = rules.start_game(["ana", "bob"], {}, config, deck.seeded_rng(1, "seating"))  # R3.1
    assert reads == [str(path)] and config.cards.loaded
    path.unlink()  # kept in memory from now on: the next deals need no file
    rules.start_game(["ana", "bob", "cai"], {}, config, deck.seeded_rng(2, "seating"))
    assert reads == [str(path)] and len(state.seats) == 2 and len(config.cards.active) == 40


def test_a_broken_file_fails_at_the_deal_and_a_fixed_one_is_read_at_the_next(tmp_path, reads):
    path = tmp_path / "cards.xml"
    path.write_text(BROKEN, encoding="utf-8")
    config = load_game(cards_path=path)  # start-up does not see it
    with pytest.raises(XmlFileError) as exc_info:
        rules.start_game(["ana", "bob"], {}, config, deck.seeded_rng(1, "seating"))
    assert str(exc_info.value).startswith(f"{path}:") and "Oro" in str(exc_info.value)
    path.write_text(SHIPPED, encoding="utf-8")  # the operator fixes it: no restart needed
    rules.start_game(["ana", "bob"], {}, config, deck.seeded_rng(1, "seating"))
    assert reads == [str(path), str(path)] and config.cards.is_active("B12")


@pytest.mark.parametrize("args", [["replay", str(SCENARIO)],
                                  ["simulate", "--games", "1", "--no-progress"]])
def test_a_command_says_the_files_line_and_exits_2(tmp_path, args):
    path = tmp_path / "cards.xml"
    path.write_text(BROKEN, encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "SIETE_CARDS_FILE": str(path)}
    done = subprocess.run([sys.executable, "-m", "siete", *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{args[0]}: {path}:"), done.stderr


# ---------------------------------------------------------------- the web


@pytest.fixture
def cards_path(tmp_path) -> Path:
    path = tmp_path / "cards.xml"
    path.write_text(BROKEN, encoding="utf-8")
    return path


@pytest.fixture
def app_config(cards_path, monkeypatch) -> dict:
    """The app is made with $SIETE_CARDS_FILE naming a broken file."""
    monkeypatch.setenv(xmlfiles.CARDS_FILE_ENV, str(cards_path))
    return {}


def test_the_app_starts_without_reading_the_cards_file(app, cards_path):
    cards = service_settings(app).game.cards
    assert isinstance(cards, cards_file.CardsFile) and cards.path == str(cards_path)
    assert not cards.loaded
    assert client_for(app, None).get("/").status_code == 200  # the lobby deals nothing


def test_a_broken_cards_file_is_a_clear_503_at_the_first_deal_then_fixed(app, cards_path, caplog):
    ana = make_user(app, "Ana")
    game_id = waiting_table(app, ana, seats=2)
    ana_client = client_for(app, ana)
    for headers in ({}, HX):  # a page, then the htmx fragment aimed at the flash region
        response = ana_client.post(f"/tables/{game_id}/start", data={"fill": "1"}, headers=headers)
        assert response.status_code == 503
        assert "cards file cannot be read" in text(response)
        assert str(cards_path) not in text(response)  # the path is for the operator's log
    assert response.headers["HX-Retarget"] == "#flash"
    logged = [r.getMessage() for r in caplog.records if r.getMessage().startswith("cannot deal:")]
    assert logged and f"{cards_path}:" in logged[0] and "Oro" in logged[0]
    assert load(app, game_id)[0] == "waiting"  # nothing half-dealt was kept

    cards_path.write_text(SHIPPED, encoding="utf-8")  # fixed: the next deal reads it
    started = ana_client.post(f"/tables/{game_id}/start", data={"fill": "1"})
    assert started.status_code == 303 and load(app, game_id)[0] == "playing"
    assert service_settings(app).game.cards.loaded
