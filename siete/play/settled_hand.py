"""A settled hand as the table shows it (its rows and each seat's badge) and the final
standings: what the table page draws from the engine's settled-hand view once a hand is over."""
from __future__ import annotations

from dataclasses import replace

from flask import current_app
from markupsafe import Markup

from siete.engine.codes import Result
from siete.engine.settlement import final_ranking
from siete.engine.state import GameState
from siete.engine.views import SettledHand, SettledTurn
from siete.i18n.labels import BANK_RESULTS, RESULTS, word
from siete.i18n.request_words import request_words
from siete.i18n.words import bank_sentence
from siete.play.table_page import Settlement, SettlementRow, Standing
from siete.web.caching import kept
from siete.web.markup import cards_markup

# A row's result stays a code in the CSS modifiers; the words people read come from
# siete.i18n.labels, keyed by the engine's codes.
RESULT_KINDS: dict[str, str] = {Result.WIN: "won", Result.SEVEN_HALF: "won-with-7half",
                                Result.LOSE: "lost", Result.BUST: "bust", Result.BANK: "bank"}


# A settled hand stays on the table through the whole next hand, and its rows and section are
# the same for every viewer (every card is face up by then): drawn once per hand and language
# instead of on every move (6% of a bet's instructions, bench/move.py). Keyed by the
# record itself, not by the game and hand number, so what is kept can never differ from what
# would be drawn now. A hand lasts a minute or two; the key count covers hundreds of tables.
DRAWN_KEEP_S = 600
DRAWN_KEYS = 1024


def drawn_settlement(record: SettledHand | None, finished: bool = False) -> Settlement | None:
    """settlement(), with its section drawn (`drawn`), kept per record, end and language."""
    if record is None:
        return None
    seconds = 0 if current_app.jinja_env.auto_reload else DRAWN_KEEP_S  # templates may change (debug)
    key = (record, finished, str(request_words().locale))
    return kept("play.settled_hands", key, lambda: _drawn(record, finished), seconds, DRAWN_KEYS)


def _drawn(record: SettledHand, finished: bool) -> Settlement:
    rows = settlement(record, finished)
    html = current_app.jinja_env.get_template("play/_settlement.html").render(settlement=rows)
    return replace(rows, drawn=Markup(html))


def settlement(record: SettledHand, finished: bool = False) -> Settlement:
    """The last settled hand as rows: bet, total, result and what each seat gained or paid.
    Once the game is over nobody holds the bank "now": no next bank."""
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
