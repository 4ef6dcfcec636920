"""The one reader of URLs that come with a request: a `next=` parameter, the HX-Current-URL
header, the page a login sends back to.

Whatever a client sends may be malformed: `http://[` (or `http://%5B`, decoded), a bad port,
control characters, megabytes of text. urllib raises ValueError on some of these and the pages
once answered them with a 500; here a URL is read whole or not at all (None). A redirect target
is only ever a path on this site, rebuilt from its parsed parts, so no value can make the app
send a browser to another site (an open redirect).
"""
from __future__ import annotations

import unicodedata
from urllib.parse import SplitResult, urlsplit

MAX_URL_LENGTH = 2048  # what browsers and proxies reliably carry; longer is not a page of ours
WEB_SCHEMES = frozenset({"http", "https"})


def read_url(value: object) -> SplitResult | None:
    """`value` split into its parts, or None when it is not a URL this app would read.

    Refused: anything but a non-empty string of at most MAX_URL_LENGTH characters; backslashes
    (browsers read them as slashes); control, format and line-separator characters (browsers
    drop some of them, so what they open would differ from what was checked); and what
    urllib cannot parse (an unclosed IPv6 bracket, a port that is not a number).
    """
    if not isinstance(value, str) or not value or len(value) > MAX_URL_LENGTH:
        return None
    if "\\" in value or not (value.isascii() and value.isprintable()) and _has_hidden_characters(value):
        return None
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - parses the port now: a bad one raises here, not later
    except ValueError:
        return None
    return parts


def _has_hidden_characters(value: str) -> bool:
    return any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for c in value)


def same_site_path(value: object, host: str | None = None) -> str | None:
    """The path (with its query and fragment) `value` names on this site, or None.

    A path must start with a single "/". A full URL is accepted only when `host` is given
    (the request's own, for a header the browser wrote) and it is an http(s) URL on exactly
    that host. The answer is built from the parsed parts, never the raw value.
    """
    parts = read_url(value)
    if parts is None:
        return None
    if parts.scheme or parts.netloc:
        if host is None or parts.scheme.lower() not in WEB_SCHEMES or parts.netloc != host:
            return None
    elif not str(value).startswith("/"):
        return None
    path = parts.path
    if not path.startswith("/") or path.startswith("//"):
        return None
    query = f"?{parts.query}" if parts.query else ""
    fragment = f"#{parts.fragment}" if parts.fragment else ""
    return path + query + fragment
