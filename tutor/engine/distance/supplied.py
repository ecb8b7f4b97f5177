"""The distance to a win where every complete hand wins: shanten counting only the cards the model
can draw (``Distance.plain``), and the copy limits of those cards, which ``Distance`` reads too.

A kind left in the pool may be held up to ``h0`` plus the pool, one with none no more than the
hand holds. Those limits are tighter than the table's (the card just thrown is in sight) for a
few kinds only; where they cannot bind (``_slack``), the distance is the table's shanten, read off
its packed lookups; elsewhere the search decides, with the limits in a shape of its own.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from tutor.core.tiles import FIRST_WIND
from tutor.engine.shapes.shanten import N as N_KINDS
from tutor.engine.shapes.shanten import (
    ShapeContext,
    bound_is_exact,
    exact_at_least,
    fei_bound_is_exact,
    optimistic,
    shanten_counts,
)

if TYPE_CHECKING:
    from tutor.engine.search.hand_table import Table


class Supplied:
    """Shanten with the model's copy limits, for ``Distance`` (its attributes, set by its ``__init__``)."""

    t: Table
    n: int
    base: list[int]
    _dead: list[int]
    _fei_dead: bool
    _contexts: dict[tuple[int, ...], ShapeContext]

    def _supplied_shanten(self, key: int) -> int:
        """Shanten of a packed hand (3n+1 or 3n+2 cards) counting only the cards the model can
        draw: of a kind left in the pool up to ``h0`` plus the pool, of one with none no more than
        the hand holds. Where the table's packed lookups give its bound as exact and the model's
        copy limits cannot bind either (``_supply_slack``), that bound; else the search, whose
        supply-free tables are shared with the table's own shanten."""
        t = self.t
        tight = self._tight
        if tight is not None and not (t.has_fei and key >> t.fei_shift & 7):
            sh = t.shanten(key)
            if not tight or self._slack(key, sh + 1):
                return sh
        c34, fei, ctx = self._supplied(key)
        return shanten_counts(c34, fei, ctx)

    @cached_property
    def _tight(self) -> list[tuple[int, int, tuple[int, ...]]] | None:
        """The kinds whose copies the model limits below the table's (the card just thrown, the
        cards seen, those none of which is left): each with its limit (-1: the hand's count) and
        the local kinds of its suit within two ranks of it; None where the model limits the FEI
        below the table too."""
        t = self.t
        if t.has_fei and max(self.base[-1], 0) < t.cap_local[-1]:  # (a hand read here holds no FEI)
            return None
        out = []
        for i in range(self.n):
            if self.base[i] < t.cap_local[i] and t.cap_local[i]:
                kind = t.kinds[i]
                near = tuple(j for j in range(self.n) if j != i and kind < FIRST_WIND
                             and t.kinds[j] // 9 == kind // 9 and abs(t.kinds[j] - kind) <= 2)
                out.append((i, self.base[i], near))
        return out

    def _slack(self, key: int, missing: int) -> bool:
        """Can the model's tighter copy limits (``_tight``) not bind on a cut of the packed hand
        ``key`` (holding no FEI) that leaves ``missing`` cards to draw? The proof of
        ``_supply_slack``, for those kinds alone: a cut lacks at most ``min(missing, 2 * held +
        held within two ranks)`` copies of a kind, so where that fits every such kind's copies
        left, the table's best cut (within the table's limits, the same elsewhere) is within the
        model's, and the distance is the table's shanten."""
        tight = self._tight
        if tight is None:  # the model limits the FEI below the table: no proof here
            return False
        for i, limit, near in tight:
            held = key >> (3 * i) & 7
            left = (limit if limit >= 0 else held) - held
            if left < missing and 2 * held + sum(key >> (3 * j) & 7 for j in near) > left:
                return False
        return True

    def _supplied_within(self, key: int, d: int) -> bool:
        """``_supplied_shanten(key) <= d``, by one search for a complete hand keeping that many
        cards (``exact_at_least`` is monotone in what it keeps), where ``shanten_counts`` would
        search from the bound down to the exact value; the same tests as it makes first. The
        table's answers first, where they settle it: its bound on shanten (never above this
        shanten), and for a hand holding no FEI its exact shanten where the model's tighter
        limits cannot bind (``_slack``)."""
        t = self.t
        if t.lower(key) > d:
            return False
        if not (t.has_fei and key >> t.fei_shift & 7):
            sh = t.packed.shanten(key)
            if sh is not None and (sh > d or self._slack(key, sh + 1)):
                return sh <= d
        c34, fei, ctx = self._supplied(key)
        known = ctx._full.get((tuple(c34), fei))
        if known is not None:
            return known <= d
        target = ctx.size - d - 1
        bound = optimistic(c34, fei, ctx)
        if bound < target:
            return False
        if target <= 0 or (bound >= ctx.size and not (fei and not ctx.max_wild)):
            return True
        if bound_is_exact(c34, ctx, bound) if fei == 0 else ctx.max_wild == 1 and fei_bound_is_exact(c34, ctx, bound):
            return True
        return exact_at_least(c34, fei, ctx, target)

    def _supplied(self, key: int) -> tuple[list[int], int, ShapeContext]:
        """The hand as shanten counts it (34 counts and the FEI), and the shape with the model's
        copy limits for it (one per count of the kinds with none left in the pool)."""
        t = self.t
        counts, fei = self._counts(key)
        sig = tuple(counts[i] for i in self._dead) + ((fei,) if self._fei_dead else ())
        ctx = self._contexts.get(sig)
        if ctx is None:
            caps, fei_cap = self._caps(counts, fei)
            cap = [0] * N_KINDS
            for i, c in enumerate(caps):
                cap[t.kinds[i]] = c
            shape = t.shape
            ctx = self._contexts[sig] = ShapeContext(
                shape.sets, shape.chee_ok, tuple(cap), fei_cap, shape.max_wild, _memo=shape._memo
            )
        c34 = [0] * N_KINDS
        for i, c in enumerate(counts):
            c34[t.kinds[i]] = c
        return c34, fei, ctx

    def _counts(self, key: int) -> tuple[list[int], int]:
        counts = [key >> (3 * i) & 7 for i in range(self.n)]
        fei = key >> self.t.fei_shift & 7 if self.t.has_fei else 0
        return counts, fei

    def _caps(self, counts: list[int], fei: int) -> tuple[list[int], int]:
        """Most copies of each kind, and of FEI, a target of this hand may hold."""
        caps = [b if b >= 0 else c for b, c in zip(self.base, counts, strict=False)]
        fei_cap = (self.base[-1] if self.base[-1] >= 0 else fei) if self.t.has_fei else 0
        return caps, fei_cap


__all__ = ["Supplied"]
