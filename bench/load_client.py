"""A lean HTTP client for bench/load.py: one keep-alive connection and a cookie jar per browser.

The load generator shares the machine's cores with the server it measures, so every
millisecond of client CPU is taken from gunicorn. requests costs about 1.3 ms of CPU per
call here (its cookie jar and hooks); urllib3, which requests is built on, about 0.4 ms.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

import urllib3


@dataclass
class Response:
    status_code: int
    text: str
    headers: urllib3.HTTPHeaderDict


class Browser:
    """What a browser tab keeps between requests: its connection and the site's cookies."""

    def __init__(self, base: str, timeout: float = 30):
        parts = urlsplit(base)
        self.pool = urllib3.HTTPConnectionPool(parts.hostname, parts.port, maxsize=1, block=True,
                                               timeout=timeout, retries=False)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, data: dict | None = None,
                headers: dict | None = None) -> Response:
        """One request without following redirects; forms are sent url-encoded."""
        headers = dict(headers or {})
        # As a browser asks: the app compresses its answers (siete/web/assets.py), urllib3 unpacks them.
        headers.setdefault("Accept-Encoding", "gzip, br")
        # The players read English: the bench finds "Hand N of" on the page (Spanish by default).
        headers.setdefault("Accept-Language", "en")
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            reply = self.pool.urlopen(method, path, body=body, headers=headers, redirect=False,
                                      preload_content=True)
        except urllib3.exceptions.ProtocolError:
            # The server closed the kept-alive connection as the request went out (gthread's
            # keepalive ends idle ones after 5 s): a browser sends it again on a new one.
            reply = self.pool.urlopen(method, path, body=body, headers=headers, redirect=False,
                                      preload_content=True)
        self._keep_cookies(reply.headers.getlist("Set-Cookie"))
        return Response(reply.status, reply.data.decode("utf-8", "replace"), reply.headers)

    def _keep_cookies(self, set_cookies: list[str]) -> None:
        for header in set_cookies:
            for name, morsel in SimpleCookie(header).items():
                if morsel["expires"] and "1970" in morsel["expires"] or morsel["max-age"] == "0":
                    self.cookies.pop(name, None)  # the server deleted it
                else:
                    self.cookies[name] = morsel.value

    def close(self) -> None:
        self.pool.close()


def poll_address(fragment: str) -> str | None:
    """What siete.js asks: the table's hx-get (the version it shows, and the viewer's seat
    where the page names it) and, where the page has one, its pulse as `p`; None for a
    table that no longer polls (it is over)."""
    table = re.search(r'<section id="table"[^>]*>', fragment)
    found = re.search(r'hx-get="([^"]+)"', table.group(0)) if table else None
    if found is None:
        return None
    address = html.unescape(found.group(1))
    live = pulse(fragment)
    return f"{address}&p={live['p']}" if live else address


def pulse(fragment: str) -> dict[str, str]:
    """The page's pulse as siete.js sends it with a poll or a move ({} if it has none)."""
    found = re.search(r'data-live="([^"]*)"', fragment)
    return {"p": found.group(1)} if found else {}
