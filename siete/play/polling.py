"""When a table page asks for its fragment without being told: the stream says "changed" for
every commit (siete.service.news.table_bus), so a page asks on its own only when it holds no stream
(the fallback poll, static/js/siete.js), or when an automatic step falls due that no other
process will announce (no shared bus: `make run`'s worker process changes tables unheard)."""
from __future__ import annotations

from datetime import datetime

from siete.data.base import utcnow_ms
from siete.service.news.table_bus import bus

# A page without a stream (refused, or a proxy that breaks it) asks this often; a waiting
# table's and the lobby's too (bench/presence.py: an unchanged poll is one query answered 204).
FALLBACK_POLL_MS = 1500
DUE_LATE_MS = 30  # ask just after the step is due, so it is played (by this ask if need be)


def due_in_ms(deadline: datetime | None) -> int | None:
    """In how many ms the page asks for the table's next automatic step (a paced bot's move, a
    run-out timer, the end of the pause between hands); None when the bus carries the worker
    process's news of it, or nothing is due."""
    if deadline is None or bus().shared:
        return None
    return max(0, int((deadline - utcnow_ms()).total_seconds() * 1000)) + DUE_LATE_MS
