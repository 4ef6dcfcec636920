"""Bot games stored as the web stores them: one by one through the tables' own path, or in
bulk batches that write the very same rows far faster (`flask simulate --record`)."""
from __future__ import annotations

import multiprocessing
from collections.abc import Iterable, Iterator

from sqlalchemy import update

from siete.data.base import db, utcnow
from siete.data.games import Game, GamePlayer, GameStateRow
from siete.engine.config import GameConfig
from siete.service.records.bulk_rows import (
    ACTION_COLUMNS,
    HAND_COLUMNS,
    TURN_COLUMNS,
    BulkWriter,
    foreign_keys_unchecked,
)
from siete.service.records.played_rows import (
    CREATOR,
    STARTER,
    GameRows,
    PlayedRows,
    Seat,
    game_record,
)
from siete.service.records.ratings import rate_games
from siete.service.records.recording import card_ids
from siete.service.reports.aggregates import add_finished_games
from siete.service.tables.lobby_actions import (
    TableSpec,
    create_table,
    pick_bots,
    start_table,
    verify_spec,
)
from siete.service.unit_of_work import transactional, unit_of_work
from siete.settings import ServiceSettings

GAMES, SEATS, STATES = Game.__table__, GamePlayer.__table__, GameStateRow.__table__


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


@transactional  # one transaction per batch
def store_batch(records: list[GameRows]) -> list[int]:
    """Insert a batch of games, parents first, and their aggregates: one transaction."""
    writer, now = BulkWriter(db.session.connection()), utcnow()
    stamped = {"created_at": now, "updated_at": now}  # what the ORM's defaults would write
    game_ids = writer.insert_values(GAMES, [{**r.game, **stamped} for r in records], returning=True)
    seat_ids = iter(writer.insert_values(SEATS, [{**seat, "game_id": gid, **stamped}
                                                 for r, gid in zip(records, game_ids)
                                                 for seat in r.seats], returning=True))
    seats_of = [[next(seat_ids) for _ in r.seats] for r in records]
    with foreign_keys_unchecked(writer.connection):
        _store_played(writer, [r.played for r in records], game_ids, seats_of)
    writer.insert_values(STATES, [{**r.state, "game_id": gid, **stamped}
                                  for r, gid in zip(records, game_ids)])
    add_finished_games(list(game_ids), STARTER)
    # As record_finish rates each game on the ratings the last one left, but in memory and
    # written once for the batch (places as rate_game reads them: seats with a place, by place).
    rate_games([(gid, sorted(((s["player_id"], s["final_position"]) for s in r.seats
                              if s["final_position"] is not None), key=lambda seat: seat[1]))
                for r, gid in zip(records, game_ids)], STARTER)
    return list(game_ids)


def _store_played(writer: BulkWriter, played: list[PlayedRows], game_ids: list[int],
                  seats_of: list[list[int]]) -> None:
    """The batch's hands, turns and actions: a few many-row INSERTs per table, each game's
    rows given their ids by one `str.format` per table (played_rows.py)."""
    hand_ids = writer.insert_literals(
        "hands", HAND_COLUMNS, [p.hands.format(g=gid, s=seats)
                                for p, gid, seats in zip(played, game_ids, seats_of)],
        [p.hand_count for p in played], returning=True)
    turns, first = [], 0
    for p, gid, seats in zip(played, game_ids, seats_of):
        turns.append(p.turns.format(g=gid, s=seats, h=hand_ids[first:first + p.hand_count]))
        first += p.hand_count
    turn_ids = writer.insert_literals("turns", TURN_COLUMNS, turns,
                                      [p.turn_count for p in played], returning=True)
    actions, first = [], 0
    for p in played:
        if p.action_count:
            actions.append(p.actions.format(t=turn_ids[first:first + p.turn_count]))
        first += p.turn_count
    writer.insert_literals("turn_actions", ACTION_COLUMNS, actions,
                           [p.action_count for p in played if p.action_count])


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
