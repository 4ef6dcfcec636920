"""The one cache helper (siete/web/caching.py): bounded in size and in time (#28: every cache bounded)."""
from __future__ import annotations

from flask import Flask

from siete.web.caching import TtlCache, kept


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_value_is_kept_for_its_seconds_then_built_again():
    clock, built = Clock(), []
    cache: TtlCache[int] = TtlCache(clock=clock)

    def build() -> int:
        built.append(clock.now)
        return len(built)

    assert cache.get("k", build, 10) == 1
    clock.now += 10
    assert cache.get("k", build, 10) == 1  # 10 s old: still fresh
    clock.now += 0.5
    assert cache.get("k", build, 10) == 2  # older than 10 s: built again
    assert cache.get("k", build, 0) == 3 and cache.get("k", build, 0) == 4  # 0 keeps nothing


def test_it_holds_at_most_maxsize_keys_and_drops_the_oldest_built():
    clock = Clock()
    cache: TtlCache[str] = TtlCache(maxsize=3, clock=clock)
    for key in "abcd":
        cache.get(key, lambda key=key: key.upper(), 60)
    assert len(cache) == 3
    rebuilt = []
    assert cache.get("a", lambda: rebuilt.append("a") or "A2", 60) == "A2" and rebuilt == ["a"]
    assert cache.get("d", lambda: "never", 60) == "D"  # the newest were kept


def test_each_app_has_its_own_caches():
    one, other = Flask("one"), Flask("other")
    with one.app_context():
        assert kept("test", "k", lambda: "first", 60) == "first"
        assert kept("test", "k", lambda: "second", 60) == "first"
    with other.app_context():
        assert kept("test", "k", lambda: "other", 60) == "other"


def test_put_keeps_a_value_built_elsewhere_that_peek_finds_while_fresh_and_bounded():
    clock = Clock()
    cache: TtlCache[str] = TtlCache(maxsize=2, clock=clock)
    assert cache.peek("a", 10) is None  # nothing is built by a peek
    cache.put("a", "A")
    clock.now += 10
    assert cache.peek("a", 10) == "A"
    clock.now += 0.5
    assert cache.peek("a", 10) is None  # older than 10 s
    cache.put("b", "B")
    cache.put("c", "C")
    cache.put("d", "D")  # at most 2: the oldest put go first
    assert len(cache) == 2 and cache.peek("b", 10) is None and cache.peek("d", 10) == "D"
