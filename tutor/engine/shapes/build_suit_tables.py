"""Builds ``tutor/engine/shapes/suit_profiles.bin``, the suit table ``tutor.engine.shapes.suit_tables`` reads.

``python -m tutor.engine.shapes.build_suit_tables`` writes the file (about 45 s); ``--check`` rebuilds it and
compares with the file in place (exit status 0 when the same). Each profile is worked out by
``shanten.free_profile``, so the table holds exactly what that function computes.
"""

from __future__ import annotations

import sys
import zlib
from array import array

from tutor.engine.shapes.shanten import free_profile
from tutor.engine.shapes.suit_tables import (
    DATA,
    MAGIC,
    MAX_WILD,
    NONE,
    RANKS,
    Profile,
    decode,
    index_of,
    patterns,
)

_CHEE_OK = (True,) * 7 + (False,) * 2


def compute_profile(counts: tuple[int, ...], memo: dict | None = None) -> Profile:
    """The profile of one suit pattern, worked out by ``shanten.free_profile``."""
    return free_profile(tuple(range(RANKS)), counts, _CHEE_OK, MAX_WILD, {} if memo is None else memo)


def encode_profile(prof: Profile) -> bytes:
    """A profile's bytes: its entry count, then its entries sorted."""
    out = bytearray([len(prof)])
    for (s, p, w), v in sorted(prof.items()):
        out += bytes((s, p, w, v))
    return bytes(out)


def build() -> bytes:
    """The table file's bytes, built from scratch."""
    memo: dict = {}
    ids: dict[bytes, int] = {}
    blobs: list[bytes] = []
    index = array("H", [NONE]) * (5**RANKS)
    for pat in patterns():
        blob = encode_profile(compute_profile(pat, memo))
        pid = ids.get(blob)
        if pid is None:
            pid = ids[blob] = len(blobs)
            blobs.append(blob)
        index[index_of(pat)] = pid
        if len(memo) > 400_000:
            memo.clear()
    if sys.byteorder != "little":
        index.byteswap()
    raw = MAGIC + len(blobs).to_bytes(4, "little") + b"".join(blobs) + index.tobytes()
    return zlib.compress(raw, 9)


def main(argv: list[str] | None = None) -> int:
    """No argument (or ``--build``): write the table file next to this module; ``--check``: compare with it."""
    args = sys.argv[1:] if argv is None else argv
    if args in ([], ["--build"]):
        DATA.write_bytes(build())
        return 0
    if args == ["--check"]:
        same = decode(build()) == decode(DATA.read_bytes()) if DATA.exists() else False
        return 0 if same else 1
    sys.stderr.write("usage: python -m tutor.engine.shapes.build_suit_tables [--check]\n")
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
