"""Bots from outside the engine (bot_api.Bot): the view they get, and a failing bot costs only
its decision (plugged.PluggedBot)."""
from __future__ import annotations

import dataclasses

import pytest

from siete.engine import bots, deck, rules
from siete.engine.bot_api import PlayerView, player_view
from siete.engine.codes import Action, Phase
from siete.engine.config import GameConfig
from siete.engine.plugged import BotRaised, BotTimedOut, FaultReason
from siete.engine.simulate import play_game, simulate
from tests.engine.engine_helpers import play_seated

NAMES = ["ana", "bea", "cris"]


def test_the_view_shows_what_the_seat_may_see(three):
    bank, first, second = three.order
    rules.bet(three, first, 1)
    rules.draw(three, first)  # O01 (the deck file order after the dealt cards), face up
    view = player_view(three, first)
    assert view.cards == tuple(three.seats[first].cards) and view.cards[1] == "O01"
    assert view.total == three.seats[first].total / 2 and not view.is_bank
    assert (view.min_bet, view.max_bet, view.points) == (1, 4, 19)
    others = {o.seat: o for o in view.others}
    assert [o.seat for o in view.others] == [bank, second]  # bank first, in turn order
    assert others[bank].is_bank and others[bank].cards == tuple(three.seats[bank].cards)
    assert others[second].cards == (None,) and others[second].shown_total == 0  # face down
    # the second punter sees the first's drawn card, never its face-down one
    seen_by_second = player_view(three, second)
    mine = {o.seat: o for o in seen_by_second.others}[first]
    assert mine.cards == (None, "O01") and mine.shown_total == 1
    # 40 cards: 4 of each value 1-7 and 12 worth ½; each seat has seen its own cards and the
    # face-up ones (the bank's first card, the drawn O01)
    assert sum(view.unseen.values()) == 40 - 3 and sum(seen_by_second.unseen.values()) == 40 - 3
    assert set(view.unseen) == {0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0}
    assert view.unseen[1.0] == 3 and view.unseen[0.5] == 12


def test_the_view_marks_who_stood_and_who_bust(three):
    bank, first, second = three.order
    rules.bet(three, first, 1)
    rules.stand(three, first)
    rules.bet(three, second, 1)
    view = player_view(three, second)
    stood = {o.seat: o for o in view.others}[first]
    assert stood.stood and not stood.bust and stood.cards == (None,) and stood.bet == 1


def test_the_view_is_a_copy():
    state = rules.start_game(NAMES, None, GameConfig(), deck.seeded_rng(1, 0))
    view = player_view(state, state.order[1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.total = 7.5  # type: ignore[misc]
    view.unseen.clear()
    assert sum(player_view(state, state.order[1]).unseen.values()) > 0


class Raising:
    def bet(self, view: PlayerView) -> int:
        raise RuntimeError("no bet")

    def wants_card(self, view: PlayerView) -> bool:
        raise BotTimedOut("too slow")


class Illegal:
    """Every answer is one the rules do not take."""

    def __init__(self) -> None:
        self.bets = iter([0, 99, True, 2.0, "2"] * 1000)

    def bet(self, view: PlayerView) -> object:
        return next(self.bets)

    def wants_card(self, view: PlayerView) -> object:
        return 1


@pytest.mark.parametrize("faulty", [Raising, Illegal])
def test_a_bot_that_fails_every_decision_plays_the_standard_bots_game(faulty):
    """Each failed decision is the standard bot's, from the same view and random source: the
    game is the one the standard bot plays in that seat, and every decision is a fault."""
    plugged = bots.plug_in("faulty", faulty())
    played = play_seated(["faulty", "expert", "bold"], bots.with_bots({"faulty": plugged}))
    assert played == play_seated(["standard", "expert", "bold"], bots.PROFILES)
    assert plugged.fault_count > 10 and len(plugged.faults) == min(plugged.fault_count, 20)
    expected = {Raising: {FaultReason.RAISED, FaultReason.TIMED_OUT},
                Illegal: {FaultReason.ILLEGAL}}[faulty]
    assert set(plugged.reasons) == expected
    fault = plugged.faults[0]
    assert fault.hand >= 1 and fault.detail


def test_a_fault_says_what_the_bot_did():
    raised = bots.plug_in("r", Raising())
    play_seated(["r", "standard", "standard"], bots.with_bots({"r": raised}))
    details = {(f.decision, f.reason): f.detail for f in raised.faults}
    assert details[("bet", "raised")] == "RuntimeError: no bet"
    assert details[("wants_card", "timed_out")] == "too slow"
    remote = bots.plug_in("x", Raising())
    remote.bot.bet = lambda view: (_ for _ in ()).throw(BotRaised("ValueError: far away"))
    play_seated(["x", "standard", "standard"], bots.with_bots({"x": remote}))
    assert remote.faults[0].detail == "ValueError: far away"


class Timid:
    """Bets the least, never draws: its answers are the ones played."""

    def bet(self, view: PlayerView) -> int:
        return view.min_bet

    def wants_card(self, view: PlayerView) -> bool:
        return False


def test_a_legal_bot_plays_its_own_answers():
    timid = bots.plug_in("timid", Timid())
    hands: list = []
    state = play_game(NAMES, dict(zip(NAMES, ["timid", "expert", "standard"])),
                      GameConfig(max_hands=10), deck.seeded_rng(4, 0),
                      lambda _state, record: hands.append(record),
                      players=bots.with_bots({"timid": timid}))
    seat = NAMES.index("ana")
    turns = [t for record in hands for t in record.turns if t.seat == seat]
    assert turns and timid.fault_count == 0
    for turn in turns:
        assert turn.bet in (None, 1)  # None: it held the bank
        assert not any(action.kind == Action.DRAW for action in turn.actions)
    assert state.phase == Phase.OVER


def test_simulate_counts_an_outside_bot_like_a_profile():
    players = bots.with_bots({"timid": bots.plug_in("timid", Timid())})
    stats = simulate(["timid", "expert"], 10, GameConfig(max_hands=8), 2, players=players)
    assert stats["timid"].games == stats["expert"].games == 10
    assert stats["timid"].wins + stats["expert"].wins == 10


def test_a_bot_may_not_take_a_house_name_and_an_unknown_profile_still_fails():
    with pytest.raises(ValueError):
        bots.with_bots({"expert": bots.plug_in("expert", Timid())})
    with pytest.raises(rules.RuleError):
        rules.start_game(NAMES, {"ana": "timid"}, GameConfig(), deck.seeded_rng(1, 0))
