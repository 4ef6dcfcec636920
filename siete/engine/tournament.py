"""A round-robin tournament: every pair of profiles meets at every table size, and each match
says which of the two wins more often and with what confidence.

A match seats the two profiles in turns (A, B, A, B, ...), rotates the table between games so
that each plays every position, and at an odd table size swaps which of the two has the extra
seat every round of rotations: over whole rounds neither has more seats than the other.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from statistics import NormalDist

from siete.engine import deck
from siete.engine.bots import PROFILES, Players
from siete.engine.config import GameConfig
from siete.engine.simulate import play_game, wilson_interval

Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Match:
    """Two profiles' games at one table size; `first_wins` + `second_wins` = games."""

    first: str
    second: str
    seats: int
    games: int
    first_wins: int

    @property
    def second_wins(self) -> int:
        return self.games - self.first_wins

    @property
    def share(self) -> float:
        """The share of the games `first` won."""
        return self.first_wins / self.games

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of `first`'s share of the wins."""
        return wilson_interval(self.first_wins, self.games, Z95)

    def confidence(self) -> float:
        """How sure the games make us that the two are not equal (1 - the two-sided p-value
        of the hypothesis 'each wins half', by the normal approximation)."""
        spread = math.sqrt(self.games) / 2
        z = abs(self.first_wins - self.games / 2) / spread
        return round(2 * NormalDist().cdf(z) - 1, 4)

    def better(self) -> str | None:
        """The profile that wins more often at 95% confidence, or None if the games cannot say."""
        low, high = self.interval()
        if low > 0.5:
            return self.first
        if high < 0.5:
            return self.second
        return None


@dataclass
class Standing:
    """One profile's total over all its matches."""

    games: int = 0
    wins: int = 0
    matches_better: int = 0
    matches_worse: int = 0

    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games, Z95)


@dataclass
class Tournament:
    matches: list[Match] = field(default_factory=list)
    standings: dict[str, Standing] = field(default_factory=dict)


def match_seats(first: str, second: str, seats: int, game: int) -> list[str]:
    """The profiles of a match's game `game`, seat by seat."""
    pair = (first, second) if (game // seats) % 2 == 0 else (second, first)
    table = [pair[i % 2] for i in range(seats)]
    shift = game % seats
    return table[shift:] + table[:shift]


def play_match(first: str, second: str, seats: int, games: int, config: GameConfig, seed: int,
               players: Players = PROFILES) -> Match:
    """`games` games of `first` against `second` at `seats` seats."""
    wins = 0
    names = [f"p{i + 1}" for i in range(seats)]
    for game in range(games):
        profiles = match_seats(first, second, seats, game)
        state = play_game(names, dict(zip(names, profiles)), config, deck.seeded_rng(seed, game),
                          players=players)
        wins += state.winner is not None and profiles[state.winner] == first
    return Match(first, second, seats, games, wins)


Pairing = tuple[str, str, int]  # the two profiles of a match, and its table size


def pairings(profiles: list[str], seatings: list[int]) -> list[Pairing]:
    """Every pair of `profiles` at every table size, in the order the tournament plays them."""
    return [(a, b, n) for a, b in itertools.combinations(profiles, 2) for n in seatings]


def tally(profiles: list[str], matches: Iterable[Match]) -> Tournament:
    """The tournament of these matches: each profile's wins, and the matches it won clearly."""
    result = Tournament(standings={p: Standing() for p in profiles})
    for match in matches:
        result.matches.append(match)
        for name, wins in ((match.first, match.first_wins), (match.second, match.second_wins)):
            standing = result.standings[name]
            standing.games += match.games
            standing.wins += wins
        better = match.better()
        if better is not None:
            worse = match.second if better == match.first else match.first
            result.standings[better].matches_better += 1
            result.standings[worse].matches_worse += 1
    return result


def round_robin(profiles: list[str], seatings: list[int], games: int, config: GameConfig,
                seed: int, players: Players = PROFILES,
                numbers: Callable[[Iterable[Pairing]], Iterable[Pairing]] = iter) -> Tournament:
    """Every pair of `profiles` at every table size in `seatings`, `games` games each; the
    same seed gives the same tournament. `numbers` wraps the matches as they are played (the
    command line's progress bar)."""
    return tally(profiles, (play_match(first, second, seats, games, config, seed, players)
                            for first, second, seats in numbers(pairings(profiles, seatings))))
