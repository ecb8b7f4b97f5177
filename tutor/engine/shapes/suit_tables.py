"""Lookup tables of numbered-suit profiles, shipped as package data and loaded on first use.

A suit's profile (``shanten.free_profile``) lists, for every count of sets, NGAN and FEI slots,
the most of its cards a complete hand can keep, card supply ignored. The table holds that profile
for every count pattern of a nine-rank suit in which every CHEE window is allowed (``0..4`` copies
of each rank, at most 14 cards: 405,350 patterns), computed with one FEI at most per group.
Patterns map to profiles through a base-5 index (rank 1 the lowest digit); many patterns share a
profile, so each distinct profile is stored once.

File ``suit_profiles.bin`` (zlib-compressed): ``MAGIC``, the number of profiles (uint32), each
profile as its entry count (uint8) and entries ``(sets, ngan, slots, kept)`` (uint8 each), sorted,
then ``5**9`` profile numbers (uint16, little-endian; ``0xFFFF`` for patterns over 14 cards).

Built by ``python -m tutor.engine.shapes.build_suit_tables`` (about 45 s); ``tests/test_suit_tables.py`` rebuilds a
sample and compares it byte for byte. Nothing is read at import time; a missing file leaves
``shanten`` on its own profiles (``available``).
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections.abc import Iterator, Sequence
from itertools import product
from pathlib import Path
from typing import Any

MAGIC = b"SEKWOO-SUIT-1\n"
DATA = Path(__file__).with_name("suit_profiles.bin")
RANKS = 9
COPIES = 4
MAX_CARDS = 14
MAX_WILD = 1  # the profiles are built with one FEI at most per group
NONE = 0xFFFF
POW5 = tuple(5**r for r in range(RANKS))

Profile = dict[tuple[int, int, int], int]

_loaded: tuple[tuple[Profile, ...], memoryview] | None = None
_present: bool | None = None


def patterns() -> Iterator[tuple[int, ...]]:
    """Every suit count pattern the table covers, in base-5 index order."""
    for digits in product(range(COPIES + 1), repeat=RANKS):
        pat = digits[::-1]  # product varies the last digit fastest: rank 1 is the lowest digit
        if sum(pat) <= MAX_CARDS:
            yield pat


def index_of(counts: list[int] | tuple[int, ...]) -> int:
    """The base-5 index of a suit's nine counts."""
    c0, c1, c2, c3, c4, c5, c6, c7, c8 = counts
    return c0 + 5 * (c1 + 5 * (c2 + 5 * (c3 + 5 * (c4 + 5 * (c5 + 5 * (c6 + 5 * (c7 + 5 * c8)))))))


def decode(data: bytes) -> tuple[tuple[Profile, ...], memoryview]:
    """The profiles and the pattern index of a table file's bytes."""
    raw = zlib.decompress(data)
    if not raw.startswith(MAGIC):
        raise ValueError("not a sekwoo suit table")
    pos = len(MAGIC)
    n = int.from_bytes(raw[pos : pos + 4], "little")
    pos += 4
    profiles: list[Profile] = []
    for _ in range(n):
        k = raw[pos]
        pos += 1
        prof: Profile = {}
        for j in range(k):
            s, p, w, v = raw[pos + 4 * j : pos + 4 * j + 4]
            prof[(s, p, w)] = v
        pos += 4 * k
        profiles.append(prof)
    index = memoryview(raw[pos:]).cast("H")
    if len(index) != 5**RANKS:
        raise ValueError("suit table index has the wrong size")
    if sys.byteorder != "little":
        swapped = array("H", index)
        swapped.byteswap()
        index = memoryview(swapped)
    return tuple(profiles), index


def load() -> tuple[tuple[Profile, ...], memoryview]:
    """The shipped table (read once, on first use)."""
    global _loaded
    if _loaded is None:
        _loaded = decode(DATA.read_bytes())
    return _loaded


def suit_profile_id(counts: list[int] | tuple[int, ...]) -> int:
    """The number of a suit pattern's profile (``NONE`` past 14 cards)."""
    return load()[1][index_of(counts)]


def suit_profile(counts: list[int] | tuple[int, ...]) -> Profile | None:
    """The profile of a suit pattern of at most 14 cards; None for a larger one."""
    profiles, index = load()
    pid = index[index_of(counts)]
    return None if pid == NONE else profiles[pid]


def available() -> bool:
    """Is the table file there (a checkout or a wheel without it still works, more slowly)?"""
    global _present
    if _present is None:
        _present = DATA.exists()
    return _present


def table_suits(chee_ok: Sequence[bool]) -> tuple[bool, bool, bool]:
    """Which numbered suits the table answers for: those with every CHEE window allowed."""
    return tuple(all(chee_ok[b : b + 7]) and not chee_ok[b + 7] and not chee_ok[b + 8] for b in (0, 9, 18))  # type: ignore[return-value]


def kept_array(prof: Profile, sets: int) -> list[int]:
    """A profile as the most cards kept with at most ``s`` sets and ``p`` NGAN (index ``2s + p``)."""
    a = [0] * (2 * sets + 2)
    for (s, p, _), v in prof.items():
        if s <= sets and a[2 * s + p] < v:
            a[2 * s + p] = v
    for i in range(2, len(a)):
        a[i] = max(a[i], a[i - 2])
    for i in range(1, len(a), 2):
        a[i] = max(a[i], a[i - 1])
    return a


_SHARED: dict[tuple[Any, ...], dict[Any, Any]] = {}
SHARED_LIMIT = 1_000_000  # entries a shared memo may hold before it starts afresh


def shared_memo(*signature: Any) -> dict[Any, Any]:
    """The process-wide memo of component tables for one ``signature`` (what the tables depend
    on: the CHEE allowed, the FEI a group takes, the sets to make, the kinds in play). A component
    comes back across hands far more often than a hand does, so these memos are lookup tables
    filled on first use; they never depend on card supply. One that outgrows ``SHARED_LIMIT``
    entries is emptied, so a long-running process stays bounded."""
    memo = _SHARED.get(signature)
    if memo is None or len(memo) > SHARED_LIMIT:
        memo = _SHARED[signature] = {}
    return memo
