"""Write what the engine played into the record tables: seats, hands, turns, actions, results."""
from __future__ import annotations

from flask import current_app
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.orm.attributes import set_committed_value

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


def record_hand(game: Game, state: GameState, record: dict, by: str) -> int:
    """Store one settled hand (the engine's hand record) with its turns and their actions.

    The rows are written with plain INSERTs and one batched UPDATE rather than through the
    ORM's unit of work: a hand's end is a third of all moves, and flushing some fifteen new
    objects cost ~10 ms of CPU per hand against ~3 ms this way. Returns the hand's id.
    """
    ids, seats = card_ids(), seats_by_join_order(game)
    hand_id = _insert(Hand, game_id=game.id, number=record["number"],
                      bank_game_player_id=seats[record["bank"]].id,
                      bank_total=points(record["bank_total"]), bank_result=record["bank_result"],
                      created_by=by, updated_by=by)
    turns = record["turns"]
    turn_ids = _insert_many(Turn, [
        {"hand_id": hand_id, "game_player_id": seats[t["seat"]].id, "position": t["position"],
         "points_start": t["points_start"], "points_end": t["points_end"], "bet": t["bet"],
         "first_card_id": ids[t["first_card"]], "total": points(t["total"]), "result": t["result"],
         "cards_drawn": cards_drawn(t), "game_id": game.id, "player_id": seats[t["seat"]].player_id,
         "hand_number": record["number"], "created_by": by, "updated_by": by} for t in turns])
    actions = [{"turn_id": turn_id, "seq": seq, "action": action,
                "card_id": ids[detail] if action == "draw" else None,
                "automatic": detail == "auto", "created_by": by, "updated_by": by}
               for turn_id, turn in zip(turn_ids, turns)
               for seq, (action, detail) in enumerate(turn["actions"], start=1)]
    if actions:
        db.session.connection().execute(insert(TurnAction.__table__), actions)
    _add_to_seat_summaries(seats, tally_hand(record), by)
    game.hands_played = record["number"]
    game.updated_by = by
    return hand_id


def _insert(model, **values) -> int:
    """One row inserted in the session's transaction; returns its new id."""
    result = db.session.connection().execute(insert(model.__table__).values(**values))
    return result.inserted_primary_key[0]


def _insert_many(model, rows: list[dict]) -> list[int]:
    """Rows inserted in one statement where the database can (MariaDB: INSERT ... RETURNING);
    returns their new ids in the order of `rows`."""
    table = model.__table__
    result = db.session.connection().execute(
        insert(table).returning(table.c.id, sort_by_parameter_order=True), rows)
    return [row[0] for row in result]


SUMMARY_COLUMNS = (*SEAT_COUNTS, "max_bet", "min_bet")
# One UPDATE for every seat of a hand, sent as a batch (the values are bound per seat).
_SUMMARY_UPDATE = (update(GamePlayer.__table__)
                   .where(GamePlayer.__table__.c.id == bindparam("seat_id"))
                   .values({c: bindparam(f"new_{c}") for c in (*SUMMARY_COLUMNS, "updated_by")}))


def _add_to_seat_summaries(seats: list[GamePlayer], tallies: dict[int, dict], by: str) -> None:
    """Add a hand's tallies to the seats' summary columns, in the database and in the session.

    The loaded seats learn their new values as committed ones (set_committed_value), so a
    second hand recorded in the same transaction adds to them and the ORM writes nothing more.
    """
    rows = []
    for index, tally in tallies.items():
        seat = seats[index]
        added = add_tally({c: getattr(seat, c) for c in SUMMARY_COLUMNS}, tally)
        added["updated_by"] = by
        rows.append({"seat_id": seat.id, **{f"new_{c}": v for c, v in added.items()}})
        for column, value in added.items():
            set_committed_value(seat, column, value)
    if rows:
        db.session.connection().execute(_SUMMARY_UPDATE, rows)


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
