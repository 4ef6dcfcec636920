"""Game settings: the keys of Basic_Config_Game.xml as plain data."""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The table limits a game is played under (XML.md, RULES.md R2)."""

    min_players: int = 2
    max_players: int = 8
    max_hands: int = 30
    initial_points: int = 20
    auto_mode: bool = True

    def with_overrides(self, **changes) -> GameConfig:
        """Return a copy with some keys changed (a table may choose fewer hands, R2.3)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> GameConfig:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})
