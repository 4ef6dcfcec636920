"""A hand of a scenario (SCENARIOS.md) step by step: the table just before each decision, as
the deciding seat saw it (R4.2).

The game is played again through the engine's own replay (replay.py) up to the hand asked for,
so every seat's points, the bank and the order are the rules' and not recomputed here; then the
hand is dealt and its moves applied one at a time, the deciding seat's view taken before each.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from siete.engine import rules
from siete.engine.config import GameConfig
from siete.engine.moves import apply_move
from siete.engine.replay import ScenarioError, parse_move, replay_hand, scenario_config
from siete.engine.state import OVER, PLAY, GameState, RuleError
from siete.engine.views import TableView, table_view


@dataclass(frozen=True, slots=True)
class Decision:
    """One move of a hand: `number` (1, 2, ... in the hand), the deciding seat (join order),
    what it did, and the table as that seat saw it just before (its own first card face up,
    the other punters' first cards face down until they bust, R4.2)."""

    number: int
    seat: int
    verb: str  # bet, draw or stand (codes.Action)
    amount: int | None  # a bet's stake
    view: TableView


def hand_decisions(data: dict[str, Any], base: GameConfig, number: int) -> list[Decision]:
    """Every written move of hand `number` of the scenario, each with the view before it.

    Raises ScenarioError when the scenario has no such hand or breaks the rules."""
    hands = data["hands"]
    if not 1 <= number <= len(hands):
        raise ScenarioError(f"hand {number}: the scenario has {len(hands)} hands")
    hand = hands[number - 1]
    if not isinstance(hand, dict) or not isinstance(hand.get("moves"), list):
        raise ScenarioError(f"hand {number}: a hand needs a deck and a list of moves")
    state = _state_before(data, base, number)
    try:
        rules.deal(state, list(hand.get("deck") or []))
    except RuleError as exc:
        raise ScenarioError(f"hand {number}, deal: {exc}") from None
    return [_decide(state, number, index, move)
            for index, move in enumerate(hand["moves"], start=1)]


def _state_before(data: dict[str, Any], base: GameConfig, number: int) -> GameState:
    """The game after its first `number - 1` hands, ready to deal hand `number`."""
    config = scenario_config(data, base)
    try:
        state = rules.new_game([str(p) for p in data["players"]], config, data["seat_cards"])
    except RuleError as exc:
        raise ScenarioError(f"players: {exc}") from None
    for earlier, hand in enumerate(data["hands"][:number - 1], start=1):
        replay_hand(state, earlier, hand)
    if state.phase == OVER:
        raise ScenarioError(f"hand {number}, deal: the game is over")
    return state


def _decide(state: GameState, number: int, index: int, move: object) -> Decision:
    """Take the mover's view, then apply the move."""
    if state.phase != PLAY:
        raise ScenarioError(f"hand {number}, move {index} ({move!r}): the hand is over")
    try:
        name, verb, amount = parse_move(move)
        seat = state.seat_index(name)
        decision = Decision(index, seat, verb, amount, table_view(state, seat))
        apply_move(state, seat, verb, amount)
    except RuleError as exc:
        raise ScenarioError(f"hand {number}, move {index} ({move!r}): {exc}") from None
    return decision
