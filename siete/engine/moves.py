"""Moves by name, and the table's own moves: the turn timer running out, a seat handed to a bot,
and a person who was away taking their seat back.

The web, replay and any other driver name a player's move as 'bet', 'draw' or 'stand';
`apply_move` is the one place that turns the name into the rule's function.
"""
from __future__ import annotations

import random

from siete.engine.bots import HOUSE_PROFILE, house_move
from siete.engine.codes import Action, BotProfile, Event, RuleCode
from siete.engine.records import log_event
from siete.engine.rules import (
    bet,
    draw,
    seven_half_stand_due,
    stand,
    stand_at_seven_half,
    verify_turn,
)
from siete.engine.seating import verify_profile
from siete.engine.state import DEAL, OVER, PLAY, GameState, RuleError

MOVES = tuple(Action)
# After this many turns in a row played by the timer, a person is away and a bot plays for them.
AWAY_AFTER_TIMEOUTS = 2
AWAY_PROFILE = HOUSE_PROFILE


def apply_move(state: GameState, seat: int, move: str, amount: int | None = None) -> None:
    """Apply a player's move by name; a bet needs its amount. Raises RuleError if illegal."""
    if move == Action.BET:
        bet(state, seat, amount)
    elif move == Action.DRAW:
        draw(state, seat)
    elif move == Action.STAND:
        stand(state, seat)
    else:
        raise RuleError(RuleCode.NOT_A_MOVE, move=move)
    player = state.seats[seat]
    player.timeouts = 0  # the person moved: the timer's count starts again
    if player.own_moves is not None:  # None: a game whose earlier moves were not counted
        player.own_moves += 1


def time_out(state: GameState, seat: int, rng: random.Random) -> None:
    """The turn timer ran out: the house bot (the standard profile) plays the rest of the
    turn, move by move as it would in this seat (its bet if none was made, then its draws and
    its stand), from the seat's own view and `rng`. The log says the time ran out and the
    seat keeps from which step the timer played (the review marks those moves timed out).

    The AWAY_AFTER_TIMEOUTS-th time in a row, the person is marked away and a standard bot
    plays their seat from the next turn on (while the game goes on).
    """
    player = verify_turn(state, seat)  # only the seat whose turn it is runs out of time
    state.log.append(log_event(Event.TIMEOUT, seat))
    if player.timed_out is None:
        player.timed_out = len(player.actions) + 1 if state.turn == 0 or player.bet else 0
    while state.phase == PLAY and state.current_seat() == seat:
        house_move(state, seat, rng)
    player.timeouts += 1
    if player.timeouts >= AWAY_AFTER_TIMEOUTS and player.bot is None and state.phase != OVER:
        player.bot, player.away = AWAY_PROFILE, True
        state.log.append(log_event(Event.AWAY, seat))
        state.version += 1


def verify_come_back(state: GameState, seat: int) -> None:
    """Only a seat marked away, in a game still going on, can be taken back."""
    if not 0 <= seat < len(state.seats):
        raise RuleError(RuleCode.NO_SUCH_SEAT)
    if not state.seats[seat].away:
        raise RuleError(RuleCode.NOT_AWAY, name=state.seats[seat].name)
    if state.phase == OVER:
        raise RuleError(RuleCode.GAME_OVER)


def come_back(state: GameState, seat: int) -> None:
    """A person who was away takes their seat back from the bot, with the points it kept.

    If the bot's paced draw has just reached 7½ in this turn, R4.6's stand, left for a step
    of its own, is made now: a person at 7½ never holds the turn (as when they draw to it).
    """
    verify_come_back(state, seat)
    player = state.seats[seat]
    if state.phase == PLAY and (player.bet or player.actions):  # the stand-in began this turn
        player.stand_in = len(player.actions) + 1
    player.bot, player.away, player.timeouts = None, False, 0
    state.log.append(log_event(Event.BACK, seat))
    state.version += 1
    if state.current_seat() == seat and seven_half_stand_due(state):
        stand_at_seven_half(state, seat)


def say_next(state: GameState, seat: int) -> bool:
    """A person has seen the settled hand and is ready for the next deal; True once all are.

    Saying it twice changes nothing. Bots never wait: only people's seats count (see waits_for).
    """
    if state.phase != DEAL:
        raise RuleError(RuleCode.NO_HAND_TO_DEAL)
    if not 0 <= seat < len(state.seats) or seat not in state.waits_for():
        raise RuleError(RuleCode.NOT_WAITED_FOR)
    if seat not in state.ready:
        state.ready.append(seat)
        state.version += 1
    return everyone_ready(state)


def everyone_ready(state: GameState) -> bool:
    """Every person still playing has said next (a table with nobody to wait for never is)."""
    waiting = state.waits_for()
    return bool(waiting) and all(i in state.ready for i in waiting)


def replace_with_bot(state: GameState, seat: int, profile: str = BotProfile.STANDARD) -> None:
    """A player who leaves mid-game is replaced by a bot, which keeps the seat's points."""
    if not 0 <= seat < len(state.seats):
        raise RuleError(RuleCode.NO_SUCH_SEAT)
    verify_profile(profile)
    player = state.seats[seat]
    if player.bot is not None and not player.away:  # leaving while away: the bot stays for good
        raise RuleError(RuleCode.ALREADY_A_BOT, name=player.name)
    player.bot, player.away = profile, False
    state.log.append(log_event(Event.REPLACED, seat))
    state.version += 1

