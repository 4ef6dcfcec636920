"""Moves by name, and the table's own moves: the turn timer running out and a seat handed to a bot.

The web, replay and any other driver name a player's move as 'bet', 'draw' or 'stand';
`apply_move` is the one place that turns the name into the rule's function.
"""
from __future__ import annotations

from siete.engine.rules import verify_profile, verify_turn, bet, draw, stand
from siete.engine.state import GameState, RuleError

MOVES = ("bet", "draw", "stand")


def apply_move(state: GameState, seat: int, move: str, amount: int | None = None) -> None:
    """Apply a player's move by name; a bet needs its amount. Raises RuleError if illegal."""
    if move == "bet":
        bet(state, seat, amount)
    elif move == "draw":
        draw(state, seat)
    elif move == "stand":
        stand(state, seat)
    else:
        raise RuleError(f"{move!r} is not a move", "that is not a move")


def verify_time_out(state: GameState, seat: int) -> None:
    """Only the seat whose turn it is can run out of time."""
    verify_turn(state, seat)


def time_out(state: GameState, seat: int) -> None:
    """The turn timer ran out: bet the minimum if no bet was made, then stand."""
    verify_time_out(state, seat)
    state.log.append(["timeout", seat, None])
    if state.turn != 0 and not state.seats[seat].bet:
        bet(state, seat, 1)
    stand(state, seat)


def replace_with_bot(state: GameState, seat: int, profile: str = "standard") -> None:
    """A player who leaves mid-game is replaced by a bot, which keeps the seat's points."""
    if not 0 <= seat < len(state.seats):
        raise RuleError("there is no such seat")
    verify_profile(profile)
    if state.seats[seat].bot is not None:
        raise RuleError(f"{state.seats[seat].name} is already played by a bot")
    state.seats[seat].bot = profile
    state.log.append(["replaced", seat, None])
    state.version += 1

