"""A stored game in the replay format of SCENARIOS.md, so `python -m siete replay` plays it again.

Only settled hands are ever stored (recording.record_hand), and once a hand is settled every
card in it is face up (R4.2): exporting a running game's stored hands shows nothing hidden,
and the hand in play, which lives only in the table's state, is never read here.
"""
from __future__ import annotations

from dataclasses import dataclass

from siete.engine.codes import Action
from siete.service.records.game_record import GameRecord, HandRow, TurnRow


def scenario_of(record: GameRecord) -> dict[str, object] | None:
    """The game as a scenario, or None for a game that never started (no seat cards yet)."""
    seats = record.seats
    if not seats or any(seat.seat_card is None for seat in seats):
        return None
    game = record.game
    return {
        "name": f"game {game.id}: {game.name}" if game.name else f"game {game.id}",
        "config": {"initial_points": game.initial_points, "max_hands": game.max_hands},
        "players": [seat.name for seat in seats],
        "bots": [seat.name for seat in seats if seat.is_bot],
        "seat_cards": [seat.seat_card for seat in seats],
        "hands": [hand_scenario(hand) for hand in record.hands],
    }


@dataclass(frozen=True)
class HandMove:
    """One written move of a stored hand: who, what, and the review's step for it (0 the bet,
    then the turn's actions from 1, automatic ones counted, as engine/review.py numbers them)."""

    turn: TurnRow
    step: int
    verb: Action
    amount: int | None = None

    @property
    def written(self) -> str:
        """The move as SCENARIOS.md writes it: 'Ana: bet 2'."""
        amount = "" if self.amount is None else f" {self.amount}"
        return f"{self.turn.seat.name}: {self.verb.value}{amount}"


def hand_moves(hand: HandRow) -> list[HandMove]:
    """The hand's written moves in the order they were made: each punter's bet and draws or
    stands in turn, then the bank's. Automatic steps (the stand at 7½, the end of a bust) are
    not moves (SCENARIOS.md), but they keep their step number."""
    moves = []
    for turn in [t for t in hand.turns if not t.is_bank] + [t for t in hand.turns if t.is_bank]:
        if turn.bet is not None:
            moves.append(HandMove(turn, 0, Action.BET, turn.bet))
        for step, action in enumerate(turn.actions, start=1):
            if action.action == Action.DRAW or not action.automatic:
                moves.append(HandMove(turn, step, Action(action.action)))
    return moves


def hand_scenario(hand: HandRow) -> dict[str, list[str]]:
    """One hand: the deal (punters in order, the bank last), then each card as it was drawn."""
    punters = [t for t in hand.turns if not t.is_bank]
    bank = [t for t in hand.turns if t.is_bank]
    deck = [t.first_card for t in punters + bank]
    for turn in punters + bank:
        for action in turn.actions:
            if action.action == Action.DRAW:
                assert action.card is not None, "a stored draw names its card"
                deck.append(action.card)
    return {"deck": deck, "moves": [move.written for move in hand_moves(hand)]}
