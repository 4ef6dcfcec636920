"""A bot from outside the engine (bot_api.Bot) seated at an engine table.

Whatever such a bot does, the game goes on: a decision it fails (it raises, runs out of time,
or answers something the rules do not allow) is made by the fallback strategy (the standard
bot) and recorded as a fault, for the caller to report.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from siete.engine.bot_api import Bot, PlayerView, player_view
from siete.engine.bot_views import BotView, HandMemory, bot_view
from siete.engine.state import GameState

KEPT_FAULTS = 20  # faults kept in full; all of them are counted
DETAIL_CHARS = 200  # of what a bot said: an answer's repr may be as long as the bot likes


class Decision(StrEnum):
    BET = "bet"
    CARD = "wants_card"


class FaultReason(StrEnum):
    RAISED = "raised"
    TIMED_OUT = "timed_out"
    ILLEGAL = "illegal"  # a bet out of range or not a whole number, a card answer not a bool


class BotTimedOut(Exception):
    """Raised in a bot's place by whatever runs it when it took longer than its limit."""


class BotRaised(Exception):
    """Raised in a bot's place by whatever runs it elsewhere (another process) when the bot
    raised there; its text is the bot's own exception."""


class Fallback(Protocol):
    """The house strategy that makes a decision a plugged bot failed (bots.Strategy)."""

    @property
    def bets_on_cards(self) -> bool: ...

    def choose_bet(self, view: BotView, rng: random.Random) -> int: ...

    def wants_card(self, view: BotView, rng: random.Random) -> bool: ...


@dataclass(frozen=True, slots=True)
class BotFault:
    """One decision a plugged bot lost to the fallback: which, why, and what it said."""

    hand: int
    seat: int
    decision: Decision
    reason: FaultReason
    detail: str  # the exception, or the answer given, as the bot's own text


@dataclass
class PluggedBot:
    """A Bot playing under `name`; `fallback` decides whenever it fails."""

    name: str
    bot: Bot
    fallback: Fallback
    description: str = ""
    faults: list[BotFault] = field(default_factory=list)  # the first KEPT_FAULTS
    reasons: dict[str, int] = field(default_factory=dict)  # every fault, counted by reason

    def bet(self, state: GameState, seat: int, memory: HandMemory | None,
            rng: random.Random) -> int:
        """A legal bet for the seat: the bot's, or the fallback's if the bot's fails."""
        view = player_view(state, seat, memory)
        try:
            amount = self.bot.bet(view)
        except Exception as exc:  # noqa: BLE001 - any failure of foreign code costs the decision
            self._fault(view, Decision.BET, exc)
        else:
            if type(amount) is int and view.min_bet <= amount <= view.max_bet:
                return amount
            self._fault(view, Decision.BET, None, repr(amount))
        return self.fallback.choose_bet(
            bot_view(state, seat, self.fallback.bets_on_cards, memory), rng)

    def wants_card(self, state: GameState, seat: int, memory: HandMemory | None,
                   rng: random.Random) -> bool:
        """Whether the seat draws: the bot's answer, or the fallback's if the bot's fails."""
        view = player_view(state, seat, memory)
        try:
            answer = self.bot.wants_card(view)
        except Exception as exc:  # noqa: BLE001 - any failure of foreign code costs the decision
            self._fault(view, Decision.CARD, exc)
        else:
            if type(answer) is bool:
                return answer
            self._fault(view, Decision.CARD, None, repr(answer))
        return self.fallback.wants_card(bot_view(state, seat, True, memory), rng)

    def _fault(self, view: PlayerView, decision: Decision, exc: Exception | None,
               answer: str = "") -> None:
        if exc is None:
            reason, detail = FaultReason.ILLEGAL, answer
        elif isinstance(exc, BotTimedOut):
            reason, detail = FaultReason.TIMED_OUT, str(exc)
        elif isinstance(exc, BotRaised):
            reason, detail = FaultReason.RAISED, str(exc)
        else:
            reason, detail = FaultReason.RAISED, f"{type(exc).__name__}: {exc}"
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        if len(self.faults) < KEPT_FAULTS:
            self.faults.append(BotFault(view.hand, view.seat, decision, reason,
                                        detail[:DETAIL_CHARS]))

    def clear_faults(self) -> None:
        self.faults, self.reasons = [], {}

    def count_in(self, faults: list[BotFault], reasons: dict[str, int]) -> None:
        """Add faults recorded elsewhere (the same bot playing part of the games in another
        process) to this one's."""
        self.faults.extend(faults[:KEPT_FAULTS - len(self.faults)])
        for reason, count in reasons.items():
            self.reasons[reason] = self.reasons.get(reason, 0) + count

    @property
    def fault_count(self) -> int:
        return sum(self.reasons.values())
