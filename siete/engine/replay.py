"""Replay a scenario (SCENARIOS.md) through the real engine and report what happened."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from siete.engine import rules
from siete.engine.cards import points
from siete.engine.codes import Action, RuleCode
from siete.engine.config import GameConfig
from siete.engine.moves import apply_move
from siete.engine.state import DEAL, OVER, PLAY, GameState, HandRecord, RuleError

# re.ASCII: a str pattern's \d also matches other scripts' digits ("٣", "２"), which int() would
# read as numbers; the format (SCENARIOS.md) writes amounts in 0-9 only.
MOVE = re.compile(r"^\s*(?P<name>[^:]+?)\s*:\s*(?P<verb>bet|draw|stand)(?:\s+(?P<amount>-?\d+))?\s*$",
                  re.ASCII)
CONFIG_KEYS = {"initial_points", "max_hands", "min_players", "max_players", "auto_mode"}


class ScenarioError(Exception):
    """A scenario that breaks the rules or the format; str() is the one-line report."""


@dataclass
class ReplayResult:
    """The game a scenario played, with every hand's record."""

    state: GameState
    hands: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        names = [s.name for s in self.state.seats]
        return {
            "order": [names[i] for i in self.state.seating],
            "hands": self.hands,
            "finished": self.state.phase == OVER,
            "winner": None if self.state.winner is None else names[self.state.winner],
            "points": {s.name: s.points for s in self.state.seats},
        }


def load_scenario(text: str) -> dict[str, Any]:
    """Parse a scenario's JSON text, checking its shape."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"the scenario is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise ScenarioError("the scenario needs a list of players")
    for key in ("seat_cards", "hands"):
        if not isinstance(data.get(key), list):
            raise ScenarioError(f"the scenario needs a list of {key}")
    return data


def scenario_config(data: dict[str, Any], base: GameConfig) -> GameConfig:
    """The config file's values, overridden by the scenario's own (R2.2, R2.3)."""
    extra = data.get("config") or {}
    if not isinstance(extra, dict) or set(extra) - CONFIG_KEYS:
        raise ScenarioError(f"config may only set {', '.join(sorted(CONFIG_KEYS))}")
    for key, value in extra.items():  # the engine's numbers are whole (a float would settle
        wanted = bool if key == "auto_mode" else int  # halves of points) and its flags true/false
        if value is not None and type(value) is not wanted:
            kind = "true or false" if wanted is bool else "a whole number"
            raise ScenarioError(f"config: {key} must be {kind}, not {json.dumps(value)}")
    return base.with_overrides(**extra)


def written_cards(cards: list[Any]) -> list[str]:
    """The cards as the file wrote them: a number, null or a list is taken as its JSON text and
    then reported as no card of the deck, like any unknown card."""
    return [card if isinstance(card, str) else json.dumps(card) for card in cards]


def parse_move(move: object) -> tuple[str, str, int | None]:
    """'ana: bet 2' -> ('ana', 'bet', 2)."""
    match = MOVE.match(move) if isinstance(move, str) else None
    if not match or (match["verb"] == Action.BET) != (match["amount"] is not None):
        raise RuleError(RuleCode.UNREADABLE_MOVE)
    amount = match["amount"]
    return match["name"], match["verb"], None if amount is None else int(amount)


def apply_written_move(state: GameState, move: object) -> None:
    """Apply one written move to the game, through the engine's checks."""
    name, verb, amount = parse_move(move)
    apply_move(state, state.seat_index(name), verb, amount)


def replay(data: dict[str, Any], base: GameConfig,
           on_hand: Callable[[GameState, HandRecord], None] | None = None) -> ReplayResult:
    """Play every hand of a scenario; `on_hand` sees each settled hand (for recording)."""
    config = scenario_config(data, base)
    try:
        state = rules.new_game([str(p) for p in data["players"]], config, written_cards(data["seat_cards"]))
    except RuleError as exc:
        raise ScenarioError(f"players: {exc}") from None
    result = ReplayResult(state)
    for number, hand in enumerate(data["hands"], start=1):
        replay_hand(state, number, hand)
        result.hands.append(hand_json(state))
        if on_hand and state.last_hand is not None:
            on_hand(state, state.last_hand)
    return result


def replay_hand(state: GameState, number: int, hand: object) -> None:
    """Deal hand `number` of a scenario and play all its moves (the replay, and the steps of
    engine/replay_steps.py up to the hand they show)."""
    if not isinstance(hand, dict) or not isinstance(hand.get("moves"), list):
        raise ScenarioError(f"hand {number}: a hand needs a deck and a list of moves")
    if state.phase == OVER:
        raise ScenarioError(f"hand {number}, deal: the game is over")
    try:
        rules.deal(state, written_cards(list(hand.get("deck") or [])))
    except RuleError as exc:
        raise ScenarioError(f"hand {number}, deal: {exc}") from None
    moves = hand["moves"]
    for index, move in enumerate(moves, start=1):
        if state.phase != PLAY:
            raise ScenarioError(f"hand {number}, move {index} ({move!r}): the hand is over")
        try:
            apply_written_move(state, move)
        except RuleError as exc:
            raise ScenarioError(f"hand {number}, move {index} ({move!r}): {exc}") from None
    if state.phase not in (DEAL, OVER):
        seat = state.current_seat()
        waiting = "?" if seat is None else state.seats[seat].name
        raise ScenarioError(f"hand {number}, move {len(moves) + 1} (end of moves): "
                            f"the hand is not over, {waiting} still has to play")


def hand_json(state: GameState) -> dict[str, Any]:
    """The last settled hand in SCENARIOS.md's output form."""
    record = state.last_hand
    assert record is not None, "hand_json reads a settled hand"
    names = [s.name for s in state.seats]
    return {
        "number": record.number,
        "bank": names[record.bank],
        "order": [names[i] for i in record.order],
        "totals": {names[t.seat]: points(t.total) for t in record.turns},
        "results": {names[i]: r.value for i, r in record.results},
        "points": {s.name: s.points for s in state.seats},
        "eliminated": [names[i] for i in record.eliminated],
    }


def played_scenario(state: GameState, hands: list[dict[str, Any]]) -> dict[str, Any]:
    """A game played by any driver as SCENARIOS.md writes one, given each hand's deck and
    written moves: replaying it plays the same game, and `replay --record` stores it (the
    terminal's `play --record` does so). `bot_profiles` says how each bot played."""
    bots = {s.name: s.bot for s in state.seats if s.bot}
    return {"config": {"initial_points": state.config.initial_points,
                       "max_hands": state.config.max_hands},
            "players": [s.name for s in state.seats], "bots": list(bots), "bot_profiles": bots,
            "seat_cards": [s.seat_card for s in state.seats], "hands": hands}
