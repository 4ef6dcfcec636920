"""What pages weigh: compressed answers (gzip/brotli) and static files cached for a year.

Every url_for('static', ...) gets `v=<hash of the file's content>`: a changed file gets a new
address, so browsers may keep the old one forever (Cache-Control: immutable) and never ask again.
"""
from __future__ import annotations

import gzip
import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

import brotli
from flask import Flask, Response, current_app, request
from flask_compress import Compress

YEAR_S = 365 * 24 * 3600
compress = Compress()


def init_assets(app: Flask) -> None:
    """Compression for HTML, fragments, CSS, JS and SVG; content-hashed, immutable static files."""
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "gzip"])
    app.config.setdefault("COMPRESS_MIMETYPES", [
        "text/html", "text/css", "text/javascript", "application/javascript", "image/svg+xml",
        "application/json", "text/plain", "text/csv", "application/xml"])
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    # Brotli's quality 3. Since the cards are a cached sprite a move's fragment is ~13 KB of
    # HTML (17 KB at most), and over 800 moves quality 3 gave 2.6 KB on average and 2.9 KB at
    # most against 2.3 / 2.5 KB at quality 5, well inside the 4 KB budget. Inside a
    # request quality 5 cost 0.50-0.59 ms a move against 0.17-0.24 ms (it sets up ~1 MB of hash
    # tables per answer): 5% of a move's CPU for 300 bytes. Quality 1 would save 0.1 ms more
    # but come to 3.4 KB of body, too near the budget with the headers.
    app.config.setdefault("COMPRESS_BR_LEVEL", 3)
    compress.init_app(app)
    app.url_defaults(_static_version)
    app.after_request(_cache_static_forever)


def _static_version(endpoint: str, values: dict[str, Any]) -> None:
    """url_defaults: the static file's content hash as `v`, unless the caller gave one."""
    if endpoint == "static" and "filename" in values and "v" not in values:
        version = content_hash(current_app.static_folder or "", values["filename"])
        if version:
            values["v"] = version


@lru_cache(maxsize=256)
def content_hash(folder: str, filename: str) -> str | None:
    """The first 10 hex digits of the file's SHA-256 (read once per process), or None if absent."""
    path = Path(folder, filename).resolve()
    if not path.is_relative_to(Path(folder).resolve()) or not path.is_file():
        return None
    return hashlib.sha256(path.read_bytes()).hexdigest()[:10]


def _cache_static_forever(response: Response) -> Response:
    """A static file asked for by its current content hash never changes: cache it a year.

    Static files are also compressed here, once per process and at the strongest setting
    (htmx: 53 KB, 17 KB in brotli); Flask-Compress leaves an answer that has an encoding alone.
    """
    if request.endpoint != "static" or response.status_code != 200:
        return response
    folder = current_app.static_folder or ""
    filename = (request.view_args or {}).get("filename", "")
    version = content_hash(folder, filename)
    if request.args.get("v") and request.args["v"] == version:
        response.headers["Cache-Control"] = f"public, max-age={YEAR_S}, immutable"
        # an immutable answer is never revalidated: its validators are ~90 bytes a file for nothing
        response.headers.pop("ETag", None)
        response.headers.pop("Last-Modified", None)
    # send_file's "inline; filename=…" says what a browser does anyway with a file it shows:
    # 48 bytes on each of a first visit's static files, inside its 40 KB budget.
    response.headers.pop("Content-Disposition", None)
    encoding = _accepted_encoding()
    if version and encoding and response.mimetype in current_app.config["COMPRESS_MIMETYPES"]:
        body = compressed_file(folder, filename, version, encoding)
        response.direct_passthrough = False
        response.set_data(body)
        response.headers["Content-Encoding"] = encoding
        response.vary.add("Accept-Encoding")
    return response


def _accepted_encoding() -> str | None:
    accepted = request.headers.get("Accept-Encoding", "")
    return "br" if "br" in accepted else "gzip" if "gzip" in accepted else None


@lru_cache(maxsize=64)
def compressed_file(folder: str, filename: str, version: str, encoding: str) -> bytes:
    """A static file compressed at the best setting; `version` (its hash) keys the cache."""
    data = Path(folder, filename).read_bytes()
    return brotli.compress(data, quality=11) if encoding == "br" else gzip.compress(data, 9)
