"""Positions for the odds solver (odds.py), built from what one seat may see (R4.2).

Two ways in: card ids as a person types them (`punter_position`, `bank_position`: the
`odds` command), and a game and a seat (`position_of`: what the seat sees through views.py's
visible_cards). A bot's view is read by expert.view_position, in the compiled engine. A position that cannot
happen raises PositionError, whose `problem` says why.
"""
from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from siete.engine.cards import SEVEN_HALF, CardSet
from siete.engine.odds import BankPosition, Position, PunterPosition, Stander
from siete.engine.odds_cards import CLASS_OF, VALUES
from siete.engine.odds_face_down import FaceDown
from siete.engine.state import BUST, PLAY, PLAYING, STOOD, GameState
from siete.engine.views import visible_cards

SeenCards = Sequence[str | None]  # a seat's cards as another sees them; None is face down


class PositionProblem(StrEnum):
    """Why a position cannot be solved."""

    UNKNOWN_CARD = "unknown_card"  # not an active card of the deck (R1.1)
    CARD_TWICE = "card_twice"  # R1.5: one deck, every card once
    NO_CARDS = "no_cards"  # the seat deciding holds no card
    FACE_DOWN = "face_down"  # a card face down where R4.2 shows it, or face up where it hides it
    OVER = "over"  # a total over 7½ that has not bust, or a punter showing 7½ or more
    SEVEN_HALF = "seven_half"  # 7½ stands at once (R4.6): there is no decision
    BANK_CARDS = "bank_cards"  # while punters play the bank shows exactly its first card
    NOBODY_STOOD = "nobody_stood"  # R4.9: the bank plays only if someone stood
    STAKES = "stakes"  # a stake that is not a whole number of at least 1, or one too few
    NO_FIT = "no_fit"  # no unseen cards fit under the face-down cards
    NOT_IN_TURN = "not_in_turn"  # the seat has no decision to make now


class PositionError(ValueError):
    """A position that cannot happen; str() says so in one line (the odds command prints it)."""

    def __init__(self, problem: PositionProblem, message: str):
        super().__init__(message)
        self.problem = problem


def _total(cards: CardSet, seen: SeenCards) -> int:
    return sum(cards.half[c] for c in seen if c is not None)


def _unseen(cards: CardSet, seen: Sequence[SeenCards]) -> tuple[int, ...]:
    """The active cards not in `seen`, by value class; every card known and seen once."""
    shown = [c for hand in seen for c in hand if c is not None]
    for card in shown:
        if not cards.is_active(card):
            raise PositionError(PositionProblem.UNKNOWN_CARD, f"{card} is not a card of the deck")
    twice = sorted({c for c in shown if shown.count(c) > 1})
    if twice:
        raise PositionError(PositionProblem.CARD_TWICE, f"{twice[0]} is seen twice")
    counts = [0] * len(VALUES)
    for card in cards.active_set.difference(shown):
        counts[CLASS_OF[cards.half[card]]] += 1
    return tuple(counts)


def _others(cards: CardSet, others: Sequence[SeenCards]) -> list[int | None]:
    """Each other punter's face-up total if its first card is face down, None if it bust."""
    found: list[int | None] = []
    for hand in others:
        if not hand or None in hand[1:]:
            raise PositionError(PositionProblem.FACE_DOWN,
                                "a punter's cards are its face-down first card, then face-up ones")
        shown = _total(cards, hand)
        if hand[0] is not None:  # R4.2: a first card is shown only by a bust
            if shown <= SEVEN_HALF:
                raise PositionError(PositionProblem.FACE_DOWN,
                                    f"{hand[0]} is face up but {'+'.join(map(str, hand))} "
                                    "has not bust")
            found.append(None)
        elif shown >= SEVEN_HALF:
            raise PositionError(PositionProblem.OVER,
                                "a punter showing 7½ or more over a face-down card has bust")
        else:
            found.append(shown)
    return found


def _own_total(cards: CardSet, own: Sequence[str]) -> int:
    if not own:
        raise PositionError(PositionProblem.NO_CARDS, "the seat deciding holds no card")
    if any(c is None for c in own):
        raise PositionError(PositionProblem.FACE_DOWN, "the seat deciding sees its own cards")
    total = _total(cards, own)
    if total > SEVEN_HALF:
        raise PositionError(PositionProblem.OVER, f"{'+'.join(own)} is over 7½: it has bust")
    if total == SEVEN_HALF:
        raise PositionError(PositionProblem.SEVEN_HALF, "7½ stands at once: no decision")
    return total


def _check_fit(unseen: tuple[int, ...], shown: Sequence[int]) -> None:
    if not FaceDown(shown).fits(unseen):
        raise PositionError(PositionProblem.NO_FIT,
                            "no unseen cards fit under the face-down cards")


def punter_position(cards: CardSet, you: Sequence[str], bank: SeenCards,
                    others: Sequence[SeenCards] = ()) -> PunterPosition:
    """A punter's position from card ids: its cards (the first face down), the bank's card and
    each other punter's cards as it sees them (None for a face-down card)."""
    if len(bank) != 1 or bank[0] is None:
        raise PositionError(PositionProblem.BANK_CARDS,
                            "while punters play the bank shows one card, its first")
    unseen = _unseen(cards, [you, bank, *others])
    total = _own_total(cards, you)
    face_down = [shown for shown in _others(cards, others) if shown is not None]
    _check_fit(unseen, face_down)
    return PunterPosition(total, cards.half[you[0]], cards.half[str(bank[0])], unseen,
                          tuple(face_down))


def bank_position(cards: CardSet, bank: Sequence[str], others: Sequence[SeenCards],
                  stakes: Sequence[int] | None = None) -> BankPosition:
    """The bank's position from card ids: its cards, each punter's cards as the bank sees them
    and each punter's stake (1 each when not given; a bust's is not counted)."""
    if stakes is None:
        stakes = [1] * len(others)
    if len(stakes) != len(others) or any(
            isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in stakes):
        raise PositionError(PositionProblem.STAKES,
                            "stakes: one whole number of at least 1 for each punter")
    unseen = _unseen(cards, [bank, *others])
    total = _own_total(cards, bank)
    standing = tuple(Stander(shown, stake) for shown, stake in zip(_others(cards, others), stakes)
                     if shown is not None)
    if not standing:
        raise PositionError(PositionProblem.NOBODY_STOOD, "nobody stood: the bank does not play")
    _check_fit(unseen, [s.shown for s in standing])
    return BankPosition(total, unseen, standing)


def position_of(state: GameState, seat: int) -> Position:
    """The position of the seat whose turn it is, from exactly what it sees (R4.2)."""
    if state.phase != PLAY or state.current_seat() != seat:
        raise PositionError(PositionProblem.NOT_IN_TURN, "it is not this seat's turn")
    seen = {i: visible_cards(state, i, seat) for i in state.order}
    punters = [i for i in state.order[1:] if state.seats[i].status in (PLAYING, STOOD, BUST)]
    own = [c for c in state.seats[seat].cards]
    if seat == state.bank:
        stakes = [max(1, state.seats[i].stake) for i in punters]
        return bank_position(state.config.cards, own, [seen[i] for i in punters], stakes)
    others = [seen[i] for i in punters if i != seat]
    return punter_position(state.config.cards, own, seen[state.bank], others)
