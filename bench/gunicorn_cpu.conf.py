"""gunicorn's settings for bench/load.py: the project's own (gunicorn.conf.py, read as it is),
plus hooks that write each request's CPU to BENCH_CPU_LOG.

gthread serves a request (reading it, the app, writing the answer) on one thread of the pool,
so the thread's CPU clock (time.thread_time) between gunicorn's pre_request and post_request
hooks is that request's own CPU: what the bench prints per route. What no request owns (the
accepting thread, a stream's thread waking at news, garbage collection run in another request)
is left out there and counted in the whole process's CPU the bench prints beside it.
"""
import os
import time
from pathlib import Path

exec(compile((Path(__file__).resolve().parent.parent / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"))

_CPU_LOG = os.environ.get("BENCH_CPU_LOG", "")


def pre_request(worker, req) -> None:
    req.bench_cpu_start = time.thread_time()


def post_request(worker, req, environ, resp) -> None:
    started = getattr(req, "bench_cpu_start", None)
    if not _CPU_LOG or started is None:
        return
    used_us = int((time.thread_time() - started) * 1e6)
    line = f"{req.method} {req.path} {resp.status_code} {used_us}\n".encode()
    # One write of a short line to a file opened for appending: lines from several workers and
    # threads never interleave.
    descriptor = os.open(_CPU_LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(descriptor, line)
    finally:
        os.close(descriptor)
