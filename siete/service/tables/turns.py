"""Moves at a running table: load it under a lock, check the version, let the engine act, save."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from siete.data import game_rows
from siete.data.base import utcnow, utcnow_ms
from siete.data.game_rows import (
    GameRow,
    PlainStateRow,
    game_for_page,
    mark_left,
    started_for_page,
    write_state,
)
from siete.data.games import Game, GameStateRow
from siete.data.login_sessions import SessionClaim
from siete.data.people import Player
from siete.data.vocabulary import GameMode, GameStatus
from siete.engine import deck, rules
from siete.engine.bots import paced_step_due, play_until_person
from siete.engine.cards import CardSet
from siete.engine.codes import BotProfile
from siete.engine.moves import (
    MOVES,
    apply_move,
    come_back,
    everyone_ready,
    replace_with_bot,
    say_next,
)
from siete.engine.state import DEAL, OVER, PLAY, GameState, HandRecord, RuleError
from siete.service.errors import Conflict, NotAllowed, Problem, RuleBroken, TableNotFound
from siete.service.records.game_review import queue_review
from siete.service.records.recording import record_finish, record_hand
from siete.service.tables.table_locks import (
    Mover,
    locked_started_table,
    locked_table_for,
)
from siete.settings import ServiceSettings

BOT_HAND_PAUSE_S = 2  # bots-only tables deal one hand per pause, so people can watch them play


def settle_pause_s(settings: ServiceSettings, game: GameRow) -> float:
    """The pause between hands: after a settled hand its cards and result stay on the table
    this long (or until every person at it says "next"), so players see how it ended;
    the settings' pause with people, BOT_HAND_PAUSE_S without."""
    return BOT_HAND_PAUSE_S if game.mode == GameMode.BOTS else settings.settle_pause_s


@dataclass(frozen=True)
class TableSnapshot:
    """A table as the request that just moved left it, so rendering it needs no second read."""

    game: GameRow
    state: GameState
    version: int
    deadline: datetime | None
    mover: Mover | None = None  # who moved (user id read with the lock for a session)

    @classmethod
    def of(cls, game: GameRow, live: PlainStateRow, state: GameState,
           mover: Mover | None = None) -> TableSnapshot:
        """The table as saved, and who moved it."""
        return cls(game, state, live.version, live.turn_deadline, mover)


def load_state(row: GameStateRow | PlainStateRow, cards: CardSet) -> GameState:
    """The stored state, dealt from the cards of the game's config (the settings' `game`)."""
    return GameState.from_dict(json.loads(row.state), cards)


def save_state(settings: ServiceSettings, game: GameRow, live: PlainStateRow, state: GameState,
               by: str, new: bool = False, keep_deadline: bool = False,
               now: datetime | None = None) -> None:
    """Write the state back with its version and the deadline of whoever must act next.

    `keep_deadline` leaves a running pause's end where it was (a person saying "next");
    `now` is when this step was taken (a paced bot's move: the next counts from it).
    """
    live.state = json.dumps(state.to_dict(), separators=(",", ":"))
    live.version = state.version
    if not keep_deadline:
        live.turn_deadline = next_deadline(settings, game, state, now)
    write_state(live, by, new)


def next_deadline(settings: ServiceSettings, game: GameRow, state: GameState,
                  now: datetime | None = None) -> datetime | None:
    """When the table's next automatic step is due: a person's turn timer runs out, the
    pause after a settled hand ends and the next hand is dealt, or (paced play) a bot's next
    move is due, `bot_move_s` after this one (run_due_timers does all three)."""
    if state.bot_stream is not None and settings.bot_move_s > 0:
        return (now or utcnow_ms()) + timedelta(seconds=settings.bot_move_s)
    now = now or utcnow()
    seat = state.current_seat()
    if state.phase == PLAY and seat is not None and state.seats[seat].bot is None:
        return now + timedelta(seconds=game.turn_seconds)
    if state.phase == DEAL:
        return now + timedelta(seconds=settle_pause_s(settings, game))
    return None


def advance(settings: ServiceSettings, game: GameRow, state: GameState, by: str,
            pause_bots: bool = True) -> None:
    """Let bots play, record each settled hand; stop when a human must act or a hand is settled.

    Every table pauses after a settled hand (`pause_bots`), so people see how it ended; the
    next hand is dealt by run_due_timers when the pause is over, or by the last person's
    "next" (ready_for_next). The simulator plays its games straight through.

    Paced play (`settings.bot_move_s`, tables that pause): the bots do not move here; if one
    is to move (or a hand to be dealt), the state's `bot_stream` starts at this version and
    run_due_timers plays the moves one by one at their deadlines (service.tables.pacing), from the
    random stream this call would have drawn from: the same moves as unpaced.
    """
    record, pauses = table_hooks(settings, game, by, pause_bots)
    if pause_bots and settings.bot_move_s > 0:
        if state.phase != PLAY and state.last_hand is not None:
            record(state, state.last_hand)
        state.bot_stream = [state.version, 0] if paced_step_due(state, pauses) else None
        return
    state.bot_stream = None
    play_until_person(state, deck.seeded_rng(game.seed, state.version), record, pauses)


def table_hooks(settings: ServiceSettings, game: GameRow, by: str, pause_bots: bool = True
                ) -> tuple[Callable[[GameState, HandRecord], None], Callable[[GameState], bool]]:
    """What the bots' loop calls at a table: `record` each settled hand (once) and the game's
    end; `pauses`: whether the table waits after a settled hand."""
    def record(state: GameState, hand: HandRecord) -> None:
        if hand.number > game.hands_played:
            record_hand(game, state, hand, by)
        if state.phase == OVER:
            record_finish(game, state, by)
            queue_review(game.id, by)  # the worker reviews it, not this request

    def pauses(state: GameState) -> bool:  # the next hand is dealt when the pause is over
        return pause_bots and _pauses(settings, game, state)  # (see run_due_timers)

    return record, pauses


def _pauses(settings: ServiceSettings, game: GameRow, state: GameState) -> bool:
    """Whether the table waits between hands: bots-only tables (to be watched) and tables
    with a person still playing; bots left alone at a mixed table play it out at once."""
    return settle_pause_s(settings, game) > 0 and (game.mode == GameMode.BOTS or bool(state.waits_for()))


def seat_in_state(state: GameState, player_name: str | None) -> int:
    """The seat of a player in a started game: seats carry the players' names, which are unique."""
    if player_name is None:  # an account with no player yet sits nowhere
        raise NotAllowed(Problem.NOT_SEATED)
    try:
        return state.seat_index(player_name)
    except RuleError:
        raise NotAllowed(Problem.NOT_SEATED) from None


def act(settings: ServiceSettings, game_id: int, player_name: str | None, action: str,
        amount: int | None = None, version: int | None = None,
        claim: SessionClaim | None = None) -> TableSnapshot:
    """Apply one move for the player of that name; a stale version or a forbidden move changes nothing.

    A move needs only the name: the seats of a started game carry their (unique) players' names.
    With `claim` (a login session's, unchecked), the name is its account's, read with the lock.
    """
    if action not in MOVES:
        raise RuleBroken(Problem.UNKNOWN_ACTION)
    with locked_table_for(game_id, player_name, claim) as (game, row, mover):
        player_name = mover.player_name
        if game.status != GameStatus.PLAYING:
            raise Conflict(Problem.NOT_PLAYED_NOW)
        state = load_state(row, settings.game.cards)
        if player_name is not None and is_away(state, player_name):  # any move (even from a
            hand_seat_back(row, state, state.seat_index(player_name), player_name)  # stale page)
            return TableSnapshot.of(game, row, state, mover)  # is a return: the bot has
        if version is not None and version != row.version:  # played the turns meant for them
            raise Conflict(Problem.TABLE_MOVED_ON)
        seat = seat_in_state(state, player_name)
        by = state.seats[seat].name
        if state.seats[seat].bot is not None:
            raise NotAllowed(Problem.BOT_PLAYS_YOUR_SEAT)
        try:
            apply_move(state, seat, action, amount)
        except RuleError as exc:
            raise RuleBroken.of(exc) from None
        advance(settings, game, state, by)
        save_state(settings, game, row, state, by)
        return TableSnapshot.of(game, row, state, mover)


def version_and_deadline(game_id: int) -> tuple[int, datetime | None] | None:
    """The table's version and deadline in one small query, for cheap polling."""
    return game_rows.version_and_deadline(game_id)


def is_away(state: GameState, player_name: str) -> bool:
    """The person sits at a running game with a stand-in bot playing their seat."""
    return state.phase != OVER and any(s.name == player_name and s.away for s in state.seats)


def hand_seat_back(row: PlainStateRow, state: GameState, seat: int, by: str) -> None:
    """Hand the seat back to its person; whoever is in turn keeps the time they had."""
    come_back(state, seat)
    row.state = json.dumps(state.to_dict(), separators=(",", ":"))
    row.version = state.version
    write_state(row, by)


def deal_next(game: GameRow, state: GameState) -> None:
    """Deal the next hand, from a deck seeded by the game and its version."""
    rng = deck.seeded_rng(game.seed, state.version)
    rules.deal(state, deck.shuffled_deck(state.config.cards, rng))


def ready_for_next(settings: ServiceSettings, game_id: int, player_name: str | None,
                   claim: SessionClaim | None = None) -> TableSnapshot:
    """A person has seen the settled hand; once every person has, the next hand is dealt.

    Saying it after the deal changes nothing: the pause may have run out in the meantime.
    `claim` as for act.
    """
    with locked_table_for(game_id, player_name, claim) as (game, row, mover):
        player_name = mover.player_name
        state = load_state(row, settings.game.cards)
        seat = seat_in_state(state, player_name)
        by = state.seats[seat].name
        if state.phase != DEAL or game.status != GameStatus.PLAYING:
            return TableSnapshot.of(game, row, state, mover)
        try:
            all_ready = say_next(state, seat)
        except RuleError as exc:
            raise NotAllowed.of(exc) from None
        if all_ready:
            deal_next(game, state)
            advance(settings, game, state, by)
        save_state(settings, game, row, state, by, keep_deadline=not all_ready)
        return TableSnapshot.of(game, row, state, mover)


def leave_game(settings: ServiceSettings, game_id: int, player: Player) -> None:
    """A player who leaves mid-game is replaced by a standard bot and the game goes on."""
    with locked_started_table(game_id) as (game, row):
        state = load_state(row, settings.game.cards)
        seat = seat_in_state(state, player.name)
        if game.status != GameStatus.PLAYING:
            raise Conflict(Problem.NOT_PLAYED_NOW)
        try:
            replace_with_bot(state, seat, BotProfile.STANDARD)
        except RuleError as exc:
            raise Conflict.of(exc) from None
        mark_left(game_id, player.id, player.name)
        if state.phase == DEAL and everyone_ready(state):  # the others were waiting for this seat
            deal_next(game, state)
        advance(settings, game, state, player.name)
        save_state(settings, game, row, state, player.name)


def state_for_page(settings: ServiceSettings, game_id: int) -> tuple[GameRow, GameState | None]:
    """The game and its state without a lock, for drawing the table: a started table as plain
    rows in one statement (its page names the players from the state), else as current_state."""
    found = started_for_page(game_id)
    if found is None:
        return current_state(settings, game_id)
    game, row = found
    return game, load_state(row, settings.game.cards)


def current_state(settings: ServiceSettings, game_id: int) -> tuple[Game, GameState | None]:
    """The game and its state without a lock, for showing the table."""
    found = game_for_page(game_id)
    if found is None:
        raise TableNotFound(Problem.NO_SUCH_TABLE)
    game, row = found
    return game, None if row is None else load_state(row, settings.game.cards)
