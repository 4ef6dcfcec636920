"""Pictures of a Graphviz source, each carrying the sha256 of the source it was drawn from, so a
test can tell a stale picture without Graphviz: `dot` draws them (apt install graphviz)."""
from __future__ import annotations

import hashlib
import shutil
import struct
import subprocess
import zlib

SOURCE_KEY = "siete-source-sha256"


def source_digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def render(source: str, fmt: str, stagger: bool = False) -> bytes:
    """The source drawn by Graphviz's dot as svg or png, marked with the source's digest;
    stagger runs Graphviz's unflatten first, which stacks a wide row of unrelated boxes."""
    dot, unflatten = shutil.which("dot"), shutil.which("unflatten")
    if not dot or not unflatten:
        raise SystemExit("Graphviz's dot is needed to draw the pictures: apt install graphviz")
    laid_out = source.encode("utf-8")
    if stagger:
        laid_out = subprocess.run([unflatten, "-l", "4", "-f", "-c", "5"], input=laid_out,
                                  capture_output=True, check=True).stdout
    picture = subprocess.run([dot, f"-T{fmt}"], input=laid_out, capture_output=True, check=True).stdout
    digest = source_digest(source)
    return mark_svg(picture, digest) if fmt == "svg" else mark_png(picture, digest)


def mark_svg(svg: bytes, digest: str) -> bytes:
    head, sep, rest = svg.partition(b"<svg")
    return head + f"<!-- {SOURCE_KEY} {digest} -->\n".encode() + sep + rest


def mark_png(png: bytes, digest: str) -> bytes:
    """A tEXt chunk right after the header chunk (PNG keeps text chunks for readers like this)."""
    data = SOURCE_KEY.encode("latin-1") + b"\0" + digest.encode("latin-1")
    chunk = struct.pack(">I", len(data)) + b"tEXt" + data + struct.pack(">I", zlib.crc32(b"tEXt" + data))
    header_end = 8 + 8 + 13 + 4  # signature, IHDR length+type, IHDR data, CRC
    return png[:header_end] + chunk + png[header_end:]


def picture_digest(picture: bytes) -> str | None:
    """The source digest a picture was marked with, or None."""
    marker = SOURCE_KEY.encode()
    at = picture.find(marker)
    if at < 0:
        return None
    start = at + len(marker) + 1
    return picture[start:start + 64].decode("latin-1")
