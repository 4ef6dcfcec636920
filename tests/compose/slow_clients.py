"""Slow clients (#24.8): connections that send half a request and then nothing, held open while a
normal request is timed."""
from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager

import requests

HALF_HEADERS = b"GET / HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow-client\r\nX-Still-Typing: "
# A body announced and begun, never finished.
HALF_BODY = (b"POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
             b"application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\nusername=slo")


@contextmanager
def half_sent_requests(host: str, port: int, count: int = 10) -> Iterator[list[socket.socket]]:
    """count connections, each with half a request sent (headers cut short, or a body cut short,
    in turn), held open until the block ends."""
    held = []
    try:
        for number in range(count):
            connection = socket.create_connection((host, port), timeout=5)
            connection.sendall(HALF_HEADERS if number % 2 == 0 else HALF_BODY)
            held.append(connection)
        time.sleep(0.5)  # let the server take them up (a sync worker blocks reading one)
        yield held
    finally:
        for connection in held:
            connection.close()


def seconds_to_answer(url: str, wait: float = 10) -> float:
    """Seconds until url answers 200, or `wait` and more if it does not answer in that time."""
    start = time.monotonic()
    try:
        response = requests.get(url, timeout=wait, headers={"Accept-Language": "en"})
    except requests.RequestException:
        return max(wait, time.monotonic() - start)
    assert response.status_code == 200, (url, response.status_code, response.text[:500])
    return time.monotonic() - start
