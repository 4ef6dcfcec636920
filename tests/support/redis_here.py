"""The local Redis for the tests that cross processes through it, or a skip where none answers."""
from __future__ import annotations

import pytest


def redis_url_or_skip(database: int) -> str:
    """The address of Redis database `database` on 127.0.0.1, once it answers a ping; the
    test is skipped where no Redis answers (its package missing, or no server)."""
    redis = pytest.importorskip("redis")
    url = f"redis://127.0.0.1:6379/{database}"
    try:
        redis.Redis.from_url(url).ping()
    except redis.RedisError:
        pytest.skip("no Redis here")
    return url
