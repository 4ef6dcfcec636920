"""The words the history pages use for cards, totals, results and a hand's events."""
from __future__ import annotations

from siete.engine.cards import SEVEN_HALF_POINTS
from siete.engine.codes import Action, Result
from siete.i18n.request_words import request_words
from siete.i18n.words import card_in_sentence, number
from siete.i18n.words import game_total as total_text
from siete.service.records.game_record import HandRow, TurnRow


def _(message: str, **variables: object) -> str:
    return request_words()(message, **variables)


def duration_text(seconds: int | None) -> str:
    if seconds is None:
        return ""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("%(h)d h %(m)02d min", h=hours, m=minutes)
    if minutes:
        return _("%(m)d min %(s)02d s", m=minutes, s=secs)
    return _("%(s)d s", s=secs)


def turn_events(turn: TurnRow) -> list[str]:
    """What one seat did in its turn, in order: bet, each draw or stand, a bust."""
    name = turn.seat.name
    events: list[str] = []
    if turn.is_bank:
        name = _("%(name)s (bank)", name=name)
    elif turn.bet is not None:
        events.append(_("%(name)s bets %(amount)s", name=name, amount=number(turn.bet)))
    for action in turn.actions:
        if action.action == Action.DRAW:
            events.append(_("%(name)s draws %(card)s", name=name,
                            card=card_in_sentence(action.card or "")))
        elif action.automatic:
            events.append(_("%(name)s has 7½ and stands", name=name))
        else:
            events.append(_("%(name)s stands on %(total)s", name=name, total=total_text(turn.total)))
    if turn.result == Result.BUST or (turn.is_bank and turn.total > SEVEN_HALF_POINTS):
        events.append(_("%(name)s busts with %(total)s (first card: %(card)s)", name=name,
                        total=total_text(turn.total), card=card_in_sentence(turn.first_card)))
    return events


def settlement_events(hand: HandRow) -> list[str]:
    """How the hand was settled (R5) and who left the game (R6.1)."""
    events: list[str] = []
    for turn in hand.turns:
        name = turn.seat.name
        if turn.is_bank:
            continue
        if turn.result in (Result.WIN, Result.SEVEN_HALF):
            message = (_("%(name)s wins %(amount)s with 7½", name=name, amount=turn.change)
                       if turn.result == Result.SEVEN_HALF else
                       _("%(name)s wins %(amount)s", name=name, amount=turn.change))
            events.append(message)
        elif turn.result == Result.LOSE:
            events.append(_("%(name)s loses %(amount)s to the bank", name=name,
                            amount=number(turn.bet or 0)))
    bank = next((t for t in hand.turns if t.is_bank), None)
    if bank is not None:
        events.append(_("the bank, %(name)s, ends the hand with %(points)s points",
                        name=bank.seat.name, points=bank.points_end))
    for turn in hand.turns:
        if turn.points_end == 0:
            events.append(_("%(name)s has no points left and is out", name=turn.seat.name))
    return events
