"""Which streams' browsers have gone: one thread per process watches every open stream's socket
and ends the stream whose browser hung up.

A stream holds a server thread while it waits for news, and a write is the only other way to
learn that the browser left, so without this watch a page that was closed, reloaded or sent
elsewhere kept its thread until the next news or beat (5 to 15 s later). Pages come and go all
the time: under load those abandoned streams outnumbered the live ones and took every thread
of a worker, and moves queued behind them for seconds.

A browser sends nothing on a stream's connection after its request, so the socket turning
readable means it was closed (or reset); the watch only peeks, and stops watching a socket
that carries anything else.
"""
from __future__ import annotations

import logging
import selectors
import socket
import ssl
import threading
from typing import Protocol

LOG = logging.getLogger(__name__)
# Registrations made while the watcher waits take effect at once with epoll and kqueue; with a
# plain poll() they wait for its next round, this long at most.
ROUND_S = 1.0


class Listener(Protocol):
    """What is told that its browser went: a stream's subscription (table_bus.Subscription)."""

    def wake(self, closing: bool = False) -> None: ...


class HangUpWatch:
    """The process's watch over its streams' sockets, started at the first one watched."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._selector: selectors.BaseSelector | None = None

    def watch(self, client: socket.socket, listener: Listener) -> None:
        """Tell `listener` (closing) when the browser at the other end of `client` hangs up."""
        if isinstance(client, ssl.SSLSocket):  # TLS cannot be peeked at; nginx ends TLS before it
            return
        with self._lock:
            if self._selector is None:
                self._selector = selectors.DefaultSelector()
                threading.Thread(target=self._run, args=(self._selector,), name="stream-hang-ups",
                                 daemon=True).start()
            try:
                self._selector.register(client, selectors.EVENT_READ, listener)
            except (KeyError, ValueError, OSError):  # already watched, or closed already
                LOG.debug("stream socket not watched", exc_info=True)

    def forget(self, client: socket.socket) -> None:
        """Stop watching `client` (its stream ended); before the server closes or reuses it."""
        with self._lock:
            if self._selector is not None:
                try:
                    self._selector.unregister(client)
                except (KeyError, ValueError, OSError):  # never watched, or dropped at its hang-up
                    pass

    def watching(self) -> int:
        with self._lock:
            return 0 if self._selector is None else len(self._selector.get_map())

    def _run(self, selector: selectors.BaseSelector) -> None:
        while True:
            try:
                ready = selector.select(ROUND_S)
            except OSError:  # a socket closed between two rounds: the next round goes on
                continue
            for key, _events in ready:
                self._readable(key)

    def _readable(self, key: selectors.SelectorKey) -> None:
        client: socket.socket = key.fileobj  # type: ignore[assignment]  # only sockets are registered
        try:
            gone = client.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:  # woken for nothing: still open
            return
        except OSError:  # reset by the browser
            gone = True
        self.forget(client)  # gone, or it carries something a stream does not read: not ours to judge
        if gone:
            key.data.wake(closing=True)


_watch = HangUpWatch()


def hang_ups() -> HangUpWatch:
    return _watch
