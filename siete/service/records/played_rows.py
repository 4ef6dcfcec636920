"""A bots-only game played as the web plays it, and the rows the web would store for it, built
where the game is played (a worker process of `flask simulate --record`, the engine only).

The rows are built to cost the storing process, the pipeline's bottleneck, as little as
possible: what it receives is unpickled there, and each of its hands, turns and actions would be
an object to unpickle and a string to format. So a game's hands, turns and actions each come as
one text of SQL literals (bulk_rows.literals) with the ids only the database hands out left as
`str.format` fields: {g} the game, {s[i]} seat i's game_players row, {h[k]} hand k, {t[j]} turn
j, all counted from the game's first.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from siete.data.base import utcnow
from siete.data.people import Player
from siete.data.vocabulary import GameMode, GameStatus, PlayerKind
from siete.engine import deck, rules
from siete.engine.bots import play_until_person
from siete.engine.cards import points
from siete.engine.codes import Action, BotProfile
from siete.engine.config import GameConfig
from siete.engine.state import PLAY, GameState, HandRecord
from siete.service.records.bulk_rows import literals
from siete.service.records.recording import add_tally, card_ids, final_seats, seat_cards, tally_hand
from siete.service.tables.lobby_actions import SEATING, TableSpec

CREATOR, STARTER = "simulator", "system"  # who create_table and start_table write as
EMPTY_SUMMARY = {"hands_played": 0, "hands_drawn": 0, "stands": 0, "busts": 0,
                 "won_without_drawing": 0, "bank_tie_wins": 0, "max_bet": None, "min_bet": None}


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
class PlayedRows:
    """A game's hands, turns and actions: each table's rows as one text of `str.format` fields
    and literals (the module's docstring), and how many rows each holds."""

    hands: str
    turns: str
    actions: str
    hand_count: int
    turn_count: int
    action_count: int

    @classmethod
    def of(cls, hands: list[HandRecord], ids: dict[str, int], players: list[int]) -> PlayedRows:
        hand_rows: list[str] = []
        turn_rows: list[str] = []
        action_rows: list[str] = []
        for k, hand in enumerate(hands):
            hand_rows.append("{g}," + literals((hand.number,)) + f",{{s[{hand.bank}]}},"
                             + literals((points(hand.bank_total), hand.bank_result)))
            for t in hand.turns:
                j = len(turn_rows)
                turn_rows.append(f"{{h[{k}]}},{{s[{t.seat}]}},{{g}},{players[t.seat]},"
                                 + literals((t.position, t.points_start, t.points_end, t.bet,
                                             ids[t.first_card], points(t.total), t.cards_drawn(),
                                             t.result, hand.number)))
                action_rows += [f"{{t[{j}]}}," + literals((
                    seq, a.kind, ids[a.detail] if a.kind == Action.DRAW and a.detail else None,
                    a.automatic)) for seq, a in enumerate(t.actions, start=1)]
        return cls("),(".join(hand_rows), "),(".join(turn_rows), "),(".join(action_rows),
                   len(hand_rows), len(turn_rows), len(action_rows))


@dataclass
class GameRows:
    """One played game's rows, ids left out: the batch's INSERTs hand them out. `game`, each of
    `seats` and `state` are the columns of their row (games, game_players, game_states)."""

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    played: PlayedRows
    state: dict[str, Any]


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
    now, ids, by = utcnow(), ids or card_ids(), STARTER
    assert state.winner is not None  # play_as_the_web plays the game to its end
    game = {
        "name": spec.name, "status": GameStatus.FINISHED,
        "mode": GameMode.of(len(players) - bots, bots), "num_players": spec.seats,
        "initial_points": config.initial_points, "max_hands": spec.max_hands, "seed": game_seed,
        "win_condition": f"most points after {spec.max_hands} hands, or the last player left",
        "turn_seconds": spec.turn_seconds, "creator_user_id": None, "started_at": now,
        "ended_at": now, "duration_s": None, "hands_played": len(hands),
        "winner_player_id": players[state.winner].id, "created_by": CREATOR, "updated_by": by}
    return GameRows(game, _seat_rows(state, hands, players, ids),
                    PlayedRows.of(hands, ids, [p.id for p in players]),
                    {"version": state.version, "turn_deadline": None, "created_by": by,
                     "updated_by": by, "state": json.dumps(state.to_dict(), separators=(",", ":"))})


def _seat_rows(state: GameState, hands: list[HandRecord], players: Sequence[Player | Seat],
               ids: dict[str, int]) -> list[dict[str, Any]]:
    """The game_players rows of a finished game: seat card, places, and the hands' tallies."""
    summaries: list[dict[str, Any]] = [{} for _ in players]
    for hand in hands:
        for index, tally in tally_hand(hand).items():
            summaries[index] = add_tally(summaries[index], tally)
    start = {index: position for position, index in enumerate(state.seating)}
    final, cards = final_seats(state), seat_cards(state)
    return [{"player_id": player.id, "join_order": index, "seat_card_id": ids[cards[index]],
             "start_position": start[index], **final[index], "left_at": None, **EMPTY_SUMMARY,
             **summaries[index], "created_by": CREATOR, "updated_by": STARTER}
            for index, player in enumerate(players)]
