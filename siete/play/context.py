"""Turn a game, its state and the viewer into what the table templates show (R4.2 via table_view)."""
from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace

from flask import current_app, url_for
from flask_babel import gettext as _

from siete.data.base import utcnow
from siete.data.games import Game, GamePlayer
from siete.engine.cards import SEVEN_HALF_POINTS
from siete.engine.settlement import final_ranking
from siete.engine.state import DEAL, OVER, PLAY, PLAYING, GameState, RuleError
from siete.engine.views import is_face_down, table_view
from siete.i18n.words import BANK_RESULTS, RESULTS, describe_log, word
from siete.play.friends import friends_context
from siete.play.odds_panel import odds_panel
from siete.service.play import TableSnapshot, current_state, poll_marker
from siete.service.recording import seats_by_join_order
from siete.settings import service_settings
from siete.web.markup import cards_markup

# The seat's state and a row's result stay codes in data-state and the CSS modifiers; the
# words people read come from siete.i18n.words.
SEAT_STATES = {"waiting": "waiting", "playing": "to play", "stood": "stood", "bust": "bust", "out": "out"}
RESULT_KINDS = {"win": "won", "seven_half": "won-with-7half", "lose": "lost", "bust": "bust",
                "bank": "bank"}


def waiting_marker(game: Game) -> str:
    """A short fingerprint of a waiting table (status and who sits), so polls can answer 204."""
    return f"w{game.status}-" + ".".join(str(gp.player_id) for gp in seats_by_join_order(game))


def my_seat(game: Game, state: GameState | None, user_id: int | None,
            player_name: str | None) -> int | None:
    """The seat (join order) of the logged-in user, or None.

    A started game's seats carry the players' (unique) names, so the seats' rows are read
    only for a table that has not started.
    """
    if user_id is None:
        return None
    if state is not None:
        try:
            return state.seat_index(player_name)
        except RuleError:  # not seated here: a spectator
            return None
    for index, gp in enumerate(seats_by_join_order(game)):
        if gp.player.user_id == user_id:
            return index
    return None


def seconds_left(deadline: datetime | None) -> int | None:
    return None if deadline is None else max(0, int((deadline - utcnow()).total_seconds()))


def table_context(game_id: int, user_id: int | None, error: str | None = None,
                  notice: str | None = None, snapshot: TableSnapshot | None = None,
                  player_name: str | None = None) -> dict:
    """Everything _table.html needs; a seat replaced by a bot watches as a spectator.

    The table is read from the database unless `snapshot` is the one a move just saved.
    """
    if snapshot is not None:
        game, state = snapshot.game, snapshot.state
        marker: tuple | None = (snapshot.version, snapshot.deadline)
    else:
        game, state = current_state(service_settings(current_app), game_id)
        marker = poll_marker(game_id) if state is not None else None
    seat = my_seat(game, state, user_id, player_name)
    left = seat is not None and state is not None and state.seats[seat].bot is not None
    viewer = None if left else seat
    away = left and state.seats[seat].away  # a bot plays for them until they are back
    ctx = {
        "game": game, "error": error, "notice": notice, "user_id": user_id, "seat": viewer, "left": left,
        "away": away,
        "is_creator": user_id is not None and game.creator_user_id == user_id,
        "poll": game.status in ("waiting", "playing"),
        "poll_v": waiting_marker(game) if marker is None else str(marker[0]),
    }
    ctx["urls"] = table_urls(game.id, ctx["poll_v"])
    ctx["poll_ms"] = poll_interval_ms(state, viewer)
    ctx.update(friends_context(game, user_id))  # invite link, rematch (siete/play/friends.py)
    if game.status == "waiting":  # who sits and what is free: only a waiting table shows it
        ctx.update(waiting=waiting_seats(game), free=game.num_players - len(game.players))
    if state is not None:
        ctx.update(game_context(state, viewer, marker[1] if marker else None))
    ctx["odds"] = odds_panel(game.show_odds, state, viewer)  # a practice table's odds (#27.4)
    return ctx


FAST_POLL_MS, SLOW_POLL_MS = 250, 1500


def poll_interval_ms(state: GameState | None, viewer: int | None) -> int:
    """How often the page asks whether the table changed (siete.js): fast while another person
    may move (their turn, or the pause between hands, which anyone's "next" may end), slow
    while the table waits for the viewer alone or only bots play (their moves come with ours)."""
    if state is None:
        return SLOW_POLL_MS
    people = [i for i in state.waits_for() if i != viewer]
    if state.phase == DEAL:
        return FAST_POLL_MS if people else SLOW_POLL_MS
    turn = state.current_seat()
    if state.phase == PLAY and turn in people:
        return FAST_POLL_MS
    return SLOW_POLL_MS


def table_urls(game_id: int, poll_v: str) -> SimpleNamespace:
    """The addresses the fragment links and posts to, from one url_for (a build costs ~10 µs).

    Every table route is the table's address plus a suffix (siete/play/routes.py); `poll_v` (a
    version, or waiting_marker's letters, digits, '-' and '.') needs no quoting in a query.
    """
    base = url_for("play.table", game_id=game_id)
    return SimpleNamespace(
        table=base, lobby=url_for("play.lobby"), fragment=f"{base}/fragment?v={poll_v}",
        bet=f"{base}/bet", draw=f"{base}/draw", stand=f"{base}/stand", leave=f"{base}/leave",
        again=f"{base}/again", back=f"{base}/back", next=f"{base}/next",
        rules=url_for("play.rules"))


def waiting_seats(game: Game) -> list[dict]:
    """The seats of a table before it starts: who sits, and whether a bot."""
    return [{"name": gp.player.name, "bot": gp.player.profile, "user_id": gp.player.user_id}
            for gp in seats_by_join_order(game)]


def game_context(state: GameState, viewer: int | None, deadline: datetime | None) -> dict:
    """The view of a started game: seats in play order, settlement of the last hand, standings.

    Each seat and settled line carries its cards' markup (`hand`), drawn here in one call.
    """
    view = table_view(state, viewer)
    view["log"] = describe_log(state, viewer)  # the engine's facts in the reader's language
    seats = view["seats"]
    order, bank, next_bank = shown_order_and_bank(state, view)
    ordered = [seats[i] for i in stable_order(state, viewer)]
    in_play = view["phase"] == PLAY
    record = settlement(view["last_hand"])
    results = seat_results(view["last_hand"], record) if not in_play else {}
    for seat in ordered:
        seat["state"] = seat_state(seat, in_play)
        seat["hidden_from_others"] = bool(seat["cards"]) and is_face_down(state, seat["index"], 0, None)
        seat["is_bank"] = seat["index"] == bank
        seat["face_down"] = seat["cards"].count(None)
        seat["plays"] = order.index(seat["index"]) if seat["index"] in order else None
        seat["result"] = results.get(seat["index"])
        seat["takes_bank"] = next_bank is not None and seat["index"] == next_bank and next_bank != bank
        seat["seven_half"] = seat["total"] == SEVEN_HALF_POINTS
    turn = view["turn_seat"]
    if record and view["finished"]:
        record.next_bank = None  # the game is over: nobody holds the bank "now"
    return {
        "view": attrs(view, actions=attrs(view["actions"])),
        "seats_in_order": [attrs(seat, hand=cards_markup(seat["cards"])) for seat in ordered],
        "turn_name": None if turn is None else seats[turn]["name"],
        "bank_name": None if bank is None else seats[bank]["name"],
        "next_bank_name": None if next_bank is None else seats[next_bank]["name"],
        "seconds_left": seconds_left(deadline) if not view["finished"] else None,
        "settlement": record,
        "standings": standings(state) if state.phase == OVER else None,
        "pause": pause_context(state, viewer),
        "timed_out": timeout_news(state, viewer),
        "your_turn": viewer is not None and turn == viewer,
    }


def stable_order(state: GameState, viewer: int | None) -> list[int]:
    """Seats in the order they sat down (R3), turned so the viewer comes last (drawn at the
    bottom): the bank passing (R6.5) changes who plays first, never where a seat is drawn."""
    seating = list(state.seating) + [i for i in range(len(state.seats)) if i not in state.seating]
    if viewer is None or viewer not in seating:
        return seating
    at = seating.index(viewer)
    return seating[at + 1:] + seating[:at] + [viewer]


def seat_results(record: dict | None, rows: SimpleNamespace | None = None) -> dict[int, SimpleNamespace]:
    """Each seat's line of the settled hand, for the badge its seat shows until the next deal;
    `rows` is the hand's settlement() when it is at hand (its rows are the same lines)."""
    if record is None:
        return {}
    lines = rows.rows if rows is not None else [settlement_row(turn) for turn in record["turns"]]
    return {turn["seat"]: line for turn, line in zip(record["turns"], lines)}


def pause_context(state: GameState, viewer: int | None) -> SimpleNamespace | None:
    """Between hands: who has said "next" and who is still looking at the settled hand."""
    if state.phase != DEAL:
        return None
    waiting = [state.seats[i].name for i in state.waits_for() if i not in state.ready]
    can_say = viewer is not None and viewer in state.waits_for()
    return SimpleNamespace(waiting=waiting, can_say_next=can_say and viewer not in state.ready,
                           ready=can_say and viewer in state.ready)


def timeout_news(state: GameState, viewer: int | None) -> str | None:
    """What the turn timer did for the viewer this hand, said to them (the log says it to all)."""
    if viewer is None:
        return None
    log = state.log
    for at, (kind, seat, _value) in enumerate(log):
        if kind == "timeout" and seat == viewer:
            auto_bet = any(e[0] == "bet" and e[1] == viewer for e in log[at + 1:at + 2])
            if auto_bet:
                return _("Your time ran out: the game bet 1 point and stood for you.")
            return _("Your time ran out: the game stood for you.")
    return None


def attrs(mapping: dict, **more) -> SimpleNamespace:
    """`mapping` (plus `more`) with attribute access, as the templates read it.

    Jinja reads `x.y` as getattr(x, "y") before x["y"]: on a dict each lookup raises and
    catches an AttributeError (~0.5 µs), and the table fragment makes a few hundred of them.
    """
    return SimpleNamespace(**{**mapping, **more})


def shown_order_and_bank(state: GameState, view: dict) -> tuple[list[int], int | None, int | None]:
    """The seat order and bank that match the cards on the table, and the next hand's bank.

    Between hands and after the game the seats still hold the settled hand's cards while
    state.order already names the next hand's bank, so the seats follow the settled hand's
    order and bank; the next bank is only named while another hand is still to come.
    """
    record = state.last_hand
    if view["phase"] == PLAY or record is None:
        return view["order"], view["bank_seat"], None
    next_bank = None if view["finished"] or view["bank_seat"] is None else view["bank_seat"]
    return list(record["order"]), record["bank"], next_bank


def seat_state(seat: dict, in_play: bool) -> str:
    """A seat's state in words; between hands a seat still "playing" is one that did not play."""
    if seat["out"]:
        return "out"
    if seat["status"] == PLAYING and not in_play:
        return "did not play"
    return SEAT_STATES.get(seat["status"], seat["status"])


def settlement(record: dict | None) -> SimpleNamespace | None:
    """The last settled hand as rows: bet, total, result and what each seat gained or paid."""
    if record is None:
        return None
    rows = [settlement_row(t) for t in record["turns"]]
    return SimpleNamespace(
        number=record["number"], bank=record["bank"], rows=rows,
        bank_result=record["bank_result"],
        bank_words=word(BANK_RESULTS, record["bank_result"]),
        bank_total=record["bank_total"], eliminated=record["eliminated"], next_bank=record["next_bank"])


def settlement_row(turn: dict) -> SimpleNamespace:
    """One seat's line of a settled hand, its CSS modifiers worked out here rather than in filters."""
    is_bank, code = turn["position"] == 0, turn["result"] or ""
    change = turn["points_end"] - turn["points_start"]
    return SimpleNamespace(
        name=turn["name"], is_bank=is_bank, bet=turn["bet"], hand=cards_markup(turn["cards"], "sm"),
        total=turn["total"], result=word(RESULTS, code), points=turn["points_end"],
        kind="bank" if is_bank else RESULT_KINDS.get(code, code),
        change=f"+{change}" if change > 0 else str(change),
        trend="up" if change > 0 else "down" if change < 0 else None)


def standings(state: GameState) -> list[SimpleNamespace]:
    """Final places: most points first, ties to the earlier seat in the final order (R7.2)."""
    return [SimpleNamespace(place=place, name=state.seats[i].name, points=state.seats[i].points,
                            winner=i == state.winner, bot=state.seats[i].bot)
            for place, i in enumerate(final_ranking(state), start=1)]


def again_bots(game: Game) -> tuple[str, ...]:
    """The bot profiles of a game's seats, in join order, for "Play again"."""
    seats: list[GamePlayer] = seats_by_join_order(game)
    return tuple(gp.player.profile for gp in seats if gp.player.kind == "bot")
