"""The expert bot: every draw, stand and bank decision is the odds solver's best.

It sees what its seat sees (bot_views.bot_view, read as a solver position by view_position), and
asks odds.py; nothing of its play is its own rule but the bet, which is the solver's best bet
for the value of its hand (odds.best_bet).
"""
from __future__ import annotations

import random

from siete.engine.bot_views import BotView
from siete.engine.codes import Action, BotProfile
from siete.engine.odds import BankPosition, Position, PunterPosition, Stander, best_action, bet_for
from siete.engine.odds_cards import CLASS_OF, VALUES


class ExpertBot:
    """Draws, stands and plays the bank by the exact odds; bets the most on a hand worth it."""

    name = BotProfile.EXPERT
    description = "plays the exact odds: the solver's best move, the largest bet when it pays"
    bets_on_cards = True

    def choose_bet(self, view: BotView, rng: random.Random) -> int:
        position = view_position(view)
        assert isinstance(position, PunterPosition)  # the bank places no bet
        return bet_for(position, view.max_bet)

    def wants_card(self, view: BotView, rng: random.Random) -> bool:
        return best_action(view_position(view)) == Action.DRAW


def view_position(view: BotView) -> Position:
    """The position a bot's view describes (bot_views.bot_view, with its cards): the expert's.
    Here, not in odds_position.py (which stays plain Python to check what a person types),
    so that the compiled engine runs it: the expert reads one on every decision."""
    unseen = [0] * len(VALUES)
    for value, count in enumerate(view.unseen):
        if count:
            unseen[CLASS_OF[value]] += count
    if view.is_bank:
        standing = tuple(Stander(shown, stake) for (shown, _), stake
                         in zip(view.standing, view.stakes))
        return BankPosition(view.total, tuple(unseen), standing)
    # the others' face-down cards: those who stood, then those still to play, showing nothing
    waiting = view.unseen_count - view.deck_count - len(view.standing)
    others = tuple(shown for shown, _ in view.standing) + (0,) * waiting
    return PunterPosition(view.total, view.hidden, view.bank_shown, tuple(unseen), others)
