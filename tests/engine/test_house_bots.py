"""The house profiles through the public interface (engine/house_bots.py): a PlayerView holds
everything they decide on."""
from __future__ import annotations

import pytest

from siete.engine import bots, deck, rules
from siete.engine.bot_api import PlayerView
from siete.engine.bot_views import bot_view
from siete.engine.config import GameConfig
from siete.engine.house_bots import HouseBot, house_view
from siete.engine.state import GameState
from tests.engine.engine_helpers import play_seated


class Checking:
    """Checks, at each of its decisions, that house_view gives the engine's own BotView."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.checked = 0

    def _check(self, view: PlayerView) -> None:
        assert self.state is not None
        assert house_view(view) == bot_view(self.state, view.seat, True)
        self.checked += 1

    def bet(self, view: PlayerView) -> int:
        self._check(view)
        return view.max_bet if view.points % 2 else view.min_bet

    def wants_card(self, view: PlayerView) -> bool:
        self._check(view)
        return view.total < 5


@pytest.mark.parametrize("seed", range(4))
def test_the_house_view_of_a_player_view_is_the_engines_bot_view(seed):
    checking = Checking()
    plugged = bots.plug_in("checking", checking)
    names = ["a", "b", "c", "d", "e"]
    profiles = ["checking", "expert", "bold", "checking", "standard"]
    rng = deck.seeded_rng(seed, 0)
    state = rules.start_game(names, dict(zip(names, profiles)), GameConfig(max_hands=15), rng,
                             known={"checking"})
    checking.state = state
    bots.play_until_person(state, rng, players=bots.with_bots({"checking": plugged}))
    assert state.phase == "over" and checking.checked > 20
    assert plugged.fault_count == 0, plugged.faults[:3]


@pytest.mark.parametrize("profile", ["expert", "cautious"])  # the two that draw no random number
def test_a_house_profile_plays_the_same_games_through_the_interface(profile):
    plugged = bots.plug_in("mine", HouseBot(profile))
    for seed in range(3):
        played = play_seated(["mine", "standard", "bold"], bots.with_bots({"mine": plugged}), seed)
        assert played == play_seated([profile, "standard", "bold"], bots.PROFILES, seed)
    assert plugged.fault_count == 0

