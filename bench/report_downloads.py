"""The downloads part of bench/reports.py: each download timed to its first byte and to its end,
with its size and the server's peak memory while it is made.

Each download runs in a process of its own, forked from the bench (the app and its imports
already loaded): the growth of that process's peak resident memory (VmHWM) over its resident
memory when the request starts is what the download cost in memory, one number per download
that no earlier download can hide. The answer is read as a browser would take it
(Accept-Encoding: gzip, so compression is counted too).
"""
from __future__ import annotations

import multiprocessing
import statistics
import time
from urllib.parse import quote

from sqlalchemy import select

from siete.data.base import db
from siete.data.games import Game
from siete.service.reports.definitions import GAME_LISTS

BROWSER = {"Accept-Encoding": "gzip"}


def download_urls(app) -> list[str]:
    """/reports.json, the four game lists in each format, two small reports, a game's export."""
    chosen = ["/reports.json"]
    for key in sorted(GAME_LISTS):
        chosen += [f"/reports/{key}.csv", f"/reports/{key}.xml", f"/reports/{key}.json"]
    chosen += ["/reports/highest_bet.csv?player=" + quote("human01"),
               "/reports/first_card.csv", "/reports/wins_by_seat_card.xml"]
    with app.app_context():
        game = db.session.scalar(select(Game.id).where(Game.num_players == 5)
                                 .order_by(Game.id.desc()).limit(1))
    return chosen + [f"/games/{game}/scenario.json"]


def _memory_kb(field: str) -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def _one_download(app, url: str, pipe) -> None:
    """In the forked process: fetch `url` once, reading its answer a chunk at a time."""
    with app.app_context():
        db.engine.dispose(close=False)  # the parent's pooled connections are not ours to use
    client = app.test_client()
    client.get("/healthz")  # the process's first request: a connection, the request machinery
    before = _memory_kb("VmRSS")
    start = time.perf_counter()
    response = client.get(url, headers=BROWSER, buffered=False)
    chunks = iter(response.response)
    size, first = 0, None
    for chunk in chunks:
        if chunk and first is None:
            first = time.perf_counter() - start
        size += len(chunk)
    total = time.perf_counter() - start
    if hasattr(response.response, "close"):
        response.response.close()
    pipe.send({"status": response.status_code, "first_ms": (first or total) * 1000,
               "total_ms": total * 1000, "kb": size / 1024,
               "peak_mb": (_memory_kb("VmHWM") - before) / 1024,
               "streamed": "Content-Length" not in response.headers, "link": "Link" in response.headers})
    pipe.close()


def measure_download(app, url: str, runs: int) -> dict:
    """Best first byte and total over `runs` fresh processes; the largest memory growth seen."""
    context = multiprocessing.get_context("fork")
    results = []
    for _ in range(runs):
        receive, send = context.Pipe(duplex=False)
        worker = context.Process(target=_one_download, args=(app, url, send))
        worker.start()
        results.append(receive.recv())
        worker.join()
    return {"url": url, "status": results[0]["status"],
            "first_ms": min(r["first_ms"] for r in results),
            "first_median_ms": statistics.median(r["first_ms"] for r in results),
            "total_ms": min(r["total_ms"] for r in results),
            "kb": results[0]["kb"], "peak_mb": max(r["peak_mb"] for r in results),
            "streamed": results[0]["streamed"], "paged": results[0]["link"]}


def report_downloads(rows: list[dict]) -> None:
    print("\n| download | status | first byte ms (best, median) | whole ms | KB sent (gzip) "
          "| peak memory growth MB | streamed | more pages |\n|---|---:|---:|---:|---:|---:|---|---|")
    for r in rows:
        print(f"| `{r['url']}` | {r['status']} | {r['first_ms']:.1f}, {r['first_median_ms']:.1f} "
              f"| {r['total_ms']:.1f} | {r['kb']:.1f} | {r['peak_mb']:.1f} "
              f"| {'yes' if r['streamed'] else 'no'} | {'yes' if r['paged'] else 'no'} |")
