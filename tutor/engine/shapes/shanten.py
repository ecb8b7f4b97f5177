"""Shanten: how many card swaps a hand is from complete, FEI and card counts taken into account.

``shanten = draws - 1``, where ``draws`` is the least number of cards to draw (each swapped for
one in hand) to reach a complete hand that can physically exist: no card beyond its copies
(counting the sets laid down), a FEI filling at most ``max_wild`` slots of a group and never a
whole group, FEI drawn from the deck too. -1 is complete, 0 means a wait exists.

Two steps. The cards held split into components no group crosses (each numbered suit, each
honour); a DP per component, memoised on its counts (``free_profile``), lists the most cards kept
for every count of sets, NGAN and FEI slots, card supply ignored. Combined, they bound the cards a
complete hand can keep from above (``optimistic``). A branch-and-bound search over the cards
held (``exact_at_least``) then confirms that bound with card supply checked, or lowers it until
it holds.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from operator import add, lt
from typing import Any

from tutor.engine.garbage import release
from tutor.engine.shapes import suit_tables as _tables
from tutor.engine.shapes.card_supply import _forced, _supply_slack, held_below, supply_cannot_bind

N = 34  # non-FEI kinds


@dataclass(frozen=True, eq=False)
class ShapeContext:
    """What shanten needs besides the concealed cards: sets still needed and what exists."""

    sets: int  # sets the concealed cards must still form
    chee_ok: tuple[bool, ...]  # per tile: may start a CHEE (the three cards in play)
    cap: tuple[int, ...]  # per tile: copies that may be in the hand (copies minus laid-down ones)
    fei_cap: int  # FEI that may be in the hand (copies minus laid-down and sunk ones)
    max_wild: int  # FEI per group
    _memo: dict[Any, Any] = field(default_factory=dict, repr=False)  # per-component tables, by kind of table
    _full: dict[tuple[tuple[int, ...], int], int] = field(default_factory=dict, repr=False)
    _below: tuple[int, ...] = field(init=False, repr=False)  # per tile: held counts must stay under it (``_supply_slack``)
    _below_fei: tuple[int, ...] = field(init=False, repr=False)  # the same for ``_fei_slack``: an honour may be held to its limit

    def __post_init__(self) -> None:
        object.__setattr__(self, "_below", tuple(max(k, 1) for k in self.cap))
        object.__setattr__(self, "_below_fei", tuple(k + 1 if t >= 27 and k >= 2 else max(k, 1)
                                                     for t, k in enumerate(self.cap)))

    @property
    def size(self) -> int:
        return 3 * self.sets + 2



def _alternatives(ok: tuple[bool, ...], kind: str, t: int) -> tuple[tuple[int, ...], ...]:
    """The ways to complete a group seeded by the cards held: each a tuple of missing cards."""
    if kind == "one":  # a set seeded by one card: a PONG, or any CHEE window holding it
        alts: list[tuple[int, ...]] = [(t, t)]
        if t < 27:
            for s in (t - 2, t - 1, t):
                if s >= 0 and s // 9 == t // 9 and s % 9 <= 6 and ok[s]:
                    alts.append(tuple(x for x in (s, s + 1, s + 2) if x != t))
        return tuple(alts)
    if kind == "adj":  # t and t+1 held
        out: list[tuple[int, ...]] = []
        if t % 9 >= 1 and ok[t - 1]:
            out.append((t - 1,))
        if t % 9 <= 6 and ok[t]:
            out.append((t + 2,))
        return tuple(out)
    if kind == "gap":  # t and t+2 held
        return ((t + 1,),)
    return ((t,),)  # a PONG or NGAN missing copies of t


def free_profile(ids: tuple[int, ...], counts: tuple[int, ...], ok: tuple[bool, ...], mw: int, memo: dict) -> dict:
    """One component's table, card supply ignored: (sets, ngan, wild slots) -> most cards kept.

    Every cut of the component's cards into groups holding at least one of them (complete sets,
    partial sets, seeds, a NGAN or half of one), memoised per remaining suffix."""

    def rec(i: int, c: tuple[int, ...]) -> dict[tuple[int, int, int], int]:
        while i < len(ids) and c[i] == 0:
            i += 1
        if i == len(ids):
            return {(0, 0, 0): 0}
        mkey = (ids[0], i, c)
        got = memo.get(mkey)
        if got is not None:
            return got
        t = ids[i]
        suited = t < 27
        r = t % 9
        out: dict[tuple[int, int, int], int] = {}
        n = len(ids)

        def sub(c2: list[int], ds: int, dp: int, dw: int, dk: int) -> None:
            for (s2, p2, w2), v in rec(i, tuple(c2)).items():
                if p2 + dp > 1:
                    continue
                key = (s2 + ds, p2 + dp, w2 + dw)
                if out.get(key, -1) < v + dk:
                    out[key] = v + dk

        cnt = c[i]
        lst = list(c)

        def has(k: int, m: int = 1) -> bool:
            return k < n and ids[k] == t + (k - i) and lst[k] >= m

        if cnt >= 3:
            lst[i] -= 3; sub(lst, 1, 0, 0, 3); lst[i] += 3
        if suited and r <= 6 and ok[t] and has(i + 1) and has(i + 2):
            lst[i] -= 1; lst[i + 1] -= 1; lst[i + 2] -= 1; sub(lst, 1, 0, 0, 3)
            lst[i] += 1; lst[i + 1] += 1; lst[i + 2] += 1
        if cnt >= 2:
            lst[i] -= 2; sub(lst, 1, 0, 1, 2); sub(lst, 0, 1, 0, 2); lst[i] += 2
        if suited and r <= 7 and has(i + 1) and _alternatives(ok, "adj", t):
            lst[i] -= 1; lst[i + 1] -= 1; sub(lst, 1, 0, 1, 2); lst[i] += 1; lst[i + 1] += 1
        if suited and r <= 6 and ok[t] and has(i + 2):
            lst[i] -= 1; lst[i + 2] -= 1; sub(lst, 1, 0, 1, 2); lst[i] += 1; lst[i + 2] += 1
        lst[i] -= 1
        sub(lst, 1, 0, min(mw, 2), 1)
        sub(lst, 0, 1, min(mw, 1), 1)
        sub(lst, 0, 0, 0, 0)
        lst[i] += 1
        res = _front(out)
        memo[mkey] = res
        return res

    try:
        return rec(0, counts)
    finally:  # (a recursive closure holds itself: ``release``)
        release(rec)


def _front(profile: dict[tuple[int, int, int], int]) -> dict[tuple[int, int, int], int]:
    """Keep, per (sets, NGAN), the entries no other beats on both wild slots and cards kept."""
    by_sp: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for (s, p, w), v in profile.items():
        by_sp.setdefault((s, p), []).append((w, v))
    out: dict[tuple[int, int, int], int] = {}
    for (s, p), entries in by_sp.items():
        best = -1
        for w, v in sorted(entries, reverse=True):  # most wild slots first
            if v > best:
                out[(s, p, w)] = v
                best = v
    return out


def merge_profiles(a: dict[tuple[int, int, int], int], b: dict[tuple[int, int, int], int], sets: int, wmax: int) -> dict[tuple[int, int, int], int]:
    out: dict[tuple[int, int, int], int] = {}
    for (s1, p1, w1), v1 in a.items():
        for (s2, p2, w2), v2 in b.items():
            s, p = s1 + s2, p1 + p2
            if s > sets or p > 1:
                continue
            key = (s, p, min(w1 + w2, wmax))
            if out.get(key, -1) < v1 + v2:
                out[key] = v1 + v2
    return out


def _capped(prof: dict[tuple[int, int, int], int], wmax: int) -> dict[tuple[int, int, int], int]:
    out: dict[tuple[int, int, int], int] = {}
    for (s, p, w), v in prof.items():
        key = (s, p, min(w, wmax))
        if out.get(key, -1) < v:
            out[key] = v
    return out


def optimistic(counts: list[int], fei: int, ctx: ShapeContext, use_tables: bool = True) -> int:
    """Most cards kept if every missing card could be drawn: an upper bound on the exact value.
    ``use_tables``: suits' profiles from ``tutor.engine.shapes.suit_tables``, the bound memoised on their numbers."""
    memo = ctx._memo
    wmax = fei  # wild slots beyond the FEI held are worth nothing
    honours = tuple(sorted(x for x in counts[27:N] if x))
    suits: list[tuple[int, tuple[int, ...]]] = []
    okey: tuple[Any, ...] | None = None
    if use_tables and (ctx.max_wild == _tables.MAX_WILD or fei == 0) and _tables.available():
        which = memo.get("table_suits") or memo.setdefault("table_suits", _tables.table_suits(ctx.chee_ok))
        ids: list[int] = []
        for k, base in enumerate((0, 9, 18)):
            suit = counts[base : base + 9]
            if not any(suit):
                ids.append(-1)
            elif which[k] and sum(suit) <= _tables.MAX_CARDS:
                ids.append(_tables.suit_profile_id(suit))
            else:
                ids.append(-2)
                suits.append((base, tuple(suit)))
        if not suits:
            okey = ("opt", *ids, honours, fei)
            got = memo.get(okey)
            if got is not None:
                return got  # type: ignore[no-any-return]
    else:
        ids = [-2, -2, -2]
        suits = [(b, tuple(counts[b : b + 9])) for b in (0, 9, 18) if any(counts[b : b + 9])]
    if fei == 0 and use_tables:  # no wild slot counts: combine each part's best kept by sets and NGAN at most
        best = _kept_without_fei(ids, suits, honours, ctx)
        if okey is not None:
            memo[okey] = best
        return best
    total: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
    for pid in ids:
        if pid >= 0:
            key = ("tsuit", pid, wmax)
            prof = memo.get(key)
            if prof is None:
                prof = memo[key] = _capped(_tables.load()[0][pid], wmax)
            total = merge_profiles(total, prof, ctx.sets, wmax)
    for base, pattern in suits:
        skey = ("suit", base, pattern, wmax)
        prof = memo.get(skey)
        if prof is None:
            prof = memo[skey] = _capped(free_profile(tuple(range(base, base + 9)), pattern, ctx.chee_ok, ctx.max_wild, memo), wmax)
        total = merge_profiles(total, prof, ctx.sets, wmax)
    if honours:
        hkey = ("honours", honours, wmax)
        prof = memo.get(hkey)
        if prof is None:
            prof = {(0, 0, 0): 0}
            for k, x in enumerate(honours):
                one = _capped(free_profile((27 + k,), (x,), ctx.chee_ok, ctx.max_wild, memo), wmax)
                prof = merge_profiles(prof, one, ctx.sets, wmax)
            memo[hkey] = prof
        total = merge_profiles(total, prof, ctx.sets, wmax)
    mw = ctx.max_wild
    best = 0
    for (s, p, w), v in total.items():
        cap = w + (ctx.sets - s) * min(mw, 2) + (1 - p) * min(mw, 1)
        best = max(best, v + min(fei, cap))
    if okey is not None:
        memo[okey] = best
    return best


def _kept_without_fei(ids: list[int], suits: list[tuple[int, tuple[int, ...]]], honours: tuple[int, ...],
                      ctx: ShapeContext) -> int:
    """``optimistic`` for a hand holding no FEI: the most cards kept over the parts' profiles,
    sets and NGAN shared out (the same maximum as merging the profiles, without building them)."""
    memo = ctx._memo
    sets = ctx.sets
    arrays: list[list[int]] = []
    for pid in ids:
        if pid >= 0:
            key: tuple[Any, ...] = ("tarr", pid, sets)
            a = memo.get(key)
            if a is None:
                a = memo[key] = _tables.kept_array(_tables.load()[0][pid], sets)
            arrays.append(a)
    for base, pattern in suits:
        key = ("sarr", base, pattern, sets)
        a = memo.get(key)
        if a is None:
            a = memo[key] = _tables.kept_array(free_profile(tuple(range(base, base + 9)), pattern, ctx.chee_ok, ctx.max_wild,
                                                     memo), sets)
        arrays.append(a)
    if honours:
        arrays.append(honours_kept(honours, ctx))
    if not arrays:
        return 0
    acc = arrays[0]
    for b in arrays[1:-1]:
        acc = _max_plus(acc, b, sets)
    if len(arrays) == 1:
        return acc[-1]
    last = arrays[-1]
    # acc[i], i = 2 * sets + NGAN of the other parts; the last part takes the rest: last[2 * sets + 1 - i]
    return max(map(add, acc, reversed(last)))


def _max_plus(a: list[int], b: list[int], sets: int) -> list[int]:
    """The (max, +) product of two kept arrays (``tables.kept_array``): the kept array of the two
    parts together, sets and NGAN shared out between them."""
    return [max(a[2 * s1 + p1] + b[2 * (s - s1) + p - p1] for s1 in range(s + 1) for p1 in range(p + 1))
            for s in range(sets + 1) for p in (0, 1)]


def honours_kept(honours: tuple[int, ...], ctx: ShapeContext) -> list[int]:
    """The honours' kept array (``tables.kept_array``) for their counts, sorted; memoised. The
    kept array of merged profiles is the (max, +) product of theirs, so a pattern's is its
    prefix's (memoised too) times its last honour's: one product for a new pattern."""
    key = ("harr", honours, ctx.sets)
    a: list[int] | None = ctx._memo.get(key)
    if a is None:
        if len(honours) <= 1:
            prof: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
            for k, x in enumerate(honours):
                prof = merge_profiles(prof, free_profile((27 + k,), (x,), ctx.chee_ok, ctx.max_wild, ctx._memo), ctx.sets, 0)
            a = _tables.kept_array(prof, ctx.sets)
        else:
            a = _max_plus(honours_kept(honours[:-1], ctx), honours_kept(honours[-1:], ctx), ctx.sets)
        ctx._memo[key] = a
    return a


def exact_at_least(counts: list[int], fei: int, ctx: ShapeContext, target: int) -> bool:
    """Is there a physically possible completion keeping at least ``target`` cards?"""
    c = list(counts)
    avail = [ctx.cap[t] - counts[t] for t in range(N)]
    fei_deck = max(0, ctx.fei_cap - fei)
    ok = ctx.chee_ok
    mw = ctx.max_wild
    needs: list[tuple[tuple[tuple[int, ...], ...], int]] = []
    loose: list[int] = []
    found = [False]
    av = {t: avail[t] for t in range(N)}

    m1, m2 = min(mw, 1), min(mw, 2)  # FEI a partial group (every one in ``needs`` lacks one card) or an empty set takes

    def leaf(kept: int, sets_left: int, pair_left: int) -> None:
        free = sets_left + pair_left
        wild_cap = len(needs) * m1
        # a seed's group takes as many FEI as the empty group it replaces, so the cap is fixed
        cap = wild_cap + pair_left * m1 + sets_left * m2
        for n_seeds in range(min(len(loose), free), -1, -1):
            if kept + n_seeds + min(fei, cap) < target:
                return
            for pair_seeds in sorted({min(pair_left, n_seeds), 0}, reverse=True):
                if n_seeds - pair_seeds > sets_left:
                    continue
                for pick in _picks(loose, n_seeds):
                    for pair_pos in (range(len(pick)) if pair_seeds else (None,)):
                        extra = [
                            (_alternatives(ok, "pair" if k == pair_pos else "one", t), 1 if k == pair_pos else 2)
                            for k, t in enumerate(pick)
                        ]
                        forced = _forced(needs + extra, av, mw)
                        if forced is not None and forced <= fei + fei_deck:
                            found[0] = True
                            return

    def rec(i: int, rem: int, kept: int, sets_left: int, pair_left: int) -> None:
        if found[0]:
            return
        wild_cap = len(needs) * m1 + sets_left * m2 + pair_left * m1
        room = 3 * sets_left + 2 * pair_left
        held = rem + len(loose)
        if kept + (min(room, held)) + (min(wild_cap, fei)) < target:
            return
        while i < N and c[i] == 0:
            i += 1
        if i == N:
            leaf(kept, sets_left, pair_left)
            return
        n = c[i]
        suited = i < 27
        r = i % 9
        if sets_left and n >= 3:
            c[i] -= 3; rec(i, rem - 3, kept + 3, sets_left - 1, pair_left); c[i] += 3
        if sets_left and suited and r <= 6 and ok[i] and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
            rec(i, rem - 3, kept + 3, sets_left - 1, pair_left)
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1
        if pair_left and n >= 2:
            c[i] -= 2; rec(i, rem - 2, kept + 2, sets_left, 0); c[i] += 2
        if sets_left:
            if n >= 2:
                needs.append((((i,),), 1)); c[i] -= 2
                rec(i, rem - 2, kept + 2, sets_left - 1, pair_left)
                c[i] += 2; needs.pop()
            if suited and r <= 7 and c[i + 1]:
                alts = _alternatives(ok, "adj", i)
                if alts:
                    needs.append((alts, 1)); c[i] -= 1; c[i + 1] -= 1
                    rec(i, rem - 2, kept + 2, sets_left - 1, pair_left)
                    c[i] += 1; c[i + 1] += 1; needs.pop()
            if suited and r <= 6 and ok[i] and c[i + 2]:
                needs.append((((i + 1,),), 1)); c[i] -= 1; c[i + 2] -= 1
                rec(i, rem - 2, kept + 2, sets_left - 1, pair_left)
                c[i] += 1; c[i + 2] += 1; needs.pop()
        c[i] -= 1; loose.append(i)
        rec(i, rem - 1, kept, sets_left, pair_left)
        loose.pop(); c[i] += 1

    try:
        rec(0, sum(c), 0, ctx.sets, 1)
    finally:  # (a recursive closure holds itself: ``release``)
        release(rec)
    return found[0]


def _picks(loose: list[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every way to choose ``n`` of the loose cards (as a multiset), lazily: the first usually fits."""
    have: dict[int, int] = {}
    for t in loose:
        have[t] = have.get(t, 0) + 1
    kinds = sorted(have)

    def go(k: int, left: int, acc: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield acc
            return
        if k == len(kinds):
            return
        t = kinds[k]
        for m in range(min(left, have[t]), -1, -1):
            yield from go(k + 1, left - m, acc + (t,) * m)

    return go(0, n, ())


def shanten_counts(counts: list[int], fei: int, ctx: ShapeContext, exact: bool = False) -> int:
    """Shanten of concealed cards given as counts per tile (34 kinds) and a number of FEI.

    The bound comes from the suit tables; a bound of -1 is exact (a complete hand uses only cards
    held), any other is confirmed by the search with card supply checked. ``exact=True``: the
    reference path, no tables, no memo of whole hands."""
    if exact:
        target = optimistic(counts, fei, ctx, use_tables=False)
        while target > 0 and not exact_at_least(counts, fei, ctx, target):
            target -= 1
        return ctx.size - target - 1
    key = (tuple(counts[:N]), fei)
    got = ctx._full.get(key)
    if got is not None:
        return got
    target = optimistic(counts, fei, ctx)
    if (target < ctx.size or (fei and not ctx.max_wild)) and not (
        bound_is_exact(counts, ctx, target) if fei == 0 else ctx.max_wild == 1 and fei_bound_is_exact(counts, ctx, target)
    ):
        while target > 0 and not exact_at_least(counts, fei, ctx, target):
            target -= 1
    result = ctx.size - target - 1
    ctx._full[key] = result
    return result


def bound_is_exact(counts: list[int], ctx: ShapeContext, target: int) -> bool:
    """Is ``target``, the tables' bound of a hand holding no FEI, its exact value (no search)?

    Either supply cannot bind (``supply_cannot_bind``), or, where kinds are held to their last
    copy, the hand less one copy of each (``held_below``) has the same bound and supply cannot
    bind for it: every complete hand within its reach is within the whole hand's (the cards it
    keeps are held there too), so the whole hand keeps at least as many, and never more than
    the bound."""
    missing = ctx.size - target
    if supply_cannot_bind(counts, ctx, missing):
        return True
    sub = held_below(counts, ctx)
    return sub is not None and optimistic(sub, 0, ctx) == target and supply_cannot_bind(sub, ctx, missing)


def fei_bound_is_exact(counts: list[int], ctx: ShapeContext, target: int) -> bool:
    """Is ``target``, the tables' bound of a hand holding FEI (one a group at most), its exact value?

    ``_supply_slack``'s proof holds with FEI held: a FEI fills a slot of a group that holds a
    card of its own (one a group, never a whole group), so it only takes the place of a card the
    group lacks; the groups that lack a copy of ``t`` still hold ``t`` or a card of its suit
    within two ranks, and lack at most ``missing`` cards in all (the bound counts the FEI placed).
    An empty group asks nothing of the supply in ``exact_at_least``. So where every such demand
    fits the copies left, the search accepts the cut the bound counts. (Checked against the
    search on random hands near a win with FEI and tightened copy limits, ``tests/test_shanten.py``.)"""
    return all(map(lt, counts, ctx._below)) and _supply_slack(counts, ctx, ctx.size - target)


def is_complete(counts: list[int], fei: int, ctx: ShapeContext) -> bool:
    """Is the concealed hand (34 counts and FEI) complete: ``ctx.sets`` sets and one NGAN?

    Read off the tables alone: the bound reaches the whole hand only when every card held, FEI
    included, sits in a complete group, and such a hand needs no card drawn."""
    if sum(counts[:N]) + fei != ctx.size:
        return False
    if fei and not ctx.max_wild:
        return shanten_counts(counts, fei, ctx) == -1
    return optimistic(counts, fei, ctx) == ctx.size


def accepting(counts: list[int], fei: int, ctx: ShapeContext, fei_kind: bool = True) -> tuple[int, list[int]]:
    """Shanten of a hand one card short (3n+1 cards) and the kinds (0..33, 34 a FEI when
    ``fei_kind``) whose draw lowers it, among those of which one more copy may be held."""
    c = list(counts[:N])
    sh = shanten_counts(c, fei, ctx)
    out: list[int] = []
    cap = ctx.cap
    for t in range(N):
        if c[t] < cap[t]:
            c[t] += 1
            if shanten_counts(c, fei, ctx) < sh:
                out.append(t)
            c[t] -= 1
    if fei_kind and fei < ctx.fei_cap and ctx.max_wild and shanten_counts(c, fei + 1, ctx) < sh:
        out.append(N)
    return sh, out


__all__ = ["ShapeContext", "accepting", "exact_at_least", "free_profile", "is_complete",
           "merge_profiles", "optimistic", "shanten_counts"]
