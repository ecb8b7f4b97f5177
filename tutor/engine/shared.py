"""The graph after the exact draws shared by the discards of one 14-card hand (``docs/solver.md``).

Each discard's search (``tutor.engine.search``) asks it for a hand's distance and node where they
are the discard's own; the values stay each discard's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.search import Node, Search, split

if TYPE_CHECKING:
    from tutor.engine.distance import Distance
    from tutor.engine.table import Table


class Shared:
    """The graph after the exact draws, shared by the discards of one 14-card hand ``key14``.

    The pool of RULES §5 is counted from the 13 cards kept, so each discard has a search of its
    own; but the discards keep 13 of the same 14 cards, and their graphs are mostly the same
    hands. With ``c = key14 + pool0`` (the copies a hand may hold, per kind with copies left),
    the discard of kind ``x`` has ``c - 1`` of ``x`` and ``c`` of every other kind, and at a
    hand ``h`` its pool is ``min(pool0, c - h)`` but at ``x``, ``min(pool0, c - 1 - h)``.

    Where no winning structure nearest to ``h`` (under the limits ``c``, one search here) wants
    ``c[x]`` copies of ``x``, each keeps as many of ``h`` under the discard's limits: the
    distance, the nearest structures, every swap's verdict and the hands the swaps leave (with
    their own nearest structures, a subset of these) are the discard's too (``swaps.closer``,
    ``Search._wanted``), and so are the draws that win (a win does not depend on the pool). Its
    pool is the same where ``h[x] < key14[x]``: then the node itself is the discard's; else the
    node is summed again from the same outcomes with the discard's own pool (a kind's outcome
    does not depend on the others' copies, only on whether it has any).

    A kind with no copy left has the same pool and limits in every discard. The FEI discard
    (its limit is in ``fei_slots``) is never served. The values stay each discard's own: only
    the outcomes of each hand's draws are shared."""

    def __init__(self, table: Table, root: Distance, key14: int, pool0: list[int]) -> None:
        self.s = Search(table, root, key14, pool0, 0, 0)  # its pool: the 14 cards' (``Search._draws``)
        self.d = root
        self.held = [key14 >> (3 * i) & 7 for i in range(len(pool0))]
        self.full = [b if b >= 0 else 99 for b in root.base]  # c, per kind (99: no copy left, never bound)
        self.fei = 1 << table.fei_index if table.has_fei else 0
        self.bad: dict[int, int] = {}  # per hand, a bit for each discard the nearest structures do not serve
        self.capped: dict[tuple[int, ...], int] = {}  # per structure's wants, a bit for each kind it wants all of
        self.outs: dict[int, list[tuple[int, int, int, tuple[int, ...]]]] = {}  # per hand, its draws' outcomes
        split(root, key14)

    def start(self, h0: int, own: Distance) -> None:
        """The structures of a discard's 13 cards, if ``split`` gave none (they are further),
        given to its own ``Distance`` too (one structure search for both)."""
        if h0 not in self.d.opt:
            self.d.optimal(h0)
        self._give(h0, own)

    def _give(self, h: int, own: Distance) -> None:
        """Give a discard's ``Distance`` the nearest structures of ``h`` here that keep as many of
        it under its limits (then those are all of its own), or the bound they set."""
        if h in own.opt or h in own.memo:
            return
        d = self.d.memo[h]
        counts, fei = own._counts(h)
        kept = own.t.shape.size - 1 - d
        sub = [st for st in self.d.opt[h] if own.kept_after(st, counts, fei, -1, -1) == kept]
        if sub:
            own.opt[h] = sub
            own.memo[h] = d
        else:
            own.low[h] = max(own.low.get(h, -2), d + 1)

    def distance(self, h: int, x: int, own: Distance) -> int | None:
        """The distance of ``h`` in the discard of local kind ``x`` (its ``Distance``: ``own``),
        where the shared outcomes serve it, else None (its own search goes on, given the nearest
        structures here that keep as many of ``h`` under its limits)."""
        structs = self.d.opt.get(h)
        if structs is None:
            return None
        bad = self.bad.get(h)
        if bad is None:
            bad = self.fei
            capped = self.capped
            for _, want in structs:
                got = capped.get(want)
                if got is None:
                    full = self.full
                    got = capped[want] = sum(1 << k for k, w in enumerate(want) if w >= full[k])
                bad |= got
            self.bad[h] = bad
        if not bad >> x & 1:
            return self.d.memo[h]
        self._give(h, own)
        return None

    def node(self, h: int, dh: int, search: Search) -> Node:
        """The node of ``h`` (at distance ``dh``) in ``search``, a discard ``distance`` serves."""
        x = search.share[1] if search.share is not None else -1
        s = self.s
        got = s.nodes.get(h)
        if got is None:
            total, outcomes = s.outcomes(h, dh)
            got = s.nodes[h] = s._summed(dh, total, outcomes)
            self.outs[h] = outcomes
        if (h >> (3 * x) & 7) < self.held[x] or self.full[x] == 99:
            return got  # the same pool
        out = {i: (fun, kids) for i, _, fun, kids in self.outs[h]}
        total, draws = search._draws(h)
        return search._summed(dh, total, [(i, p, *out[i]) for i, p, _ in draws])


def seed(root: Distance, key14: int, dist: Distance, x: int) -> None:
    """Give the hand ``key14`` less a card of local kind ``x`` its nearest winning structures in
    ``dist`` (the discard's own copy limits) from those of ``key14`` in ``root`` (the 14 cards' copy
    limits, never below the discard's), so the discards of one hand share one structure search.

    A structure keeps no more of the 13 cards under the discard's limits than of the 14 under the
    root's (fewer cards, tighter limits), so where some structure of ``key14`` keeps as many, the
    distance is the same and those are all the nearest structures (each of them is one of
    ``key14``'s). Where none does, the distance is more than the 14 cards' and ``dist`` is left to
    its own search from there."""
    if not (root.by_structure and dist.by_structure):
        return
    g = key14 - dist.t.unit_of[x]
    if g in dist.opt:
        return
    got = root.optimal(key14)
    kept = root.t.shape.size - root.memo[key14] - 1
    counts, fei = root._counts(key14)
    sub = [st for st in got if dist.kept_after(st, counts, fei, -1, x) == kept]
    if sub:
        dist.opt[g] = sub
        dist.memo[g] = root.t.shape.size - 1 - kept
    elif got:
        dist.low[g] = max(dist.low.get(g, -2), root.memo[key14] + 1)


__all__ = ["Shared", "seed"]
