"""The pages' streams (server-sent events): a table's (its page, waiting room and rematch offer)
and the lobby's. Each says "changed", with the version a commit wrote or the word again as its
data; the page then fetches its fragment as before, which shows its viewer only what they may
see, unless it shows that version already. Parse, open the stream, answer: the news and the
presence it notes are siete.service.news.table_stream's and siete.service.social.presence's."""
from __future__ import annotations

import socket
from collections.abc import Callable

from flask import Response, abort, current_app, request, stream_with_context
from flask.typing import ResponseReturnValue

from siete.data.base import utcnow
from siete.data.login_sessions import SessionClaim
from siete.i18n.error_words import error_message
from siete.play.blueprint import bp, settings, user_id
from siete.play.friends import table_key
from siete.service.errors import Problem, TableNotFound
from siete.service.news.table_bus import LOBBY, bus, table_channel
from siete.service.news.table_stream import (
    HEARTBEAT_S,
    SEATED_BEAT_S,
    give_back_slots,
    news_stream,
    take_slots,
)
from siete.service.social.lobby_news import TablePrivacy, lobby_marker, lobby_news
from siete.service.social.presence import chat_news_for, end_read, presence_beat, watch_table
from siete.service.tables.table_access import game_visible_to, still_sees
from siete.web.login import claimed_session
from siete.web.rate_limits import client_address

STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}  # nginx: never buffer it
PROCESS = "process"  # whose streams are counted: every one of this process's
PRIVACY_KEY = "siete.table-privacy"  # app.extensions: the TablePrivacy of the app's database


@bp.get("/tables/<int:game_id>/stream")
def table_stream(game_id: int) -> ResponseReturnValue:
    """The table's stream. The viewer's seat is noted here at once and while it is open
    (their page no longer polls); `v` and `p` are the page's markers: older ones are told
    "changed" first, and so is a reconnect (Last-Event-ID), which may have missed news. A
    private table's stream asks before each event and beat whether its viewer may still see
    the table, and ends once not, and tells its chat's news only to a viewer seated there (a
    public table's pays no such query)."""
    claim = claimed_session()
    watch = watch_table(game_id, claim, utcnow(), rematch_seconds=settings().rematch_seconds)
    if watch is None:
        abort(404, error_message(TableNotFound(Problem.NO_SUCH_TABLE)))
    if watch.private and not watch.viewer_seated and not game_visible_to(game_id, user_id(), table_key(game_id)):
        end_read()  # a stranger learns nothing of a private table, not even that it exists
        abort(404, error_message(TableNotFound(Problem.NO_SUCH_TABLE)))
    behind = (_reconnected() or request.args.get("v") != watch.page_version
              or request.args.get("p", watch.pulse) != watch.pulse)
    beat = presence_beat(game_id, claim, watch.pulse) if watch.viewer_seated else None
    visitor = _visitor()  # (its account read before the connection is given back)
    allowed, tells = None, None
    if watch.private:  # asked at its news: a public table's stream asks nothing
        allowed, tells = still_sees(game_id, _live_claim(), table_key(game_id)), chat_news_for(game_id, claim)
    end_read()
    return _stream(table_channel(game_id), behind, visitor, beat, tells, allowed)


@bp.get("/lobby/stream")
def lobby_stream() -> ResponseReturnValue:
    """The lobby's stream: "changed" when a table this visitor's lobby lists opens, starts,
    finishes or closes, or a seat there is taken or left: a private table listed for others is
    no news here (siete.service.social.lobby_news)."""
    viewer = user_id()
    behind = _reconnected() or request.args.get("v") != lobby_marker(viewer)
    privacy = current_app.extensions.setdefault(PRIVACY_KEY, TablePrivacy())  # the app's database's
    tells, visitor = lobby_news(viewer, privacy), _visitor()
    end_read()
    return _stream(LOBBY, behind, visitor, tells=tells)


def _live_claim() -> SessionClaim | None:
    """The login session of the account this request is logged in as (the remember cookie's,
    once loaded, when the session cookie named none), None when logged out."""
    return claimed_session() if user_id() is not None else None


def _reconnected() -> bool:
    return request.headers.get("Last-Event-ID") is not None


def _stream(channel: str, behind: bool, visitor: str, beat: Callable[[], bool] | None = None,
            tells: Callable[[str], bool] | None = None,
            allowed: Callable[[], bool] | None = None) -> ResponseReturnValue:
    """The streamed answer, held open; 429 past the visitor's streams (an account's, or a
    logged-out address's), past its address's (every visitor's there together) or past the
    process's (every stream: the rest of its threads stay for requests), 503 while the bus is
    down (the page then polls)."""
    if not bus().ready():  # no news would come: the page polls instead (and retries later)
        return "", 503
    claims = ((visitor, current_app.config["STREAMS_PER_VISITOR"]),
              (f"address {client_address()}", current_app.config["STREAMS_PER_ADDRESS"]),
              (PROCESS, current_app.config["STREAMS_PER_PROCESS"]))
    if not take_slots(claims):
        return "", 429
    events = news_stream(bus(), channel, behind, beat, SEATED_BEAT_S if beat else HEARTBEAT_S,
                         client=_client_socket(), tells=tells, allowed=allowed)
    response = Response(stream_with_context(events), mimetype="text/event-stream", headers=STREAM_HEADERS)
    response.call_on_close(lambda: give_back_slots(claims))
    return response


def _client_socket() -> socket.socket | None:
    """The browser's connection, where the server hands it to the app (gunicorn; Werkzeug's
    development server), so that a stream ends when its browser hangs up."""
    for key in ("gunicorn.socket", "werkzeug.socket"):
        client = request.environ.get(key)
        if isinstance(client, socket.socket):
            return client
    return None


def _visitor() -> str:
    """Whose streams are counted: the account's (every login session of it together: each
    login is a new session, so a count per session was bought again by logging in again),
    else, logged out, the client address's."""
    account = user_id()
    return f"u{account}" if account is not None else f"a{client_address()}"
