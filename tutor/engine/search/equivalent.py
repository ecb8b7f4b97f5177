"""Hands worth the same, so that the search weighs one of them: those that differ by swapping
honours that stand in for one another (``tutor.engine.search.hand_table.Table.interchangeable``;
``docs/solver.md``, "Honours that stand in for one another"), and, in the walk after the exact
draws, those that differ only in cards none of their nearest structures wants (``WalkKeys``;
"Cards no structure wants")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.engine.distance.to_win import Distance
    from tutor.engine.search.hand_table import Table


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


class Folds:
    """The draws at a hand with those of honours of a class held as often folded into the first
    (copies summed): such draws leave hands worth the same, the one swapped for the other."""

    def __init__(self, groups: tuple[tuple[int, ...], ...]) -> None:
        self.classes = groups
        self.bits = sum(7 << 3 * i for c in groups for i in c)  # the counts a fold depends on
        self.by: dict[int, dict[int, int]] = {}  # per those counts: a kind folded -> the kind it is folded into

    def __call__(self, h: int, draws: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
        """``draws`` (kind, copies, unit) at the hand ``h``, folded."""
        sig = h & self.bits
        first = self.by.get(sig)
        if first is None:
            first = self.by[sig] = {}
            for c in self.classes:
                held: dict[int, int] = {}
                for i in c:
                    k = held.setdefault(h >> 3 * i & 7, i)
                    if k != i:
                        first[i] = k
        if not first:
            return draws
        out: list[tuple[int, int, int]] = []
        at: dict[int, int] = {}
        for i, p, unit in draws:
            into = first.get(i)
            if into is None:
                at[i] = len(out)
                out.append((i, p, unit))
            else:  # the first of its kind is drawn too: the same copies left
                j = at[into]
                out[j] = (into, out[j][1] + p, out[j][2])
        return out


class WalkKeys:
    """The memo key of a 13-card hand in the walk after the exact draws (``tutor.engine.search.expected_fun``):
    the hand less its cards of kinds none of its nearest structures wants (``Distance.opt``),
    but those drawn since ``h0`` (counts ``h0c``), with the honours of a class sorted (``canon``).

    Hands with one key are worth the same: their nearest structures are those keeping most of
    the cards the key holds (a card no nearest structure wants is kept by none), so they are the
    same, and so are the draws that bring them closer, win or are thrown back (a card no structure
    wants is only ever thrown, and one never drawn leaves the pool as it was); the swaps closer
    leave hands with one key again. A card drawn since ``h0`` stays in the key: the pool holds one
    copy less of it. Before the hand's structures are listed, its key is the hand itself."""

    def __init__(self, distance: Distance, h0c: list[int], canon: Callable[[int], int] | None) -> None:
        self.opt = distance.opt
        self.more = distance.known.more  # per kind, ``more[k][0]``: the structures wanting it
        self.h0c = h0c
        self.canon = canon
        self.real_bits = sum(1 << 3 * i for i in range(distance.n))  # a bit per real kind (at 3k)
        self.want_bits: dict[int, int] = {}  # per set of structures (``tutor.engine.distance.structure_sets``): the kinds wanted, a bit each
        self.known: dict[int, int] = {}  # the keys worked out, by hand

    def __call__(self, h: int) -> int:
        got = self.known.get(h)
        if got is not None:
            return got
        structs = self.opt.get(h)
        if not structs:
            return h if self.canon is None else self.canon(h)
        wanted = self.want_bits.get(structs)
        if wanted is None:
            wanted = self.want_bits[structs] = sum(1 << 3 * k for k, more in enumerate(self.more) if structs & more[0])
        dead = (h | h >> 1 | h >> 2) & self.real_bits & ~wanted
        u = h
        while dead:
            low = dead & -dead
            k = low.bit_length() - 1
            dead ^= low
            c = h >> k & 7
            if c <= self.h0c[k // 3]:
                u -= c << k
        got = self.known[h] = u if self.canon is None else self.canon(u)
        return got


__all__ = ["Folds", "WalkKeys", "classes", "keyed", "swapped"]
