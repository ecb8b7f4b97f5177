"""Hands worth the same: those that differ by swapping honours that stand in for one another
(``tutor.engine.table.Table.interchangeable``), so that the search weighs one of them
(``docs/solver.md``, "Honours that stand in for one another")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.engine.table import Table


def classes(table: Table, h0: int, pool0: list[int]) -> tuple[tuple[int, ...], ...]:
    """The honours that stand in for one another (``Table.interchangeable``) with the same copies
    kept at ``h0`` and in the pool, in classes of two or more (local kinds, in order)."""
    out: list[tuple[int, ...]] = []
    for c in table.interchangeable():
        by: dict[tuple[int, int], list[int]] = {}
        for i in c:
            by.setdefault((h0 >> 3 * i & 7, pool0[i]), []).append(i)
        out.extend(tuple(v) for v in by.values() if len(v) > 1)
    return tuple(out)


def swapped(table: Table, h0: int, pool0: list[int]) -> Callable[[int], int] | None:
    """The memo key of a hand, the same for the hands that differ by swapping honours of a class
    (``classes``): such hands are worth the same (a swap maps every draw, discard and win of
    one onto the other's), so one of them is searched. The key sorts the counts of each class,
    the most first. None where no two honours may be swapped."""
    return keyed(classes(table, h0, pool0))


def keyed(groups: tuple[tuple[int, ...], ...]) -> Callable[[int], int] | None:
    """``swapped`` for these classes (``classes``)."""
    if not groups:
        return None
    low = min(i for c in groups for i in c)
    high = max(i for c in groups for i in c)
    shift = 3 * low
    mask = (1 << 3 * (high - low + 1)) - 1
    local = [tuple(3 * (i - low) for i in c) for c in groups]
    keys: dict[int, int] = {}

    def key(part: int) -> int:
        out = part
        for c in local:
            counts = sorted((part >> s & 7 for s in c), reverse=True)
            for s, k in zip(c, counts, strict=True):
                out = out & ~(7 << s) | k << s
        keys[part] = out
        return out

    def canon(h: int) -> int:
        part = h >> shift & mask
        got = keys.get(part)
        if got is None:
            got = key(part)
        return h ^ (part ^ got) << shift

    return canon


__all__ = ["classes", "keyed", "swapped"]
