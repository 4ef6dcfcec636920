"""Gunicorn settings for the container: every value can be overridden by an environment variable."""
import gc
import multiprocessing
import os

# The usual sizing rule is 2 * cores + 1; the cap keeps a big host from
# opening more MySQL connections than the database's max_connections allows.
MAX_WORKERS = 8


def default_workers() -> int:
    """Return 2 * CPU cores + 1, capped at MAX_WORKERS."""
    return min(2 * multiprocessing.cpu_count() + 1, MAX_WORKERS)


bind = os.environ.get("GUNICORN_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
# "auto" (what the compose files pass when .env says nothing) is the rule above.
_workers_setting = os.environ.get("GUNICORN_WORKERS", "auto")
workers = default_workers() if _workers_setting == "auto" else int(_workers_setting)
# One thread per worker process (gunicorn's sync worker): with two threads a worker's requests
# queued for Python's GIL behind each other's rendering at every database round trip, and
# bench/load.py measured bet p99 at 100 players 2-4x higher (300-500 ms against 60-130 ms).
# Waiting on MySQL is covered by having more workers than cores. A sync worker reads one request
# at a time, so a client that sends half a request holds it: the compose stacks put nginx in
# front, which buffers whole requests (#24.8; gunicorn's own advice for sync workers), and
# gunicorn is never published by itself.
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread" if threads > 1 else "sync")
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# Logs go to stdout/stderr so `docker compose logs` shows them.
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
# Behind a load balancer the client address arrives in X-Forwarded-For.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicorn's runtime control socket would go in $HOME/.gunicorn, which the
# container's user cannot write; containers are managed by restarting them.
control_socket_disable = os.environ.get("GUNICORN_CONTROL_SOCKET", "0") != "1"


def post_worker_init(worker) -> None:
    """Freeze what the worker loaded at start (gc.freeze) so Python's full collections skip it.

    A full collection walks every tracked object: after the imports and the app that is some
    100,000, ~50 ms, and the request it lands in (and those queued behind it) waits for all of
    it. bench/load.py saw it as the max and p99 of bets. GUNICORN_GC_FREEZE=0 turns it off.
    """
    if os.environ.get("GUNICORN_GC_FREEZE", "1") != "0":
        gc.freeze()
