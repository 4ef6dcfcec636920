"""Bounds on a punter's value of drawing, over odds_punter_walk.PunterWalk's counts and memo
tables: enough to settle most decisions (odds.best_action, odds.bet_for) without searching
every draw. odds_punter.PunterSearch asks them.

Each bound is exact where it says so and otherwise errs only on its own side (see each
docstring). Methods of a subclass, not closures, so the compiled engine calls them and the
search's methods directly (see PunterWalk).
"""
from __future__ import annotations

from siete.engine.odds_cards import CLASSES, SEVEN_HALF, SLACK
from siete.engine.odds_punter_walk import PunterWalk

# what _open_brackets finds: what the settled cards make, and each open card's chance, its
# bracket's floor and ceiling, and its class
Brackets = tuple[float, list[float], list[float], list[float], list[int]]


class PunterBounds(PunterWalk):
    """PunterWalk with bounds on drawing's value, over the same `_work` counts."""

    def _again_bound(self, mine: int, key: int, n: int) -> float:
        """At least the value of drawing at `mine` (an upper bound), from the cards alone:
        at most 1 plus the chance that the cards to come make exactly 7½ some time (a 7½
        is paid 2, and the deck's order does not depend on when we stop), and at most 2
        on the cards that do not bust it and -1 on those that do."""
        if n <= self.hidden_cards:
            return -2.0  # no card to draw: standing decides
        counts = self._work
        table = None if self.free else self._chances(key)
        busting = 0.0
        for i, card, _step in CLASSES:  # not `_`: see PunterWalk._ending_value
            if mine + card > SEVEN_HALF and counts[i]:
                busting += counts[i] / n if table is None else table[i]
        most = 2.0 - 3.0 * busting
        if most <= 1.0:  # under 1 + a chance: the later 7½ need not be counted
            return most
        return min(1.0 + self._sevens(key, mine), most)

    def _draw_range(self, mine: int, key: int, n: int, unseen_weight: int
                    ) -> tuple[float, float]:
        """Drawing's value lies between these: each next card's standing value and, for
        one still open, the larger of that and _again_bound."""
        counts = self._work
        table = None if self.free else self._chances(key)
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
            stand = self._stand_value(after, key - step, n - 1, unseen_weight - card)
            low += p * stand
            if after < SEVEN_HALF:  # R4.6: 7½ stands at once
                again = self._again_bound(after, key - step, n - 1)
                stand = again if again > stand else stand
            high += p * stand
            counts[i] = count
        return low, high

    def _open_brackets(self, mine: int, key: int, n: int, unseen_weight: int) -> Brackets:
        """Each next card that neither busts nor makes 7½, open: its chance, and its value's
        bracket (standing on it, _again_bound) and its class; what the others make, settled."""
        counts = self._work
        table = None if self.free else self._chances(key)
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
            stand = self._stand_value(after, key - step, n - 1, unseen_weight - card)
            if after == SEVEN_HALF:  # R4.6
                settled += p * stand
            else:
                again = self._again_bound(after, key - step, n - 1)
                weights.append(p)
                lows.append(stand)
                highs.append(again if again > stand else stand)
                opened.append(i)
            counts[i] = count
        return settled, weights, lows, highs, opened

    def _draw_above(self, mine: int, key: int, n: int, unseen_weight: int,
                    threshold: float) -> bool | None:
        """Whether drawing is worth more than `threshold`: each next card's value lies
        between standing on it and _again_bound; the widest of these brackets is narrowed,
        one at a time, until the sum settles it (None: within SLACK). A bracket is narrowed
        first by that card's own _draw_range, then by searching it exactly."""
        settled, weights, lows, highs, opened = self._open_brackets(mine, key, n, unseen_weight)
        stands = lows[:]  # standing on each open card, the floor of its bracket
        narrowed = [False] * len(weights)  # by its _draw_range already
        counts = self._work
        while True:
            # sums started at 0.0: sum's own start, 0, makes them int | float, which the
            # compiled engine boxes and adds as objects (0 + x and 0.0 + x are the same x)
            low = settled + sum((p * v for p, v in zip(weights, lows)), 0.0)
            high = settled + sum((p * v for p, v in zip(weights, highs)), 0.0)
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
            after, left = mine + card, unseen_weight - card
            if narrowed[j]:
                lows[j] = highs[j] = self._best_value(after, key - step, n - 1, left)
            else:
                narrowed[j] = True
                lower, upper = self._draw_range(after, key - step, n - 1, left)
                lows[j], highs[j] = max(stands[j], lower), max(stands[j], upper)
            counts[i] += 1
