"""The MySQL pool keeps every connection it lends: a busy moment opens none anew (opening one
costs ~30 ms of CPU, most of it PyMySQL's TLS context)."""
from __future__ import annotations

import pytest
from sqlalchemy import create_engine, event

from siete.data.database import POOL_SIZE, engine_options


@pytest.mark.mariadb_only
def test_busy_moments_reuse_the_connections_the_first_one_opened(mysql_database_url):
    engine = create_engine(mysql_database_url, **engine_options(mysql_database_url))
    opened: list[object] = []
    event.listen(engine, "connect", lambda connection, _record: opened.append(connection))
    try:
        for _busy_moment in range(3):
            held = [engine.connect() for _ in range(POOL_SIZE)]
            for connection in held:
                connection.close()
        assert len(opened) == POOL_SIZE
    finally:
        engine.dispose()
