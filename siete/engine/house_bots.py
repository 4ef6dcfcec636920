"""The house profiles as bots of the public interface (bot_api.Bot): each decides from a
PlayerView alone, through the same code the engine's own seats run.

The engine seats its profiles on bot_views.BotView, the same facts in the form their arithmetic
wants (half points, counts by index), built without the copies a PlayerView makes on every
decision. house_view is the one translation between the two; that the expert plays the very
same games either way (tests/engine/test_house_bots.py) shows a PlayerView holds everything a
house profile decides on. Use them as a reference to measure a bot against, or to start from:
`--bot mine=siete/engine/house_bots.py:Expert`.
"""
from __future__ import annotations

import random

from siete.engine.bot_api import PlayerView
from siete.engine.bot_views import BotView
from siete.engine.bots import PROFILES, Strategy
from siete.engine.cards import SEVEN_HALF
from siete.engine.codes import BotProfile


def _half(points: float) -> int:
    return round(points * 2)


def house_view(view: PlayerView) -> BotView:
    """The BotView the engine builds for the same seat at the same moment."""
    unseen = [0] * (SEVEN_HALF + 1)
    for value, count in view.unseen.items():
        unseen[_half(value)] = count
    bank_shown = (view.values[0] if view.is_bank
                  else next(o.shown_total for o in view.others if o.is_bank))
    stood = [o for o in view.others if o.stood and not o.is_bank]  # in turn order: as they stood
    return BotView(
        seat=view.seat, is_bank=view.is_bank, points=view.points,
        initial_points=view.initial_points, max_bet=view.max_bet, total=_half(view.total),
        bank_shown=_half(bank_shown), deck_count=view.deck_count, unseen=unseen,
        unseen_count=sum(unseen), unseen_weight=sum(v * n for v, n in enumerate(unseen)),
        standing=[(_half(o.shown_total), 1) for o in stood],
        hidden=0 if view.is_bank else _half(view.values[0]),
        stakes=[o.bet for o in stood] if view.is_bank else [])


class HouseBot:
    """A house profile as a Bot, with a random source of its own (seeded: repeatable)."""

    def __init__(self, profile: str, seed: int = 0) -> None:
        self.strategy: Strategy = PROFILES[profile]
        self.rng = random.Random(seed)

    def bet(self, view: PlayerView) -> int:
        return self.strategy.choose_bet(house_view(view), self.rng)

    def wants_card(self, view: PlayerView) -> bool:
        return self.strategy.wants_card(house_view(view), self.rng)


class Standard(HouseBot):
    def __init__(self) -> None:
        super().__init__(BotProfile.STANDARD)


class Cautious(HouseBot):
    def __init__(self) -> None:
        super().__init__(BotProfile.CAUTIOUS)


class Bold(HouseBot):
    def __init__(self) -> None:
        super().__init__(BotProfile.BOLD)


class Expert(HouseBot):
    def __init__(self) -> None:
        super().__init__(BotProfile.EXPERT)
