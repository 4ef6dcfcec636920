"""`python -m siete play`: the brief's manual mode, driven through a pipe as a script drives it.

Each test runs the command in a process of its own, as the operator does, with its answers on
standard input. "1\\ns\\n" over and over is a valid answer to every question a game asks
(a bet of 1, then stand; the bank, which places no bet, is asked again after the "1"), so a
whole game plays out whoever holds the bank; the rules named are RULES.md's.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game, GamePlayer
from siete.data.people import Player

ROOT = Path(__file__).resolve().parents[2]
ENGLISH, SPANISH = "en_US.UTF-8", "es_ES.UTF-8"
BET_AND_STAND = "1\ns\n" * 80


def play(*args: str, answers: str = BET_AND_STAND, lang: str = ENGLISH,
         database_url: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""}
    if database_url is not None:
        env["DATABASE_URL"] = database_url
    return subprocess.run([sys.executable, "-m", "siete", "play", *args], input=answers,
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def standings(stdout: str) -> dict[str, int]:
    """The final table's name -> points (rich draws it with │ between the cells)."""
    table = stdout[stdout.rindex("Standings" if "Standings" in stdout else "Clasificación"):]
    rows = re.findall(r"│ (\d+) │ (\w+) +│ (\d+) +│", table)
    return {name: int(points) for _place, name, points in rows}


def test_a_whole_game_from_piped_input_in_english():
    done = play("--players", "ana,bob", "--bots", "2", "--hands", "3", "--seed", "7")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Cards for the bank (the highest takes it):" in out  # R3, the game page's words
    assert "--- ana's turn ---" in out and "--- bob's turn ---" in out
    assert "Your bet (1-4):" in out and "draw (d) or stand (s)?" in out  # R4.4: ceil(20% of 20)
    assert "Hand 3 of 3" in out and "the game is over" in out  # R2.3, R7.1
    final = standings(out)
    assert set(final) == {"ana", "bob", "standard1", "standard2"}
    assert sum(final.values()) == 4 * 20  # R2.4: points are conserved
    assert "Traceback" not in done.stderr


def test_a_whole_game_from_piped_input_in_spanish():
    done = play("--players", "ana,bob", "--bots", "1", "--profile", "cautious", "--hands", "2",
                "--seed", "7", lang=SPANISH)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Cartas de sorteo de la banca (la más alta se la queda):" in out  # as the game page
    assert "--- turno de ana ---" in out and "Tu apuesta (1-4):" in out
    assert "¿pides carta (d) o te plantas (s)?" in out and "Clasificación" in out
    assert "Jugador" in out and "Apuesta" in out and "Standings" not in out
    assert set(standings(out)) == {"ana", "bob", "cautious1"}


def test_the_same_seed_and_answers_play_the_same_game():
    first = play("--players", "ana", "--bots", "3", "--hands", "4", "--seed", "11")
    second = play("--players", "ana", "--bots", "3", "--hands", "4", "--seed", "11")
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout


def test_r4_2_only_the_person_in_turn_sees_their_face_down_card():
    done = play("--players", "ana,bob", "--hands", "1", "--seed", "7")
    turns = done.stdout.split("\n--- ")[1:]  # "--- ana's turn ---" and its table
    own_cards_seen = 0
    for turn in turns:
        name = turn.split("'s turn")[0]
        rows = [line for line in turn.splitlines() if line.startswith("│ ")]
        others = [r for r in rows if not r.startswith(f"│ {name} ")]
        assert not any("[" in r for r in others)  # nobody else's first card is shown to them
        own_cards_seen += any("[" in r for r in rows if r.startswith(f"│ {name} "))
    assert turns and own_cards_seen  # the punter in turn sees their own, marked [...]
    assert "[card]: your face-down card, only you see it" in done.stdout


def test_a_face_card_face_down_is_printed_whole():
    # A card's name in brackets is printed as it is, not read as rich's markup ("[jack of
    # cups]" would vanish as a style tag). With this seed ana's first card is the jack of clubs.
    done = play("--players", "ana", "--bots", "1", "--hands", "1", "--seed", "5")
    mine = re.search(r"│ ana +│ \[(\w+) of (\w+)\]", done.stdout)
    assert mine is not None and mine[1] in ("jack", "knight", "king"), done.stdout


def test_names_are_asked_again_when_bad_or_taken():
    answers = ("9ana\nana_b\nAnaBelénGarcía\nal\nAnabelleGarciaLopez21\nana\nANA\n"
               "AnabelleGarciaLopez2\n\n7\n1\nbold\n" + BET_AND_STAND)
    done = play("--hands", "1", "--seed", "3", answers=answers)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # words2: names were refused past 8 characters (the brief's limit of 8 players, misread)
    # while the site's usernames are 3 to 20: the terminal takes what the site takes
    rule = "letters and digits only (no accents), starting with a letter, 3 to 20 characters"
    for bad in ("9ana", "ana_b", "AnaBelénGarcía", "al", "AnabelleGarciaLopez21"):
        assert f"{bad} is not a name: {rule}" in out
    assert "ANA is already playing: choose another name" in out
    assert "How many bots (0-6)? 7\ntype a whole number from 0 to 6" in out
    assert "Bots' profile (standard, cautious, bold, expert) [standard]: bold" in out
    assert set(standings(out)) == {"ana", "AnabelleGarciaLopez2", "bold1"}


def test_a_lone_person_is_asked_for_at_least_one_bot():
    done = play("--hands", "1", "--seed", "3", answers="\nana\n\n0\n2\n\n" + BET_AND_STAND)
    assert done.returncode == 0, done.stderr
    assert "at least one person plays" in done.stdout
    assert "How many bots (1-7)? 0\ntype a whole number from 1 to 7" in done.stdout
    assert set(standings(done.stdout)) == {"ana", "standard1", "standard2"}


def test_bad_bets_and_bad_keys_are_asked_again():
    # R4.4: 1 to ceil(20% of 20) = 4. ana holds no bank in hand 1 with this seed. "٢" (the
    # Arabic-Indic two) passes str.isdigit() and int(), but a whole number is typed in 0-9.
    answers = "0\n5\nx\n-1\n٢\n2\nq\nd\n" + "s\n1\n" * 80
    done = play("--players", "ana", "--bots", "1", "--hands", "1", "--seed", "5", answers=answers)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.count("type a whole number from 1 to 4") == 5
    assert "ana bets 2" in out
    assert "draw (d) or stand (s)? q\ntype d to draw or s to stand" in out
    assert "ana draws" in out


def test_the_end_of_the_input_ends_the_game_with_status_1():
    for args, answers in ((("--players", "ana,bob"), "1\n"), ((), ""), ((), "ana\n")):
        done = play(*args, "--seed", "7", answers=answers)
        assert done.returncode == 1
        assert "the input ended before the game did" in done.stderr
        assert "Traceback" not in done.stderr and "Aborted" not in done.stderr


def test_bad_options_are_one_line_and_status_2():
    for args, words in ((("--players", "ana,9x"), "9x is not a name"),
                        (("--players", "ana,Ana"), "Ana is already playing"),
                        (("--players", "ana", "--bots", "0"), "must be 2-8 in all"),
                        (("--players", "ana,bob,cid,dan,eva", "--bots", "4"), "must be 2-8 in all")):
        done = play(*args, "--seed", "1", answers="")
        assert done.returncode == 2, done.stderr
        assert words in done.stderr and "Traceback" not in done.stderr


def test_record_stores_the_game_as_any_other(app, database_url):
    done = play("--players", "ana,bob", "--bots", "1", "--profile", "bold", "--hands", "2",
                "--seed", "9", "--record", database_url=database_url)
    assert done.returncode == 0, done.stderr
    game_id = int(re.search(r"stored as game (\d+)", done.stdout)[1])
    final = standings(done.stdout)
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.status == "finished" and game.hands_played == 2 and game.max_hands == 2
        assert game.seed == 9 and game.name == "python -m siete play"
        seats = db.session.execute(
            select(Player.name, Player.kind, Player.profile, GamePlayer.final_points)
            .join(GamePlayer).where(GamePlayer.game_id == game_id)
            .order_by(GamePlayer.join_order)).all()
    assert [(s.name, s.kind) for s in seats] == [("ana", "human"), ("bob", "human"),
                                                 ("bold1", "bot")]
    assert seats[2].profile == "bold"
    assert {s.name: s.final_points for s in seats} == final


def test_a_scenarios_bot_profiles_must_be_known_ones(app, database_url, tmp_path):
    # play --record writes bot_profiles; replay --record refuses one it could not store.
    data = json.loads((ROOT / "tests" / "scenarios" / "01_one_hand.json").read_text())
    data.update(bots=["bob"], bot_profiles={"bob": "wizard"})
    path = tmp_path / "wizard.json"
    path.write_text(json.dumps(data))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": database_url}
    done = subprocess.run([sys.executable, "-m", "siete", "replay", "--record", str(path)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "bot_profiles maps names to standard, cautious, bold, expert" in done.stderr
    with app.app_context():
        assert db.session.scalar(select(Game.id)) is None
