"""Shanten and acceptance read straight off a packed hand (three bits a kind), for ``Table``.

The general path (``shanten.shanten_counts``) unpacks a hand into 34 counts, slices the suits,
sorts the honours and tests card supply kind by kind: most of its time. Here each component of
the packed key (a suit's 27 bits, the honours' bits) is cut out and turned, by three list lookups
and their sum (``index_parts``), into its table entry (a suit's profile number, the honours'
histogram of counts); the bound is memoised on those entries. It is exact, with no search, when
the hand holds no FEI and ``supply._fei_slack`` holds: no kind held to its limit but honours
(one addition and one mask on the key: a count at its limit, offset by ``4 - limit``, sets
bit 2 of its field) and FEI enough left to draw. Anything else (a FEI held, a suit held to its
limit, a suit no table covers) returns None and the caller takes the general path, so every
answer equals ``shanten_counts``. The path serves a table with one suit in play (its kinds first,
the honours next: every rule set with FEI); ``_flat`` makes its two functions when it opens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from operator import add
from typing import Any

from tutor.engine.shapes import suit_tables as _tables
from tutor.engine.shapes.shanten import ShapeContext, honours_kept

HONOURS = 27


_parts: tuple[list[int], list[int], list[int], list[int]] | None = None
BAD = 5**9  # a part holding a count past four: no pattern
POW5 = _tables.POW5  # a draw of rank r adds 5 ** r to a suit's index
GROW = (1, 8 - 1, 64 - 8, 512 - 64)  # an honour held n times, drawn once: its histogram code grows by this
THIRD = 0o777  # three kinds' bits


def index_parts() -> tuple[list[int], list[int], list[int], list[int]]:
    """Lookup lists of 512 entries, built once (a few milliseconds), that turn a packed suit or
    the packed honours into a table key by adding three entries, one per three kinds: a suit's
    base-5 index (ranks 1-3, 4-6 and 7-9), and the honours' counts as a histogram (``8 ** (n - 1)``
    for each honour held ``n`` times; the honours' tables depend on nothing else)."""
    global _parts
    if _parts is None:
        digits = [[bits >> (3 * j) & 7 for j in range(3)] for bits in range(THIRD + 1)]
        base5 = [BAD if max(d) > 4 else d[0] + 5 * d[1] + 25 * d[2] for d in digits]
        honours = [sum(1 << (3 * (n - 1)) for n in d if 1 <= n <= 4) for d in digits]
        _parts = (base5, [x * 125 for x in base5], [x * 15625 for x in base5], honours)
    return _parts


_h4: list[int] = []


def _honours4() -> list[int]:
    """``index_parts``' honours list for four honours' bits at once (4,096 entries, built once)."""
    if not _h4:
        h = index_parts()[3]
        _h4.extend(h[x & THIRD] + h[x >> 9] for x in range(1 << 12))
    return _h4


# the second sets through rank r that ``PackedShape._split`` sets aside: each CHEE window, then r
# with each rank at most two away
SECONDS = tuple([tuple(range(low, low + 3)) for low in range(max(r - 2, 0), min(r, 6) + 1)]
                + [(r, u) for u in range(max(r - 2, 0), min(r + 3, _tables.RANKS)) if u != r]
                for r in range(_tables.RANKS))


def _pattern(code: int) -> tuple[int, ...]:
    """The sorted honour counts of a histogram code."""
    return tuple(n for n in range(1, 5) for _ in range(code >> (3 * (n - 1)) & 7))


class PackedShape:
    """Shanten of packed hands of one table, where the suit tables and a supply proof answer.

    ``components`` and ``component_ids`` are the table's: (shift, mask) and the kinds of each
    suit in play and of the honours; ``kinds`` the table's local kinds (FEI last when in play)."""

    def __init__(self, ctx: ShapeContext, kinds: Sequence[int], components: Sequence[tuple[int, int]],
                 component_ids: Sequence[tuple[int, ...]], fei_shift: int | None) -> None:
        self.ctx = ctx
        self.size = ctx.size
        self.fei_bits = 0 if fei_shift is None else 7 << fei_shift
        which = _tables.table_suits(ctx.chee_ok)
        self.suits: list[tuple[int, int]] = []  # (shift, bit of its part of the table key)
        self.hshift = self.hmask = 0  # the honours' bits
        # without a FEI to draw the proof never holds (the general path tests supply kind by kind)
        usable = (_tables.available() and ctx.max_wild >= 1 and ctx.fei_cap > 0
                  and any(ids[0] >= HONOURS for ids in component_ids))
        for (shift, mask), ids in zip(components, component_ids, strict=True):
            if ids[0] >= HONOURS and len(ids) <= 7:
                self.hshift, self.hmask = shift, mask
            elif len(ids) == _tables.RANKS and which[ids[0] // 9]:
                self.suits.append((shift, 12 + 16 * (ids[0] // 9)))
            else:
                usable = False  # a suit without every rank or CHEE window: the general path
        # one suit in play, its kinds first, the honours next (the layout ``_flat`` reads); several
        # suits (no rule set with FEI has them) take the general path
        self.usable = usable and len(self.suits) == 1 and self.suits[0][0] == 0 and self.hshift == 27
        # the entry points: these methods until ``open``, then the flat functions of ``_flat``
        self.shanten: Callable[[int], int | None] = self._first_shanten
        self.lowering: Callable[[int, int, Callable[[int, int], bool]], list[int] | None] = (
            self._first_lowering)
        self._index: Any = None  # the table's pattern index and ``index_parts``, on first use
        self._s0: list[int] = []  # ``index_parts``
        self._s1: list[int] = []
        self._s2: list[int] = []
        self._h: list[int] = [0]
        # a kind held to its limit: its count plus (4 - limit) sets bit 2 of its field
        self.offset = self.at_limit = 0
        for i, t in enumerate(kinds):
            if t < len(ctx._below_fei) and ctx._below_fei[t] <= 4:
                self.offset += (4 - ctx._below_fei[t]) << (3 * i)
                self.at_limit += 4 << (3 * i)
        # FEI left to draw cover what supply lacks (supply._fei_slack): always, or up to this many missing
        self.fei_always = ctx.max_wild >= 1 and ctx.fei_cap >= ctx.sets
        self.fei_missing = ctx.fei_cap if ctx.max_wild >= 1 else 0
        self.caps = [ctx.cap[t] for t in kinds if t < len(ctx.cap)]  # copies each local kind may be held (no FEI)
        memo = ctx._memo
        self._bounds: dict[int, int] = memo.setdefault("packed-bounds", {})
        self._arrays: dict[int, list[int]] = memo.setdefault("packed-arrays", {})  # kept arrays by profile, honours by -2 - code

    def open(self) -> bool:
        """Load the suit table and ``index_parts`` on first use; False where this path is off."""
        if self.usable and self._index is None:
            self._index = _tables.load()[1]
            self._s0, self._s1, self._s2, self._h = index_parts()
            self.shanten, self.lowering = _flat(self)
        return self.usable

    def _table_key(self, key: int) -> int | None:
        """A packed hand's table key: each suit's profile number + 1 at bit ``12 + 16 * suit``, the
        honours' histogram code below; None where no table covers a suit of it."""
        bkey = 0
        for shift, at_bit in self.suits:
            sub = key >> shift & 0o777777777
            if sub:
                at = self._s0[sub & THIRD] + self._s1[sub >> 9 & THIRD] + self._s2[sub >> 18]
                if at >= BAD or (pid := self._index[at]) == _tables.NONE:
                    return None
                bkey |= (pid + 1) << at_bit
        sub = key >> self.hshift & self.hmask
        return bkey | self._h[sub & THIRD] + self._h[sub >> 9 & THIRD] + self._h[sub >> 18]

    def bound(self, key: int) -> int | None:
        """Most cards kept by a complete hand, supply ignored, of a packed hand holding no FEI
        (``shanten.optimistic``), memoised on its table key; None where no table covers it."""
        bkey = self._table_key(key)
        if bkey is None:
            return None
        kept = self._bounds.get(bkey)
        if kept is None:
            kept = self._bounds[bkey] = self._kept(bkey)
        return kept

    def _kept(self, bkey: int) -> int:
        """The bound of a table key (``bound``): the best split of the sets and NGAN between the
        suit's kept array and the honours', each built once."""
        return max(map(add, *self._pair(bkey)))

    def _pair(self, bkey: int) -> tuple[list[int], list[int]]:
        """The suit's kept array and the honours', reversed (entry ``i`` pairs with the suit's),
        of a table key where one suit is in play."""
        pid = (bkey >> self.suits[0][1] & 0xFFFF) - 1 if self.suits else -1
        code = bkey & 0o7777
        arrays = self._arrays
        a = arrays.get(pid)
        if a is None:
            a = arrays[pid] = (_tables.kept_array(_tables.load()[0][pid], self.ctx.sets) if pid >= 0
                               else [0] * (2 * self.ctx.sets + 2))
        b = arrays.get(-2 - code)
        if b is None:
            b = arrays[-2 - code] = honours_kept(_pattern(code), self.ctx)[::-1]
        return a, b

    def exact(self, key: int, kept: int) -> bool:
        """Is ``kept``, the bound of a packed hand holding no FEI, its exact value? FEI enough left
        to draw (``supply._fei_slack``), and no kind held to its limit but honours, or the hand
        less one copy of each such kind has the same bound (``shanten.bound_is_exact``: the flags
        of the limit test, shifted down to bit 0 of their fields, are the cards to take out), or
        the four copies sit in a PONG and a CHEE (``_split``)."""
        missing = self.size - kept
        if missing <= 0:
            return True
        if not (self.fei_always or missing <= self.fei_missing):
            return False
        flags = (key + self.offset) & self.at_limit
        return not flags or self.bound(key - (flags >> 2)) == kept or self._split(key, flags, kept)

    def _split(self, key: int, flags: int, kept: int) -> bool:
        """A hand holding four copies of one suited kind ``t`` (the one flag): is its bound exact
        because a PONG of ``t`` and a second set through ``t`` can be set aside: a CHEE held whole
        (six cards kept), or two cards of one completed by a FEI drawn (five kept)? Proof: the rest
        is a hand to make two sets fewer, the copies of those cards less by what was set aside, one
        FEI fewer to draw for the second; it holds no ``t`` and no other kind at its limit, and the
        FEI left still cover it (``supply._fei_slack``: at least ``min(sets, missing)`` FEI left
        before, so at least ``min(sets - 2, missing - 1)`` after), so its bound is exact; each
        complete hand it reaches, with the two sets added back, is one the whole hand reaches
        keeping five or six cards more. When that bound plus those cards is the whole hand's, the
        whole hand's is exact."""
        if self.ctx.sets < 2 or flags & (flags - 1):
            return False
        r = flags.bit_length() // 3 - 1  # the kind flagged: the suit's kinds come first, rank r is kind r
        if r >= _tables.RANKS or key >> (3 * r) & 7 != 4:
            return False
        sub = (key & 0o777777777) - (3 << (3 * r))  # the suit less the PONG, and its base-5 index
        at = self._s0[sub & THIRD] + self._s1[sub >> 9 & THIRD] + self._s2[sub >> 18]
        hsub = key >> self.hshift & self.hmask
        code = self._h[hsub & THIRD] + self._h[hsub >> 9 & THIRD] + self._h[hsub >> 18]
        at_bit = self.suits[0][1]
        for second in SECONDS[r]:
            rest, at_rest = sub, at
            for j in second:
                if not rest >> (3 * j) & 7:
                    break
                rest -= 1 << (3 * j)
                at_rest -= POW5[j]
            else:
                pid = self._index[at_rest] if rest else -1
                if pid != _tables.NONE:  # its bound, two sets fewer: entry i with the honours' i + 4
                    a, b = self._pair((pid + 1 << at_bit) | code)
                    if max(map(add, a, b[4:])) + 3 + len(second) == kept:
                        return True
        return False

    def _first_shanten(self, key: int) -> int | None:
        """``shanten`` before the path opens: open it (or None where it is off)."""
        return self.shanten(key) if self.open() else None

    def _first_lowering(self, key: int, sh: int, at_least: Callable[[int, int], bool]) -> list[int] | None:
        """``lowering`` before the path opens: open it (or None where it is off)."""
        return self.lowering(key, sh, at_least) if self.open() else None


LIMIT = 1 << 40  # added to a suit's index by ``_limit_parts`` for each three ranks holding one at its limit
_limits: dict[tuple[int, int], tuple[list[int], list[int], list[int]]] = {}


def _limit_parts(offset: int, at_limit: int) -> tuple[list[int], list[int], list[int]]:
    """``index_parts``' three suit lists with ``LIMIT`` added where one of the three ranks is
    held to its limit (``offset`` and ``at_limit`` of the suit's 27 bits, as in ``PackedShape``),
    so that one test of the index finds both a suit past the table and a rank at its limit;
    built once for each set of limits."""
    got = _limits.get((offset, at_limit))
    if got is None:
        parts = index_parts()
        t0, t1, t2 = ([x + LIMIT if (bits + (offset >> (9 * c) & THIRD)) & (at_limit >> (9 * c) & THIRD) else x
                       for bits, x in enumerate(parts[c])] for c in range(3))
        got = _limits[(offset, at_limit)] = (t0, t1, t2)
    return got


def _fill_arrays(ps: PackedShape) -> None:
    """Build the kept array of every suit profile and every honours histogram of at most
    ``size`` cards once (about 2 ms), so that a pair of them new to the bounds' memo costs one sum."""
    arrays, ctx = ps._arrays, ps.ctx
    if ("packed-filled",) in ctx._memo:
        return
    ctx._memo[("packed-filled",)] = True
    profiles = _tables.load()[0]
    for pid in range(-1, len(profiles)):
        if pid not in arrays:
            arrays[pid] = (_tables.kept_array(profiles[pid], ctx.sets) if pid >= 0 else [0] * (2 * ctx.sets + 2))
    for k in range(ps.hmask.bit_length() // 3 + 1):
        for pattern in combinations_with_replacement(range(1, 5), k):
            code = sum(1 << (3 * (n - 1)) for n in pattern)
            if sum(pattern) <= ps.size and -2 - code not in arrays:
                arrays[-2 - code] = honours_kept(pattern, ctx)[::-1]


def _flat(ps: PackedShape) -> tuple[Callable[[int], int | None],
                                    Callable[[int, int, Callable[[int, int], bool]], list[int] | None]]:
    """``shanten`` and ``lowering`` of an open ``PackedShape`` with one suit in play, as two flat
    functions with every table they read bound once (no method calls on the common path)."""
    ((shift, at_bit),) = ps.suits  # shift 0, honours at 27 (``open``): the suit is the key's 27 low bits
    hmask = ps.hmask
    fei_high = ps.fei_bits >> 27
    # the limit test by parts (no field carries into the next: a count is at most its limit)
    suit_offset, suit_limit = ps.offset & 0o777777777, ps.at_limit & 0o777777777
    high_offset, high_limit = ps.offset >> 27, ps.at_limit >> 27
    s0, s1, s2, h, index = ps._s0, ps._s1, ps._s2, ps._h, ps._index
    bounds, arrays, kept_of, exact = ps._bounds, ps._arrays, ps._kept, ps.exact
    h4 = _honours4()
    _fill_arrays(ps)
    plenty, size = ps.fei_always, ps.size
    fast = plenty and not high_limit  # no proof needed where the suit has no rank at its limit
    t0, t1, t2 = _limit_parts(suit_offset, suit_limit)
    top = size - 1
    none = _tables.NONE
    base = shift // 3
    ranks = range(_tables.RANKS)
    steps = tuple((r, 3 * r, 1 << (3 * (base + r)), POW5[r]) for r in ranks)  # a draw of rank r: its bits, unit, index step
    # each honour: its local kind, the place of its bits in ``key >> 27``, its unit in the key
    honours = tuple((9 + j, 3 * j, 1 << (27 + 3 * j)) for j in range(hmask.bit_length() // 3))
    plain_honours = tuple((i, h3) for i, h3, _ in honours)
    cap = ps.caps
    plain = not high_limit and all(cap[i] >= 4 for i, _, _ in honours)  # every honour drawable to four, none at a limit
    proofs: dict[int, bool] | None = None if high_limit else ps.ctx._memo.setdefault(
        ("packed-proofs", ps.offset, ps.at_limit, plenty, ps.fei_missing), {})
    def fill(bkey: int, pid: int, code: int) -> int:
        """The bound of a table key new to the memo (suit profile ``pid``, honours ``code``): its
        kept arrays are known already (``_fill_arrays``), so one sum."""
        a = arrays.get(pid)
        b = arrays.get(-2 - code)
        kept = bounds[bkey] = max(map(add, a, b)) if a is not None and b is not None else kept_of(bkey)
        return kept

    def proved(key: int, kept: int, at: int, code: int) -> bool:
        """``exact(key, kept)``, memoised on the suit pattern and honours histogram where no honour
        has a limit (then the kinds at their limit are the suit's fours, and the proof reads
        nothing else of the hand)."""
        if proofs is None:
            return exact(key, kept)
        ok = proofs.get(at << 12 | code)
        if ok is None:
            ok = proofs[at << 12 | code] = exact(key, kept)
        return ok

    def shanten(key: int) -> int | None:
        """Shanten of a packed hand where its bound is provably exact (``exact``); None elsewhere
        (a FEI held, a suit past the table). The common case (no kind at its limit, FEI enough)
        is tested here, before ``exact``."""
        high = key >> 27  # the honours, then the FEI: from here on small numbers
        if high & fei_high:
            return None
        sub = key & 0o777777777
        code = h4[high & 0o7777] + h[high >> 12]  # the FEI's bits above are clear
        if sub:
            at = t0[sub & THIRD] + t1[sub >> 9 & THIRD] + t2[sub >> 18]
            if at >= BAD:  # a rank at its limit (``LIMIT`` added) or a suit past the table
                at &= LIMIT - 1
                if at >= BAD or (pid := index[at]) == none:
                    return None
                bkey = pid + 1 << at_bit | code
                kept = bounds.get(bkey)
                kept = fill(bkey, pid, code) if kept is None else kept
                return top - kept if proved(key, kept, at, code) else None
            pid = index[at]
            if pid == none:
                return None
            bkey = pid + 1 << at_bit | code
        else:
            at = 0
            pid = -1
            bkey = code
        kept = bounds.get(bkey)
        if kept is None:
            kept = fill(bkey, pid, code)
        if fast or plenty and not (high + high_offset) & high_limit:
            return top - kept
        return top - kept if proved(key, kept, at, code) else None

    def lowering(key: int, sh: int, at_least: Callable[[int, int], bool]) -> list[int] | None:
        """The local kinds (no FEI) whose draw lowers shanten ``sh`` of a packed hand holding no
        FEI, among those of which one more copy may be held; None where no table covers it. A
        draw changes one component: the other's part of the table key is kept. A draw whose
        bound cannot go below ``sh`` needs no proof (shanten is never below the bound's); one
        that may is proved as in ``shanten``, or else ``at_least(hand, cards)`` says whether a
        complete hand keeping that many of its cards can be reached (the search, once)."""
        high = key >> 27
        if high & fei_high:
            return None
        sub = key & 0o777777777
        at = s0[sub & THIRD] + s1[sub >> 9 & THIRD] + s2[sub >> 18] if sub else 0
        if at >= BAD:
            return None
        pid = index[at]
        if pid == none:
            return None
        code = h4[high & 0o7777] + h[high >> 12]  # the FEI's bits above are clear
        need = size - sh  # cards kept by a hand of shanten sh - 1
        out: list[int] = []
        append = out.append
        sub_offset = sub + suit_offset
        honours_clear = plenty and not (high + high_offset) & high_limit
        for r, r3, unit, step in steps:  # a suit's draw: the honours' part of the table key is kept
            if sub >> r3 & 7 < cap[r]:
                p2 = index[at + step]
                if p2 == none:
                    return None
                bkey = p2 + 1 << at_bit | code
                kept = bounds.get(bkey)
                if kept is None:
                    kept = fill(bkey, p2, code)
                if kept >= need and (honours_clear and not (sub_offset + unit) & suit_limit
                                     or proved(key + unit, kept, at + step, code) or at_least(key + unit, need)):
                    append(r)
        # an honour's draw: the suit's part is kept, and the bound depends on the honour's count alone
        if not sub:
            pid = -1
        suits_key = pid + 1 << at_bit
        if plain and plenty and not sub_offset & suit_limit:  # no proof needed: by count, once each
            good: list[bool | None] = [None, None, None, None, False, False, False, False]
            for i, h3 in plain_honours:
                n = high >> h3 & 7
                g = good[n]
                if g is None:
                    bkey = suits_key | code + GROW[n]
                    kept = bounds.get(bkey)
                    g = good[n] = (fill(bkey, pid, code + GROW[n]) if kept is None else kept) >= need
                if g:
                    append(i)
            return out
        suit_clear = plenty and not sub_offset & suit_limit
        by_count = [-1, -1, -1, -1]
        for i, h3, unit in honours:
            n = high >> h3 & 7
            if n < cap[i]:
                kept = by_count[n]
                if kept < 0:
                    bkey = suits_key | code + GROW[n]
                    kept = bounds.get(bkey)
                    if kept is None:
                        kept = fill(bkey, pid, code + GROW[n])
                    by_count[n] = kept
                if kept >= need and (suit_clear and not (high + (1 << h3) + high_offset) & high_limit
                                     or proved(key + unit, kept, at, code + GROW[n]) or at_least(key + unit, need)):
                    append(i)
        return out

    return shanten, lowering
