"""Game settings: the keys of Basic_Config_Game.xml as plain data, and the cards dealt."""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from siete.engine.cards import SPANISH_DECK, CardSet

# The seconds a table may give a person for a move (the new-table form and create_table).
TURN_SECONDS_MIN, TURN_SECONDS_MAX = 5, 600


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The table limits a game is played under (XML.md, RULES.md R2), and its cards (R1).

    `cards` is not one of the stored settings: a stored game is given the cards again when
    it is loaded (GameState.from_dict), so it is left out of to_dict and of comparisons.
    """

    min_players: int = 2
    max_players: int = 8
    max_hands: int = 30
    initial_points: int = 20
    auto_mode: bool = True
    cards: CardSet = field(default=SPANISH_DECK, compare=False, repr=False)

    def with_overrides(self, **changes: Any) -> GameConfig:
        """Return a copy with some keys changed (a table may choose fewer hands, R2.3)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "cards"}

    @classmethod
    def from_dict(cls, data: dict[str, Any], cards: CardSet = SPANISH_DECK) -> GameConfig:
        names = [f.name for f in fields(cls) if f.name != "cards"]
        return cls(**{k: data[k] for k in names if k in data}, cards=cards)
