"""Bot games stored as the web stores them: one by one through the tables' own path, or in
bulk batches that write the very same rows far faster (`flask simulate --record`)."""
from __future__ import annotations

import json
import multiprocessing
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, update

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.data.people import Player
from siete.data.vocabulary import GameMode, GameStatus, PlayerKind
from siete.engine import deck, rules
from siete.engine.bots import play_until_person
from siete.engine.cards import points
from siete.engine.codes import Action, BotProfile
from siete.engine.config import GameConfig
from siete.engine.state import PLAY, GameState, HandRecord
from siete.service.records.bulk_rows import (
    ACTION_COLUMNS,
    HAND_COLUMNS,
    TURN_COLUMNS,
    foreign_keys_unchecked,
    insert_literal_rows,
    literals,
)
from siete.service.records.ratings import rate_games
from siete.service.records.recording import (
    add_tally,
    card_ids,
    final_seats,
    seat_cards,
    tally_hand,
)
from siete.service.reports.aggregates import add_finished_games
from siete.service.tables.lobby_actions import (
    SEATING,
    TableSpec,
    create_table,
    pick_bots,
    start_table,
    verify_spec,
)
from siete.service.unit_of_work import transactional, unit_of_work
from siete.settings import ServiceSettings

CREATOR, STARTER = "simulator", "system"  # who create_table and start_table write as
GAMES, SEATS = Game.__table__, GamePlayer.__table__
# MariaDB and SQLite answer the new ids of a many-row INSERT ... RETURNING in the rows' order.
INSERT_GAMES = insert(GAMES).returning(GAMES.c.id, sort_by_parameter_order=True)
INSERT_SEATS = insert(SEATS).returning(SEATS.c.id, sort_by_parameter_order=True)


def table_spec(profiles: list[str], seed: int, number: int, max_hands: int) -> tuple[TableSpec, int]:
    """Game `number`'s table (seats rotated by one each game) and its seed."""
    shift = number % len(profiles)
    seats = tuple(profiles[shift:] + profiles[:shift])
    return (TableSpec(name=f"simulation {seed}/{number + 1}", seats=len(seats), bots=seats,
                      max_hands=max_hands, creator_sits=False), seed * 1_000_003 + number)


def simulate_recorded(profiles: list[str], games: int, config: GameConfig, seed: int,
                      max_hands: int, progress: Iterable[int] | None = None) -> list[int]:
    """Play and store `games` bots-only games one by one, as the web does; returns their ids."""
    settings = ServiceSettings(game=config)  # they play straight through: no pause is read
    ids = []
    for number in progress if progress is not None else range(games):
        spec, game_seed = table_spec(profiles, seed, number, max_hands)
        game: Game = create_table(None, spec, config, seed=game_seed)
        start_table(settings, game.id, None, pause_bots=False)
        ids.append(game.id)
    _without_duration(ids)
    return ids


@transactional
def _without_duration(ids: list[int]) -> None:
    """A simulated game took no time at a table: its duration is unknown, not the fraction of a
    second the computer took (the bulk path stores none either; reports leave it out)."""
    if ids:
        db.session.execute(update(GAMES).where(GAMES.c.id.in_(ids)).values(duration_s=None))


def play_as_the_web(names: list[str], bots: dict[str, str], config: GameConfig,
                    game_seed: int) -> tuple[GameState, list[HandRecord]]:
    """The game start_table(pause_bots=False) plays, with the same random draws, and its hands."""
    state = rules.start_game(names, bots, config, deck.seeded_rng(game_seed, SEATING))
    hands: list[HandRecord] = []

    def keep(state: GameState, hand: HandRecord) -> None:
        if hand.number > len(hands):
            hands.append(hand)

    play_until_person(state, deck.seeded_rng(game_seed, state.version), keep)  # as play.advance
    if state.phase == PLAY:
        raise RuntimeError("a bots-only game waited for a human")
    return state, hands


@dataclass
class GameRows:
    """One played game's rows, ids left out: the batch's INSERTs hand them out.

    A hand is (its row, its turns), a turn (seat index, the SQL literals of its columns after
    the ids, its actions' after the turn id): formatted in the worker that plays the game, so
    the storing process, the pipeline's bottleneck, only adds the ids."""

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    hands: list[tuple[dict[str, Any], list[tuple[int, str, list[str]]]]] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Seat:
    """What a game needs of a seated player, as plain data a worker process can receive."""

    id: int
    name: str
    profile: str | None
    kind: str

    @classmethod
    def of(cls, player: Player) -> Seat:
        return cls(player.id, player.name, player.profile, player.kind)


def game_record(spec: TableSpec, game_seed: int, players: Sequence[Player | Seat],
                config: GameConfig, ids: dict[str, int] | None = None) -> GameRows:
    """Play one table's game and build the rows create_table and start_table would store.

    Humans among `players` (the bench seats some) are played by the standard strategy. `ids`
    (card code -> cards.id) is needed outside an app context, in a worker process.
    """
    game_config = config.with_overrides(max_hands=spec.max_hands, initial_points=config.initial_points)
    state, hands = play_as_the_web([p.name for p in players],
                                   {p.name: p.profile or BotProfile.STANDARD for p in players},
                                   game_config, game_seed)
    bots = sum(1 for p in players if p.kind == PlayerKind.BOT)
    mode = GameMode.of(len(players) - bots, bots)
    now, ids, by = utcnow(), ids or card_ids(), STARTER
    summaries: list[dict[str, Any]] = [{} for _ in players]
    assert state.winner is not None  # play_as_the_web plays the game to its end
    record = GameRows(game={
        "name": spec.name, "status": GameStatus.FINISHED, "mode": mode, "num_players": spec.seats,
        "initial_points": config.initial_points, "max_hands": spec.max_hands, "seed": game_seed,
        "win_condition": f"most points after {spec.max_hands} hands, or the last player left",
        "turn_seconds": spec.turn_seconds, "creator_user_id": None, "started_at": now,
        "ended_at": now, "duration_s": None, "hands_played": len(hands),
        "winner_player_id": players[state.winner].id, "created_by": CREATOR, "updated_by": by},
        seats=[])
    for hand in hands:
        record.hands.append(_hand_rows(hand, ids))
        for index, tally in tally_hand(hand).items():
            summaries[index] = add_tally(summaries[index], tally)
    start = {index: position for position, index in enumerate(state.seating)}
    final = final_seats(state)
    cards = seat_cards(state)
    record.seats = [{
        "player_id": player.id, "join_order": index, "seat_card_id": ids[cards[index]],
        "start_position": start[index], **final[index], "left_at": None, **EMPTY_SUMMARY,
        **summaries[index], "created_by": CREATOR, "updated_by": by}
        for index, player in enumerate(players)]
    record.state = {"version": state.version, "turn_deadline": None, "created_by": by,
                    "updated_by": by,
                    "state": json.dumps(state.to_dict(), separators=(",", ":"))}
    return record


EMPTY_SUMMARY = {"hands_played": 0, "hands_drawn": 0, "stands": 0, "busts": 0,
                 "won_without_drawing": 0, "bank_tie_wins": 0, "max_bet": None, "min_bet": None}


def _hand_rows(hand: HandRecord, ids: dict[str, int]
               ) -> tuple[dict[str, Any], list[tuple[int, str, list[str]]]]:
    """record_hand's rows for one hand: the hand, then each turn with its actions, the turns'
    and actions' columns (TURN_COLUMNS, ACTION_COLUMNS after the ids) as SQL literals."""
    turns = [(t.seat, literals((t.position, t.points_start, t.points_end, t.bet,
                                 ids[t.first_card], points(t.total), t.cards_drawn(),
                                 t.result, hand.number)),
              [literals((seq, a.kind, ids[a.detail] if a.kind == Action.DRAW and a.detail else None,
                         a.automatic))
               for seq, a in enumerate(t.actions, start=1)])
             for t in hand.turns]
    return ({"number": hand.number, "bank": hand.bank, "bank_total": points(hand.bank_total),
             "bank_result": hand.bank_result}, turns)


@transactional  # one transaction per batch
def store_batch(records: list[GameRows]) -> list[int]:
    """Insert a batch of games, parents first, and their aggregates: one transaction."""
    connection = db.session.connection()
    game_ids: list[int] = list(connection.execute(INSERT_GAMES, [r.game for r in records]).scalars())
    seat_rows = [{**seat, "game_id": gid} for r, gid in zip(records, game_ids) for seat in r.seats]
    seat_ids: Iterator[int] = iter(connection.execute(INSERT_SEATS, seat_rows).scalars().all())
    seats_of = [[next(seat_ids) for _ in r.seats] for r in records]
    with foreign_keys_unchecked(connection):
        _store_hands(records, game_ids, seats_of)
    connection.execute(insert(GameStateRow.__table__), [{**r.state, "game_id": gid}
                                                    for r, gid in zip(records, game_ids)])
    add_finished_games(list(game_ids), STARTER)
    # As record_finish rates each game on the ratings the last one left, but in memory and
    # written once for the batch (places as rate_game reads them: seats with a place, by place).
    rate_games([(gid, sorted(((s["player_id"], s["final_position"]) for s in r.seats
                              if s["final_position"] is not None), key=lambda seat: seat[1]))
                for r, gid in zip(records, game_ids)], STARTER)
    return list(game_ids)


def _store_hands(records: list[GameRows], game_ids: list[int], seats_of: list[list[int]]) -> None:
    """The batch's hands, turns and actions: a few many-row INSERTs per table."""
    hands = [literals((gid, hand["number"], seats[hand["bank"]], hand["bank_total"],
                        hand["bank_result"]))
             for r, gid, seats in zip(records, game_ids, seats_of) for hand, _ in r.hands]
    hand_ids = iter(insert_literal_rows(HAND_COLUMNS, "hands", hands, returning=True))
    turns, actions_of = [], []
    for r, gid, seats in zip(records, game_ids, seats_of):
        players = [seat["player_id"] for seat in r.seats]
        for _, hand_turns in r.hands:
            hand_id = next(hand_ids)
            for seat, columns, actions in hand_turns:
                turns.append(f"{hand_id},{seats[seat]},{gid},{players[seat]},{columns}")
                actions_of.append(actions)
    turn_ids = insert_literal_rows(TURN_COLUMNS, "turns", turns, returning=True)
    insert_literal_rows(ACTION_COLUMNS, "turn_actions", [
        f"{tid},{action}" for tid, actions in zip(turn_ids, actions_of) for action in actions])


GameTask = tuple[TableSpec, int, list["Seat"], GameConfig, dict[str, int]]  # game_record's arguments


def _play(task: GameTask) -> GameRows:
    """One game's rows, in a worker process: the engine only, no database."""
    return game_record(*task)


def simulate_recorded_bulk(profiles: list[str], games: int, config: GameConfig, seed: int,
                           max_hands: int, progress: Iterable[int] | None = None,
                           batch: int = 200, workers: int = 1) -> list[int]:
    """The games simulate_recorded stores, row for row, written `batch` games per transaction.

    With `workers` > 0 the games are played in that many forked processes while this one
    stores the previous ones: playing and storing each take about half the time.
    """
    seats_for: dict[tuple[str, ...], list[Seat]] = {}
    for number in range(min(games, len(profiles))):  # every rotation, in the web path's order
        spec, _ = table_spec(profiles, seed, number, max_hands)
        if spec.bots not in seats_for:
            verify_spec(spec, config)
            with unit_of_work():  # the bots exist before the forked players look them up
                seats_for[spec.bots] = [Seat.of(p) for p in pick_bots(spec.bots, set(), CREATOR)]
    ids = dict(card_ids())

    def tasks() -> Iterator[GameTask]:
        for number in progress if progress is not None else range(games):
            spec, game_seed = table_spec(profiles, seed, number, max_hands)
            yield spec, game_seed, seats_for[spec.bots], config, ids

    if not workers:
        return _store_all(map(_play, tasks()), batch)
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return _store_all(pool.imap(_play, tasks(), chunksize=25), batch)


def _store_all(records: Iterable[GameRows], batch: int) -> list[int]:
    ids: list[int] = []
    pending: list[GameRows] = []
    for record in records:
        pending.append(record)
        if len(pending) >= batch:
            ids += store_batch(pending)
            pending = []
    if pending:
        ids += store_batch(pending)
    return ids
