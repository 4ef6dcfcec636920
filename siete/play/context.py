"""Turn a game, its state and the viewer into what the table templates show (R4.2 via table_view)."""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import cast

from flask import current_app, url_for
from flask_babel import gettext as _

from siete.data.base import utcnow
from siete.data.game_rows import GameRow
from siete.data.games import Game
from siete.data.vocabulary import GameStatus
from siete.engine.cards import SEVEN_HALF_POINTS
from siete.engine.codes import Event, SeatStatus
from siete.engine.state import DEAL, OVER, PLAY, PLAYING, GameState, RuleError
from siete.engine.views import (
    SeatView,
    TableView,
    is_face_down,
    table_view,
)
from siete.i18n.labels import DID_NOT_PLAY, SEAT_STATES, word
from siete.i18n.words import describe_log, last_move
from siete.play.odds_panel import odds_panel
from siete.play.polling import FALLBACK_POLL_MS, due_in_ms
from siete.play.presence_view import poll_seat, presence_view, watch_for_page, watch_started_for_page
from siete.play.settled_hand import drawn_settlement, seat_results, standings
from siete.play.table_page import (
    Pause,
    PlayedTable,
    SeatMove,
    SettlementRow,
    TablePage,
    TableSeat,
    TableUrls,
    WaitingSeat,
)
from siete.service.accounts.guests import is_guest_name
from siete.service.records.rating_changes import game_ratings
from siete.service.records.recording import seats_by_join_order
from siete.service.social.presence import TableWatch, waiting_version
from siete.service.social.reactions import reactions_open
from siete.service.tables.rematch_invites import pending_invite_count
from siete.service.tables.turns import TableSnapshot, current_state, load_state, state_for_page
from siete.settings import service_settings
from siete.web.markup import cards_markup

# The seat's state stays a code in data-state and the CSS modifiers; the words people read
# come from siete.i18n.labels, keyed by the engine's codes.
STATE_CODES = {SeatStatus.PLAYING: "to play", DID_NOT_PLAY: "did not play"}


def waiting_version_of(game: Game, rematch_seconds: int) -> str:
    """A short fingerprint of a waiting table (status, who sits, a rematch's invitees who can
    still answer), so polls can answer 204: the same as the poll's (TableWatch.page_version)."""
    return waiting_version(game.status, [gp.player_id for gp in seats_by_join_order(game)],
                           pending_invite_count(game, rematch_seconds))


def my_seat(game: GameRow, state: GameState | None, user_id: int | None,
            player_name: str | None) -> int | None:
    """The seat (join order) of the logged-in user, or None.

    A started game's seats carry the players' (unique) names, so the seats' rows are read
    only for a table that has not started.
    """
    if user_id is None:
        return None
    if state is not None:
        try:
            return None if player_name is None else state.seat_index(player_name)
        except RuleError:  # not seated here: a spectator
            return None
    if not isinstance(game, Game):  # a move's plain row: the table has started
        return None
    for index, gp in enumerate(seats_by_join_order(game)):
        if gp.player.user_id == user_id:
            return index
    return None


def seconds_left(deadline: datetime | None) -> int | None:
    return None if deadline is None else max(0, int((deadline - utcnow()).total_seconds()))


def _table_now(game_id: int, snapshot: TableSnapshot | None, watch: TableWatch | None
               ) -> tuple[GameRow, GameState | None, str, datetime | None]:
    """The table, its state, the version its page polls with and its deadline: the move's own
    snapshot, or read now (a started table in one plain read)."""
    if snapshot is not None:
        return snapshot.game, snapshot.state, str(snapshot.version), snapshot.deadline
    settings = service_settings(current_app)
    # watch None: the table vanished meanwhile; current_state says so
    game, state = state_for_page(settings, game_id) if watch else current_state(settings, game_id)
    if state is not None and watch:
        return game, state, str(watch.version), watch.deadline
    # no live version: a waiting table, or one that vanished; both read as current_state's Game
    return game, state, waiting_version_of(cast(Game, game), settings.rematch_seconds), None


def _watch_and_table(game_id: int, snapshot: TableSnapshot | None, pulse_seen: str | None, now: datetime
                     ) -> tuple[TableWatch | None, tuple[GameRow, GameState | None, str, datetime | None]]:
    """The watch (watch_for_page's) and _table_now's table. A started table's page that is not a
    move's answer (a spectator's render at each move's news, a page load) reads both in one
    statement; any other reads them apart."""
    found = watch_started_for_page(game_id, now) if snapshot is None else None
    if found is not None:
        watch, game, live = found
        state = load_state(live, service_settings(current_app).game.cards)
        return watch, (game, state, str(live.version), live.turn_deadline)
    apart = watch_for_page(game_id, snapshot, pulse_seen, now)
    return apart, _table_now(game_id, snapshot, apart)


def table_context(game_id: int, user_id: int | None, error: str | None = None,
                  notice: str | None = None, snapshot: TableSnapshot | None = None,
                  player_name: str | None = None, pulse_seen: str | None = None) -> TablePage:
    """Everything _table.html needs; a seat replaced by a bot watches as a spectator.

    The table is read from the database unless `snapshot` is the one a move just saved; then
    `pulse_seen`, the pulse the mover's page sent, gives its presence and reactions.
    """
    now = utcnow()
    watch, (game, state, poll_v, deadline) = _watch_and_table(game_id, snapshot, pulse_seen, now)
    seat = my_seat(game, state, user_id, player_name)
    left = seat is not None and state is not None and state.seats[seat].bot is not None
    viewer = None if left else seat
    # who sits and what is free: only a waiting table shows it (never a move's plain row)
    waiting = game if game.status == GameStatus.WAITING and isinstance(game, Game) else None
    urls = table_urls(game.id, poll_v, poll_seat(game, state, seat))
    return TablePage(
        game=game, urls=urls,
        user_id=user_id, seat=viewer, left=left,
        guest=viewer is not None and player_name is not None and is_guest_name(player_name),
        away=left and state is not None and seat is not None and state.seats[seat].away,
        is_creator=user_id is not None and game.creator_user_id == user_id,
        poll=game.status in (GameStatus.WAITING, GameStatus.PLAYING), poll_v=poll_v,
        poll_ms=FALLBACK_POLL_MS, error=error, notice=notice, due_ms=due_in_ms(deadline),
        # Paced play: a bot's move is due soon; without JavaScript the page reloads for it.
        bots_moving=state is not None and state.bot_stream is not None,
        odds=odds_panel(game.show_odds, state, viewer),  # a practice table's odds
        presence=presence_view(game.id, watch, _may_react(game, watch, left, now), now, urls.table),
        # the game-over screen's rating changes (one look at the ratings, once it is over)
        ratings=game_ratings(game.id) if state is not None and state.phase == OVER else None,
        waiting=waiting_seats(waiting) if waiting else (),
        free=waiting.num_players - len(waiting.players) if waiting else 0,
        played=game_context(state, viewer, deadline) if state is not None else None)


def _may_react(game: GameRow, watch: TableWatch | None, left: bool, now: datetime) -> bool:
    """The viewer has a seat at the table (and has not left it), which still takes reactions."""
    return watch is not None and not left and watch.viewer_seated and reactions_open(
        game.status, game.ended_at, now)


def table_urls(game_id: int, poll_v: str, poll_seat: str = "-") -> TableUrls:
    """The addresses the fragment links and posts to, from one url_for (a build costs ~10 µs).

    Every table route is the table's address plus a suffix (siete/play/routes.py); `poll_v` (a
    version, or waiting_version's letters, digits, '-' and '.') and `poll_seat` (the viewer's
    join order, or '-': presence_view.poll_seat) need no quoting in a query.
    """
    base = url_for("play.table", game_id=game_id)
    return TableUrls(
        table=base, lobby=url_for("play.lobby"), fragment=f"{base}/fragment?v={poll_v}&s={poll_seat}",
        bet=f"{base}/bet", draw=f"{base}/draw", stand=f"{base}/stand", leave=f"{base}/leave",
        back=f"{base}/back", next=f"{base}/next",
        rules=url_for("play.rules"))


def waiting_seats(game: Game) -> tuple[WaitingSeat, ...]:
    """The seats of a table before it starts: who sits, and whether a bot."""
    return tuple(WaitingSeat(name=gp.player.name, bot=gp.player.profile, user_id=gp.player.user_id)
                 for gp in seats_by_join_order(game))


def game_context(state: GameState, viewer: int | None, deadline: datetime | None) -> PlayedTable:
    """The view of a started game: seats in play order, settlement of the last hand, standings.

    Each seat and settled line carries its cards' markup (`hand`), drawn here in one call.
    """
    view = table_view(state, viewer)
    seats = view.seats
    order, bank, next_bank = shown_order_and_bank(state, view)
    in_play = view.phase == PLAY
    record = drawn_settlement(view.last_hand, view.finished)
    results = seat_results(view.last_hand, record) if not in_play else {}
    turn, moved = view.turn_seat, last_move(state)
    return PlayedTable(
        view=view, log=tuple(describe_log(state, viewer)),
        seats_in_order=tuple(
            table_seat(state, seats[i], in_play, bank, next_bank, order, results.get(i),
                       SeatMove(moved[1], moved[2]) if moved is not None and moved[0] == i else None)
            for i in stable_order(state, viewer)),
        turn_name=None if turn is None else seats[turn].name,
        # Over (R7.1), nobody holds the bank: the seats' badge still marks the last hand's.
        bank_name=None if bank is None or view.finished else seats[bank].name,
        next_bank_name=None if next_bank is None else seats[next_bank].name,
        # a bot's paced move is due in under a second: no clock runs for it
        seconds_left=(seconds_left(deadline) if not view.finished and state.bot_stream is None
                      else None),
        settlement=record,
        standings=standings(state) if state.phase == OVER else None,
        pause=pause_context(state, viewer),
        timed_out=timeout_news(state, viewer),
        your_turn=viewer is not None and turn == viewer,
    )


def table_seat(state: GameState, seat: SeatView, in_play: bool, bank: int | None,
               next_bank: int | None, order: Sequence[int],
               result: SettlementRow | None, did: SeatMove | None = None) -> TableSeat:
    """A seat as the table draws it: the engine's view and the page's facts about it."""
    index, shown = seat.index, seat_state(seat, in_play)
    return TableSeat(
        index=index, name=seat.name, bot=seat.bot, away=seat.away, points=seat.points,
        stake=seat.stake, bet=seat.bet, status=seat.status, out=seat.out, cards=seat.cards,
        position=seat.position, total=seat.total, shown_total=seat.shown_total,
        is_turn=seat.is_turn, max_bet=seat.max_bet,
        state=STATE_CODES.get(shown, shown), state_words=word(SEAT_STATES, shown),
        hidden_from_others=bool(seat.cards) and is_face_down(state, index, 0, None),
        is_bank=index == bank, face_down=seat.cards.count(None),
        plays=order.index(index) if index in order else None, result=result,
        takes_bank=next_bank is not None and index == next_bank and next_bank != bank,
        seven_half=seat.total == SEVEN_HALF_POINTS, hand=cards_markup(seat.cards), did=did)


def stable_order(state: GameState, viewer: int | None) -> list[int]:
    """Seats in the order they sat down (R3), turned so the viewer comes last (drawn at the
    bottom): the bank passing (R6.5) changes who plays first, never where a seat is drawn."""
    seating = list(state.seating) + [i for i in range(len(state.seats)) if i not in state.seating]
    if viewer is None or viewer not in seating:
        return seating
    at = seating.index(viewer)
    return seating[at + 1:] + seating[:at] + [viewer]


def pause_context(state: GameState, viewer: int | None) -> Pause | None:
    """Between hands: who has said "next" and who is still looking at the settled hand."""
    if state.phase != DEAL:
        return None
    waiting = tuple(state.seats[i].name for i in state.waits_for() if i not in state.ready)
    can_say = viewer is not None and viewer in state.waits_for()
    return Pause(waiting=waiting, can_say_next=can_say and viewer not in state.ready,
                 ready=can_say and viewer in state.ready)


def timeout_news(state: GameState, viewer: int | None) -> str | None:
    """What the turn timer did for the viewer this hand, said to them (the log says it to all)."""
    if viewer is None:
        return None
    if any(e.event == Event.TIMEOUT and e.seat == viewer for e in state.log):
        return str(_("Your time ran out: the house bot played your turn as it would have. "
                     "The review marks those moves timed out."))
    return None


def shown_order_and_bank(state: GameState,
                         view: TableView) -> tuple[Sequence[int], int | None, int | None]:
    """The seat order and bank that match the cards on the table, and the next hand's bank.

    Between hands and after the game the seats still hold the settled hand's cards while
    state.order already names the next hand's bank, so the seats follow the settled hand's
    order and bank; the next bank is only named while another hand is still to come.
    """
    record = state.last_hand
    if view.phase == PLAY or record is None:
        return view.order, view.bank_seat, None
    next_bank = None if view.finished or view.bank_seat is None else view.bank_seat
    return record.order, record.bank, next_bank


def seat_state(seat: SeatView, in_play: bool) -> str:
    """A seat's state as a code (SeatStatus, or did_not_play: between hands a seat still
    "playing" is one that did not play)."""
    if seat.out:
        return SeatStatus.OUT
    if seat.status == PLAYING and not in_play:
        return DID_NOT_PLAY
    return seat.status
