"""A small PNG reader for the picture tests: 8-bit RGB or RGBA, not interlaced (what resvg writes)."""

from __future__ import annotations

import struct
import zlib


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of RGBA pixels (4 bytes a pixel) of a PNG image."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, "only 8-bit RGB(A) PNGs are read here"
    bpp = 4 if colour == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        if bpp == 3:
            line = bytearray(b"".join(bytes(line[k:k + 3]) + b"\xff" for k in range(0, stride, 3)))
        rows.append(bytes(line))
    return width, height, rows


def differing(a: bytes, b: bytes, threshold: int = 64) -> tuple[int, int]:
    """How many pixels of two PNG images differ by more than ``threshold`` in some channel, and of how many."""
    if a == b:  # the same bytes: the same pixels
        width, height = struct.unpack(">II", a[16:24])
        return 0, width * height
    wa, ha, ra = read_png(a)
    wb, hb, rb = read_png(b)
    assert (wa, ha) == (wb, hb), f"size {wa}x{ha} is not {wb}x{hb}"
    bad = 0
    for row_a, row_b in zip(ra, rb, strict=True):
        for k in range(0, len(row_a), 4):
            if max(abs(row_a[k + j] - row_b[k + j]) for j in range(4)) > threshold:
                bad += 1
    return bad, wa * ha
