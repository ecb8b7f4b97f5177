"""Readings of a hand: every way to split its cards into sets and one NGAN, FEI included.

A reading is a tuple of raw groups (``tutor.core.readings`` describes them).
"""

from __future__ import annotations

from itertools import product

from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.readings import CHEE, KONG, NGAN, PONG, RawGroup, RawReading
from tutor.core.tiles import FEI_ID
from tutor.engine.garbage import release

ComponentReading = tuple[tuple[RawGroup, ...], int, int, int]
"""One way to use all of a component's cards: (groups, sets, NGAN, FEI used)."""


def concealed_readings(
    counts: list[int], fei: int, sets: int, pair: bool, max_wild: int, chee_ok: tuple[bool, ...]
) -> list[RawReading]:
    """Every split of the concealed cards into ``sets`` sets (and a NGAN if ``pair``).

    ``counts`` holds the real cards per index. Every card and every FEI must be used; a group
    holds at least one real card and at most ``max_wild`` FEI (a NGAN at most one). The cards
    split into components no group crosses (each numbered suit, each honour); each component's
    readings are memoised on its counts, then combined.
    """
    if sum(counts) + fei != 3 * sets + 2 * pair:
        return []
    parts = []
    for base in (0, 9, 18):
        suit = tuple(counts[base : base + 9])
        if any(suit):
            parts.append((base, suit))
    for t in range(27, min(len(counts), 34)):
        if counts[t]:
            parts.append((t, (counts[t],)))
    options = []
    for base, cnts in parts:
        got = component_readings(base, cnts, fei, max_wild, chee_ok)
        if not got:
            return []
        options.append(got)
    return combine_readings(options, sets, pair, fei)


def component_readings(
    base: int, cnts: tuple[int, ...], fei: int, max_wild: int, chee_ok: tuple[bool, ...]
) -> list[ComponentReading]:
    """Every way to use all the cards ``cnts`` of one component (a suit from card ``base``, or
    one honour), with at most ``fei`` FEI: memoised on the counts."""
    memo = _MEMO.setdefault(chee_ok, {})
    key = (base, cnts, min(fei, max_wild * len(cnts) * 5), max_wild)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _component(base, cnts, key[2], max_wild, chee_ok)
    return got


def combine_readings(options: list[list[ComponentReading]], sets: int, pair: bool, fei: int) -> list[RawReading]:
    """Every reading made of one option per component that has exactly ``sets`` sets, the NGAN
    if ``pair``, and uses the ``fei`` FEI held, each in group order, in order."""
    partial: list[ComponentReading] = [((), 0, 0, 0)]
    for opts in options:  # one component at a time, keeping what may still add up
        partial = [(g1 + g2, s, p, f) for g1, s1, p1, f1 in partial for g2, s2, p2, f2 in opts
                   if (s := s1 + s2) <= sets and (p := p1 + p2) <= pair and (f := f1 + f2) <= fei]
    return sorted([tuple(sorted(g)) for g, s, p, f in partial if s == sets and p == pair and f == fei])


_MEMO: dict[tuple[bool, ...], dict[tuple[int, tuple[int, ...], int, int], list[ComponentReading]]] = {}


_SUFFIXES: dict[tuple[bool, ...], dict[tuple[int, int, int, tuple[int, ...], int, int], list[ComponentReading]]] = {}
SUFFIXES = 50_000
"""The most suffix states ``_component`` keeps per CHEE rule; past it, it starts again empty."""
_DONE: list[ComponentReading] = [((), 0, 0, 0)]


def _component(
    base: int, cnts: tuple[int, ...], fei: int, max_wild: int, chee_ok: tuple[bool, ...]
) -> list[ComponentReading]:
    """Every way to use all of one component's cards in groups: (groups, sets, NGAN, FEI used).

    The cards are used from the lowest up: at the lowest left, a PONG or NGAN of it (with FEI
    for some of its cards) or a CHEE whose lowest real card it is (FEI below it, where lower
    cards are used up). What the cards above it can still make depends only on their counts,
    the FEI left and whether the NGAN is taken, so those ways are kept by that state and shared
    by every component (of this CHEE rule) that reaches it: hands near one another share most."""
    memo = _SUFFIXES.setdefault(chee_ok, {})
    if len(memo) >= SUFFIXES:
        memo.clear()
    n = len(cnts)

    def ways(c: tuple[int, ...], j: int, spare: int, p: int) -> list[ComponentReading]:
        while j < n and c[j] == 0:
            j += 1
        if j == n:
            return _DONE
        key = (base, j, max_wild, c[j:], spare, p)  # (the component's own start: its CHEE windows begin there)
        got = memo.get(key)
        if got is not None:
            return got
        out: list[ComponentReading] = []
        i = base + j
        cnt = c[j]
        for w in range(min(max_wild, spare, 2) + 1):  # PONG with w FEI
            r = 3 - w
            if cnt >= r:
                g = (PONG, i, (1 << w) - 1 << r, 0)
                for gs, st, pp, f in ways((*c[:j], cnt - r, *c[j + 1:]), j, spare - w, p):
                    out.append(((g, *gs), st + 1, pp, f + w))
        if p == 0:
            for w in range(min(max_wild, spare, 1) + 1):  # NGAN with w FEI
                r = 2 - w
                if cnt >= r:
                    g = (NGAN, i, w << 1, 0)
                    for gs, st, pp, f in ways((*c[:j], cnt - r, *c[j + 1:]), j, spare - w, 1):
                        out.append(((g, *gs), st, pp + 1, f + w))
        if i < 27 and n > 1:
            for start in (i - 2, i - 1, i):  # CHEE windows holding i as their lowest real card
                if start < base or start % 9 > 6 or not chee_ok[start]:
                    continue
                below = i - start  # positions under i must be FEI: lower cards are used up
                for above in product((0, 1), repeat=2 - below):  # 1: FEI fills, 0: a real card
                    w = (1 << below) - 1
                    ok = True
                    for k, wild in enumerate(above):
                        slot = below + 1 + k
                        if wild:
                            w |= 1 << slot
                        elif c[start + slot - base] == 0:
                            ok = False
                    nw = w.bit_count()
                    if not ok or nw > max_wild or nw > spare:
                        continue
                    rest = list(c)
                    for k in range(3):
                        if not w >> k & 1:
                            rest[start + k - base] -= 1
                    g = (CHEE, start, w, 0)
                    for gs, st, pp, f in ways(tuple(rest), j, spare - nw, p):
                        out.append(((g, *gs), st + 1, pp, f + nw))
        memo[key] = out
        return out

    try:
        return sorted({(tuple(sorted(gs)), st, pp, f) for gs, st, pp, f in ways(cnts, 0, fei, 0)})
    finally:  # (a recursive closure holds itself: ``release``)
        release(ways)


def meld_options(meld: Meld, chee_ok: tuple[bool, ...]) -> list[RawGroup]:
    """What a set laid down can stand for: one group, or several where a FEI is ambiguous."""
    real = [t.id for t in meld.cards if t.id != FEI_ID]
    if meld.kind is MeldKind.KONG:
        return [(KONG, real[0], 0, 1)]
    if meld.kind is MeldKind.PONG:
        wild = len(meld.cards) - len(real)
        return [(PONG, real[0], (1 << wild) - 1 << (3 - wild), 1)]
    options = []
    lo, hi = min(real), max(real)
    for start in range(hi - 2, lo + 1):
        if start < 0 or start // 9 != lo // 9 or not chee_ok[start] or start % 9 > 6:
            continue
        window = [start, start + 1, start + 2]
        if any(r not in window for r in real):
            continue
        w = sum(1 << j for j, t in enumerate(window) if t not in real)
        options.append((CHEE, start, w, 1))
    return options


def readings(hand: Hand, sets: int, max_wild: int, chee_ok: tuple[bool, ...]) -> list[RawReading]:
    """Every reading of a complete hand (sets laid down plus concealed cards); [] if none."""
    laid = len(hand.melds)
    if laid > sets:
        return []
    counts = hand.counts()
    fei = counts[FEI_ID]
    counts[FEI_ID] = 0
    inner = concealed_readings(counts[:FEI_ID], fei, sets - laid, True, max_wild, chee_ok)
    if not inner or not hand.melds:
        return inner
    options = [meld_options(m, chee_ok) for m in hand.melds]
    return [tuple(sorted(r + tuple(ms))) for r in inner for ms in product(*options)]
