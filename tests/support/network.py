"""Loopback ports for the servers tests start (gunicorn, Redis, SMTP, the compose stack)."""
from __future__ import annotations

import socket


def free_port() -> int:
    """A TCP port nothing listens on now: the kernel picks it, and the socket is closed again."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
