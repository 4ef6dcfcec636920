"""Issue 18's promise, held for every game the suite records: a game exported by
/games/<id>/scenario.json and replayed as `python -m siete replay` does comes out as recorded.

tests/conftest.py runs `check_recorded_games` on each test's database before it is emptied;
the browser tests' own servers (tests/e2e/conftest.py, tests/reports/test_reports_browser.py)
run it when they stop. The export is the route's own code (scenario_of, then jsonify); the replay is the
CLI's steps (load_scenario on the file's text, replay on the config file's settings, JSON out
and back in). What the replay prints is compared with what the database holds, read back by
the game page's loader: the seating order; each hand's number, bank, play order, totals,
results, points after settlement and eliminated players; whether the game finished, its
winner and final points.
On top of the printed output, each hand's bank result and each seat's final place and
result are compared too, so a difference the output leaves out is still caught.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from functools import lru_cache

from flask import Flask, jsonify
from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game
from siete.data.xmlfiles import load_game
from siete.engine.replay import ScenarioError, load_scenario, replay
from siete.history.scenario import scenario_of
from siete.service.records.game_record import GameRecord, load_record
from siete.service.records.recording import final_seats

# A game is exported once it has started; a waiting table has nothing to replay (409).
STARTED = ("playing", "finished", "abandoned")


@dataclass
class Tally:
    """How many games the check replayed in this run, by status."""

    finished: int = 0
    unfinished: int = 0  # running or abandoned games: their settled hands only
    seconds: float = 0.0  # time the check took, to weigh it against the suite's
    failures: list[str] = field(default_factory=list)


TALLY = Tally()


@lru_cache(maxsize=1)
def cli_config():
    """The settings `python -m siete replay` plays under: the config file's, never the app's."""
    return load_game()


def check_recorded_games(app: Flask, tally: Tally | None = None) -> list[str]:
    """Export and replay every started game in app's database; one line per game that differs.

    `tally`, when given, counts the games and the time (the suite's TALLY).
    """
    tally = tally if tally is not None else Tally()
    failures, started = [], time.perf_counter()
    with app.test_request_context():
        ids = db.session.scalars(select(Game.id).where(Game.status.in_(STARTED))
                                 .order_by(Game.id)).all()
        for game_id in ids:
            record = load_record(game_id)
            if record is None or any(seat.seat_card is None for seat in record.seats):
                continue  # started but not yet dealt: the export answers 409, nothing to check
            try:
                problem = replay_difference(game_id, record)
            except Exception as exc:  # noqa: BLE001 - reported with the game's id, not a bare trace
                problem = f"the check itself failed: {exc!r}"
            if record.finished:
                tally.finished += 1
            else:
                tally.unfinished += 1
            if problem:
                failures.append(f"game {game_id} ({record.game.status}): {problem}")
        db.session.remove()
    tally.failures.extend(failures)
    tally.seconds += time.perf_counter() - started
    return failures


def replay_difference(game_id: int, record: GameRecord) -> str | None:
    """The first way the exported game's replay differs from the record, or None."""
    text = exported_text(record)
    bank_results: list[str] = []
    try:
        result = replay(load_scenario(text), cli_config(),
                        on_hand=lambda _state, hand: bank_results.append(hand.bank_result))
    except ScenarioError as exc:
        return f"the replay stops: {exc}"
    # The CLI prints with indent=1, which only Python's slow encoder does; the values are the same.
    printed = json.loads(json.dumps(result.to_json(), ensure_ascii=False))
    expected = recorded_output(record)
    if expected != printed or printed["finished"] is not expected["finished"]:
        return first_difference(expected, printed) or "the output differs"
    for index, (hand, replayed) in enumerate(zip(record.hands, bank_results)):
        if hand.bank_result != replayed:
            return f".hands[{index}] bank result: recorded {hand.bank_result!r}, replayed {replayed!r}"
    if record.finished:
        return _final_places_difference(record, result.state)
    return None


def exported_text(record: GameRecord) -> str:
    """The body of /games/<id>/scenario.json, as the route builds it from the loaded record.

    (The route loads the record itself; loading it once here, for the export and the
    comparison alike, halves the check's queries.)
    """
    return jsonify(scenario_of(record)).get_data(as_text=True)


def _final_places_difference(record: GameRecord, state) -> str | None:
    for index, columns in final_seats(state).items():
        seat = record.seats[index]
        stored = {"final_position": seat.final_position, "result": seat.result}
        replayed = {key: columns[key] for key in stored}
        if stored != replayed:
            return f"{seat.name}'s place: recorded {stored}, replayed {replayed}"
    return None


def recorded_output(record: GameRecord) -> dict:
    """What `python -m siete replay` should print for the game, built from its stored rows."""
    seats, game = record.seats, record.game
    points = {seat.name: game.initial_points for seat in seats}
    hands = []
    for hand in record.hands:
        turns = sorted(hand.turns, key=lambda t: t.position)  # the bank (0) first, as R6.5
        for turn in turns:
            points[turn.seat.name] = turn.points_end
        hands.append({
            "number": hand.number, "bank": hand.bank.name,
            "order": [t.seat.name for t in turns],
            "totals": {t.seat.name: _number(t.total) for t in turns},
            "results": {t.seat.name: t.result for t in turns if not t.is_bank},
            "points": dict(points),
            "eliminated": [t.seat.name for t in turns if t.points_end == 0]})
    finished = record.finished
    winner = next((s.name for s in seats if s.player_id == game.winner_player_id), None)
    return {
        "order": [s.name for s in sorted(seats, key=lambda s: s.start_position)],
        "hands": hands, "finished": finished, "winner": winner if finished else None,
        "points": {s.name: s.final_points for s in seats} if finished else points}


def _number(value) -> int | float:
    """A stored total (Decimal on MariaDB, float on SQLite) as the replay prints it."""
    value = float(value)
    return int(value) if value.is_integer() else value


def first_difference(recorded, replayed, path: str = "") -> str | None:
    """The first place two JSON values differ, as 'path: recorded X, replayed Y'."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in list(recorded) + [k for k in replayed if k not in recorded]:
            if key not in recorded or key not in replayed:
                return (f"{path}.{key}: recorded {recorded.get(key, '(none)')!r}, "
                        f"replayed {replayed.get(key, '(none)')!r}")
            problem = first_difference(recorded[key], replayed[key], f"{path}.{key}")
            if problem:
                return problem
        return None
    if isinstance(recorded, list) and isinstance(replayed, list):
        for index, (mine, theirs) in enumerate(zip(recorded, replayed)):
            problem = first_difference(mine, theirs, f"{path}[{index}]")
            if problem:
                return problem
        if len(recorded) != len(replayed):
            return f"{path}: recorded {len(recorded)} items, replayed {len(replayed)}"
        return None
    if recorded != replayed or type(recorded) is bool and type(replayed) is not bool:
        return f"{path or 'output'}: recorded {recorded!r}, replayed {replayed!r}"
    return None
