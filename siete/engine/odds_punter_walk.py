"""The odds solver's punter search, its recursion: a punter in its turn against the standard
bank (R8.2), over the counts in `_work`, which its methods change and put back as they go.
odds_punter_bounds.py adds the bounds that settle most decisions without all of it, and
odds_punter.PunterSearch the questions odds.py asks.

It walks every card that can come next, memoized on the counts of unseen cards by value class
(odds_cards.py) and the totals, within a context that fixes the rest: the punter's face-down
card, the bank's card and the other punters' face-down cards. Whatever order the cards came in,
the same counts and totals are the same position, in this hand or a later one with the same
context, so the memo tables live as long as odds.py keeps the search.

Chances are floats, each an exact ratio of whole counts rounded once, so values agree with
exact fractions far inside 1e-9 (tests/engine/test_odds.py checks them against fractions).
See odds.py for the model.
"""
from __future__ import annotations

from typing import Final

from siete.engine.bank_rule import top_threatened
from siete.engine.odds_cards import (
    BUSTING,
    CLASSES,
    MAKES_SEVEN_HALF,
    SEVEN_HALF,
    UNDER,
    VALUES,
    Node,
)
from siete.engine.odds_face_down import FaceDown

# what R8.2 has the bank do (_bank_plays); Final, so the compiled engine reads no dict
STANDS: Final = 0
DRAWS: Final = 1
TO_THE_END: Final = 2


class PunterWalk:
    """A punter whose face-down card is worth `hidden`, against a bank showing `bank` that
    plays R8.2, the other face-down punters showing `others` (stood, or still to play).

    The recursion is methods, not closures: the compiled engine calls a method of its own
    class (or a base class) directly, with whole numbers unboxed, where a closure is called
    as a Python object, each argument boxed and parsed."""

    def __init__(self, hidden: int, bank: int, others: tuple[int, ...]):
        self.hidden, self.bank = hidden, bank
        # R8.2's most threatening face-up total, ours (our total less `hidden`) or another's,
        # by our total: each of us holds one face-down card (bank_rule.top_threatened)
        self.tops = [max((mine - hidden, *others)) for mine in range(SEVEN_HALF + 1)]
        self.face_down = FaceDown(others)
        # memo tables; `key` is counts_key(unseen counts), totals are half points. Their keys
        # are whole numbers typed `object`: the compiled engine boxes an `int` into a new
        # Python int at each use, so a key held as an object is boxed once for its lookup
        # and its write
        self.nodes: dict[object, Node] = {}  # key << 4 | total: both values, searched in full
        self.values: dict[object, float] = {}  # key << 4 | total: the best value
        self.draw_bounds: dict[object, float] = {}  # key << 4 | total: draw_bound's
        self.bank_values: dict[object, float] = {}  # (key << 4 | bank total) << 4 | total
        self.chances: dict[object, tuple[float, ...]] = {}  # the next card's, when not uniform
        self.sevens: dict[object, float] = {}  # key << 4 | total: exact_total_chance's
        self.hidden_cards, self.free = self.face_down.count, self.face_down.free
        self._work = [0] * len(VALUES)  # the counts the walk's methods change and put back

    def _chances(self, key: int) -> tuple[float, ...]:
        """The next card's chance of each class, when not uniform (kept by counts)."""
        memo_key: object = key
        found = self.chances.get(memo_key)
        if found is None:
            found = self.chances[memo_key] = self.face_down.kept_next_card(self._work, key)
        return found

    def _sevens(self, key: int, total: int) -> float:
        """The chance that the cards to come add up to exactly 7½ over `total`."""
        memo_key: object = key << 4 | total
        found = self.sevens.get(memo_key)
        if found is None:
            found = self.sevens[memo_key] = self.face_down.exact_total_chance(
                self._work, SEVEN_HALF - total, key)
        return found

    def _bank_plays(self, bank_total: int, n: int, unseen_weight: int, mine: int) -> int:
        """What R8.2 has the bank do (the standard bot's own rule, with what the bank has
        not seen: these cards and our face-down one): STANDS, DRAWS, or TO_THE_END, when
        it will draw until it busts or has 7½ because the deck cannot run out and it is
        threatened even at 7 with its unseen cards' average as low as the cards it may
        still draw can make it (the rule is monotone in both). Worked out, not kept: two
        comparisons of floats cost less than a lookup in a table."""
        hidden_cards = self.hidden_cards
        if n <= hidden_cards:  # an empty deck stands (R4.8)
            return STANDS
        top = self.tops[mine]
        if not top_threatened(bank_total, top, n + 1, unseen_weight + self.hidden):
            return STANDS
        if n - hidden_cards < SEVEN_HALF - bank_total:
            return DRAWS
        lowest = unseen_weight + self.hidden - (SEVEN_HALF - 1 - bank_total)
        return TO_THE_END if top_threatened(SEVEN_HALF - 1, top, n + 1, lowest) else DRAWS

    def _bank_draw_value(self, bank_total: int, key: int, n: int, unseen_weight: int,
                         mine: int, code: int) -> float:
        """Our value when the bank at `bank_total` takes a card, then plays R8.2 on (`code`:
        _bank_plays' answer), worked out."""
        counts = self._work
        win = 2.0 if mine == SEVEN_HALF else 1.0  # R5.5
        if code == TO_THE_END:  # R5.1, R5.2 only
            return win - (win + 1.0) * self._sevens(key, bank_total)
        table = None if self.free else self._chances(key)
        value = self._ending_value(bank_total, n, win, table)
        for i, card, step in UNDER[bank_total]:
            count = counts[i]
            if not count:
                continue
            # a float, not int | float: the compiled engine boxes a union, and multiplies it
            # as Python objects (int * float is the same float either way)
            p: float = count if table is None else table[i]
            if not p:  # no face-down cards would fit if this card came
                continue
            after = bank_total + card
            left = unseen_weight - card
            then = self._bank_plays(after, n - 1, left, mine)
            if then == STANDS:
                value += p * (win if mine > after else -1.0)  # R5.3: a tie is the bank's
                continue
            counts[i] = count - 1
            value += p * self._bank_then(after, key - step, n - 1, left, mine, then)
            counts[i] = count
        if table is None:
            value /= n
        return value

    def _ending_value(self, bank_total: int, n: int, win: float,
                      table: tuple[float, ...] | None) -> float:
        """What the cards that end the bank's draw at once make, in one sum: a bust (R5.1)
        or 7½ (R5.2); with no table, in counts (the caller divides by n at the end)."""
        counts = self._work
        under, seven = UNDER[bank_total], MAKES_SEVEN_HALF[bank_total]
        # named, not `_`: the compiled engine holds `_` as an object, so each card's value
        # and key step were boxed into a Python int (a new one for most steps) at every card
        if table is None:
            ending = n
            for i, _card, _step in under:
                ending -= counts[i]
            sevens_now = counts[seven] if seven >= 0 else 0
            return win * (ending - sevens_now) - sevens_now
        ending_chance = 1.0
        for i, _card, _step in under:
            ending_chance -= table[i]
        seven_chance = table[seven] if seven >= 0 else 0.0
        return win * (ending_chance - seven_chance) - seven_chance

    def _bank_then(self, bank_total: int, key: int, n: int, unseen_weight: int, mine: int,
                   code: int) -> float:
        """_bank_draw_value, kept; but a draw that the next card ends whatever it
        is (no card keeps the bank under 7½) is worked out again, not kept: its few sums
        cost less than boxing a key to read and write the memo; nor is a draw to the end,
        one product over _sevens' own memo (a second memo only added a lookup and a write)."""
        if code == TO_THE_END or not UNDER[bank_total]:
            return self._bank_draw_value(bank_total, key, n, unseen_weight, mine, code)
        memo_key: object = (key << 4 | bank_total) << 4 | mine
        found = self.bank_values.get(memo_key)
        if found is None:
            found = self.bank_values[memo_key] = self._bank_draw_value(
                bank_total, key, n, unseen_weight, mine, code)
        return found

    def _stand_value(self, mine: int, key: int, n: int, unseen_weight: int) -> float:
        """Standing on `mine`: the bank plays R8.2 against us. Its rule is asked before the
        memo: two float comparisons, where a bank that stands or draws to the end needs no
        memo (most stands are asked once)."""
        bank = self.bank
        code = self._bank_plays(bank, n, unseen_weight, mine)
        if code == STANDS:
            return (2.0 if mine == SEVEN_HALF else 1.0) if mine > bank else -1.0
        return self._bank_then(bank, key, n, unseen_weight, mine, code)

    def _draw_value(self, mine: int, key: int, n: int, unseen_weight: int) -> float:
        """Each next card's chance times what it makes: a bust loses (R4.5), 7½ stands
        at once (R4.6), any other total is played on as well as possible."""
        counts = self._work
        table = None if self.free else self._chances(key)
        value = 0.0
        for i, card, step in CLASSES:
            count = counts[i]
            if not count:
                continue
            p = count / n if table is None else table[i]
            if not p:
                continue
            after = mine + card
            if after > SEVEN_HALF:
                value -= p
                continue
            counts[i] = count - 1
            if after == SEVEN_HALF:
                value += p * self._stand_value(after, key - step, n - 1, unseen_weight - card)
            else:
                value += p * self._best_value(after, key - step, n - 1, unseen_weight - card)
            counts[i] = count
        return value

    def _draw_bound(self, mine: int, key: int, n: int, unseen_weight: int) -> float:
        """At least the value of drawing (an upper bound), from the cards alone: a bust
        is -1, and any other total at most 1 plus the chance of a 7½ (paid 2, R5.5) at
        some later card, which is at most the chance that the cards to come add up to
        exactly 7½ at some point (the deck's order does not depend on when we stop);
        or at most 1 when a third of the cards to come would bust it, since drawing
        then is worth at most 2 - 3 * a third (counted with whole numbers when every
        unseen card is equally likely to come)."""
        counts, bounds = self._work, self.draw_bounds
        memo_key: object = key << 4 | mine
        found = bounds.get(memo_key)
        if found is not None:
            return found
        table = None if self.free else self._chances(key)
        bound = 0.0  # not `found` (float | None): the compiled engine would add as objects
        for i, card, step in CLASSES:
            count = counts[i]
            p = (count / n if table is None else table[i]) if count else 0.0
            if not p:
                continue
            after = mine + card
            if after > SEVEN_HALF:
                bound -= p
            elif after == SEVEN_HALF:
                bound += 2.0 * p
            else:
                counts[i] = count - 1
                if table is None and 3 * self._busting(after) >= n - 1:
                    bound += p
                else:
                    bound += p * (1.0 + self._sevens(key - step, after))
                counts[i] = count
        bounds[memo_key] = bound
        return bound

    def _busting(self, mine: int) -> int:
        """The counted cards that would bust `mine` (R4.5), summed in a loop: a list to sum
        would be an allocation on every card of _draw_bound."""
        counts, busting = self._work, 0
        for j in BUSTING[mine]:
            busting += counts[j]
        return busting

    def _best_value(self, mine: int, key: int, n: int, unseen_weight: int) -> float:
        """Playing on as well as possible; drawing is searched only when its bound says
        it could beat standing, so this may leave no node behind."""
        values, nodes = self.values, self.nodes
        memo_key: object = key << 4 | mine
        found = values.get(memo_key)
        if found is None:
            found = self._stand_value(mine, key, n, unseen_weight)
            if n > self.hidden_cards and self._draw_bound(mine, key, n, unseen_weight) > found:
                draw = self._draw_value(mine, key, n, unseen_weight)
                nodes[memo_key] = (found, draw)
                if draw > found:
                    found = draw
            values[memo_key] = found
        return found

    def _node(self, mine: int, key: int, n: int, unseen_weight: int) -> Node:
        """Standing and drawing (then playing on as well as possible) at `mine`, in full."""
        nodes = self.nodes
        memo_key: object = key << 4 | mine
        found = nodes.get(memo_key)
        if found is None:
            stand = self._stand_value(mine, key, n, unseen_weight)
            draw = (self._draw_value(mine, key, n, unseen_weight) if n > self.hidden_cards
                    else None)
            found = nodes[memo_key] = (stand, draw)
        return found
