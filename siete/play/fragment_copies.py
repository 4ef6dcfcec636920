"""Where the shared spectator fragments (siete.play.shared_fragment) are kept: in Redis when the
app has one (FRAGMENTS_REDIS_URL, else PUSH_REDIS_URL, the news bus's: compose, the scale
profile, production), so every worker and replica hands out what any of them rendered; else in
the process's memory.

A copy carries the slots it was rendered with (random per rendering process), so whichever
process reads it fills the right places. Redis keys are named for the app's database (two
deployments sharing a Redis never read each other's tables; its password is left out) and
expire after KEEP_S. Redis going away never fails a request: the copy is not kept or not
found, and the page is rendered.
"""
from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import redis
from flask import current_app
from sqlalchemy.engine import make_url

from siete.web.caching import app_cache

LOG = logging.getLogger(__name__)
KEEP_S = 10.0  # a copy's longest life: the table's next move (a new version) ends it far sooner
MAX_COPIES = 256  # tables watched at once, per process when kept in memory
CACHE_NAME = "shared-fragments"
REDIS_TIMEOUT_S = 0.25  # a slow Redis costs a render, never a stuck request


@dataclass(frozen=True)
class SharedFragment:
    """A rendered fragment with its viewers' slots (`csrf_slot`, `due_slot`), the whole seconds
    its clock showed (None: it shows no clock) and whether it names a due time."""

    text: str
    clock: int | None
    due: bool
    csrf_slot: str
    due_slot: str

    def html(self, clock: int | None, due_ms: int | None, csrf_token: Callable[[], str]) -> str | None:
        """The fragment as a render for this request would draw it now, or None if that would
        draw another."""
        if self.clock is not None and self.clock != clock:
            return None
        if self.due != (due_ms is not None):
            return None
        text = self.text.replace(self.due_slot, str(due_ms)) if self.due else self.text
        return text.replace(self.csrf_slot, csrf_token()) if self.csrf_slot in text else text

    def dumps(self) -> bytes:
        return json.dumps([self.text, self.clock, self.due, self.csrf_slot, self.due_slot]).encode()

    @classmethod
    def loads(cls, data: bytes) -> SharedFragment:
        text, clock, due, csrf_slot, due_slot = json.loads(data)
        return cls(text, clock, due, csrf_slot, due_slot)


class Copies(Protocol):
    def get(self, key: str) -> SharedFragment | None: ...
    def put(self, key: str, copy: SharedFragment) -> None: ...


class MemoryCopies:
    """The process's own copies (the app's bounded TtlCache)."""

    def get(self, key: str) -> SharedFragment | None:
        kept = app_cache(CACHE_NAME, MAX_COPIES).peek(key, KEEP_S)
        return kept if isinstance(kept, SharedFragment) else None

    def put(self, key: str, copy: SharedFragment) -> None:
        app_cache(CACHE_NAME, MAX_COPIES).put(key, copy)


class RedisCopies:
    """Copies every process of the deployment shares, under `prefix`, for KEEP_S each."""

    def __init__(self, url: str, prefix: str) -> None:
        self.client = redis.Redis.from_url(url, socket_timeout=REDIS_TIMEOUT_S,
                                           socket_connect_timeout=REDIS_TIMEOUT_S)
        self.prefix = prefix

    def get(self, key: str) -> SharedFragment | None:
        try:
            data = self.client.get(self.prefix + key)
        except redis.RedisError as exc:
            LOG.warning("shared fragments: Redis unreachable (%s)", exc.__class__.__name__)
            return None
        return None if not isinstance(data, bytes) else SharedFragment.loads(data)

    def put(self, key: str, copy: SharedFragment) -> None:
        try:
            self.client.set(self.prefix + key, copy.dumps(), px=int(KEEP_S * 1000))
        except redis.RedisError as exc:
            LOG.warning("shared fragments: Redis unreachable (%s)", exc.__class__.__name__)


def copies() -> Copies:
    """The running app's store of copies, made on first use."""
    found: Copies | None = current_app.extensions.get(CACHE_NAME)
    if found is None:
        config = current_app.config
        url = config.get("FRAGMENTS_REDIS_URL") or config.get("PUSH_REDIS_URL") or ""
        # the database's URL without its password: a hash of it in key names Redis lists would
        # let whoever reads them test password guesses offline
        database = make_url(str(config["SQLALCHEMY_DATABASE_URI"])).set(password=None)
        prefix = f"siete:fragment:{hashlib.sha256(database.render_as_string().encode()).hexdigest()[:12]}:"
        found = current_app.extensions.setdefault(CACHE_NAME, RedisCopies(url, prefix) if url else MemoryCopies())
    return found
