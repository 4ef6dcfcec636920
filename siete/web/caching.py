"""The one cache helper for figures kept a few seconds: bounded in size and in time.

The reports' pages keep what they read for REPORTS_CACHE_S seconds, per report and language,
so a crowd reloading a public page costs the database one read per interval. Each app has its
own caches (tests and benchmarks build many apps in one process), each holds at most `maxsize`
keys (the oldest built goes first), and a value is built again once it is `seconds` old.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar, cast

from flask import current_app

V = TypeVar("V")
DEFAULT_MAXSIZE = 64


class TtlCache(Generic[V]):
    """Values by key, each kept `seconds` from when it was built; at most `maxsize` of them."""

    def __init__(self, maxsize: int = DEFAULT_MAXSIZE, clock: Callable[[], float] = time.monotonic) -> None:
        self.maxsize = maxsize
        self._clock = clock
        self._items: dict[Hashable, tuple[float, V]] = {}  # insertion order: oldest built first
        self._lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], V], seconds: float) -> V:
        """The value kept for key if younger than `seconds`, else build() kept anew.

        `seconds` 0 (or less) keeps nothing. Two threads that miss at once may both build: the
        lock guards the dict, not build(), which may read the database for a while.
        """
        if seconds <= 0:
            return build()
        now = self._clock()
        hit = self._items.get(key)
        if hit is not None and now - hit[0] <= seconds:
            return hit[1]
        value = build()
        self._keep(key, now, value)
        return value

    def peek(self, key: Hashable, seconds: float) -> V | None:
        """The value kept for key if younger than `seconds`, else None (nothing is built)."""
        hit = self._items.get(key)
        return hit[1] if hit is not None and self._clock() - hit[0] <= seconds else None

    def put(self, key: Hashable, value: V) -> None:
        """Keep value for key from now (for callers that build it on their own path)."""
        self._keep(key, self._clock(), value)

    def _keep(self, key: Hashable, now: float, value: V) -> None:
        with self._lock:
            self._items.pop(key, None)
            self._items[key] = (now, value)
            while len(self._items) > self.maxsize:
                del self._items[next(iter(self._items))]

    def __len__(self) -> int:
        return len(self._items)


def app_cache(name: str, maxsize: int = DEFAULT_MAXSIZE) -> TtlCache[object]:
    """The current app's cache called `name`, made on first use."""
    caches = current_app.extensions.setdefault("siete.caches", {})
    cache: TtlCache[object] | None = caches.get(name)
    if cache is None:
        cache = caches.setdefault(name, TtlCache(maxsize))
    return cache


def kept(name: str, key: Hashable, build: Callable[[], V], seconds: float,
         maxsize: int = DEFAULT_MAXSIZE) -> V:
    """build()'s value, kept `seconds` under key in the current app's cache called `name`
    (made with `maxsize` keys at its first use)."""
    return cast(V, app_cache(name, maxsize).get(key, build, seconds))
