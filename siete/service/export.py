"""Turn a stored game back into a replay scenario (SCENARIOS.md), so any record can be re-checked."""
from __future__ import annotations

from flask_babel import gettext as _

from siete.db import db
from siete.models.games import Game
from siete.models.reference import Card
from siete.service.errors import TableNotFound
from siete.service.recording import seats_by_join_order


def scenario_from_game(game_id: int) -> dict:
    """Rebuild players, seat cards and each hand's deck and moves from the record tables."""
    game = db.session.get(Game, game_id)
    if game is None:
        raise TableNotFound(_("there is no such game"))
    codes = {card.id: card.code for card in db.session.query(Card)}
    seats = seats_by_join_order(game)
    names = {gp.id: gp.player.name for gp in seats}
    return {
        "name": f"game {game.id}: {game.name}",
        "config": {"initial_points": game.initial_points, "max_hands": game.max_hands},
        "players": [gp.player.name for gp in seats],
        "bots": [gp.player.name for gp in seats if gp.player.is_bot],
        "seat_cards": [codes[gp.seat_card_id] for gp in seats],
        "hands": [_hand(hand, names, codes) for hand in game.hands],
    }


def _hand(hand, names: dict[int, str], codes: dict[int, str]) -> dict:
    """One hand: the deal (punters in order, the bank last), then every card as it was drawn."""
    turns = sorted(hand.turns, key=lambda t: t.position)
    punters, bank = turns[1:], turns[0]
    deck = [codes[t.first_card_id] for t in punters] + [codes[bank.first_card_id]]
    moves = []
    for turn in punters + [bank]:
        name = names[turn.game_player_id]
        if turn.bet is not None:
            moves.append(f"{name}: bet {turn.bet}")
        for action in turn.actions:
            if action.action == "draw":
                deck.append(codes[action.card_id])
                moves.append(f"{name}: draw")
            elif not action.automatic:
                moves.append(f"{name}: stand")
    return {"deck": deck, "moves": moves}
