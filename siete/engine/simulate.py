"""Bot-vs-bot simulation: many seeded games, statistics per bot profile."""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, fields

from siete.engine import deck, rules
from siete.engine.bots import PROFILES, HandHook, Players, play_until_person
from siete.engine.codes import BankResult, Result
from siete.engine.config import GameConfig
from siete.engine.review import review_game
from siete.engine.review_scale import weighted_accuracy
from siete.engine.state import GameState, HandRecord


def play_game(names: list[str], bots: dict[str, str], config: GameConfig,
              rng: random.Random, on_hand: HandHook | None = None,
              players: Players = PROFILES) -> GameState:
    """Play one whole game between bots with one seeded random source; `bots` names each
    seat's profile, a house one or one of `players` (bots.with_bots)."""
    state = rules.start_game(names, bots, config, rng, known=players)
    play_until_person(state, rng, on_hand, players=players)
    return state


@dataclass
class ProfileStats:
    """Running totals for one profile over all its seats and games."""

    games: int = 0
    wins: int = 0
    final_points: int = 0
    hands: int = 0
    busts: int = 0
    bank_hands: int = 0
    bank_profit: int = 0
    # the review's figures (review.py, as the game pages show them), with review=True
    decisions: int = 0
    best: int = 0
    inaccuracies: int = 0
    blunders: int = 0

    def add(self, other: ProfileStats) -> None:
        """Count `other`'s games in too (the stats of one part of the games, played apart)."""
        for counted in fields(self):
            setattr(self, counted.name, getattr(self, counted.name) + getattr(other, counted.name))

    def row(self, name: str) -> dict[str, str | int | float]:
        low, high = wilson_interval(self.wins, self.games)
        reviewed: dict[str, str | int | float] = {} if not self.decisions else {
            "decisions": self.decisions,
            "accuracy": round(weighted_accuracy(self.best, self.inaccuracies, self.decisions)
                              or 0.0, 4),
            "blunders_per_100": _ratio(100 * self.blunders, self.decisions)}
        return {
            "profile": name, "games": self.games,
            "win_rate": _ratio(self.wins, self.games), "win_ci_low": low, "win_ci_high": high,
            "mean_points": _ratio(self.final_points, self.games),
            "busts_per_hand": _ratio(self.busts, self.hands),
            "bank_profit_per_hand": _ratio(self.bank_profit, self.bank_hands),
            **reviewed,
        }


def _ratio(a: float, b: float) -> float:
    return round(a / b, 4) if b else 0.0


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a win rate (sound even near 0% and 100%)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return round((centre - spread) / scale, 4), round((centre + spread) / scale, 4)


def _count_hand(stats: dict[str, ProfileStats], state: GameState, record: HandRecord) -> None:
    for turn in record.turns:
        profile = stats[state.seats[turn.seat].bot or ""]
        profile.hands += 1
        if turn.result == Result.BUST or (turn.position == 0 and record.bank_result == BankResult.BUST):
            profile.busts += 1
        if turn.position == 0:
            profile.bank_hands += 1
            profile.bank_profit += turn.points_end - turn.points_start


def _count_review(stats: dict[str, ProfileStats], state: GameState,
                  hands: list[HandRecord]) -> None:
    """Add the game's review (the one the game pages show) to each seat's profile."""
    for seat in review_game(state.config.cards, hands, len(state.seats)).seats:
        s = stats[state.seats[seat.seat].bot or ""]
        s.decisions += seat.decisions
        s.best += seat.best
        s.inaccuracies += seat.inaccuracies
        s.blunders += seat.blunders


def simulate(profiles: list[str], games: int, config: GameConfig, seed: int,
             on_hand: HandHook | None = None,
             numbers: Callable[[Iterable[int]], Iterable[int]] = iter,
             review: bool = False, players: Players = PROFILES,
             part: range | None = None) -> dict[str, ProfileStats]:
    """Play `games` games, rotating the seats between games; the same seed gives the same result.
    `part` plays only those of the games' numbers: each game has a random source of its own
    (deck.seeded_rng(seed, game)), so the parts of the games, played apart (simulate --jobs)
    and added up (ProfileStats.add), count exactly what one run counts.

    `numbers` wraps the games' numbers as they are played: the command line passes a progress
    bar there, so the engine itself draws nothing. With `review`, every game is reviewed
    (review.py) and each profile's decisions, marks, accuracy and blunders are counted.
    """
    stats = {p: ProfileStats() for p in profiles}
    hands: list[HandRecord] = []

    def count(state: GameState, record: HandRecord) -> None:
        _count_hand(stats, state, record)
        if review:
            hands.append(record)
        if on_hand:
            on_hand(state, record)

    for game in numbers(range(games) if part is None else part):
        shift = game % len(profiles)
        seats = profiles[shift:] + profiles[:shift]
        names = [f"{p}{(i + shift) % len(profiles) + 1}" for i, p in enumerate(seats)]
        rng = deck.seeded_rng(seed, game)
        hands.clear()
        state = play_game(names, dict(zip(names, seats)), config, rng, count, players)
        if review:
            _count_review(stats, state, hands)
        for i, seat in enumerate(state.seats):
            assert seat.bot is not None, "a simulated game seats bots only"
            s = stats[seat.bot]
            s.games += 1
            s.final_points += seat.points
            s.wins += i == state.winner
    return stats


class UnknownProfiles(ValueError):
    """A profile list naming no profile, or profiles the engine does not know (the CLI words it)."""

    def __init__(self, unknown: list[str]) -> None:
        super().__init__(", ".join(unknown))
        self.unknown = unknown


def profile_names(spec: str, known: Collection[str] = PROFILES) -> list[str]:
    """'standard, bold' -> standard, bold; every name must be one of `known`."""
    names = [p.strip() for p in spec.split(",") if p.strip()]
    unknown = [p for p in names if p not in known]
    if unknown or not names:
        raise UnknownProfiles(unknown)
    return names


def seat_profiles(spec: str, players: int, known: Collection[str] = PROFILES) -> list[str]:
    """'standard,bold' for 4 players -> standard, bold, standard, bold."""
    names = profile_names(spec, known)
    return [names[i % len(names)] for i in range(players)]
