"""The words for a hand's events: the log keeps facts ([event, seat, value]), this says them."""
from __future__ import annotations

from siete.engine.cards import get_cards, points
from siete.engine.state import GameState


def shown_total(half: int) -> str:
    """A total as players write it: 7½, 6, ½."""
    whole = points(half)
    if isinstance(whole, int):
        return str(whole)
    return f"{int(whole)}½" if whole >= 1 else "½"


def describe(state: GameState, event: list) -> str:
    """One event as a sentence every seat may read (it never names a face-down card)."""
    kind, seat, value = event
    name = state.seats[seat].name if seat is not None else ""
    label = get_cards().label
    if kind == "hand":
        return f"hand {value}: {name} holds the bank"
    if kind == "deal":
        return f"the cards are dealt; the bank shows {label(value)}"
    if kind == "bet":
        return f"{name} bets {value}"
    if kind == "draw":
        return f"{name} draws {label(value)}"
    if kind == "seven_half":
        return f"{name} has 7½ and stands"
    if kind == "stand":
        return f"{name} stands" if seat != state.bank else f"the bank stands"
    if kind == "bust":
        return f"{name} busts (first card: {label(value)})"
    if kind == "win":
        paid, due, total = value
        short = "" if paid == due else f" of {due}: the bank ran out"
        return f"{name} wins {paid}{short} with {shown_total(total)}"
    if kind == "lose":
        return f"{name} loses {value} to the bank"
    if kind == "out":
        return f"{name} has no points left and is out"
    if kind == "takes_bank":
        return f"{name} takes the bank"
    if kind == "winner":
        return f"the game is over: {name} wins with {value} points"
    if kind == "timeout":
        return f"{name} ran out of time"
    if kind == "replaced":
        return f"{name} left; a bot plays the seat"
    return f"{name} {kind}"


def describe_log(state: GameState) -> list[str]:
    """The current hand's events as sentences, oldest first."""
    return [describe(state, event) for event in state.log]
