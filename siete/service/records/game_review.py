"""The review of a finished game, written once, soon after the game ends.

The game's end only queues the game (review_queue: one INSERT), so the last move's answer does
not wait for the solver (100-150 ms for a 15-hand game, more than a move's whole p99 budget); the worker
reviews queued games between its timer steps, and a game's page reviews its own game at once if
it is asked for before the worker came to it.

The game's settled hands are read back from its turns and their actions (two indexed queries by
game), put into the engine's hand records, reviewed by siete/engine/review.py (the odds solver
valuing every decision from the seat's view) and stored: one INSERT for the moves, one for the
seats' figures. Pages only read them (`game_review`, `reviews_of_player`). A game reviewed once
is never reviewed again; `review_games` reviews finished games that have none (older ones).
"""
from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import bindparam, delete, insert, select

from siete.data.base import db
from siete.data.game_rows import GameRow, seat_ids
from siete.data.games import Game, Turn
from siete.data.games import TurnAction as ActionRow
from siete.data.reviews import MoveReviewRow, ReviewQueueRow, SeatReviewRow
from siete.data.vocabulary import GameStatus
from siete.engine.cards import CardSet
from siete.engine.codes import Action, Result
from siete.engine.records import (
    STAND_AT_SEVEN_HALF,
    STAND_BY_CHOICE,
    TurnAction,
    TurnRecord,
    draw_action,
)
from siete.engine.review import GameReview, review_game
from siete.service.records.recording import card_ids
from siete.service.unit_of_work import unit_of_work


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A settled hand read back from its turns: what the review reads (review.PlayedHand)."""

    number: int
    turns: tuple[TurnRecord, ...]


MOVES, SEATS_REVIEWED = MoveReviewRow.__table__, SeatReviewRow.__table__
QUEUE = ReviewQueueRow.__table__
TURNS, ACTIONS = Turn.__table__, ActionRow.__table__
INSERT_MOVES, INSERT_SEATS = insert(MOVES), insert(SEATS_REVIEWED)
TURN_ROWS = (select(TURNS.c.id, TURNS.c.hand_number, TURNS.c.game_player_id, TURNS.c.position,
                    TURNS.c.points_start, TURNS.c.points_end, TURNS.c.bet, TURNS.c.first_card_id,
                    TURNS.c.total, TURNS.c.result, TURNS.c.timed_out_step, TURNS.c.stand_in_step)
             .where(TURNS.c.game_id == bindparam("game_id")))
ACTION_ROWS = (select(ACTIONS.c.turn_id, ACTIONS.c.action, ACTIONS.c.card_id, ACTIONS.c.automatic)
               .join(TURNS, TURNS.c.id == ACTIONS.c.turn_id)
               .where(TURNS.c.game_id == bindparam("game_id"))
               .order_by(ACTIONS.c.turn_id, ACTIONS.c.seq))
REVIEWED = select(SEATS_REVIEWED.c.game_id).where(
    SEATS_REVIEWED.c.game_id == bindparam("game_id")).limit(1)
# The oldest queued game no other worker is reviewing (SKIP LOCKED; SQLite's one write lock,
# BEGIN IMMEDIATE, serialises the workers there), and one given game, waiting for its lock.
NEXT_QUEUED = (select(QUEUE.c.game_id).order_by(QUEUE.c.game_id).limit(1)
               .with_for_update(skip_locked=True))
QUEUED = select(QUEUE.c.game_id).where(QUEUE.c.game_id == bindparam("game_id")).with_for_update()
UNQUEUE = delete(QUEUE).where(QUEUE.c.game_id == bindparam("game_id"))


def stored_hands(game_id: int, seats: Sequence[int]) -> list[StoredHand]:
    """The game's settled hands as the engine recorded them (what review.py reads): `seats`
    are the game_players ids in join order, the engine's seat indices."""
    connection, params = db.session.connection(), {"game_id": game_id}
    codes = {card_id: code for code, card_id in card_ids().items()}
    seat_of = {gp_id: index for index, gp_id in enumerate(seats)}
    actions: dict[int, list[TurnAction]] = defaultdict(list)
    for row in connection.execute(ACTION_ROWS, params):
        if row.action == Action.DRAW:
            actions[row.turn_id].append(draw_action(codes[row.card_id]))
        else:
            actions[row.turn_id].append(STAND_AT_SEVEN_HALF if row.automatic else STAND_BY_CHOICE)
    hands: dict[int, list[TurnRecord]] = defaultdict(list)
    for row in connection.execute(TURN_ROWS, params):
        first, done = codes[row.first_card_id], tuple(actions[row.id])
        drawn = tuple(a.detail for a in done if a.kind == Action.DRAW and a.detail)
        hands[row.hand_number].append(TurnRecord(
            seat=seat_of[row.game_player_id], position=row.position,
            points_start=row.points_start, points_end=row.points_end, bet=row.bet,
            first_card=first, cards=(first, *drawn), actions=done, total=round(row.total * 2),
            result=Result(row.result), timed_out=row.timed_out_step,
            stand_in=row.stand_in_step))
    return [StoredHand(number, tuple(hands[number])) for number in sorted(hands)]


def review_finished_game(game: GameRow, cards: CardSet, by: str) -> GameReview | None:
    """Review the game that has just finished and store it; None if it was reviewed already."""
    connection = db.session.connection()
    if connection.execute(REVIEWED, {"game_id": game.id}).first() is not None:
        return None
    seats = seat_ids(game)
    review = review_game(cards, stored_hands(game.id, [gp for gp, _ in seats]), len(seats))
    moves = [{"game_id": game.id, "game_player_id": seats[m.seat][0], "hand_number": m.hand,
              "step": m.step, "action": m.action, "is_bank": m.bank, "mark": m.mark,
              "value_lost": m.lost, "stand_ev": m.stand_ev, "draw_ev": m.draw_ev,
              "stake": m.stake, "best_stake": m.best_stake, "hand_value": m.value,
              "timed_out": m.timed_out, "stand_in": m.stand_in, "created_by": by, "updated_by": by}
             for m in review.moves]
    if moves:
        connection.execute(INSERT_MOVES, moves)
    connection.execute(INSERT_SEATS, [
        {"game_player_id": seats[s.seat][0], "game_id": game.id, "player_id": seats[s.seat][1],
         "decisions": s.decisions, "best": s.best, "inaccuracies": s.inaccuracies,
         "mistakes": s.mistakes, "blunders": s.blunders, "value_lost": s.lost,
         "created_by": by, "updated_by": by} for s in review.seats])
    return review


UNREVIEWED = (select(Game.__table__.c.id).where(Game.__table__.c.status == GameStatus.FINISHED)
              .where(~select(SEATS_REVIEWED.c.game_id)
                     .where(SEATS_REVIEWED.c.game_id == Game.__table__.c.id).exists())
              .order_by(Game.__table__.c.id))


def unreviewed_games(limit: int) -> list[int]:
    """Finished games with no review yet (finished before reviews were kept), oldest first."""
    return list(db.session.execute(UNREVIEWED.limit(limit)).scalars())


def review_stored_game(game_id: int, cards: CardSet, by: str) -> GameReview | None:
    """Review a finished game from its stored hands (the backfill: `flask review-games`)."""
    game = db.session.get(Game, game_id)
    if game is None or game.status != GameStatus.FINISHED:
        return None
    return review_finished_game(game, cards, by)


def queue_review(game_id: int, by: str) -> None:
    """Ask for the review of a game that has just finished (in the game end's transaction)."""
    db.session.connection().execute(insert(QUEUE), {"game_id": game_id, "created_by": by,
                                                    "updated_by": by})


def review_queued_games(cards: CardSet, by: str, limit: int, budget_s: float) -> int:
    """The worker's share: review queued games oldest first, one transaction each, until
    `limit` games or `budget_s` seconds (so a tick's timers are not held up), one game at
    least (so busy timers never starve the queue); how many."""
    done, start = 0, time.monotonic()
    while done < limit and (done == 0 or time.monotonic() - start < budget_s):
        with unit_of_work() as session:
            game_id = session.connection().execute(NEXT_QUEUED).scalar()
            if game_id is None:
                return done
            _review_and_unqueue(game_id, cards, by)
        done += 1
    return done


def review_if_queued(game_id: int, cards: CardSet, by: str) -> bool:
    """Review a queued game now (its page was asked for before the worker came to it); a
    worker reviewing it meanwhile is waited for. Whether this call wrote the review."""
    with unit_of_work() as session:
        if session.connection().execute(QUEUED, {"game_id": game_id}).first() is None:
            return False
        return _review_and_unqueue(game_id, cards, by)


def _review_and_unqueue(game_id: int, cards: CardSet, by: str) -> bool:
    reviewed = review_stored_game(game_id, cards, by) is not None
    db.session.connection().execute(UNQUEUE, {"game_id": game_id})
    return reviewed
