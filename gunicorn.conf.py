"""Gunicorn settings for the container: every value can be overridden by an environment variable."""
import gc
import multiprocessing
import os
import signal

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
# The worker class holds the pages' streams (server-sent events: an open, mostly idle
# connection per page) beside the moves. gthread: a thread per open stream, waiting on its news
# without the GIL; moves and renders run on threads of the same pool. bench/streams.py measured
# it against gevent (docs/benchmarks.md): GUNICORN_WORKER_CLASS=gevent works where gevent is
# installed. A stream holds a thread, so the pool is sized for streams (GUNICORN_THREADS).
# A worker reads requests on its own threads, so a client that sends half a request holds one:
# the compose stacks put nginx in front, which buffers whole requests (#24.8), and gunicorn is
# never published by itself.
threads = int(os.environ.get("GUNICORN_THREADS", "250"))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
worker_connections = int(os.environ.get("GUNICORN_STREAMS_PER_WORKER", "1000"))  # gevent's cap
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
    _close_streams_on_term()


def _close_streams_on_term() -> None:
    """A stream never ends by itself: on SIGTERM (a deploy, `compose down`) end every stream of
    this worker first, so the worker stops within graceful_timeout and each page's EventSource
    reconnects to a worker that stays (then catches up: siete/service/news/table_stream.py)."""
    stop_worker = signal.getsignal(signal.SIGTERM)

    def close_streams_then_stop(signum, frame) -> None:
        from siete.service.news.table_bus import bus

        bus().close()
        if callable(stop_worker):
            stop_worker(signum, frame)
    signal.signal(signal.SIGTERM, close_streams_then_stop)
