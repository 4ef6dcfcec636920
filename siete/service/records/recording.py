"""Write what the engine played into the record tables: seats, hands, turns, actions, results."""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Engine, TextClause, insert, select, text

from siete.data.base import db, utcnow
from siete.data.game_rows import GameRow, seat_ids, write_game, write_seats
from siete.data.games import Game, GamePlayer, Hand, Turn, TurnAction
from siete.data.reference import Card
from siete.data.vocabulary import GameStatus
from siete.engine.cards import points
from siete.engine.codes import Action, BankResult, GameResult, Result
from siete.engine.settlement import final_ranking
from siete.engine.state import GameState, HandRecord
from siete.service.records.rating_rules import is_rated
from siete.service.records.ratings import rate_game
from siete.service.reports.aggregates import add_finished_games

# Built once, so each is compiled once: a hand's end is a third of all moves.
INSERT_HAND = insert(Hand.__table__)
# MariaDB and SQLite answer the new ids in one INSERT ... RETURNING, in the rows' order.
INSERT_TURNS = insert(Turn.__table__).returning(Turn.__table__.c.id, sort_by_parameter_order=True)
INSERT_ACTIONS = insert(TurnAction.__table__)
# Card code -> cards.id, per database (engine): each app has its own.
CARD_IDS: WeakKeyDictionary[Engine, dict[str, int]] = WeakKeyDictionary()


def card_ids() -> dict[str, int]:
    """Card code -> cards.id for the Spanish deck, read once per database.

    The cards are reference data, seeded once per database, and every settled hand needs
    them; caching them per engine saves a 48-row query on each hand.
    """
    cache = CARD_IDS.setdefault(db.engine, {})
    if not cache:
        cache.update(db.session.execute(select(Card.code, Card.id)).all())
    return cache


def seats_by_join_order(game: Game) -> list[GamePlayer]:
    """The game's seats in join order, which is the engine's seat index."""
    return sorted(game.players, key=lambda gp: gp.join_order)


def seat_cards(state: GameState) -> list[str]:
    """Each seat's card of R3, in seat order: a started game has dealt every seat one."""
    cards = [seat.seat_card for seat in state.seats if seat.seat_card is not None]
    if len(cards) != len(state.seats):
        raise ValueError("a seat of a started game has no seat card")
    return cards


def record_start(game: Game, state: GameState, by: str) -> None:
    """Store the seat cards and start positions of R3 when a game starts."""
    ids = card_ids()
    seats = seats_by_join_order(game)
    for position, index in enumerate(state.seating):
        seats[index].start_position = position
    for index, card in enumerate(seat_cards(state)):
        seats[index].seat_card_id = ids[card]
        seats[index].updated_by = by
    game.status = GameStatus.PLAYING
    game.started_at = game.started_at or utcnow()
    game.updated_by = by


# The per-seat counts a hand adds to (game_players columns of the same names).
SEAT_COUNTS = ("hands_played", "hands_drawn", "stands", "busts", "won_without_drawing",
               "bank_tie_wins")
WON = (Result.WIN, Result.SEVEN_HALF)


def tally_hand(record: HandRecord) -> dict[int, dict[str, Any]]:
    """What one settled hand adds to each seat's summary: {seat index: {column: value}}.

    Counts follow REPORTS.md's words: a stand or a bust counts as punter (the turn's result)
    and as a bank that played (the hand's bank_result); "bet" is the punter's bet or None.
    """
    tallies: dict[int, dict[str, Any]] = {}
    for turn in record.turns:
        punter, drew = turn.position > 0, turn.cards_drawn() > 0
        tallies[turn.seat] = {
            "hands_played": 1, "hands_drawn": int(drew),
            "stands": int(punter and turn.result in (Result.LOSE, *WON)),
            "busts": int(punter and turn.result == Result.BUST),
            "won_without_drawing": int(punter and not drew and turn.result in WON),
            "bank_tie_wins": 0, "bet": turn.bet if punter else None}
    bank = tallies[record.bank]
    bank["stands"] = int(record.bank_result in (BankResult.STOOD, BankResult.SEVEN_HALF))
    bank["busts"] = int(record.bank_result == BankResult.BUST)
    # The bank beat a punter on equal totals (R5.3): that punter stood and lost on its total.
    bank["bank_tie_wins"] = int(any(t.position > 0 and t.result == Result.LOSE
                                    and t.total == record.bank_total for t in record.turns))
    return tallies


def add_tally(summary: dict[str, Any], tally: dict[str, Any]) -> dict[str, Any]:
    """A seat's summary columns after one more hand (counts add up; bets keep max and min)."""
    added: dict[str, Any] = {c: (summary.get(c) or 0) + tally[c] for c in SEAT_COUNTS}
    bets = [b for b in (summary.get("max_bet"), summary.get("min_bet"), tally["bet"]) if b is not None]
    added["max_bet"], added["min_bet"] = (max(bets), min(bets)) if bets else (None, None)
    return added


def record_hand(game: GameRow, state: GameState, record: HandRecord, by: str) -> int:
    """Store one settled hand (the engine's hand record) with its turns and their actions.

    The rows are written with plain INSERTs and one UPDATE rather than through the ORM's unit
    of work: a hand's end is a third of all moves, and flushing some fifteen new objects cost
    ~10 ms of CPU per hand against ~3 ms this way. Returns the hand's id.
    """
    ids, seats, connection = card_ids(), seat_ids(game), db.session.connection()
    inserted = connection.execute(INSERT_HAND, {
        "game_id": game.id, "number": record.number, "bank_game_player_id": seats[record.bank][0],
        "bank_total": points(record.bank_total), "bank_result": record.bank_result,
        "created_by": by, "updated_by": by}).inserted_primary_key
    assert inserted is not None  # a single-row INSERT has its key
    hand_id: int = inserted[0]
    turns = record.turns
    turn_ids: Sequence[int] = connection.execute(INSERT_TURNS, [
        {"hand_id": hand_id, "game_player_id": seats[t.seat][0], "position": t.position,
         "points_start": t.points_start, "points_end": t.points_end, "bet": t.bet,
         "first_card_id": ids[t.first_card], "total": points(t.total), "result": t.result,
         "cards_drawn": t.cards_drawn(), "game_id": game.id, "player_id": seats[t.seat][1],
         "hand_number": record.number, "timed_out_step": t.timed_out, "stand_in_step": t.stand_in,
         "created_by": by, "updated_by": by} for t in turns]
    ).scalars().all()
    actions = [{"turn_id": turn_id, "seq": seq, "action": action.kind,
                "card_id": ids[action.detail] if action.kind == Action.DRAW and action.detail else None,
                "automatic": action.automatic, "created_by": by, "updated_by": by}
               for turn_id, turn in zip(turn_ids, turns)
               for seq, action in enumerate(turn.actions, start=1)]
    if actions:
        connection.execute(INSERT_ACTIONS, actions)
    _add_to_seat_summaries({seats[i][0]: tally for i, tally in tally_hand(record).items()}, by)
    write_game(game, by, hands_played=record.number)
    return hand_id


def _add_to_seat_summaries(tallies: dict[int, dict[str, Any]], by: str) -> None:
    """Add a hand's tallies to its seats' summary columns (keyed by game_players.id).

    One UPDATE for all seats, the sums done by the database: a batch of one UPDATE per seat
    was a round trip per seat, and nothing needs the seats loaded to add to them.
    """
    seat_ids = list(tallies)
    bets = [sid for sid in seat_ids if tallies[sid]["bet"] is not None]
    params: dict[str, Any] = {"by": by, "now": utcnow()}
    for i, sid in enumerate(seat_ids):
        params[f"s{i}"] = sid
        params.update({f"{column}{i}": tallies[sid][column] for column in SEAT_COUNTS})
        params[f"bet{i}"] = tallies[sid]["bet"]
    positions = tuple(seat_ids.index(sid) for sid in bets)
    db.session.connection().execute(_summary_update(len(seat_ids), positions), params)


@lru_cache(maxsize=64)
def _summary_update(seats: int, with_bet: tuple[int, ...]) -> TextClause:
    """The UPDATE for `seats` seats, the ones at `with_bet` positions having bet (built once).

    Written as text: built as a SQLAlchemy expression, the CASEs cost ~2 ms of CPU a hand
    to construct and key for the statement cache, more than the round trips they save.
    """
    def per_seat(template: str) -> str:
        return " ".join(template.format(i=i) for i in range(seats))

    counts = [f"{c} = {c} + CASE id {per_seat('WHEN :s{i} THEN :' + c + '{i}')} ELSE 0 END"
              for c in SEAT_COUNTS]
    extremes = [f"{c} = CASE " + " ".join(
        f"WHEN id = :s{i} AND ({c} IS NULL OR {c} {op} :bet{i}) THEN :bet{i}" for i in with_bet)
        + f" ELSE {c} END" for c, op in (("max_bet", "<"), ("min_bet", ">")) if with_bet]
    where = ", ".join(f":s{i}" for i in range(seats))
    return text(f"UPDATE game_players SET {', '.join(counts + extremes)}, "
                f"updated_by = :by, updated_at = :now WHERE id IN ({where})")


def final_seats(state: GameState) -> dict[int, dict[str, Any]]:
    """Each seat's final points, place and result at the end of a game: {seat index: columns}."""
    return {index: {"final_points": state.seats[index].points, "final_position": place,
                    "result": GameResult.WON if index == state.winner else GameResult.LOST}
            for place, index in enumerate(final_ranking(state), start=1)}


def record_finish(game: GameRow, state: GameState, by: str) -> None:
    """Store the end of a game: winner, final points and places, and how long it took."""
    seats = seat_ids(game)
    assert state.winner is not None  # the game is over: it has its winner (R7)
    write_seats(by, {seats[index][0]: columns for index, columns in final_seats(state).items()})
    ended_at = game.ended_at or utcnow()
    duration_s = game.duration_s
    if game.started_at is not None and duration_s is None:
        duration_s = int((ended_at - game.started_at).total_seconds())
    write_game(game, by, status=GameStatus.FINISHED, ended_at=ended_at, duration_s=duration_s,
               winner_player_id=seats[state.winner][1])
    # The reports' aggregates take the game in, in this same transaction. Seats changed on
    # ORM objects (record_start's seat cards) are flushed first: the aggregates read the rows.
    db.session.flush()
    add_finished_games([game.id], by)  # takes the finish lock first (lock_finishes)
    # The ratings change with the finish, in the same transaction, as rating_rules says (a
    # practice or private table is casual, a game nobody moved in is aborted).
    counts = {index: (seat.moves, seat.own_moves) for index, seat in enumerate(state.seats)}
    if is_rated(game.show_odds, game.private):
        rate_game(game.id, by, counts)
