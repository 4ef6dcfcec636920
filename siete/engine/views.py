"""What one seat may see of a game (R4.2): the table view for people and the view bots decide on."""
from __future__ import annotations

from dataclasses import dataclass

from siete.engine.cards import get_cards, points
from siete.engine.log import describe_log
from siete.engine.rules import can_draw, can_stand, legal_bets
from siete.engine.state import BUST, OVER, PLAY, STOOD, GameState, max_bet


def is_face_down(state: GameState, seat: int, card_pos: int, viewer: int | None) -> bool:
    """R4.2: a punter's first card is hidden from others until it busts or the hand is settled."""
    return (card_pos == 0 and state.phase == PLAY and seat != viewer and seat != state.bank
            and state.seats[seat].status != BUST)


def visible_cards(state: GameState, seat: int, viewer: int | None) -> list[str | None]:
    """The seat's cards as `viewer` sees them; None stands for a face-down card."""
    cards = state.seats[seat].cards
    return [None if is_face_down(state, seat, pos, viewer) else c for pos, c in enumerate(cards)]


def table_view(state: GameState, viewer: int | None = None) -> dict:
    """Everything `viewer` (a seat, or None for a spectator) may know of the table, as plain data."""
    half = get_cards().half
    seats = []
    for i, seat in enumerate(state.seats):
        cards = visible_cards(state, i, viewer)
        shown = [half[c] for c in cards if c is not None]
        seats.append({
            "index": i, "name": seat.name, "bot": seat.bot, "points": seat.points,
            "stake": seat.stake, "bet": seat.bet, "status": seat.status, "out": seat.out,
            "is_bank": i == state.bank and not seat.out, "cards": cards,
            "position": state.order.index(i) if i in state.order else None,
            "total": points(sum(shown)) if None not in cards else None,
            "shown_total": points(sum(shown)), "is_turn": state.current_seat() == i,
            "max_bet": max_bet(seat.points),
        })
    return {
        "version": state.version, "phase": state.phase, "hand": state.hand,
        "max_hands": state.config.max_hands, "deck_count": len(state.deck),
        "turn_seat": state.current_seat(), "bank_seat": state.bank if state.order else None,
        "viewer": viewer, "order": list(state.order), "seats": seats, "log": describe_log(state),
        "last_hand": named_record(state, state.last_hand) if state.last_hand else None,
        "winner": None if state.winner is None else state.seats[state.winner].name,
        "finished": state.phase == OVER, "actions": _viewer_actions(state, viewer),
    }


def _viewer_actions(state: GameState, viewer: int | None) -> dict:
    """Which buttons the viewer may press right now."""
    if viewer is None or state.current_seat() != viewer:
        return {"bet": [], "draw": False, "stand": False}
    bets = list(legal_bets(state, viewer))
    return {"bet": bets, "draw": not bets and can_draw(state, viewer),
            "stand": not bets and can_stand(state, viewer)}


def named_record(state: GameState, record: dict) -> dict:
    """A settled hand's record with names and game numbers; every card is face up by now."""
    names = [s.name for s in state.seats]
    turns = [dict(t, name=names[t["seat"]], total=points(t["total"])) for t in record["turns"]]
    return {
        "number": record["number"], "bank": names[record["bank"]],
        "order": [names[i] for i in record["order"]], "turns": turns,
        "bank_total": points(record["bank_total"]), "bank_result": record["bank_result"],
        "results": [[names[i], r] for i, r in record["results"]],
        "eliminated": [names[i] for i in record["eliminated"]],
        "next_bank": None if record["next_bank"] is None else names[record["next_bank"]],
    }


@dataclass(slots=True)
class BotView:
    """What a bot in `seat` knows when it decides; never a hidden card or the deck order."""

    seat: int
    is_bank: bool
    points: int
    initial_points: int
    max_bet: int
    total: int  # own total, half points
    bank_shown: int  # the bank's face-up total, half points
    deck_count: int
    unseen: dict[int, int]  # half value -> cards of that value the seat has not seen
    standing: list[tuple[int, int]]  # punters who stood: (face-up total, face-down cards)

    # Both methods below walk `unseen` once with plain loops: bots call them on most
    # decisions, and generator expressions inside sum() cost twice as much here.
    def safe_share(self) -> float:
        """The share of unseen cards that would not bust this hand (R8.1's p)."""
        room = 15 - self.total
        count = safe = 0
        for value, n in self.unseen.items():
            count += n
            if value <= room:
                safe += n
        return safe / count if count else 0.0

    def average_unseen(self) -> float:
        """The average value, in half points, of the cards this seat has not seen (R8.2)."""
        count = weight = 0
        for value, n in self.unseen.items():
            count += n
            weight += value * n
        return weight / count if count else 0.0


def bot_view(state: GameState, seat: int, with_cards: bool = True) -> BotView:
    """Build the view a strategy receives, from the cards `seat` can see.

    The visibility test of R4.2 is inlined here because bots decide thousands of times a
    second in simulations; `with_cards=False` skips the card counts a bet does not need.
    """
    cards = get_cards()
    half = cards.half
    seats, order = state.seats, state.order
    bank = order[0]
    me = seats[seat]
    bank_cards = seats[bank].cards
    unseen: dict[int, int] = {}
    standing: list[tuple[int, int]] = []
    if with_cards:
        unseen = cards.active_half_counts.copy()
        in_play = state.phase == PLAY
        for i in order:
            other = seats[i]
            status, hand = other.status, other.cards
            if in_play and i != seat and i != bank and status != BUST:  # first card face down
                shown = 0  # summed from the face-up cards only: the hidden one is never read
                for c in hand[1:]:
                    value = half[c]
                    unseen[value] -= 1
                    shown += value
                if status == STOOD:
                    standing.append((shown, 1))
            else:  # every card face up, so the seat's total is all on view
                for c in hand:
                    unseen[half[c]] -= 1
                if status == STOOD and i != bank:
                    standing.append((other.total, 0))
    points = me.points
    # positional arguments, in BotView's field order: this runs on every bot decision
    return BotView(seat, seat == bank, points, state.config.initial_points, max_bet(points),
                   me.total, half[bank_cards[0]] if bank_cards else 0, len(state.deck),
                   unseen, standing)
