"""The expert bot: every draw, stand and bank decision is the odds solver's best.

It sees what its seat sees (bot_views.bot_view, read as a solver position by odds_position), and
asks odds.py; nothing of its play is its own rule but the bet, which is the solver's best bet
for the value of its hand (odds.best_bet).
"""
from __future__ import annotations

import random

from siete.engine.bot_views import BotView
from siete.engine.codes import Action, BotProfile
from siete.engine.odds import PunterPosition, best_action, bet_for
from siete.engine.odds_position import view_position


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
