"""A page's stream of news (server-sent events): "changed" when its channel hears of a commit,
a comment now and then so proxies keep the idle connection open, and an end after a while or
at shutdown (the browser's EventSource reconnects by itself, and catches up: a reconnect is told
"changed" at once, so its page asks whether it missed anything, 204 if not).

Each event is a "changed" whose data is the news (table_bus): the version a commit wrote, which
a page that shows it already lets pass, or the word "changed"; the page fetches its fragment, which
shows its viewer only what they may see (R4.2).
"""
from __future__ import annotations

import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence

from siete.service.news.hang_ups import hang_ups
from siete.service.news.table_bus import CHANGED, Bus, Subscription

RETRY_MS = 2000  # how soon the browser reconnects a stream that ended
HEARTBEAT_S = 15.0  # under the usual 30-60 s idle timeouts of proxies and load balancers
# A seated viewer's stream notes them here and looks for departures this often: the seat is
# written every other beat (presence.SEEN_EVERY, 8 s: at 10 s), inside the 12 s window, and
# someone gone shows within the window and a beat (17 s at most).
SEATED_BEAT_S = 5.0
STREAM_FOR_S = 300.0  # then the stream ends and the browser reconnects (spreads streams after a restart)
MAX_STREAMS_PER_VISITOR = 8  # per process (STREAMS_PER_VISITOR): a few tabs each; more is a runaway script
# per process (STREAMS_PER_ADDRESS), every account's and visitor's at one client address together:
# one address may make 50 guests a day, each with its own 8; a household or an office behind one
# address, a few tabs each, stays well under it
MAX_STREAMS_PER_ADDRESS = 64
# per process (STREAMS_PER_PROCESS), every stream together: each holds one of what a gunicorn
# worker serves at once (a gthread worker's GUNICORN_THREADS, 250; gevent's connections), so,
# uncapped, enough of them (34 addresses' 8 logged-out streams) took every thread and no page
# of that worker loaded; past the cap a page polls, and a fifth stays for requests
STREAMS_SHARE = (4, 5)

_open: Counter[str] = Counter()
_open_lock = threading.Lock()


def streams_per_process(environ: Mapping[str, str]) -> int:
    """The default cap of one process's streams: four fifths of what its gunicorn worker serves
    at once (the settings gunicorn.conf.py reads, with its defaults)."""
    if environ.get("GUNICORN_WORKER_CLASS", "gthread") == "gevent":
        serves = environ.get("GUNICORN_STREAMS_PER_WORKER", "1000")
    else:
        serves = environ.get("GUNICORN_THREADS", "250")
    share, whole = STREAMS_SHARE
    return max(1, int(serves) * share // whole)


def take_slots(claims: Sequence[tuple[str, int]]) -> bool:
    """Whether every one of `claims` (whose streams are counted, and their cap) has a stream to
    spare in this process; if so each takes one until give_back_slots, else none is taken."""
    with _open_lock:
        if any(_open[counted] >= cap for counted, cap in claims):
            return False
        for counted, _ in claims:
            _open[counted] += 1
        return True


def give_back_slots(claims: Sequence[tuple[str, int]]) -> None:
    with _open_lock:
        for counted, _ in claims:
            _open[counted] -= 1
            if _open[counted] <= 0:
                del _open[counted]


def sse_event(name: str, event_id: str | None = None, data: str | None = None) -> str:
    """One server-sent event; its data is the name again unless given (an event without data
    is dropped)."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {name}\ndata: {data or name}\n\n"


def news_stream(bus: Bus, channel: str, behind: bool, beat: Callable[[], bool] | None = None,
                beat_every: float = HEARTBEAT_S, until: float | None = None,
                client: socket.socket | None = None,
                tells: Callable[[str], bool] | None = None,
                allowed: Callable[[], bool] | None = None) -> Iterator[str]:
    """The events of one stream on `channel`: "changed" first if the page is `behind` (a
    reconnect, or a marker older than the table's), then at each news.

    `beat`, when given, runs every `beat_every` seconds without news (a seated viewer's
    presence, noted while their page is open) and says whether the page should ask again.
    `client`, the browser's connection where the server gives it, ends the stream as soon as
    the browser hangs up (hang_ups.py), which frees its thread. `tells`, when given, says
    whether a news is one for this page: one that is not sends nothing, not even a beat early
    (the lobby's, whose news names tables: siete.service.social.lobby_news; a private table's,
    whose chat is news to its players only). A page hears a version or "changed", no more.
    `allowed`, when given, is asked before each event and each beat whether the page's viewer
    may still see the channel's table (a private table's: its link renewed, its seat left):
    once not, the stream ends, telling nothing more.
    """
    ear = bus.subscribe(channel)
    if client is not None:
        hang_ups().watch(client, ear)
    end = until if until is not None else time.monotonic() + STREAM_FOR_S
    try:
        yield f"retry: {RETRY_MS}\nid: {_event_id()}\n\n"
        if behind:
            yield sse_event(CHANGED, _event_id())
        yield from _news_and_beats(ear, end, beat, beat_every, tells, allowed)
    finally:
        if client is not None:
            hang_ups().forget(client)
        ear.close()


def _news_and_beats(ear: Subscription, end: float, beat: Callable[[], bool] | None, beat_every: float,
                    tells: Callable[[str], bool] | None,
                    allowed: Callable[[], bool] | None) -> Iterator[str]:
    """news_stream's events after its first: one at each news the page is told, a beat after
    each quiet `beat_every`, until `end`, the process's closing, or `allowed` says no more."""
    quiet_until = time.monotonic() + beat_every  # the beat's time, unless news comes first
    while not ear.closing:
        now = time.monotonic()
        if end - now <= 0:
            return
        news = ear.wait(max(0.0, min(quiet_until - now, end - now)))
        if news is not None:
            if not ear.closing and (tells is None or tells(news)):
                if allowed is not None and not allowed():
                    return
                yield sse_event(CHANGED, _event_id(), news if news.isdigit() else CHANGED)
                quiet_until = time.monotonic() + beat_every
            continue
        if time.monotonic() < quiet_until:  # the stream's time is up
            continue
        quiet_until = time.monotonic() + beat_every
        if allowed is not None and not allowed():
            return
        # the comment first: a page gone is found by this write failing, before its
        # beat would note the viewer here once more
        yield ": beat\n\n"
        if beat is not None and beat():
            yield sse_event(CHANGED, _event_id())


def _event_id() -> str:
    """Any id will do: a reconnect that names one is told "changed" and its page catches up."""
    return str(time.time_ns() // 1_000_000)
