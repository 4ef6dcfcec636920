"""What bench/load.py prints: latency tables, its own CPU, and how late its own threads run."""
from __future__ import annotations

import resource
import threading
import time


def own_cpu_seconds() -> float:
    """User + system CPU of this process (the load generator) so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def print_routes(stats, elapsed: float, title: str) -> None:
    print(f"\n{title}\n{'route':<12}{'count':>8}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
          f"{'max ms':>9}  statuses")
    for route, values in sorted(stats.latencies.items()):
        ms = [v * 1000 for v in values]
        statuses = " ".join(f"{code}:{n}" for code, n in sorted(stats.statuses[route].items()))
        print(f"{route:<12}{len(ms):>8}{len(ms) / elapsed:>9.1f}{percentile(ms, .5):>9.1f}"
              f"{percentile(ms, .95):>9.1f}{percentile(ms, .99):>9.1f}{max(ms):>9.1f}  {statuses}")
    total = sum(len(v) for v in stats.latencies.values())
    errors = sum(n for route in stats.statuses.values() for code, n in route.items() if code >= 500)
    print(f"total {total} requests, {total / elapsed:.1f} req/s, 5xx: {errors}")


def print_times(stats, title: str) -> None:
    print(f"\n{title}\n{'route':<12}{'count':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for route, values in sorted(stats.latencies.items()):
        ms = [v * 1000 for v in values]
        print(f"{route:<12}{len(ms):>8}{percentile(ms, .5):>9.1f}{percentile(ms, .95):>9.1f}"
              f"{percentile(ms, .99):>9.1f}{max(ms):>9.1f}")


class GeneratorLag:
    """How late the load generator's own threads wake: the part of a measured latency that is
    the client's, not the server's.

    A hundred player threads share one Python process (one GIL) and the machine's cores with
    the server. A probe thread asks to sleep 10 ms again and again; how much longer it slept is
    how long a thread whose answer had arrived could wait before it could read the clock.
    """

    TICK_S = 0.010

    def __init__(self) -> None:
        self.late_ms: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> list[float]:
        self._stop.set()
        self._thread.join()
        return self.late_ms

    def _run(self) -> None:
        while not self._stop.is_set():
            start = time.perf_counter()
            time.sleep(self.TICK_S)
            self.late_ms.append(max(0.0, (time.perf_counter() - start - self.TICK_S) * 1000))

    def summary(self) -> str:
        late = self.late_ms or [0.0]
        return (f"load generator's own lateness (a thread sleeping 10 ms woke late by): "
                f"p50 {percentile(late, .5):.1f} ms, p99 {percentile(late, .99):.1f} ms, "
                f"max {max(late):.1f} ms")
