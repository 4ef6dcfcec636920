"""Shrink a screenshot: an 8-bit RGB(A) PNG rewritten with a palette of at most 256 colours.

The pages are flat colours and a few gradients, so the 256 most frequent colours (grouped to
5 bits a channel, each group drawn in its most frequent exact colour) look the same at a fifth of
the size. Standard library only: `python3 docs/tools/png8.py in.png out.png`.
"""
from __future__ import annotations

import struct
import sys
import zlib
from collections import Counter, defaultdict
from pathlib import Path

Pixel = tuple[int, int, int]


def paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def unfilter(kind: int, line: bytearray, prev: bytearray, bpp: int) -> bytearray:
    for x in range(len(line)):
        left = line[x - bpp] if x >= bpp else 0
        corner = prev[x - bpp] if x >= bpp else 0
        add = (0, left, prev[x], (left + prev[x]) // 2, paeth(left, prev[x], corner))[kind]
        line[x] = (line[x] + add) & 255
    return line


def read_png(path: Path) -> tuple[int, int, list[list[Pixel]]]:
    """Width, height and rows of RGB pixels of an 8-bit, non-interlaced RGB or RGBA PNG."""
    data = path.read_bytes()
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit(f"{path}: only 8-bit, non-interlaced RGB or RGBA PNGs")
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        prev = unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), prev, bpp)
        rows.append([(prev[x], prev[x + 1], prev[x + 2]) for x in range(0, stride, bpp)])
    return width, height, rows


def palette_of(counts: Counter[Pixel], size: int = 256) -> list[Pixel]:
    groups: dict[Pixel, Counter[Pixel]] = defaultdict(Counter)
    for colour, n in counts.items():
        groups[(colour[0] & 0xF8, colour[1] & 0xF8, colour[2] & 0xF8)][colour] += n
    biggest = sorted(groups.values(), key=lambda group: -sum(group.values()))[:size]
    return [group.most_common(1)[0][0] for group in biggest]


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def write_png8(path: Path, width: int, height: int, rows: list[list[Pixel]]) -> None:
    counts = Counter(pixel for row in rows for pixel in row)
    palette = palette_of(counts)
    index = {colour: min(range(len(palette)),
                         key=lambda k: sum((a - b) ** 2 for a, b in zip(colour, palette[k])))
             for colour in counts}
    raw = b"".join(b"\x00" + bytes(index[pixel] for pixel in row) for row in rows)
    path.write_bytes(b"\x89PNG\r\n\x1a\n"
                     + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
                     + chunk(b"PLTE", b"".join(bytes(colour) for colour in palette))
                     + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def shrink(source: Path, target: Path) -> None:
    write_png8(target, *read_png(source))


if __name__ == "__main__":
    shrink(Path(sys.argv[1]), Path(sys.argv[2]))
