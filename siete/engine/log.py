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


# One sentence per event kind; {name} is the seat's player, {value} the event's value and
# {card} that value read as a card. 'win' and 'stand' need a little logic, below.
SENTENCES = {
    "hand": "hand {value}: {name} holds the bank",
    "deal": "the cards are dealt; the bank shows {card}",
    "bet": "{name} bets {value}",
    "draw": "{name} draws {card}",
    "seven_half": "{name} has 7½ and stands",
    "stand": "{name} stands",
    "bust": "{name} busts (first card: {card})",
    "lose": "{name} loses {value} to the bank",
    "out": "{name} has no points left and is out",
    "takes_bank": "{name} takes the bank",
    "winner": "the game is over: {name} wins with {value} points",
    "timeout": "{name} ran out of time",
    "replaced": "{name} left; a bot plays the seat",
}
CARD_EVENTS = {"deal", "draw", "bust"}


def describe(state: GameState, event: list) -> str:
    """One event as a sentence every seat may read (it never names a face-down card)."""
    kind, seat, value = event
    name = state.seats[seat].name if seat is not None else ""
    if kind == "win":
        paid, due, total = value
        short = "" if paid == due else f" of {due}: the bank ran out"
        return f"{name} wins {paid}{short} with {shown_total(total)}"
    if kind == "stand" and value == "bank":  # the event says so: the bank may change (R6)
        return "the bank stands"
    card = get_cards().label(value) if kind in CARD_EVENTS else ""
    return SENTENCES.get(kind, "{name} " + kind).format(name=name, value=value, card=card)


def describe_log(state: GameState) -> list[str]:
    """The current hand's events as sentences, oldest first."""
    return [describe(state, event) for event in state.log]
