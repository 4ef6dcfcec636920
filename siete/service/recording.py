"""Write what the engine played into the record tables: seats, hands, turns, actions, results."""
from __future__ import annotations

from flask import current_app
from sqlalchemy import select

from siete.db import db
from siete.engine.cards import points
from siete.engine.state import GameState
from siete.models import Card, Game, GamePlayer, Hand, Turn, TurnAction, utcnow


def card_ids() -> dict[str, int]:
    """Card code -> cards.id for the Spanish deck, read once per app.

    The cards are reference data, seeded once per database, and every settled hand needs
    them; caching them per app saves a 48-row query on each hand.
    """
    cache = current_app.extensions.setdefault("siete.card_ids", {})
    if not cache:
        cache.update(db.session.execute(select(Card.code, Card.id)).all())
    return cache


def seats_by_join_order(game: Game) -> list[GamePlayer]:
    """The game's seats in join order, which is the engine's seat index."""
    return sorted(game.players, key=lambda gp: gp.join_order)


def record_start(game: Game, state: GameState, by: str) -> None:
    """Store the seat cards and start positions of R3 when a game starts."""
    ids = card_ids()
    seats = seats_by_join_order(game)
    for position, index in enumerate(state.seating):
        seats[index].start_position = position
    for index, seat in enumerate(state.seats):
        seats[index].seat_card_id = ids[seat.seat_card]
        seats[index].updated_by = by
    game.status = "playing"
    game.started_at = game.started_at or utcnow()
    game.updated_by = by


# The per-seat counts a hand adds to (game_players columns of the same names).
SEAT_COUNTS = ("hands_played", "hands_drawn", "stands", "busts", "won_without_drawing",
               "bank_tie_wins")
WON = ("win", "seven_half")


def cards_drawn(turn: dict) -> int:
    """How many cards a turn of the engine's hand record drew."""
    return sum(1 for action in turn["actions"] if action[0] == "draw")


def tally_hand(record: dict) -> dict[int, dict]:
    """What one settled hand adds to each seat's summary: {seat index: {column: value}}.

    Counts follow REPORTS.md's words: a stand or a bust counts as punter (the turn's result)
    and as a bank that played (the hand's bank_result); "bet" is the punter's bet or None.
    """
    tallies = {}
    for turn in record["turns"]:
        punter, drew = turn["position"] > 0, cards_drawn(turn) > 0
        tallies[turn["seat"]] = {
            "hands_played": 1, "hands_drawn": int(drew),
            "stands": int(punter and turn["result"] in ("lose", *WON)),
            "busts": int(punter and turn["result"] == "bust"),
            "won_without_drawing": int(punter and not drew and turn["result"] in WON),
            "bank_tie_wins": 0, "bet": turn["bet"] if punter else None}
    bank = tallies[record["bank"]]
    bank["stands"] = int(record["bank_result"] in ("stood", "seven_half"))
    bank["busts"] = int(record["bank_result"] == "bust")
    # The bank beat a punter on equal totals (R5.3): that punter stood and lost on its total.
    bank["bank_tie_wins"] = int(any(t["position"] > 0 and t["result"] == "lose"
                                    and t["total"] == record["bank_total"] for t in record["turns"]))
    return tallies


def add_tally(summary: dict, tally: dict) -> dict:
    """A seat's summary columns after one more hand (counts add up; bets keep max and min)."""
    added = {c: (summary.get(c) or 0) + tally[c] for c in SEAT_COUNTS}
    bets = [b for b in (summary.get("max_bet"), summary.get("min_bet"), tally["bet"]) if b is not None]
    added["max_bet"], added["min_bet"] = (max(bets), min(bets)) if bets else (None, None)
    return added


def record_hand(game: Game, state: GameState, record: dict, by: str) -> Hand:
    """Store one settled hand (the engine's hand record) with its turns and their actions."""
    ids = card_ids()
    seats = seats_by_join_order(game)
    hand = Hand(game=game, number=record["number"], bank=seats[record["bank"]],
                bank_total=points(record["bank_total"]), bank_result=record["bank_result"],
                created_by=by, updated_by=by)
    for turn in record["turns"]:
        seat = seats[turn["seat"]]
        row = Turn(game_player=seat, position=turn["position"],
                   points_start=turn["points_start"], points_end=turn["points_end"],
                   bet=turn["bet"], first_card_id=ids[turn["first_card"]],
                   total=points(turn["total"]), result=turn["result"],
                   cards_drawn=cards_drawn(turn), game_id=game.id, player_id=seat.player_id,
                   hand_number=record["number"], created_by=by, updated_by=by)
        for seq, (action, detail) in enumerate(turn["actions"], start=1):
            row.actions.append(TurnAction(
                seq=seq, action=action, card_id=ids[detail] if action == "draw" else None,
                automatic=detail == "auto", created_by=by, updated_by=by))
        hand.turns.append(row)
    db.session.add(hand)
    for index, tally in tally_hand(record).items():
        current = {c: getattr(seats[index], c) for c in (*SEAT_COUNTS, "max_bet", "min_bet")}
        for column, value in add_tally(current, tally).items():
            setattr(seats[index], column, value)
        seats[index].updated_by = by
    game.hands_played = record["number"]
    game.updated_by = by
    return hand


def record_finish(game: Game, state: GameState, by: str) -> None:
    """Store the end of a game: winner, final points and places, and how long it took."""
    seats = seats_by_join_order(game)
    ranking = state.order + [i for i in range(len(state.seats)) if i not in state.order]
    ranking.sort(key=lambda i: -state.seats[i].points)  # stable: ties keep the final order (R7.2)
    for place, index in enumerate(ranking, start=1):
        seats[index].final_points = state.seats[index].points
        seats[index].final_position = place
        seats[index].result = "won" if index == state.winner else "lost"
        seats[index].updated_by = by
    game.status = "finished"
    game.ended_at = game.ended_at or utcnow()
    if game.started_at is not None and game.duration_s is None:
        game.duration_s = int((game.ended_at - game.started_at).total_seconds())
    game.winner_player_id = seats[state.winner].player_id
    game.updated_by = by
