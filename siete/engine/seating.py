"""Who sits where before the first deal (RULES.md R2.1-R2.2, R3): the players and their seat
cards checked, the bots' profiles known, the seats ordered by their cards and given the initial
points. rules.start_game deals the first hand from here."""
from __future__ import annotations

from collections.abc import Collection

from siete.engine.codes import BotProfile, RuleCode
from siete.engine.config import GameConfig
from siete.engine.state import GameState, RuleError, Seat


def verify_new_game(names: list[str], config: GameConfig, seat_cards: list[str]) -> None:
    """Check the players and their seat cards before a game starts (R2.1, R3.1)."""
    if not config.min_players <= len(names) <= config.max_players:
        raise RuleError(RuleCode.PLAYER_COUNT, min=config.min_players, max=config.max_players)
    if len(set(names)) != len(names):
        raise RuleError(RuleCode.SAME_NAME)
    if len(seat_cards) != len(names):
        raise RuleError(RuleCode.SEAT_CARD_COUNT)
    cards = config.cards
    for cid in seat_cards:
        if not cards.is_active(cid):
            raise RuleError(RuleCode.NOT_A_CARD, card=cid)
    if len(set(seat_cards)) != len(seat_cards):
        raise RuleError(RuleCode.SEAT_CARD_TWICE)


def new_game(names: list[str], config: GameConfig, seat_cards: list[str],
             bots: dict[str, str] | None = None,
             known: Collection[str] | None = None) -> GameState:
    """Seat the players by their cards (R3.2) and give each the initial points (R2.2); a
    seat's bot is a house profile, or one of `known` (the simulator's bots from outside)."""
    verify_new_game(names, config, seat_cards)
    bots = bots or {}
    for profile in bots.values():
        if known is None or profile not in known:
            verify_profile(profile)
    seats = [Seat(name=n, bot=bots.get(n), seat_card=c, points=config.initial_points)
             for n, c in zip(names, seat_cards)]
    key = config.cards.seat_key
    order = sorted(range(len(seats)), key=lambda i: key(seat_cards[i]))
    return GameState(config=config, seats=seats, order=order, seating=list(order))


def verify_profile(profile: str | None) -> None:
    """A seat's bot must be a registered strategy, or it would fail only when its turn came."""
    if profile is not None and profile not in _PROFILES:
        raise RuleError(RuleCode.UNKNOWN_PROFILE, profile=profile, known=", ".join(_KNOWN))


_KNOWN = tuple(BotProfile)
_PROFILES = frozenset(_KNOWN)  # `"x" in BotProfile` raises for a non-member on 3.11
