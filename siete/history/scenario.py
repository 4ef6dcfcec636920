"""A stored game in the replay format of SCENARIOS.md, so `python -m siete replay` plays it again.

Only settled hands are ever stored (recording.record_hand), and once a hand is settled every
card in it is face up (R4.2): exporting a running game's stored hands shows nothing hidden,
and the hand in play, which lives only in the table's state, is never read here.
"""
from __future__ import annotations

from siete.service.game_record import GameRecord, HandRow


def scenario_of(record: GameRecord) -> dict[str, object] | None:
    """The game as a scenario, or None for a game that never started (no seat cards yet)."""
    seats = record.seats
    if not seats or any(seat.seat_card is None for seat in seats):
        return None
    game = record.game
    return {
        "name": f"game {game.id}: {game.name}",
        "config": {"initial_points": game.initial_points, "max_hands": game.max_hands},
        "players": [seat.name for seat in seats],
        "bots": [seat.name for seat in seats if seat.is_bot],
        "seat_cards": [seat.seat_card for seat in seats],
        "hands": [hand_scenario(hand) for hand in record.hands],
    }


def hand_scenario(hand: HandRow) -> dict[str, list[str]]:
    """One hand: the deal (punters in order, the bank last), then each card as it was drawn.

    Automatic steps (the stand at 7½, the end of a bust) are not written (SCENARIOS.md).
    """
    punters = [t for t in hand.turns if not t.is_bank]
    bank = [t for t in hand.turns if t.is_bank]
    deck = [t.first_card for t in punters + bank]
    moves = []
    for turn in punters + bank:
        name = turn.seat.name
        if turn.bet is not None:
            moves.append(f"{name}: bet {turn.bet}")
        for action in turn.actions:
            if action.action == "draw":
                assert action.card is not None, "a stored draw names its card"
                deck.append(action.card)
                moves.append(f"{name}: draw")
            elif not action.automatic:
                moves.append(f"{name}: stand")
    return {"deck": deck, "moves": moves}
