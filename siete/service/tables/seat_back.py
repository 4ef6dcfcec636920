"""A person marked away takes their seat back from the stand-in bot: on opening the table page,
or by pressing "I'm back"."""
from __future__ import annotations

from siete.engine.moves import verify_come_back
from siete.engine.state import RuleError
from siete.service.errors import Conflict, TableNotFound
from siete.service.tables.table_locks import locked_started_table
from siete.service.tables.turns import (
    TableSnapshot,
    current_state,
    hand_seat_back,
    is_away,
    load_state,
    seat_in_state,
)
from siete.settings import ServiceSettings


def take_seat_back(settings: ServiceSettings, game_id: int, player_name: str | None) -> bool:
    """A person marked away is back (the table page, "I'm back"): the bot gives the seat up.

    True if they were away. Reads without a lock first, so a page load by anyone else costs
    no locking read.
    """
    if player_name is None:
        return False
    try:
        _game, state = current_state(settings, game_id)
    except TableNotFound:
        return False  # the page says so
    if state is None or not is_away(state, player_name):
        return False
    with locked_started_table(game_id) as (_row_game, row):
        state = load_state(row, settings.game.cards)
        if not is_away(state, player_name):
            return False
        hand_seat_back(row, state, state.seat_index(player_name), player_name)
        return True


def come_back_to_table(settings: ServiceSettings, game_id: int,
                       player_name: str | None) -> TableSnapshot:
    """"I'm back", pressed: only the player marked away takes the seat back from the bot.

    Anyone else is refused and nothing changes: a spectator (NotAllowed), a seat whose
    player is not away, or a game that is over (Conflict, with the engine's code).
    """
    with locked_started_table(game_id) as (game, row):
        state = load_state(row, settings.game.cards)
        seat = seat_in_state(state, player_name)
        try:
            verify_come_back(state, seat)
        except RuleError as exc:
            raise Conflict.of(exc) from None
        hand_seat_back(row, state, seat, state.seats[seat].name)
        return TableSnapshot.of(game, row, state)
