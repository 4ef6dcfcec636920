"""Bot profiles (R8): legal bets, decisions made from the seat's view alone, seeded play."""
from __future__ import annotations

import random

import pytest

from siete.engine import bots, deck, moves, rules
from siete.engine.bot_views import BotView, bot_view
from siete.engine.cards import SPANISH_DECK
from siete.engine.config import GameConfig
from siete.engine.records import STAND_AT_SEVEN_HALF
from siete.engine.simulate import play_game
from siete.engine.state import OVER, PLAY, RuleError, max_bet
from tests.engine.engine_helpers import bot_to_act, full_deck, start_game

A, B, C = 0, 1, 2


class FixedRandom(random.Random):
    """A random source whose random() always answers `value`, to pin R8.1's coin flips."""

    def __init__(self, value: float):
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


def _view(**changes) -> BotView:
    cards = SPANISH_DECK
    count, weight = cards.active_half_total
    base = dict(seat=1, is_bank=False, points=20, initial_points=20, max_bet=4, total=8,
                bank_shown=2, deck_count=30, unseen=list(cards.active_half_list),
                unseen_count=count, unseen_weight=weight, standing=[])
    base.update(changes)
    return BotView(**base)


def test_registry_names_every_profile():
    assert set(bots.PROFILES) >= {"standard", "cautious", "bold"}
    for name, strategy in bots.PROFILES.items():
        assert strategy.name == name and strategy.description
        assert bots.get_strategy(name) is strategy
    with pytest.raises(ValueError, match="unknown bot profile 'nope'"):
        bots.get_strategy("nope")


@pytest.mark.parametrize("profile", sorted(bots.PROFILES))
def test_r8_3_every_profile_bets_legally(profile):
    strategy = bots.get_strategy(profile)
    for points in range(1, 121):
        view = _view(points=points, max_bet=max_bet(points))
        amount = strategy.choose_bet(view, random.Random(points))
        assert 1 <= amount <= max_bet(points), (points, amount)


def test_r8_3_standard_bets_grow_with_points():
    strategy = bots.get_strategy("standard")
    bets = [strategy.choose_bet(_view(points=p, max_bet=max_bet(p)), random.Random(0)) for p in range(1, 81)]
    assert bets == sorted(bets) and bets[-1] > bets[0]
    assert bets[39] > bets[19] > bets[4]  # 40 points bet more than 20, which bet more than 5


def test_r8_1_standard_draws_at_or_below_the_bank():
    strategy = bots.get_strategy("standard")
    never = FixedRandom(0.9999)  # the coin would say no
    for bank_shown in range(1, 15):
        for total in range(1, bank_shown + 1):
            assert strategy.wants_card(_view(total=total, bank_shown=bank_shown), never)


def test_r8_1_standard_follows_the_odds_above_the_bank():
    strategy = bots.get_strategy("standard")
    # total 6½ (13) against a bank ½: only ½ cards (12 of 40) and 1s (4) are safe: p = 16/40 = 0.4
    view = _view(total=13, bank_shown=1)
    p = view.safe_share()
    assert p == pytest.approx(16 / 40)
    assert strategy.wants_card(view, FixedRandom(p / 3 - 0.001))  # p < 50%: draws with p/3
    assert not strategy.wants_card(view, FixedRandom(p / 3 + 0.001))
    safe = _view(total=2, bank_shown=1)  # ½ + anything up to 6½ is safe: p = 36/40 > 65%
    assert strategy.wants_card(safe, FixedRandom(0.9999))
    middle = _view(total=6, bank_shown=1)  # 3: safe are ½s,1..4 = 12+16 = 28/40 = 0.7 > 65%
    assert strategy.wants_card(middle, FixedRandom(0.9999))
    mid = _view(total=8, bank_shown=1)  # 4: safe ½,1,2,3 = 24/40 = 0.6: draws with p
    assert strategy.wants_card(mid, FixedRandom(0.59)) and not strategy.wants_card(mid, FixedRandom(0.61))


def test_r8_2_bank_draws_while_a_stander_could_beat_it():
    strategy = bots.get_strategy("standard")
    # a stander shows 5 with one hidden card; the average unseen card is about 3.2 (6.4 halves)
    view = _view(is_bank=True, total=10, standing=[(10, 1)])
    assert strategy.wants_card(view, FixedRandom(0.9999))
    assert not strategy.wants_card(_view(is_bank=True, total=14, standing=[(2, 1)]), FixedRandom(0.0))
    assert not strategy.wants_card(_view(is_bank=True, total=4, standing=[(2, 0)]), FixedRandom(0.0))


def _mid_hand():
    """a banks; b bet and stood on a hidden O03 + C01; c (a bot) is to play on its O04."""
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "O05", "C01"],
                       bots={"c": "standard"})
    rules.bet(state, B, 1)
    rules.draw(state, B)
    rules.stand(state, B)
    rules.bet(state, C, 1)
    return state


def test_r4_2_bot_view_ignores_hidden_cards_and_deck_order():
    state = _mid_hand()
    before = bot_view(state, C)
    other = _mid_hand()
    other.seats[B].cards[0] = "E07"  # b's face-down card is another card ...
    other.seats[B].total += 8
    other.deck.remove("E07")
    other.deck.append("O03")
    random.Random(3).shuffle(other.deck)  # ... and the deck is in another order
    assert bot_view(other, C) == before
    assert before.standing == [(2, 1)] and before.bank_shown == 10 and before.total == 8
    assert sum(before.unseen) == before.unseen_count == 40 - 3  # c saw O04, O05 and C01


def test_bot_step_acts_only_through_legal_moves():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], [],
                       bots={"a": "standard", "b": "cautious", "c": "bold"})
    rng = random.Random(1)
    for _ in range(200):
        if state.phase != PLAY:
            if state.phase == OVER:
                break
            rules.deal(state, deck.shuffled_deck(SPANISH_DECK, rng))
        before, seat = state.version, bot_to_act(state)
        bots.bot_step(state, seat, rng)
        auto = state.seats[seat].actions[-1:] == [STAND_AT_SEVEN_HALF]  # R4.6: a draw, then a stand
        assert state.version == before + 1 + auto
        assert state.conserved_total() == 60


def test_run_bots_stops_for_a_human():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], ["O03", "O04", "O05"],
                       bots={"b": "standard"})
    moves = bots.run_bots(state, random.Random(0))
    assert moves >= 2 and state.current_seat() in (C, None)
    if state.current_seat() == C:
        assert bot_to_act(state) is None


def test_same_seed_same_game():
    names = ["a", "b", "c", "d"]
    profiles = dict(zip(names, ["standard", "cautious", "bold", "standard"]))
    games = [play_game(names, profiles, GameConfig(max_hands=15), random.Random(42)) for _ in range(2)]
    assert games[0].to_dict() == games[1].to_dict()
    third = play_game(names, profiles, GameConfig(max_hands=15), random.Random(43))
    assert third.to_dict() != games[0].to_dict()


def test_unknown_profile_is_refused_when_seated():
    """A misspelt profile fails at once, not mid-game when the bot's turn comes."""
    with pytest.raises(RuleError, match="there is no bot profile 'nope'"):
        start_game(["a", "b"], ["O12", "O11"], bots={"b": "nope"})
    state = start_game(["a", "b"], ["O12", "O11"], full_deck([]))
    before = state.to_dict()
    with pytest.raises(RuleError, match="there is no bot profile 'nope'"):
        moves.replace_with_bot(state, B, "nope")
    with pytest.raises(RuleError, match="there is no such seat"):
        moves.replace_with_bot(state, -1)
    assert state.to_dict() == before


def test_bot_step_refuses_a_corrupt_profile():
    state = start_game(["a", "b"], ["O12", "O11"], full_deck([]))
    state.seats[B].bot = "nope"  # e.g. a stored game from a version with other profiles
    with pytest.raises(ValueError, match="unknown bot profile"):
        bots.bot_step(state, B, random.Random(0))


def test_bot_step_refuses_out_of_turn():
    state = start_game(["a", "b", "c"], ["O12", "O11", "O10"], full_deck([]),
                       bots={"b": "bold", "c": "bold"})
    with pytest.raises(RuleError, match="it is not c's turn"):
        bots.bot_step(state, C, random.Random(0))
