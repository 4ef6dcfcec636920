"""Helpers for the odds solver's tests: small decks, and a slow reference written from RULES.md.

The reference knows nothing of the solver's shortcuts (value classes, the closed-form count of
face-down cards, the draws-to-the-end sum, bounds, memos): it lists the unseen cards one by
one, every way of giving them to the face-down places that keeps each stander at 7½ or less,
and walks every draw with exact fractions. The bank it models is the real standard bot: each
R8.2 decision is StandardBot.wants_card on a BotView of what the bank has seen.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

from siete.engine.bot_views import BotView
from siete.engine.bots import StandardBot
from siete.engine.cards import SEVEN_HALF, CardSet, CardSpec, spanish_deck

STANDARD = StandardBot()
NEVER_RANDOM = random.Random(0)  # the standard bank draws no random numbers (R8.2)


def small_deck(ids: list[str]) -> CardSet:
    """A card set whose only active cards are `ids` (the rest of the Spanish deck inactive)."""
    return CardSet([CardSpec(c.id, c.value, c.suit, c.id in ids) for c in spanish_deck()])


class Reference:
    """One seat's position from card ids, valued by brute force with fractions."""

    def __init__(self, cards: CardSet, seen: list[str], face_down_shown: list[int]):
        self.cards = cards
        self.half = cards.half
        self.unseen = [c for c in cards.active if c not in seen]
        self.shown = face_down_shown
        # every fitting way to deal the face-down cards, each equally likely
        self.deals = [a for a in itertools.permutations(self.unseen, len(face_down_shown))
                      if all(s + self.half[c] <= SEVEN_HALF for s, c in zip(face_down_shown, a))]

    def next_cards(self, drawn: tuple[str, ...]) -> dict[str, Fraction]:
        """Each unseen card's chance to come next off the deck, `drawn` having come."""
        fits = [a for a in self.deals if not set(a) & set(drawn)]
        chances: dict[str, Fraction] = {}
        for deal in fits:
            deck = [c for c in self.unseen if c not in deal and c not in drawn]
            for card in deck:
                chances[card] = chances.get(card, Fraction(0)) + Fraction(1, len(fits) * len(deck))
        return chances

    def deck_left(self, drawn: tuple[str, ...]) -> int:
        return len(self.unseen) - len(self.shown) - len(drawn)

    def bank_view(self, bank_total: int, public: list[str], standing: list[tuple[int, int]]) -> BotView:
        """What the bank sees: every card but the face-down ones and the deck."""
        counts = [0] * (SEVEN_HALF + 1)
        for card in self.cards.active:
            if card not in public:
                counts[self.half[card]] += 1
        weight = sum(v * n for v, n in enumerate(counts))
        return BotView(seat=0, is_bank=True, points=20, initial_points=20, max_bet=4,
                       total=bank_total, bank_shown=0, deck_count=0, unseen=counts,
                       unseen_count=sum(counts), unseen_weight=weight, standing=standing)


def punter_reference(cards: CardSet, you: list[str], bank: str,
                     others: list[list[str | None]]) -> tuple[Fraction, Fraction | None]:
    """(stand, draw) per unit of stake for the punter holding `you`, by brute force."""
    half = cards.half
    face_down = [o for o in others if o[0] is None]
    shown = [sum(half[c] for c in o if c) for o in face_down]
    public_others = [c for o in others for c in o if c is not None]
    ref = Reference(cards, you + [bank] + public_others, shown)
    hidden = you[0]

    def settle(mine: int, bank_total: int) -> Fraction:
        win = Fraction(2 if mine == SEVEN_HALF else 1)
        if bank_total > SEVEN_HALF:
            return win
        if bank_total == SEVEN_HALF or mine <= bank_total:
            return Fraction(-1)
        return win

    def bank_plays(mine: int, own: list[str], bank_cards: list[str], drawn: tuple[str, ...]) -> Fraction:
        bank_total = sum(half[c] for c in bank_cards)
        if bank_total >= SEVEN_HALF:
            return settle(mine, bank_total)
        public = own[1:] + bank_cards + public_others
        standing = [(s, 1) for s in shown] + [(mine - half[hidden], 1)]
        view = ref.bank_view(bank_total, public, standing)
        if ref.deck_left(drawn) == 0 or not STANDARD.wants_card(view, NEVER_RANDOM):
            return settle(mine, bank_total)
        return sum((p * bank_plays(mine, own, bank_cards + [c], drawn + (c,))
                    for c, p in ref.next_cards(drawn).items()), Fraction(0))

    def stand(own: list[str], drawn: tuple[str, ...]) -> Fraction:
        return bank_plays(sum(half[c] for c in own), own, [bank], drawn)

    def draw(own: list[str], drawn: tuple[str, ...]) -> Fraction:
        value = Fraction(0)
        for card, p in ref.next_cards(drawn).items():
            cards_now, now = own + [card], drawn + (card,)
            total = sum(half[c] for c in cards_now)
            if total > SEVEN_HALF:
                value -= p
            elif total == SEVEN_HALF:
                value += p * stand(cards_now, now)
            else:
                best = stand(cards_now, now)
                if ref.deck_left(now) > 0:
                    best = max(best, draw(cards_now, now))
                value += p * best
        return value

    drawn0: tuple[str, ...] = ()
    return stand(you, drawn0), (draw(you, drawn0) if ref.deck_left(drawn0) > 0 else None)


def bank_reference(cards: CardSet, bank: list[str], others: list[list[str | None]],
                   stakes: list[int]) -> tuple[Fraction, Fraction | None]:
    """(stand, draw) in points for the bank holding `bank`, by brute force."""
    half = cards.half
    standers = [(sum(half[c] for c in o if c), s) for o, s in zip(others, stakes) if o[0] is None]
    public = bank + [c for o in others for c in o if c is not None]
    ref = Reference(cards, public, [s for s, _ in standers])

    def stand_value(bank_total: int, drawn: tuple[str, ...]) -> Fraction:
        fits = [a for a in ref.deals if not set(a) & set(drawn)]
        value = Fraction(0)
        for deal in fits:
            for (shown, stake), card in zip(standers, deal):
                mine = shown + half[card]
                paid = 2 if mine == SEVEN_HALF else 1
                if bank_total > SEVEN_HALF:
                    value -= stake * paid
                elif bank_total == SEVEN_HALF or mine <= bank_total:
                    value += stake
                else:
                    value -= stake * paid
        return value / len(fits)

    def draw_value(bank_total: int, drawn: tuple[str, ...]) -> Fraction:
        value = Fraction(0)
        for card, p in ref.next_cards(drawn).items():
            total, now = bank_total + half[card], drawn + (card,)
            best = stand_value(total, now)
            if total < SEVEN_HALF and ref.deck_left(now) > 0:
                best = max(best, draw_value(total, now))
            value += p * best
        return value

    total0 = sum(half[c] for c in bank)
    return stand_value(total0, ()), draw_value(total0, ()) if ref.deck_left(()) > 0 else None
