"""A settled hand as the table shows it (its rows and each seat's badge) and the final
standings: what the table page draws from the engine's settled-hand view once a hand is over."""
from __future__ import annotations

from siete.engine.codes import Result
from siete.engine.settlement import final_ranking
from siete.engine.state import GameState
from siete.engine.views import SettledHand, SettledTurn
from siete.i18n.labels import BANK_RESULTS, RESULTS, word
from siete.i18n.words import bank_sentence
from siete.play.table_page import Settlement, SettlementRow, Standing
from siete.web.markup import cards_markup

# A row's result stays a code in the CSS modifiers; the words people read come from
# siete.i18n.labels, keyed by the engine's codes.
RESULT_KINDS: dict[str, str] = {Result.WIN: "won", Result.SEVEN_HALF: "won-with-7half",
                                Result.LOSE: "lost", Result.BUST: "bust", Result.BANK: "bank"}


def settlement(record: SettledHand | None, finished: bool = False) -> Settlement | None:
    """The last settled hand as rows: bet, total, result and what each seat gained or paid.
    Once the game is over nobody holds the bank "now": no next bank."""
    if record is None:
        return None
    return Settlement(
        number=record.number, bank=record.bank,
        rows=tuple(settlement_row(t) for t in record.turns),
        bank_result=record.bank_result, bank_words=word(BANK_RESULTS, record.bank_result),
        bank_sentence=bank_sentence(record.bank, record.bank_result, record.bank_total),
        bank_total=record.bank_total, eliminated=record.eliminated,
        next_bank=None if finished else record.next_bank)


def settlement_row(turn: SettledTurn) -> SettlementRow:
    """One seat's line of a settled hand, its CSS modifiers worked out here rather than in filters."""
    is_bank, code = turn.position == 0, turn.result or ""
    change = turn.points_end - turn.points_start
    return SettlementRow(
        name=turn.name, is_bank=is_bank, bet=turn.bet, hand=cards_markup(turn.cards, "sm"),
        total=turn.total, result=word(RESULTS, code), points=turn.points_end,
        kind="bank" if is_bank else RESULT_KINDS.get(code, code),
        change=f"+{change}" if change > 0 else str(change),
        trend="up" if change > 0 else "down" if change < 0 else None)


def standings(state: GameState) -> tuple[Standing, ...]:
    """Final places: most points first, ties to the earlier seat in the final order (R7.2)."""
    return tuple(Standing(place=place, name=state.seats[i].name, points=state.seats[i].points,
                          winner=i == state.winner, bot=state.seats[i].bot)
                 for place, i in enumerate(final_ranking(state), start=1))


def seat_results(record: SettledHand | None,
                 rows: Settlement | None = None) -> dict[int, SettlementRow]:
    """Each seat's line of the settled hand, for the badge its seat shows until the next deal;
    `rows` is the hand's settlement() when it is at hand (its rows are the same lines)."""
    if record is None:
        return {}
    lines = rows.rows if rows is not None else tuple(settlement_row(turn) for turn in record.turns)
    return {turn.seat: line for turn, line in zip(record.turns, lines)}
