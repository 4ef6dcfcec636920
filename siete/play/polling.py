"""How often a table page asks whether the table changed (static/js/siete.js reads both figures
from the fragment): fast while another person may move, just after a paced bot's move is due, and
every second for a hidden tab whose turn is near."""
from __future__ import annotations

from datetime import datetime

from siete.data.base import utcnow_ms
from siete.engine.state import DEAL, PLAY, GameState

# A waiting table looks every 750 ms, so its creator sees a friend sit down within a second
# (bench/presence.py: an unchanged poll is one query answered 204).
FAST_POLL_MS, SLOW_POLL_MS, WAITING_POLL_MS = 250, 1500, 750
PACED_POLL_LATE_MS, PACED_POLL_MIN_MS = 30, 100  # ask just after a bot's move is due


def poll_interval_ms(state: GameState | None, viewer: int | None,
                     deadline: datetime | None = None) -> int:
    """How often the page asks whether the table changed (siete.js): fast while another person
    may move (their turn, or the pause between hands, which anyone's "next" may end), slow
    while the table waits for the viewer alone; while bots move one by one (paced play), just
    after the next move is due, so each shows as it is made (the poll plays it if it is late)."""
    if state is None:
        return WAITING_POLL_MS
    if state.bot_stream is not None and deadline is not None:
        due_in = int((deadline - utcnow_ms()).total_seconds() * 1000) + PACED_POLL_LATE_MS
        return min(SLOW_POLL_MS, max(PACED_POLL_MIN_MS, due_in))
    people = [i for i in state.waits_for() if i != viewer]
    if state.phase == DEAL:
        return FAST_POLL_MS if people else SLOW_POLL_MS
    turn = state.current_seat()
    if state.phase == PLAY and turn in people:
        return FAST_POLL_MS
    return SLOW_POLL_MS


HIDDEN_POLL_MS, NEAR_POLL_MS = 5000, 1000


def hidden_poll_ms(state: GameState | None, viewer: int | None) -> int:
    """How often a hidden tab asks (siete.js): every second when the viewer's turn is near (the
    seat before theirs is playing, or the pause before a hand they play), else every 5 s."""
    if state is None or viewer is None or state.seats[viewer].out:
        return HIDDEN_POLL_MS
    if state.phase == DEAL:
        return NEAR_POLL_MS
    turn = state.current_seat()
    if state.phase != PLAY or turn is None or viewer not in state.order:
        return HIDDEN_POLL_MS
    ahead = state.order.index(viewer) - state.order.index(turn)
    return NEAR_POLL_MS if 0 <= ahead <= 1 else HIDDEN_POLL_MS
