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

    def safe_share(self) -> float:
        """The share of unseen cards that would not bust this hand (R8.1's p)."""
        room = 15 - self.total
        seen = sum(self.unseen.values())
        if seen == 0:
            return 0.0
        return sum(n for v, n in self.unseen.items() if v <= room) / seen

    def average_unseen(self) -> float:
        """The average value, in half points, of the cards this seat has not seen (R8.2)."""
        count = sum(self.unseen.values())
        return sum(v * n for v, n in self.unseen.items()) / count if count else 0.0


def bot_view(state: GameState, seat: int, with_cards: bool = True) -> BotView:
    """Build the view a strategy receives, from the cards `seat` can see.

    The visibility test of R4.2 is inlined here because bots decide thousands of times a
    second in simulations; `with_cards=False` skips the card counts a bet does not need.
    """
    cards = get_cards()
    half = cards.half
    unseen = dict(cards.active_half_counts) if with_cards else {}
    standing = []
    bank = state.bank
    in_play = state.phase == PLAY
    for i in state.order if with_cards else ():
        other = state.seats[i]
        hides_first = in_play and i != seat and i != bank and other.status != BUST
        shown = 0
        for c in other.cards[1:] if hides_first else other.cards:
            unseen[half[c]] -= 1
            shown += half[c]
        if i != bank and other.status == STOOD:
            standing.append((shown, 1 if hides_first else 0))
    me = state.seats[seat]
    bank_cards = state.seats[bank].cards
    return BotView(
        seat=seat, is_bank=seat == bank, points=me.points,
        initial_points=state.config.initial_points, max_bet=max_bet(me.points),
        total=me.total, bank_shown=half[bank_cards[0]] if bank_cards else 0,
        deck_count=len(state.deck), unseen=unseen, standing=standing,
    )
