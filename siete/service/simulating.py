"""Bot games stored through the web's own path: create a table, start it, let the bots play."""
from __future__ import annotations

from typing import Iterable

from siete.engine.config import GameConfig
from siete.models import Game
from siete.service.tables import TableSpec, create_table, start_table


def simulate_recorded(profiles: list[str], games: int, config: GameConfig, seed: int,
                      max_hands: int, progress: Iterable[int] | None = None) -> list[int]:
    """Play and store `games` bots-only games, rotating seats; returns their ids."""
    ids = []
    for number in progress if progress is not None else range(games):
        shift = number % len(profiles)
        seats = tuple(profiles[shift:] + profiles[:shift])
        spec = TableSpec(name=f"simulation {seed}/{number + 1}", seats=len(seats), bots=seats,
                         max_hands=max_hands, creator_sits=False)
        game: Game = create_table(None, spec, config, seed=seed * 1_000_003 + number)
        start_table(game.id, None, config, pause_bots=False)
        ids.append(game.id)
    return ids
