"""Paced play: bots and the bank move one at a time, each move due `bot_move_s` after
the last public one, so people follow a hand move by move.

The state stays the truth at every moment: a move is played (under the table's lock, by the
worker or by any request that finds it overdue: siete.service.tables.timers) and saved before anyone
sees it, so a reload, another device and a spectator all see the same moment of the hand.
The moves come from the random stream an unpaced `advance` would have used (the state's
`bot_stream`: the version it is seeded by and how much of it is used), so pacing changes when
the moves are made, never which.
"""
from __future__ import annotations

from siete.data.game_rows import GameRow
from siete.engine import random_stream
from siete.engine.bots import paced_step_due, play_step
from siete.engine.state import GameState
from siete.service.tables.turns import table_hooks
from siete.settings import ServiceSettings


def is_persons_turn(state: GameState) -> bool:
    """Whether a person (no bot at their seat) is to move now."""
    seat = state.current_seat()
    return seat is not None and state.seats[seat].bot is None


def play_paced_step(settings: ServiceSettings, game: GameRow, state: GameState, by: str) -> bool:
    """One bot's move or one deal from the table's bot stream; False if none was due.

    Afterwards `bot_stream` says how far the stream is used, or is None if the run is over
    (a person is to move, the hand is settled and the table pauses, the game is over).
    """
    record, pauses = table_hooks(settings, game, by)
    if state.bot_stream is None:  # a run saved while pacing was off: it starts here
        state.bot_stream = [state.version, 0]
    origin, words = state.bot_stream
    rng = random_stream.resumed_rng(game.seed, origin, words)
    played = play_step(state, rng, record, pauses)
    state.bot_stream = [origin, rng.words] if played and paced_step_due(state, pauses) else None
    return played
