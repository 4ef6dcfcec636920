"""The bus that tells open pages a table (or the lobby) changed: whichever process commits the
change (a gunicorn worker, the worker process, another replica) publishes the news, and every
process that holds streams hears it and wakes the streams listening to that channel.

With a Redis URL (PUSH_REDIS_URL: compose, the scale profile, production) the news goes through
Redis pub/sub, one subscribing connection per process fanned out to its streams. Without one
(`make run` on SQLite) it stays in the process: enough for one server process, and the pages of
changes made elsewhere (the worker process's paced bots and timers) still ask when those are due.

The news is "changed", or, when the commit wrote the table's state, the version it wrote: a page
then fetches its fragment, which shows each viewer only what they may see (R4.2), unless it shows
that version already (the mover's page, handed the table its move left). A version says nothing
a viewer may not see: every page of the table shows it.

The lobby's news names the tables whose change it lists ("tables:12.15"): each lobby stream
decides from them whether it is news to its visitor (a private table is not, to a stranger:
siete.service.social.lobby_news), and tells its page no more than "changed".

A chat message's news is "said": a stream whose page is not shown the chat (a private table's,
to who sits nowhere there) lets it pass, and any other tells its page "changed". A rematch's
change is "said" on the finished table it came from, for the same players alone: who views a
private finished table by its link is never offered its rematch, and heard it open.
"""
from __future__ import annotations

import logging
import threading
from collections import defaultdict
from typing import Any, Protocol

import redis
from sqlalchemy import event
from sqlalchemy.orm import Session

from siete.data.table_changes import take_changes, take_said, take_versions

LOG = logging.getLogger(__name__)
PREFIX = "siete:"
LOBBY = "lobby"
RECONNECT_PAUSE_S = 1.0  # after Redis went away, before the subscriber tries again
CHANGED = "changed"  # news that names no version: every page asks
SAID = "said"  # for the players alone (a chat message, a rematch's change): the pages shown the chat ask
TABLES = "tables:"  # the lobby's news: the tables whose change it lists, by id


def table_channel(game_id: int) -> str:
    return f"table:{game_id}"


class Subscription:
    """One stream's ear on one channel: woken by news, or by the process shutting down."""

    def __init__(self, channel: str, on_close: Any) -> None:
        self.channel = channel
        self.closing = False
        self._came = threading.Event()
        self._lock = threading.Lock()
        self._news: str | None = None  # heard since the stream last took it
        self._on_close = on_close

    def wake(self, closing: bool = False, news: str = CHANGED) -> None:
        with self._lock:
            self.closing = self.closing or closing
            self._news = news if self._news is None else merged_news(self._news, news)
            self._came.set()

    def wait(self, timeout: float) -> str | None:
        """The news that came within `timeout` seconds (news heard together told as one), or
        None; "changed" when the process is closing."""
        if not self._came.wait(timeout):
            return None
        with self._lock:
            news, self._news = self._news, None
            self._came.clear()
        return news or CHANGED

    def close(self) -> None:
        self._on_close(self)


def merged_news(first: str, second: str) -> str:
    """Two pieces of news told as one: the later version when both name one (a page showing it
    has both changes), the tables of both when both name tables, the news itself twice over,
    else "changed"."""
    if first == second:
        return first
    if first.isdigit() and second.isdigit():
        return str(max(int(first), int(second)))
    first_tables, second_tables = tables_in(first), tables_in(second)
    if first_tables is not None and second_tables is not None:
        return lobby_news(first_tables | second_tables)
    return CHANGED


def lobby_news(game_ids: set[int]) -> str:
    """The lobby's news that these tables changed."""
    return TABLES + ".".join(str(game_id) for game_id in sorted(game_ids))


def tables_in(news: str) -> set[int] | None:
    """The tables a lobby news names, or None for news that names none (then it may be any)."""
    ids = news.removeprefix(TABLES).split(".") if news.startswith(TABLES) else []
    return {int(game_id) for game_id in ids} if ids and all(i.isdigit() for i in ids) else None


def heard_news(news: str) -> str:
    """News as the bus passes it on: a version, the lobby's tables or "said", else "changed"."""
    return news if news.isdigit() or news == SAID or tables_in(news) is not None else CHANGED


class Publisher(Protocol):
    def publish(self, channel: str, message: str) -> Any: ...


class Bus:
    """The process's bus: its local subscriptions, and where news is published."""

    def __init__(self, redis_url: str | None = None) -> None:
        self._lock = threading.Lock()
        self._ears: defaultdict[str, set[Subscription]] = defaultdict(set)
        # Publishing happens inside a move's request: a Redis that does not answer costs it a
        # second at most. The subscriber waits for news as long as it takes (its own client).
        self._redis = redis.Redis.from_url(redis_url, socket_connect_timeout=1, socket_timeout=1) \
            if redis_url else None
        self._listening = redis.Redis.from_url(redis_url, socket_connect_timeout=1, health_check_interval=30) \
            if redis_url else None
        self._listener: Any = None
        self.closing = False

    @property
    def shared(self) -> bool:
        """Whether news crosses processes (Redis), not just this one."""
        return self._redis is not None

    def publish(self, channel: str, news: str = CHANGED) -> None:
        """Tell every listener of `channel`, in every process; never fails the caller."""
        if self._redis is None:
            self.deliver(channel, news)
            return
        try:
            self._redis.publish(PREFIX + channel, news)
        except redis.RedisError:  # the change is committed; pages catch up on reconnect or poll
            LOG.warning("could not publish %s", channel, exc_info=True)

    def subscribe(self, channel: str) -> Subscription:
        ear = Subscription(channel, self._unsubscribe)
        with self._lock:
            self._ears[channel].add(ear)
            if self.closing:
                ear.wake(closing=True)
        return ear

    def ready(self) -> bool:
        """Whether this process hears the news: with Redis, its subscriber is up (started here
        at the first stream, after gunicorn forked); False when Redis cannot be reached, and
        then a page had better poll than hold a stream that hears nothing."""
        try:
            self._listen()
        except redis.RedisError:
            LOG.warning("push bus: no Redis to subscribe to", exc_info=True)
            return False
        return True

    def open_streams(self) -> int:
        with self._lock:
            return sum(len(ears) for ears in self._ears.values())

    def deliver(self, channel: str, news: str = CHANGED) -> None:
        """Wake this process's listeners of `channel` with `news`."""
        with self._lock:
            ears = list(self._ears.get(channel, ()))
        for ear in ears:
            ear.wake(news=news)

    def close(self) -> None:
        """The process is shutting down: every stream ends (its page reconnects elsewhere)."""
        with self._lock:
            self.closing = True
            ears = [ear for group in self._ears.values() for ear in group]
        for ear in ears:
            ear.wake(closing=True)

    def _unsubscribe(self, ear: Subscription) -> None:
        with self._lock:
            group = self._ears.get(ear.channel)
            if group is not None:
                group.discard(ear)
                if not group:
                    del self._ears[ear.channel]

    def _listen(self) -> None:
        """Start the process's one Redis subscriber at its first stream (after gunicorn forks)."""
        if self._listening is None or self._listener is not None:
            return
        with self._lock:
            if self._listener is not None:
                return
            pubsub = self._listening.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]  # redis-py leaves it unannotated
            pubsub.psubscribe(**{PREFIX + "*": self._heard})
            self._listener = pubsub.run_in_thread(sleep_time=None, daemon=True,
                                                  exception_handler=self._lost)

    def _heard(self, message: dict[str, Any]) -> None:
        channel, data = message["channel"], message["data"]
        text = channel.decode() if isinstance(channel, bytes) else str(channel)
        news = data.decode() if isinstance(data, bytes) else str(data)
        self.deliver(text.removeprefix(PREFIX), heard_news(news))

    def _lost(self, error: BaseException, pubsub: Any, _thread: Any) -> None:
        """Redis went away: news may have been missed, so every stream says "changed" (its page
        asks, 204 if nothing did); redis-py subscribes again on the next read."""
        LOG.warning("push bus lost Redis: %s", error)
        with self._lock:
            ears = [ear for group in self._ears.values() for ear in group]
        for ear in ears:
            ear.wake()
        threading.Event().wait(RECONNECT_PAUSE_S)


_bus = Bus()


def bus() -> Bus:
    return _bus


def configure(redis_url: str | None) -> Bus:
    """Set the process's bus (at app creation): Redis when a URL is given, else in-process."""
    global _bus
    _bus = Bus(redis_url or None)
    return _bus


@event.listens_for(Session, "after_commit")
def _publish_changes(session: Session) -> None:
    """The one place news leaves: a committed unit of work's tables, and the lobby's if noted."""
    (tables, lobby_tables), versions = take_changes(session), take_versions(session)
    said = take_said(session)
    for game_id in sorted(tables | said):
        version = versions.get(game_id) if game_id not in said else None  # said: every page of it asks
        news = CHANGED if game_id in tables else SAID
        _bus.publish(table_channel(game_id), news if version is None else str(version))
    if lobby_tables:
        _bus.publish(LOBBY, lobby_news(lobby_tables))
