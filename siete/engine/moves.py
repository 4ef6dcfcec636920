"""Moves by name, and the table's own moves: the turn timer running out, a seat handed to a bot,
and a person who was away taking their seat back.

The web, replay and any other driver name a player's move as 'bet', 'draw' or 'stand';
`apply_move` is the one place that turns the name into the rule's function.
"""
from __future__ import annotations

from siete.engine.rules import bet, draw, stand, verify_profile, verify_turn
from siete.engine.state import DEAL, OVER, GameState, RuleError

MOVES = ("bet", "draw", "stand")
# After this many turns in a row played by the timer, a person is away and a bot plays for them.
AWAY_AFTER_TIMEOUTS = 2
AWAY_PROFILE = "standard"


def apply_move(state: GameState, seat: int, move: str, amount: int | None = None) -> None:
    """Apply a player's move by name; a bet needs its amount. Raises RuleError if illegal."""
    if move == "bet":
        bet(state, seat, amount)
    elif move == "draw":
        draw(state, seat)
    elif move == "stand":
        stand(state, seat)
    else:
        raise RuleError(f"{move!r} is not a move", "that is not a move")
    state.seats[seat].timeouts = 0  # the person moved: the timer's count starts again


def verify_time_out(state: GameState, seat: int) -> None:
    """Only the seat whose turn it is can run out of time."""
    verify_turn(state, seat)


def time_out(state: GameState, seat: int) -> None:
    """The turn timer ran out: bet the minimum if no bet was made, then stand.

    The AWAY_AFTER_TIMEOUTS-th time in a row, the person is marked away and a standard bot
    plays their seat from the next turn on (while the game goes on).
    """
    verify_time_out(state, seat)
    player = state.seats[seat]
    state.log.append(["timeout", seat, None])
    if state.turn != 0 and not player.bet:
        bet(state, seat, 1)
    stand(state, seat)
    player.timeouts += 1
    if player.timeouts >= AWAY_AFTER_TIMEOUTS and player.bot is None and state.phase != OVER:
        player.bot, player.away = AWAY_PROFILE, True
        state.log.append(["away", seat, None])
        state.version += 1


def verify_come_back(state: GameState, seat: int) -> None:
    """Only a seat marked away, in a game still going on, can be taken back."""
    if not 0 <= seat < len(state.seats):
        raise RuleError("there is no such seat")
    if not state.seats[seat].away:
        raise RuleError(f"{state.seats[seat].name} is not away", "you are not away")
    if state.phase == OVER:
        raise RuleError("the game is over")


def come_back(state: GameState, seat: int) -> None:
    """A person who was away takes their seat back from the bot, with the points it kept."""
    verify_come_back(state, seat)
    player = state.seats[seat]
    player.bot, player.away, player.timeouts = None, False, 0
    state.log.append(["back", seat, None])
    state.version += 1


def say_next(state: GameState, seat: int) -> bool:
    """A person has seen the settled hand and is ready for the next deal; True once all are.

    Saying it twice changes nothing. Bots never wait: only people's seats count (see waits_for).
    """
    if state.phase != DEAL:
        raise RuleError("no hand is waiting to be dealt", "the next hand has already been dealt")
    if not 0 <= seat < len(state.seats) or seat not in state.waits_for():
        raise RuleError("only a person still playing says next", "you are not playing this game")
    if seat not in state.ready:
        state.ready.append(seat)
        state.version += 1
    return everyone_ready(state)


def everyone_ready(state: GameState) -> bool:
    """Every person still playing has said next (a table with nobody to wait for never is)."""
    waiting = state.waits_for()
    return bool(waiting) and all(i in state.ready for i in waiting)


def replace_with_bot(state: GameState, seat: int, profile: str = "standard") -> None:
    """A player who leaves mid-game is replaced by a bot, which keeps the seat's points."""
    if not 0 <= seat < len(state.seats):
        raise RuleError("there is no such seat")
    verify_profile(profile)
    player = state.seats[seat]
    if player.bot is not None and not player.away:  # leaving while away: the bot stays for good
        raise RuleError(f"{player.name} is already played by a bot")
    player.bot, player.away = profile, False
    state.log.append(["replaced", seat, None])
    state.version += 1

