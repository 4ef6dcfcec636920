"""The hand in play of a running game, as the viewer may see it (R4.2): the table's own view."""
from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from siete.engine.state import PLAY
from siete.engine.views import table_view
from siete.i18n.labels import SEAT_STATES, word
from siete.service.errors import TableNotFound
from siete.service.tables.turns import current_state
from siete.settings import service_settings


@dataclass
class LiveSeat:
    name: str
    is_bank: bool
    bet: int | None
    cards: list[str | None]  # None: a face-down card
    status: str
    points: int


@dataclass
class LiveHand:
    number: int
    seats: list[LiveSeat]  # play order: punters 1, 2, ... then the bank


def live_hand(game_id: int, player_name: str | None) -> LiveHand | None:
    """The hand being played, seen from the viewer's seat (or as a spectator); None between hands.

    It comes from engine.views.table_view, the view the table itself draws, so the page shows
    exactly what the viewer's seat shows: a punter's first card stays face down to everyone
    else until that punter busts or the hand is settled.
    """
    try:
        _game, state = current_state(service_settings(current_app), game_id)
    except TableNotFound:
        return None
    if state is None or state.phase != PLAY:
        return None
    names = [seat.name for seat in state.seats]
    viewer = names.index(player_name) if player_name in names else None
    if viewer is not None and state.seats[viewer].bot is not None:
        viewer = None  # a seat handed to a bot watches as a spectator, as at the table
    view = table_view(state, viewer)
    order = view.order[1:] + view.order[:1]
    seats = [view.seats[i] for i in order]
    return LiveHand(view.hand, [
        LiveSeat(s.name, s.index == view.bank_seat, s.bet or None, list(s.cards),
                 word(SEAT_STATES, "out" if s.out else s.status), s.points)
        for s in seats])
