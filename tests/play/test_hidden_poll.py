"""How often a hidden tab asks whether the table changed (issue #25): every second when the
viewer's turn is near, every 5 s otherwise (siete.js reads data-hidden-poll-ms)."""
from __future__ import annotations

from siete.engine import deck, rules
from siete.engine.config import GameConfig
from siete.play.polling import HIDDEN_POLL_MS, NEAR_POLL_MS, hidden_poll_ms


def test_the_next_to_play_and_the_one_playing_look_every_second():
    state = rules.start_game(["a", "b", "c"], {}, GameConfig(), deck.seeded_rng(1, "x"))
    turn = state.current_seat()
    at = state.order.index(turn)
    assert hidden_poll_ms(state, turn) == NEAR_POLL_MS
    if at + 1 < len(state.order):
        assert hidden_poll_ms(state, state.order[at + 1]) == NEAR_POLL_MS  # plays next
    for seat in state.order[:at]:  # already played this hand: nothing soon
        assert hidden_poll_ms(state, seat) == HIDDEN_POLL_MS
    assert hidden_poll_ms(state, None) == HIDDEN_POLL_MS  # a spectator has no turn
    assert hidden_poll_ms(None, 0) == HIDDEN_POLL_MS
