"""What bench/load.py reads of the processes at the start and the end of the play phase (CPU of
gunicorn, the worker, MariaDB and the load generator; gunicorn's memory; the access log's
length), and the lines it prints from two such readings."""
from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from bench.load_report import own_cpu_seconds, percentile
from bench.load_server import database_cpu_seconds, process_cpu_seconds, server_cpu_seconds
from bench.load_streams import READERS
from bench.streams import rss_mb


@dataclass(frozen=True)
class Reading:
    gunicorn_s: float
    worker_s: float
    database_s: float | None
    client_s: float
    rss_mb: float
    log_bytes: int
    cpu_log_bytes: int = 0


@dataclass(frozen=True)
class Processes:
    """The processes the bench started (none with --url) and gunicorn's access log."""

    server: subprocess.Popen | None = None
    worker: subprocess.Popen | None = None
    access_log: Path | None = None
    cpu_log: Path | None = None  # --capacity: each request's CPU (bench/gunicorn_cpu.conf.py)

    def read(self) -> Reading:
        return Reading(
            gunicorn_s=server_cpu_seconds(self.server),
            worker_s=process_cpu_seconds(self.worker.pid if self.worker else None),
            database_s=database_cpu_seconds(), client_s=own_cpu_seconds(),
            rss_mb=rss_mb(self.server.pid) if self.server else 0.0,
            log_bytes=self.access_log.stat().st_size if self.access_log else 0,
            cpu_log_bytes=self.cpu_log.stat().st_size if self.cpu_log and self.cpu_log.exists() else 0)


def print_cpu(start: Reading, end: Reading, elapsed: float, requests_done: int, has_worker: bool) -> None:
    """CPU in the play phase, each process's in cores and in ms per request the clients made."""
    parts = [("gunicorn", end.gunicorn_s - start.gunicorn_s)]
    if has_worker:
        parts.append(("worker", end.worker_s - start.worker_s))
    if start.database_s is not None and end.database_s is not None:
        parts.append(("MariaDB", end.database_s - start.database_s))
    print(f"\nCPU in the play phase ({requests_done} requests, load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores):")
    for name, used in [*parts, ("all three" if len(parts) == 3 else "together", sum(u for _, u in parts))]:
        print(f"  {name:<10}{used:>7.1f} s {used / elapsed:>6.2f} cores "
              f"{1000 * used / max(1, requests_done):>7.2f} ms per request")
    used = end.client_s - start.client_s
    print(f"  load generator {used:.1f} s ({used / elapsed:.2f} cores, on the same cores as the server)")


def print_streams(start: Reading, end: Reading) -> None:
    """The streams the pages hold at the end, and gunicorn's memory beside them."""
    held = sum(1 for reader in READERS if reader.open)
    grown = end.rss_mb - start.rss_mb
    per = f", {1024 * grown / held:.0f} KB per open stream at most" if held else ""
    print(f"streams open at the end: {held}; gunicorn memory (RSS, master + workers): {end.rss_mb:.0f} MB, "
          f"{grown:+.0f} MB over the play phase{per}")


def print_against_livez(stats, ceiling) -> None:
    """Each route's p50, p95 and p99 as multiples of /livez's (no database) in the same run."""
    livez = ceiling.latencies.get("livez") or [1e-9]
    base = {share: percentile(livez, share) or 1e-9 for share in (0.5, 0.95, 0.99)}
    print(f"\nagainst /livez in the same run (p50 {1000 * base[0.5]:.1f} ms, p95 {1000 * base[0.95]:.1f}, "
          f"p99 {1000 * base[0.99]:.1f}):")
    for route, times in sorted(stats.latencies.items()):
        if times:
            ratios = "  ".join(f"p{round(share * 100)} {percentile(times, share) / base[share]:>6.1f}x"
                               for share in base)
            print(f"  {route:<12}{ratios}")
