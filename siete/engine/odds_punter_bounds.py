"""Bounds on a punter's value of drawing, for odds_punter.PunterSearch: enough to settle most
decisions (odds.best_action, odds.bet_for) without searching every draw.

Built over the same counts and memoized values as the search that uses them; each bound is
exact where it says so and otherwise errs only on its own side (see each docstring).
"""
from __future__ import annotations

from collections.abc import Callable

from siete.engine.odds_cards import CLASSES, SEVEN_HALF, SLACK

Value = Callable[[int, int, int, int], float]  # (total, key, unseen cards, their weight)
Range = Callable[[int, int, int, int], tuple[float, float]]
Above = Callable[[int, int, int, int, float], bool | None]


def punter_bounds(counts: list[int], free: bool, hidden_cards: int,
                  chances: Callable[[int], tuple[float, ...]], sevens: Callable[[int, int], float],
                  stand_value: Value, best_value: Value) -> tuple[Range, Above]:
    """draw_range and draw_above over `counts` (changed and put back as they go), with the
    search's own chances of the next card, chances of a later 7½, standing and best values."""

    def again_bound(mine: int, key: int, n: int) -> float:
        """At least the value of drawing at `mine` (an upper bound), from the cards alone:
        at most 1 plus the chance that the cards to come make exactly 7½ some time (a 7½
        is paid 2, and the deck's order does not depend on when we stop), and at most 2
        on the cards that do not bust it and -1 on those that do."""
        if n <= hidden_cards:
            return -2.0  # no card to draw: standing decides
        table = None if free else chances(key)
        busting = 0.0
        for i, card, _ in CLASSES:
            if mine + card > SEVEN_HALF and counts[i]:
                busting += counts[i] / n if table is None else table[i]
        most = 2.0 - 3.0 * busting
        if most <= 1.0:  # under 1 + a chance: the later 7½ need not be counted
            return most
        return min(1.0 + sevens(key, mine), most)

    def draw_range(mine: int, key: int, n: int, unseen_weight: int) -> tuple[float, float]:
        table = None if free else chances(key)
        low = high = 0.0
        for i, card, step in CLASSES:
            count = counts[i]
            p = (count / n if table is None else table[i]) if count else 0.0
            if not p:
                continue
            after = mine + card
            if after > SEVEN_HALF:  # R4.5
                low -= p
                high -= p
                continue
            counts[i] = count - 1
            stand = stand_value(after, key - step, n - 1, unseen_weight - card)
            low += p * stand
            if after < SEVEN_HALF:  # R4.6: 7½ stands at once
                again = again_bound(after, key - step, n - 1)
                stand = again if again > stand else stand
            high += p * stand
            counts[i] = count
        return low, high

    def open_brackets(mine: int, key: int, n: int, unseen_weight: int
                      ) -> tuple[float, list[float], list[float], list[float], list[int]]:
        """Each next card that neither busts nor makes 7½, open: its chance, and its value's
        bracket (standing on it, again_bound) and its class; what the others make, settled."""
        table = None if free else chances(key)
        settled = 0.0
        weights: list[float] = []
        lows: list[float] = []
        highs: list[float] = []
        opened: list[int] = []
        for i, card, step in CLASSES:
            count = counts[i]
            p = (count / n if table is None else table[i]) if count else 0.0
            after = mine + card
            if not p or after > SEVEN_HALF:  # R4.5
                settled -= p
                continue
            counts[i] = count - 1
            stand = stand_value(after, key - step, n - 1, unseen_weight - card)
            if after == SEVEN_HALF:  # R4.6
                settled += p * stand
            else:
                again = again_bound(after, key - step, n - 1)
                weights.append(p)
                lows.append(stand)
                highs.append(again if again > stand else stand)
                opened.append(i)
            counts[i] = count
        return settled, weights, lows, highs, opened

    def draw_above(mine: int, key: int, n: int, unseen_weight: int,
                   threshold: float) -> bool | None:
        """Whether drawing is worth more than `threshold`: each next card's value lies
        between standing on it and again_bound; the widest of these brackets is narrowed,
        one at a time, until the sum settles it (None: within SLACK). A bracket is narrowed
        first by that card's own draw_range, then by searching it exactly."""
        settled, weights, lows, highs, opened = open_brackets(mine, key, n, unseen_weight)
        stands = lows[:]  # standing on each open card, the floor of its bracket
        narrowed = [False] * len(weights)  # by its draw_range already
        while True:
            low = settled + sum(p * v for p, v in zip(weights, lows))
            high = settled + sum(p * v for p, v in zip(weights, highs))
            if low > threshold + SLACK:
                return True
            if high <= threshold - SLACK:
                return False
            gaps = [p * (h - lo) for p, lo, h in zip(weights, lows, highs)]
            if not gaps or max(gaps) <= 0:
                return None
            j = gaps.index(max(gaps))
            i, card, step = CLASSES[opened[j]]
            counts[i] -= 1
            args = (mine + card, key - step, n - 1, unseen_weight - card)
            if narrowed[j]:
                lows[j] = highs[j] = best_value(*args)
            else:
                narrowed[j] = True
                lower, upper = draw_range(*args)
                lows[j], highs[j] = max(stands[j], lower), max(stands[j], upper)
            counts[i] += 1

    return draw_range, draw_above
