"""Moves at a running table: load it under a lock, check the version, let the engine act, save."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask import current_app
from flask_babel import gettext as _

from siete.data import game_rows
from siete.data.base import utcnow
from siete.data.game_rows import (
    GameRow,
    LiveState,
    game_for_page,
    mark_left,
    write_state,
)
from siete.data.games import Game, GameStateRow
from siete.data.login_sessions import SessionClaim
from siete.data.people import Player
from siete.data.vocabulary import GameMode, GameStatus
from siete.engine import deck, rules
from siete.engine.bots import play_until_person
from siete.engine.moves import (
    MOVES,
    apply_move,
    come_back,
    everyone_ready,
    replace_with_bot,
    say_next,
    verify_come_back,
)
from siete.engine.state import DEAL, OVER, PLAY, GameState, RuleError
from siete.i18n.words import rule_message
from siete.service.errors import Conflict, NotAllowed, RuleBroken, TableNotFound
from siete.service.recording import record_finish, record_hand
from siete.service.table_locks import (
    Mover,
    locked_started_table,
    locked_table_for,
)

BOT_HAND_PAUSE_S = 2  # bots-only tables deal one hand per pause, so people can watch them play
# After a hand is settled its cards and result stay on the table this long (or until every
# person at the table says "next"), so players see how it ended before the next deal.
SETTLE_PAUSE_S = 6


def settle_pause_s(game: GameRow, pause_s: float = SETTLE_PAUSE_S) -> float:
    """The pause between hands: `pause_s` (the app's SETTLE_PAUSE_S, passed in by the caller)
    with people, BOT_HAND_PAUSE_S without."""
    return BOT_HAND_PAUSE_S if game.mode == GameMode.BOTS else pause_s


@dataclass(frozen=True)
class TableSnapshot:
    """A table as the request that just moved left it, so rendering it needs no second read."""

    game: GameRow
    state: GameState
    version: int
    deadline: datetime | None
    mover: Mover | None = None  # who moved (user id read with the lock for a session)

    @classmethod
    def of(cls, game: GameRow, live: LiveState, state: GameState,
           mover: Mover | None = None) -> TableSnapshot:
        return cls(game, state, live.version, live.turn_deadline, mover)


def load_state(row: GameStateRow | LiveState) -> GameState:
    """The stored state, dealt from the cards the app loaded (app.config["GAME"])."""
    return GameState.from_dict(json.loads(row.state), current_app.config["GAME"].cards)


def save_state(game: GameRow, live: LiveState, state: GameState, by: str,
               new: bool = False, keep_deadline: bool = False,
               pause_s: float = SETTLE_PAUSE_S) -> None:
    """Write the state back with its version and the deadline of whoever must act next.

    `keep_deadline` leaves a running pause's end where it was (a person saying "next").
    """
    live.state = json.dumps(state.to_dict(), separators=(",", ":"))
    live.version = state.version
    if not keep_deadline:
        live.turn_deadline = next_deadline(game, state, pause_s=pause_s)
    write_state(live, by, new)


def next_deadline(game: GameRow, state: GameState, now: datetime | None = None,
                  pause_s: float = SETTLE_PAUSE_S) -> datetime | None:
    """When the table's next automatic step is due: a person's turn timer runs out, or the
    pause after a settled hand ends and the next hand is dealt (run_due_timers does both)."""
    now = now or utcnow()
    if state.phase == PLAY and state.seats[state.current_seat()].bot is None:
        return now + timedelta(seconds=game.turn_seconds)
    if state.phase == DEAL:
        return now + timedelta(seconds=settle_pause_s(game, pause_s))
    return None


def advance(game: GameRow, state: GameState, by: str, pause_bots: bool = True,
            pause_s: float = SETTLE_PAUSE_S) -> None:
    """Let bots play, record each settled hand; stop when a human must act or a hand is settled.

    Every table pauses after a settled hand (`pause_bots`), so people see how it ended; the
    next hand is dealt by run_due_timers when the pause is over, or by the last person's
    "next" (ready_for_next). The simulator plays its games straight through.
    """
    def record(state: GameState, hand: dict) -> None:
        if hand["number"] > game.hands_played:
            record_hand(game, state, hand, by)
        if state.phase == OVER:
            record_finish(game, state, by)

    def pauses(state: GameState) -> bool:  # the next hand is dealt when the pause is over
        return pause_bots and _pauses(game, state, pause_s)  # (see run_due_timers)

    play_until_person(state, deck.seeded_rng(game.seed, state.version), record, pauses)


def _pauses(game: GameRow, state: GameState, pause_s: float) -> bool:
    """Whether the table waits between hands: bots-only tables (to be watched) and tables
    with a person still playing; bots left alone at a mixed table play it out at once."""
    return settle_pause_s(game, pause_s) > 0 and (game.mode == GameMode.BOTS or bool(state.waits_for()))


def seat_in_state(state: GameState, player_name: str | None) -> int:
    """The seat of a player in a started game: seats carry the players' names, which are unique."""
    try:
        return state.seat_index(player_name)
    except RuleError:
        raise NotAllowed(_("you are not seated at this table")) from None


def act(game_id: int, player_name: str | None, action: str, amount: int | None = None,
        version: int | None = None, pause_s: float = SETTLE_PAUSE_S,
        claim: SessionClaim | None = None) -> TableSnapshot:
    """Apply one move for the player of that name; a stale version or a forbidden move changes nothing.

    A move needs only the name: the seats of a started game carry their (unique) players' names.
    With `claim` (a login session's, unchecked), the name is its account's, read with the lock.
    """
    if action not in MOVES:
        raise RuleBroken(_("unknown action"))
    with locked_table_for(game_id, player_name, claim) as (game, row, mover):
        player_name = mover.player_name
        if game.status != GameStatus.PLAYING:
            raise Conflict(_("this game is not being played now"))
        state = load_state(row)
        if _is_away(state, player_name):  # any move (even from a stale page) is a return: the
            _take_seat_back(row, state, state.seat_index(player_name), player_name)  # bot has
            return TableSnapshot.of(game, row, state, mover)  # played the turns meant for
        if version is not None and version != row.version:
            raise Conflict(_("the table has moved on since you looked; here it is now"))
        seat = seat_in_state(state, player_name)
        if state.seats[seat].bot is not None:
            raise NotAllowed(_("a bot plays your seat now"))
        try:
            apply_move(state, seat, action, amount)
        except RuleError as exc:
            raise RuleBroken(rule_message(exc)) from None
        advance(game, state, player_name, pause_s=pause_s)
        save_state(game, row, state, player_name, pause_s=pause_s)
        return TableSnapshot.of(game, row, state, mover)


def poll_marker(game_id: int) -> tuple[int, datetime | None] | None:
    """The table's version and deadline in one small query, for cheap polling."""
    return game_rows.poll_marker(game_id)


def take_seat_back(game_id: int, player_name: str | None) -> bool:
    """A person marked away is back (the table page, "I'm back"): the bot gives the seat up.

    True if they were away. Reads without a lock first, so a page load by anyone else costs
    no locking read.
    """
    try:
        _game, state = current_state(game_id)
    except TableNotFound:
        return False  # the page says so
    if state is None or not _is_away(state, player_name):
        return False
    with locked_started_table(game_id) as (_row_game, row):
        state = load_state(row)
        if not _is_away(state, player_name):
            return False
        _take_seat_back(row, state, state.seat_index(player_name), player_name)
        return True


def come_back_to_table(game_id: int, player_name: str | None) -> TableSnapshot:
    """"I'm back", pressed: only the player marked away takes the seat back from the bot.

    Anyone else is refused and nothing changes: a spectator (NotAllowed), a seat whose
    player is not away, or a game that is over (Conflict, in the engine's words).
    """
    with locked_started_table(game_id) as (game, row):
        state = load_state(row)
        seat = seat_in_state(state, player_name)
        try:
            verify_come_back(state, seat)
        except RuleError as exc:
            raise Conflict(rule_message(exc)) from None
        _take_seat_back(row, state, seat, state.seats[seat].name)
        return TableSnapshot.of(game, row, state)


def _is_away(state: GameState, player_name: str | None) -> bool:
    return state.phase != OVER and any(s.name == player_name and s.away for s in state.seats)


def _take_seat_back(row: LiveState, state: GameState, seat: int, by: str) -> None:
    """Hand the seat back to its person; whoever is in turn keeps the time they had."""
    come_back(state, seat)
    row.state = json.dumps(state.to_dict(), separators=(",", ":"))
    row.version = state.version
    write_state(row, by)


def deal_next(game: GameRow, state: GameState) -> None:
    """Deal the next hand, from a deck seeded by the game and its version."""
    rng = deck.seeded_rng(game.seed, state.version)
    rules.deal(state, deck.shuffled_deck(state.config.cards, rng))


def ready_for_next(game_id: int, player_name: str | None, pause_s: float = SETTLE_PAUSE_S,
                   claim: SessionClaim | None = None) -> TableSnapshot:
    """A person has seen the settled hand; once every person has, the next hand is dealt.

    Saying it after the deal changes nothing: the pause may have run out in the meantime.
    `claim` as for act.
    """
    with locked_table_for(game_id, player_name, claim) as (game, row, mover):
        player_name = mover.player_name
        state = load_state(row)
        seat = seat_in_state(state, player_name)
        if state.phase != DEAL or game.status != GameStatus.PLAYING:
            return TableSnapshot.of(game, row, state, mover)
        try:
            all_ready = say_next(state, seat)
        except RuleError as exc:
            raise NotAllowed(rule_message(exc)) from None
        if all_ready:
            deal_next(game, state)
            advance(game, state, player_name, pause_s=pause_s)
        save_state(game, row, state, player_name, keep_deadline=not all_ready, pause_s=pause_s)
        return TableSnapshot.of(game, row, state, mover)


def leave_game(game_id: int, player: Player, pause_s: float = SETTLE_PAUSE_S) -> None:
    """A player who leaves mid-game is replaced by a standard bot and the game goes on."""
    with locked_started_table(game_id) as (game, row):
        state = load_state(row)
        seat = seat_in_state(state, player.name)
        if game.status != GameStatus.PLAYING:
            raise Conflict(_("this game is not being played now"))
        try:
            replace_with_bot(state, seat, "standard")
        except RuleError as exc:
            raise Conflict(rule_message(exc)) from None
        mark_left(game_id, player.id, player.name)
        if state.phase == DEAL and everyone_ready(state):  # the others were waiting for this seat
            deal_next(game, state)
        advance(game, state, player.name, pause_s=pause_s)
        save_state(game, row, state, player.name, pause_s=pause_s)


def current_state(game_id: int) -> tuple[Game, GameState | None]:
    """The game and its state without a lock, for showing the table."""
    found = game_for_page(game_id)
    if found is None:
        raise TableNotFound(_("there is no such table"))
    game, row = found
    return game, None if row is None else load_state(row)
