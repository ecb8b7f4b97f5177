"""The walk after the exact draws: the policy of RULES §5.2, where a draw is kept only to bring the
hand closer to a win (``docs/solver.md``).

At a 13-card hand with ``n`` draws left after the exact ones, a draw that makes a winning hand
wins; a draw for which some discard lowers the distance to a win by one is kept for the best such
discard, or thrown back where that is worth more; every other draw is thrown back. The swaps that
bring a hand closer come from the winning structures it is nearest to (``closer``), so the
structure search runs where the walk starts. A hand's outcomes do not depend on the draws left:
they are found once per hand (``Walk._node``) and its values for 1, 2, ... n draws worked out from
them. ``Search`` (``tutor.engine.search.expected_fun``) is a ``Walk``: the exact draws go on into
it.

With the hand change (``Walk.allow_changes``), a draw that neither wins nor brings a win closer
may also be kept, a given number of times along the way, for a discard that leaves the hand at
its distance (``Walk._changing``; ``closer.same_distance`` gives those discards).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from tutor.engine.search.closer import closer, same_distance

if TYPE_CHECKING:
    from tutor.engine.distance.to_win import Distance
    from tutor.engine.search.equivalent import Folds, WalkKeys
    from tutor.engine.search.hand_table import Table

Value = tuple[float, ...]
PLAIN_NODE = 3
KIDS_PER_STATE = 8
STRUCTURES_PER_STATE = 16
NODE_WORK = """How much a node of the walk counts toward the search's budget (``Walk._weight``): one state,
one more for every ``KIDS_PER_STATE`` hands its swaps closer leave and every
``STRUCTURES_PER_STATE`` winning structures it is nearest to, and ``PLAIN_NODE`` states to begin
with where the distance is shanten with the pool's copy limits (each swap asks it of the table).
Fitted to the time a node takes (measured over 110,000 nodes of seven hands at the default
horizon: 126 us a structure node on average, 75 + 4.4 per structure + 7.8 per draw kept; 389 us
a plain one), so that the budget's states stand for about as much time whatever the hand."""
CHANGE_SEARCH = 50
"""The states a hand change's structure search of 14 cards counts as (``Walk._changes``): about
5 ms, the mean of 4 hands of 3leg (0.3 ms at a distance of 0 with a FEI held to 60 ms at 3
without: it grows with the structures within reach)."""
Node = tuple[int, int, float, float, float, tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]]
"""A hand's draws after the exact ones (``Walk._node``): its distance, the pool's size, the
winning draws' FUN and copies, the copies thrown back, and per draw kept its copies, the hands its
discards closer leave (one per class of swapped honours) and their memo keys."""
ChangeNode = tuple[int, int, float, float, float, tuple[tuple[int, tuple[int, ...], int], ...]]
"""``Node`` where a hand change may be made (``Walk._change_node``): its distance, the pool's size,
the winning draws' FUN and copies, and in the draws' order per draw that does not win its copies,
the hands its discards closer leave and, for one that brings no win closer, its kind (else -1),
whose changes (``Walk._changes``) are found when a change can pay."""


def zero(n: int) -> Value:
    """Nothing won in ``n`` draws."""
    return (0.0,) * (n + 1)


def better(a: Value, b: Value) -> bool:
    """Is ``a`` worth more than ``b``: more FUN on average, then a higher win chance, then a win
    sooner (the chances by draw, the first draw first)."""
    return (a[0], a[-1], a[1:]) > (b[0], b[-1], b[1:])


class Walk:
    """Values of the 13-card hands after the exact draws, with the pool's draws and the wins they
    make (which the exact draws read too)."""

    t: Table
    d: Distance
    pool0: list[int]
    h0c: list[int]
    draw_list: list[tuple[int, int, int]]
    shifts: list[tuple[int, int]]
    tick: Callable[..., None] | None
    classes: tuple[tuple[int, ...], ...]
    fold: Folds
    key_of: WalkKeys
    rvals: dict[int, list[Value]]
    nodes: dict[int, Node]
    kids: dict[int, tuple[list[tuple[int, list[list[Value]]]], list[tuple[list[Value], int, int]]]]
    """Per hand of the walk: its kept draws' value lists, and each with its hand and memo key."""
    changes: int = 0  # the hand changes allowed along the way after the exact draws (``allow_changes``)
    cvals: dict[int, list[Value]]  # with changes left: a hand's values by draws left (its key, four bits of changes)
    cnodes: dict[int, ChangeNode]  # and its outcomes, by the hand (honours of a class sorted)
    changed: dict[int, dict[int, tuple[int, ...]]]  # and its changes (``_changes``)

    def _spend(self, states: int = 1) -> None:
        """More states searched: the budget's count (``tutor.engine.search.budget``), and the
        progress bar's."""
        if self.tick is not None:
            self.tick(states)

    def _draws(self, h: int) -> tuple[int, list[tuple[int, int, int]]]:
        """The pool's cards for the hand ``h``: (total, [(kind, copies, unit)])."""
        out = []
        total = 0
        for i, p0, unit in self.draw_list:
            have = h >> (3 * i) & 7
            h0i = self.h0c[i]
            p = p0 - have + h0i if have > h0i else p0
            if p > 0:
                out.append((i, p, unit))
                total += p
        return total, out

    def _win(self, h14: int) -> int:
        """The FUN of a winning 14-card hand, or -1."""
        t = self.t
        w = t._win[h14] if h14 in t._win else t.win(h14)
        return w[0] if w is not None and w[1] else -1

    def allow_changes(self, k: int = 1) -> Walk:
        """Let a draw that brings no win closer be kept, at most ``k`` times along the way after
        the exact draws, for a discard that keeps the distance to a win (the hand change of
        ``docs/solver.md``; ``_changing``)."""
        if not 0 <= k < 16:  # (the memo key keeps it in four bits)
            raise ValueError(f"hand changes: 0 to 15, not {k}")
        self.changes = k
        self.cvals = {}
        self.cnodes = {}
        self.changed = {}
        return self

    def _restricted(self, h: int, n: int) -> Value:
        """The value of ``h`` with ``n`` draws left after the exact draws: with the hand changes
        allowed (``allow_changes``), ``_changing``; else ``_plain``."""
        if self.changes:
            return self._changing(h, n, self.changes)
        return self._plain(h, n)

    def _plain(self, h: int, n: int, key: int | None = None) -> Value:
        """The value of ``h`` (memo key ``key``: ``WalkKeys``) with ``n`` draws left after the exact
        draws, no hand change left. A hand's outcomes (the draws that win, those kept for a
        discard that brings a win closer, those thrown back) do not depend on the draws left, so
        they are found once per hand (``_node``) and its values for 1, 2, ... n draws are worked
        out from them in turn."""
        if key is None:
            if h not in self.d.opt and self._far(h, n):  # (a hand not met in the walk: its key needs its structures)
                return zero(n)
            key = self.key_of(h)
        vals = self.rvals.get(key)
        if vals is None:
            vals = self.rvals[key] = [(0.0,)]
        if len(vals) > n:
            return vals[n]
        node = self.nodes.get(key)
        if node is None:
            if self._far(h, n):
                vals.extend(zero(m) for m in range(len(vals), n + 1))
                return vals[n]
            node = self.nodes[key] = self._node(h, self.d.of(h))
            self._spend(self._weight(h, sum(len(gs) for _, gs, _ in node[5])))
        dh, total, win_fun, win_p, stay_p, kept = node
        # the kept draws' hands, each with its values for up to n - 1 draws worked out first; their
        # value lists are kept with the node (each grows in place), for the longer horizons to come
        kids: list[tuple[int, list[list[Value]]]] = []
        if n > 1:
            rvals = self.rvals
            gathered = self.kids.get(key)
            if gathered is None:
                checks: list[tuple[list[Value], int, int]] = []
                for p, gs, keys in kept:
                    lists = []
                    for g, k in zip(gs, keys, strict=True):
                        got = rvals.get(k)
                        if got is None or len(got) < n:
                            self._plain(g, n - 1, k)
                            got = rvals[k]
                        lists.append(got)
                        checks.append((got, g, k))
                    kids.append((p, lists))
                self.kids[key] = kids, checks
            else:
                kids, checks = gathered
                for got, g, k in checks:
                    if len(got) < n:
                        self._plain(g, n - 1, k)
        return _fill(vals, n, dh, total, win_fun, win_p, stay_p, kids)

    def _weight(self, h: int, kids: int) -> int:
        """The states a node of the walk counts as: the work of finding its outcomes, which grows
        with the structures it is nearest to and the ``kids`` hands its draws kept leave
        (``NODE_WORK``); a hand whose distance is its shanten with the pool's copy limits (no
        structures) asks that distance of every swap."""
        if not self.d.by_structure:
            return PLAIN_NODE + kids // KIDS_PER_STATE
        return 1 + kids // KIDS_PER_STATE + self.d.opt.get(h, 0).bit_count() // STRUCTURES_PER_STATE

    def _changing(self, h: int, n: int, k: int) -> Value:
        """The value of ``h`` with ``n`` draws left after the exact draws and ``k`` hand changes
        left. A draw that wins is taken; one for which some discard brings a win closer is kept
        for the best such discard (``k`` left) or thrown back, as in ``_plain``; any other draw
        ``t`` may also be kept for a discard ``x`` (not ``t``) that leaves the hand at its
        distance, the hand then worth its value with ``k - 1`` changes left (``same_distance``).
        Such a hand can win only with more draws left than its distance, so the changes are
        looked for only where ``n - 1`` draws are more than the distance. Where a change may be
        made the cards no structure wants matter (a change may turn to structures further off),
        so the memo key is the whole hand (honours of a class sorted)."""
        if not k:
            return self._plain(h, n)
        canon = self.key_of.canon
        hk = h if canon is None else canon(h)
        ck = hk << 4 | k
        vals = self.cvals.get(ck)
        if vals is None:
            vals = self.cvals[ck] = [(0.0,)]
        if len(vals) > n:
            return vals[n]
        node = self.cnodes.get(hk)
        if node is None:
            if self._far(h, n):
                vals.extend(zero(m) for m in range(len(vals), n + 1))
                return vals[n]
            node = self.cnodes[hk] = self._change_node(h, self.d.of(h))
            self._spend(self._weight(h, sum(len(gs) for _, gs, _ in node[5])))
        dh, total, win_fun, win_p, stay_p, kept = node
        kids: list[tuple[int, list[list[Value]]]] = []  # in the draws' order, as ``_fill`` sums them
        changes = self._changes(h, hk, dh, kept) if n - 1 > dh else None  # a hand a change leaves can win after it
        for p, gs, i in kept:
            if i < 0:
                if n > 1:
                    kids.append((p, [self._values_of(g, n - 1, k) for g in gs]))
            elif changes is not None and changes[i]:
                kids.append((p, [self._values_of(g, n - 1, k - 1) for g in changes[i]]))
            else:
                stay_p += p
        return _fill(vals, n, dh, total, win_fun, win_p, stay_p, kids)

    def _values_of(self, g: int, n: int, k: int) -> list[Value]:
        """The values of ``g`` for 0, 1, ... ``n`` draws (at least) with ``k`` hand changes left."""
        if k:
            self._changing(g, n, k)
            canon = self.key_of.canon
            return self.cvals[(g if canon is None else canon(g)) << 4 | k]
        if g not in self.d.opt and self._far(g, n):
            return [zero(m) for m in range(n + 1)]
        key = self.key_of(g)
        got = self.rvals.get(key)
        if got is None or len(got) <= n:
            self._plain(g, n, key)
            got = self.rvals[key]
        return got

    def _change_node(self, h: int, dh: int) -> ChangeNode:
        """``_node`` where a hand change may be made: per draw that does not win, the hands its
        discards closer leave, or where none is closer its kind, for ``_changes``."""
        total, outcomes = self.outcomes(h, dh)
        canon = self.key_of.canon
        win_fun = 0.0
        win_p = 0.0
        kept: list[tuple[int, tuple[int, ...], int]] = []
        for i, p, fun, kids in outcomes:
            if fun >= 0:
                win_fun += p * fun
                win_p += p
            elif kids:
                kept.append((p, _distinct(kids, canon), -1))
            else:
                kept.append((p, (), i))
        return dh, total, win_fun, win_p, 0.0, tuple(kept)

    def _changes(self, h: int, hk: int, dh: int, kept: tuple[tuple[int, tuple[int, ...], int], ...]) -> dict[int, tuple[int, ...]]:
        """Per kind drawn that neither wins nor brings a win closer to ``h`` (memo key ``hk``; its
        node's ``kept``), the hands its discards that keep the distance ``dh`` leave
        (``same_distance``), found once per hand."""
        got = self.changed.get(hk)
        if got is None:
            canon = self.key_of.canon
            units = self.t.unit_of
            got = self.changed[hk] = {i: _distinct(same_distance(self.d, h + units[i], dh, i), canon)
                                      for _, _, i in kept if i >= 0}
            self._spend(CHANGE_SEARCH * len(got))
        return got

    def _far(self, h: int, n: int) -> bool:
        """Is the 13-card hand ``h`` too far to win within ``n`` draws (nor within fewer)? The
        cheap bound first where its distance is not known: a distance search far from a win is
        costly."""
        known = self.d.memo.get(h)
        if known is not None:
            return known >= n
        return self.t.lower(h) >= n or not self.d.within(h, n - 1)

    def _node(self, h: int, dh: int) -> Node:
        """The outcomes of a draw at ``h`` summed up: its distance to a win, the pool's size, the
        FUN and chance of the winning draws, the chance of the draws thrown back, and per draw
        kept, its copies and the hands its discards that bring a win closer leave."""
        if not dh and self.d.by_structure:
            return self._ready(h)
        kept: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        if self.d.by_structure:  # no draw wins; the swaps closer come from the structures (``outcomes``, summed here)
            total, draws = self._draws(h)
            if self.classes:
                draws = self.fold(h, draws)
            swaps = closer(self.d, h, {i: p for i, p, _ in draws})
            stay = 0
            for i, p, _ in draws:
                gs = swaps.get(i)
                if gs:
                    kept.append(self._keyed(p, gs))
                else:
                    stay += p
            return dh, total, 0.0, 0.0, float(stay), tuple(kept)
        total, outcomes = self.outcomes(h, dh)
        win_fun = 0.0
        win_p = 0.0
        stay_p = 0.0
        for _, p, fun, kids in outcomes:
            if fun >= 0:
                win_fun += p * fun
                win_p += p
            elif kids:
                kept.append(self._keyed(p, kids))
            else:
                stay_p += p
        return dh, total, win_fun, win_p, stay_p, tuple(kept)

    def _keyed(self, p: int, kids: Iterable[int]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """A draw kept (``p`` copies) and the hands its discards closer leave: one hand per memo
        key (they are worth the same: ``WalkKeys``), and the keys."""
        key = self.key_of
        keys = key.known
        first: dict[int, int] = {}
        for g in kids:
            k = keys.get(g)
            first.setdefault(key(g) if k is None else k, g)
        return p, tuple(first.values()), tuple(first)

    def outcomes(self, h: int, dh: int) -> tuple[int, list[tuple[int, int, int, tuple[int, ...]]]]:
        """Each draw at the 13-card hand ``h`` (at distance ``dh``) after the exact draws: the
        pool's size, and per card (kind, copies, FUN of the win it makes or -1, the hands left by
        the discards that bring a win closer)."""
        total, draws = self._draws(h)
        if self.classes:
            draws = self.fold(h, draws)
        out: list[tuple[int, int, int, tuple[int, ...]]] = []
        if self.d.by_structure and dh > 0:  # no draw wins; the swaps closer come from the structures
            swaps = closer(self.d, h, {i: p for i, p, _ in draws})
            return total, [(i, p, -1, tuple(swaps.get(i, ()))) for i, p, _ in draws]
        wanted = self._wanted(h) if self.d.by_structure else None
        for i, p, unit in draws:
            if wanted is not None and i not in wanted:  # no winning structure takes it
                out.append((i, p, -1, ()))
                continue
            h14 = h + unit
            fun = self._win(h14) if dh <= 0 else -1  # (a hand further than one draw from a win: no draw wins)
            if fun >= 0:
                out.append((i, p, fun, ()))
                continue
            kids: list[int] = []
            if dh > 0 and self.d.closer_at(h14, dh - 1):  # some discard brings a win closer
                for shift, down in self.shifts:
                    if shift == 3 * i or not h14 >> shift & 7:
                        continue
                    g = h14 - down
                    if self.d.closer_at(g, dh - 1):
                        kids.append(g)
            out.append((i, p, -1, tuple(kids)))
        return total, out

    def _wanted(self, h: int) -> set[int]:
        """The draws that may make the 13-card hand ``h`` (at distance 0) win: a winning hand is
        one of ``h``'s nearest winning structures completed, so the card drawn is one such a
        structure wants more of than ``h`` holds, or a FEI."""
        d = self.d
        out = {d.n} if self.t.has_fei else set()
        structs = d.optimal_bits(h)
        for k, more in enumerate(d.known.more):
            if structs & more[h >> 3 * k & 7]:
                out.add(k)
        return out

    def _ready(self, h: int) -> Node:
        """``_node`` of a hand one draw from a win, where the structures tell the draws that may
        win (``_wanted``) and every other draw is thrown back. (Its sums are of whole numbers,
        the same in any order, so honours held alike need not be folded.)"""
        total = 0
        h0c = self.h0c
        for i, p0, _ in self.draw_list:
            have = h >> 3 * i & 7
            total += p0 - have + h0c[i] if have > h0c[i] else p0
        win_fun = 0.0
        win_p = 0.0
        pool0 = self.pool0
        units = self.t.unit_of
        for i in self._wanted(h):
            have = h >> 3 * i & 7
            p = pool0[i] - have + h0c[i] if have > h0c[i] else pool0[i]
            if p > 0:
                fun = self._win(h + units[i])
                if fun >= 0:
                    win_fun += p * fun
                    win_p += p
        return 0, total, win_fun, win_p, total - win_p, ()


def _distinct(hands: Iterable[int], canon: Callable[[int], int] | None) -> tuple[int, ...]:
    """One hand of each memo key (honours of a class sorted: such hands are worth the same)."""
    if canon is None:
        return tuple(dict.fromkeys(hands))
    first: dict[int, int] = {}
    for g in hands:
        first.setdefault(canon(g), g)
    return tuple(first.values())


def _fill(vals: list[Value], n: int, dh: int, total: int, win_fun: float, win_p: float, stay_p: float,
          kids: list[tuple[int, list[list[Value]]]]) -> Value:
    """A hand's values for ``len(vals)``, ... ``n`` draws (appended to ``vals``, its values for
    fewer), from its outcomes: the FUN and copies of the winning draws, the copies thrown back,
    and per draw kept its copies and the value lists of the hands it may be kept for (each
    with at least ``n - 1`` draws worked out); a kept draw takes the best of them and throwing
    it back."""
    for m in range(len(vals), n + 1):
        if dh >= m or not total:
            vals.append(zero(m))
            continue
        prev = vals[m - 1]
        fun = win_fun + stay_p * prev[0]
        if m == 1:
            vals.append((fun / total, win_p / total))
            continue
        chosen = []  # per draw kept, the best of throwing it back and its discards closer
        k = m - 1
        for p, lists in kids:
            best = prev
            b0 = prev[0]
            for lst in lists:
                r = lst[k]
                r0 = r[0]
                if r0 > b0 or (r0 == b0 and r != best and better(r, best)):
                    best = r
                    b0 = r0
            if best[-1]:  # a value with no chance of a win is all zeros: it adds nothing
                fun += p * best[0]
                chosen.append((p, best))
        # the chance of a win by draw 2, ... m: each summed in the order of the draws' parts
        if not chosen:
            vals.append((fun / total, win_p / total, *[(win_p + stay_p * x) / total for x in prev[1:]]))
            continue
        by = []
        for j in range(1, m):
            acc = win_p + stay_p * prev[j]
            for p, best in chosen:
                acc += p * best[j]
            by.append(acc / total)
        vals.append((fun / total, win_p / total, *by))
    return vals[n]


__all__ = ["ChangeNode", "Node", "Value", "Walk", "better", "zero"]
