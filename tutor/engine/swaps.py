"""The swaps that bring a hand one draw closer to a win, from the winning structures it is
nearest to (``docs/solver.md``): the search after the exact draws (``tutor.engine.search``)
walks them, passing each hand it leaves the structures the swap served, so the structure search
(``tutor.engine.distance``) runs where the graph starts, not at every hand. ``split`` and ``seed``
pass a 14-card hand's nearest structures down to the hands its discards leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.nearest import SPECIAL, Structure, Throws, fei_slots

if TYPE_CHECKING:
    from tutor.engine.distance import Distance


def closer(dist: Distance, key: int, pool: dict[int, int]) -> dict[int, list[int]]:
    """The swaps that bring the 13-card hand ``key`` one draw closer to a win: per card drawn
    (a local kind with copies in ``pool``), the hands its discards leave; each such hand not met
    before is given the winning structures it is then nearest to.

    A swap lowers the distance only toward a structure the hand is already nearest to (one
    swap changes the cards a structure keeps by at most one), so the candidates are the cards
    such a structure wants more of, and the cards (or FEI) it keeps no use for. The same
    argument makes the structures a swap serves all those the hand it leaves is nearest to, and
    only a swap leaving a hand at distance ``d - 1`` can be closer: where that hand's distance is
    known already (met from another hand), a swap to any other is dropped unlooked at, and the
    structures it serves are not listed again."""
    d = dist.of(key)
    counts, fei = dist._counts(key)
    caps, fei_cap = dist._caps(counts, fei)
    held = [k for k in range(dist.n) if counts[k]]
    kept_now = dist.t.shape.size - 1 - d
    units = dist.t.unit_of
    memo = dist.memo
    get = memo.get
    out: dict[int, dict[int, list[Structure] | None]] = {}  # None: a hand met before, known closer
    fi = dist.n if dist.t.has_fei else -1
    closer_d = d - 1
    # a structure with no card beyond its copies, where no FEI is held: what a FEI drawn does (``_swap_rule``)
    fei_drawn: tuple[int, Throws] | None = None
    if not fei and fi in pool and dist.mw == 1:
        fei_drawn = (fi, _SIMPLE if fei_cap >= 1 else _NEITHER)
    elif not fei:  # no FEI to draw, or one whose slots only ``_kept`` can tell
        fei_drawn = (fi if fi in pool else -1, _UNKNOWN)
    for struct in dist.optimal(key):
        rule = _swap_rule(dist, struct, counts, fei, caps, fei_cap, pool, held, fei_drawn)
        if rule is None:
            continue
        need, spare, by_real, by_fei, lacks = rule
        told: dict[int, bool] = {}  # ``_kept``'s verdicts: per card drawn, one for every real card thrown, one for a FEI
        for t in need:
            kids = out.get(t)
            if kids is None:
                kids = out[t] = {}
            up = key + units[t]
            real_ok, fei_ok = by_fei if t == fi else by_real
            if real_ok is True and fei_ok is True:  # every throw keeps one card more: the loop below, lighter
                for x in spare:
                    if t == x:
                        continue
                    g = up - units[x]
                    structs = kids.get(g, _NONE)
                    if structs is _NONE:
                        known = get(g)
                        if known is None:
                            kids[g] = [struct]
                        elif known == closer_d:
                            kids[g] = None  # known closer, from a hand met before
                    elif structs is not None:
                        structs.append(struct)
                continue
            for x in spare:
                ok = fei_ok if x == fi else real_ok
                if ok is False or t == x:
                    continue
                g = up - units[x]
                structs = kids.get(g, _NONE)
                if structs is None:
                    continue  # known closer, from a hand met before
                known = get(g) if structs is _NONE else None
                if known is not None and known != d - 1:
                    continue  # a hand met before, not closer
                if ok is None:  # only ``_kept`` can tell
                    tk = t if x != fi else ~t
                    v = told.get(tk)
                    if v is None:
                        if lacks is not None and t != fi:
                            v = told[tk] = _served(dist, struct, counts, fei, caps, fei_cap, lacks, t, x == fi)
                        else:
                            v = told[tk] = dist.kept_after(struct, counts, fei, t, x) == kept_now + 1
                    if not v:
                        continue
                if structs is not _NONE:
                    structs.append(struct)
                else:
                    kids[g] = [struct] if known is None else None
    swaps: dict[int, list[int]] = {}
    for t, kids in out.items():
        if kids:
            swaps[t] = list(kids)
            for g, structs in kids.items():
                if structs is not None:
                    dist.opt[g] = structs
                    memo[g] = d - 1
    return swaps


_NONE: list[Structure] = []  # a hand not listed yet among a draw's
Lacks = tuple[int, int, int]  # a structure's cards lacked and forced (3 bits a kind), its FEI slots
SwapRule = tuple[list[int], list[int], Throws, Throws, Lacks | None]


def _served(
    dist: Distance, struct: Structure, counts: list[int], fei: int, caps: list[int], fei_cap: int, lacks: Lacks, t: int,
    fei_thrown: bool,
) -> bool:
    """``Distance.kept_after(struct, counts, fei, t, x) == kept + 1`` for a structure of groups
    taking one FEI at most (``Distance._kept_one``), a real card ``t`` it lacks drawn (a kind
    with copies in the pool, so its limit stays) and a card ``x`` it has no use for thrown: a
    real one (its limit, where it is the hand's count, stays at least what the structure wants)
    or a FEI (``fei_thrown``). The cards kept grow by the one drawn; the FEI held fill
    ``min(fei, slots, fei_cap)`` before and after, the slots read from the cards lacked alone
    (``fei_slots``, memoised as ``_swap_rule`` does), so the answer does not depend on which
    real card is thrown."""
    missing, forced, u = lacks
    groups, want = struct
    held, cap = fei, fei_cap
    if fei_thrown:
        held = fei - 1
        if dist.base[dist.n] < 0:
            cap = held
    skey = (groups, missing - (1 << 3 * t), forced, cap)
    if skey in dist.slots_memo:
        after = dist.slots_memo[skey]
    else:
        drawn = counts[:]
        drawn[t] += 1
        after = dist.slots_memo[skey] = fei_slots(groups, want, drawn, caps, cap)
    if after is None:
        return False
    return min(held, after, cap) == min(fei, u, fei_cap)


def _swap_rule(
    dist: Distance, struct: Structure, counts: list[int], fei: int, caps: list[int], fei_cap: int,
    pool: dict[int, int], held: list[int], fei_drawn: tuple[int, Throws] | None = None,
) -> SwapRule | None:
    """What a structure the hand is nearest to says of its swaps: the cards to draw (it lacks
    them, copies are left), the cards to throw (it has no use for them; the FEI last), and
    whether drawing a real card, then drawing a FEI, and throwing a real card or a FEI keeps one
    card more of it (``_throws``; None: the structure cannot be completed). ``fei_drawn``, where
    the hand holds no FEI: the FEI to draw (its kind, or -1) and what drawing it does, for a
    structure that lacks a card and wants none beyond its copies (as the steps below find)."""
    groups, want = struct
    wk = dist.wanted.get(want) or dist.wants(want)
    if fei_drawn is not None and groups != SPECIAL:  # no FEI held: the common case first
        need = []
        short = over = False
        for k, w in wk:
            c = counts[k]
            if w > c:
                short = True
                if k in pool:
                    need.append(k)
                if w > caps[k]:
                    over = True
                    break
        if short and not over:
            if fei_drawn[0] >= 0:
                need.append(fei_drawn[0])
            return need, [k for k in held if counts[k] > want[k]], _SIMPLE, fei_drawn[1], None
    fi = dist.n if dist.t.has_fei else -1
    need = []  # a kind no group wants is never needed
    missing = forced = 0  # per kind, the copies it lacks, and those beyond its copies (a FEI's), 3 bits each
    for k, w in wk:
        c = counts[k]
        if w > c:
            if k in pool:
                need.append(k)
            missing += w - c << 3 * k
            if w > caps[k]:
                forced += w - caps[k] << 3 * k
    spare = [k for k in held if counts[k] > want[k]]
    if groups == SPECIAL:  # real cards only: each wanted card drawn for a spare one (or a FEI) keeps one more
        if fei:
            spare.append(fi)
        return need, spare, _SIMPLE, _UNKNOWN, None
    if fi >= 0:
        if fi in pool:
            need.append(fi)
        if fei:
            spare.append(fi)
    # Without a FEI held and no card beyond its copies, every swap of a wanted card for a spare
    # one keeps one card more. Where a group takes one FEI at most, the FEI slots ``u`` of the
    # structure decide (``_throws``); ``_kept`` decides where no shortcut does.
    simple = fi < 0 or (not fei and not forced)
    if simple and (fi < 0 or dist.mw != 1 or fi not in pool):  # (no FEI to draw: ``by_fei`` is not read)
        return need, spare, _SIMPLE, _UNKNOWN, None
    if dist.mw != 1:
        return need, spare, _UNKNOWN, _UNKNOWN, None
    if simple and missing:  # no FEI held: a group lacking a card has a slot for a FEI drawn (``fei_slots``)
        return need, spare, _SIMPLE, _SIMPLE if fei_cap >= 1 else _NEITHER, None
    skey = (groups, missing, forced, fei_cap)  # the slots depend on the cards the groups lack alone
    if skey in dist.slots_memo:
        u = dist.slots_memo[skey]
    else:
        u = dist.slots_memo[skey] = fei_slots(groups, want, counts, caps, fei_cap)
    if u is None:
        return None
    if simple:  # no FEI held: a FEI drawn keeps one card more where a slot is free (``_throws``)
        free = u >= 1 and fei_cap >= 1
        return need, spare, _SIMPLE, (free, free), None
    got = dist.throws_memo.get((u, fei))  # the rest depends on u and the FEI held (fei_cap follows)
    if got is None:
        supplied = dist.base[fi] >= 0
        got = dist.throws_memo[u, fei] = (
            _throws(fei, u, fei_cap, supplied, False), _throws(fei, u, fei_cap, supplied, True))
    return need, spare, got[0], got[1], (missing, forced, u)

_SIMPLE: Throws = (True, True)
_NEITHER: Throws = (False, False)
_UNKNOWN: Throws = (None, None)


def _throws(fei: int, u: int, fei_cap: int, fei_supplied: bool, fei_drawn: bool) -> Throws:
    """Whether drawing a real card or a FEI (``fei_drawn``) and throwing a real card (first) or
    a FEI (second) keeps one card more of a structure with ``u`` FEI slots: yes, no, or None
    where only ``_kept`` can tell. A real card for a real one loses at most one FEI slot, a FEI
    drawn needs a free slot, a FEI thrown keeps no more unless a slot was free."""
    if fei_drawn:
        fei_room = fei_cap if fei_supplied else fei + 1
        free = u >= fei + 1 and fei_room >= fei + 1
        return free, free
    slot_lost = u - 1 < min(fei, fei_cap)
    return (None if slot_lost else True), (False if u >= fei else None)


def split(dist: Distance, key14: int) -> None:
    """Pass the winning structures nearest to a 14-card hand down to the hands its discards
    leave: a discard keeps the distance exactly when one of them has no use for the card
    (else it is left to ``optimal``). One search instead of one per discard."""
    if not dist.by_structure or key14 in dist.opt:
        return
    counts, fei = dist._counts(key14)
    size = dist.t.shape.size
    got = dist.optimal(key14)
    kept = size - dist.memo[key14] - 1
    for x, unit in enumerate(dist.t.unit_of):
        g = key14 - unit
        if not key14 >> (3 * x) & 7 or g in dist.opt:
            continue
        sub = [st for st in got if dist.kept_after(st, counts, fei, -1, x) == kept]
        if sub:
            dist.opt[g] = sub
            dist.memo[g] = size - 1 - kept

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


__all__ = ["closer", "seed", "split"]
