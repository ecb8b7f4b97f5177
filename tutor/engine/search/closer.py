"""The swaps that bring a hand one draw closer to a win, from the winning structures it is
nearest to (``docs/solver.md``): the search after the exact draws (``tutor.engine.search.expected_fun``)
walks them, passing each hand it leaves the structures the swap served, so the structure search
(``tutor.engine.distance.to_win``) runs where the graph starts, not at every hand. ``split`` and ``seed``
pass a 14-card hand's nearest structures down to the hands its discards leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.engine.distance.structures import SPECIAL, Structure, Throws, fei_slots

if TYPE_CHECKING:
    from tutor.engine.distance.to_win import Distance


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
    structures it serves are not listed again.

    The structures are sets (``tutor.engine.distance.structure_sets``), so the swaps are found a card drawn and a card
    thrown at a time, not a structure at a time: a real card ``x`` thrown serves the structures
    wanting fewer ``x`` than the hand holds (``StructureSets.fewer``), a real card ``t`` drawn those
    wanting more (``StructureSets.more``), so the swap serves the two sets' common part, less the
    structures where it keeps no card more. Where a card drawn or thrown is a FEI, that depends
    on the structure's FEI slots (``_verdicts``), found a structure at a time; structures no
    such rule covers (special shapes; with no FEI held, cards wanted beyond their copies; sets
    that may take two FEI) are weighed a swap at a time (``_swap_rule``)."""
    d = dist.of(key)
    counts, fei = dist._counts(key)
    caps, fei_cap = dist._caps(counts, fei)
    held = [k for k in range(dist.n) if counts[k]]
    every = dist.optimal_bits(key)
    fi = dist.n if dist.t.has_fei else -1
    known_sets = dist.known
    more, fewer = known_sets.more, known_sets.fewer
    # a structure wanting a card beyond its copies
    over = 0
    for k, c in enumerate(caps):
        over |= more[k][c]
    fei_in_pool = fi >= 0 and fi in pool
    plain = every & ~known_sets.special & ~over  # the structures the sets below weigh
    # per card drawn (real, or a FEI): the structures a real card thrown then serves, and those a FEI thrown serves
    by_real: dict[int, int] = {}
    by_fei: dict[int, int] = {}
    if not fei and (dist.mw == 1 or not fei_in_pool):
        # no FEI held: a real card drawn for a real one always keeps one more; a FEI drawn where a slot is free
        for t in pool:
            if t != fi:
                got = plain & more[t][counts[t]]
                if got:
                    by_real[t] = got
        if fei_in_pool and fei_cap >= 1 and plain:
            by_real[fi] = plain
    elif fei and dist.mw == 1 and fi >= 0:  # (cards wanted beyond their copies too: the FEI slots tell)
        plain = _verdicts(dist, key, every & ~known_sets.special, counts, fei, caps, fei_cap, pool, by_real, by_fei)
    else:
        plain = 0
    out: dict[int, dict[int, int | None]] = {}  # per card drawn, the hands left: their structures, or None (met before)
    memo = dist.memo
    get = memo.get
    closer_d = d - 1
    units = dist.t.unit_of
    throws = [(x, spare) for x in held if (spare := fewer[x][counts[x]] & every)]  # a real card thrown: those it serves
    for t, served in by_real.items():
        kids = out.get(t)
        if kids is None:
            kids = out[t] = {}
        up = key + units[t]
        for x, spare in throws:
            if x == t:
                continue
            bits = served & spare
            if bits:
                g = up - units[x]
                known = get(g)
                if known is None:
                    kids[g] = bits
                elif known == closer_d:
                    kids[g] = None
    for t, bits in by_fei.items():
        kids = out.get(t)
        if kids is None:
            kids = out[t] = {}
        g = key + units[t] - units[fi]
        known = get(g)  # (the only swap drawing t and throwing a FEI: g is new to ``kids``)
        if known is None:
            kids[g] = bits
        elif known == closer_d:
            kids[g] = None
    rest = every & ~plain
    if rest:
        _one_by_one(dist, key, d, rest, counts, fei, caps, fei_cap, pool, held, out)
    swaps: dict[int, list[int]] = {}
    opt = dist.opt
    for t, kids in out.items():
        if kids:
            swaps[t] = list(kids)
            for g, found in kids.items():
                if found is not None:
                    opt[g] = found
                    memo[g] = closer_d
    return swaps


def _verdicts(
    dist: Distance, key: int, plain: int, counts: list[int], fei: int, caps: list[int], fei_cap: int, pool: dict[int, int],
    by_real: dict[int, int], by_fei: dict[int, int],
) -> int:
    """``closer``'s sets where the hand holds a FEI and a group takes one at most: per card drawn,
    the structures a real card thrown serves (``by_real``) and those a FEI thrown serves
    (``by_fei``), filled in from each structure's FEI slots (``_swap_rule``'s rule); the
    structures weighed so (the others are left to ``_one_by_one``)."""
    fi = dist.n
    more = dist.known.more
    real_true = 0  # a real card drawn for a real one keeps one more
    fei_true = 0  # a real card drawn for a FEI keeps one more
    fei_drawn = 0  # a FEI drawn for a real card keeps one more
    ask_real: list[tuple[int, Lacks]] = []  # only ``_served`` can tell, per card drawn
    ask_fei: list[tuple[int, Lacks]] = []  # a FEI thrown: the same
    weighed = 0
    structs = dist.known.structs
    fields = dist.known.fields
    memo = dist.rules_memo
    bits = plain
    while bits:
        low = bits & -bits
        bits ^= low
        i = low.bit_length() - 1
        # the rule reads the counts of the kinds the structure wants and the FEI held (their copy limits follow)
        rk = (key & fields[i]) << 32 | i
        if rk in memo:
            rule = memo[rk]
        else:
            rule = memo[rk] = _slots_rule(dist, structs[i], counts, fei, caps, fei_cap)
        weighed |= low
        if rule is None:
            continue
        real, drawn, lacks = rule
        if real[0] is True:
            real_true |= low
        elif real[0] is None:
            ask_real.append((i, lacks))
        if real[1] is True:
            fei_true |= low
        elif real[1] is None:
            ask_fei.append((i, lacks))
        if drawn[0]:
            fei_drawn |= low
    for t in pool:
        if t == fi:
            continue
        wants = plain & more[t][counts[t]]
        if not wants:
            continue
        for out, told, asked, fei_thrown in ((by_real, real_true, ask_real, False), (by_fei, fei_true, ask_fei, True)):
            served = wants & told
            for i, lacks in asked:
                if wants >> i & 1 and _served(dist, structs[i], counts, fei, caps, fei_cap, lacks, t, fei_thrown):
                    served |= 1 << i
            if served:
                out[t] = served
    if fi in pool and fei_drawn:
        by_real[fi] = fei_drawn
    return weighed


def _one_by_one(
    dist: Distance, key: int, d: int, bits: int, counts: list[int], fei: int, caps: list[int], fei_cap: int,
    pool: dict[int, int], held: list[int], out: dict[int, dict[int, int | None]],
) -> None:
    """``closer``'s swaps toward the structures ``bits`` weighed a structure and a swap at a time
    (``_swap_rule``), added to ``out``."""
    fi = dist.n if dist.t.has_fei else -1
    kept_now = dist.t.shape.size - 1 - d
    units = dist.t.unit_of
    get = dist.memo.get
    # a structure with no card beyond its copies, where no FEI is held: what a FEI drawn does (``_swap_rule``)
    fei_drawn: tuple[int, Throws] | None = None
    if not fei and fi in pool and dist.mw == 1:
        fei_drawn = (fi, _SIMPLE if fei_cap >= 1 else _NEITHER)
    elif not fei:  # no FEI to draw, or one whose slots only ``_kept`` can tell
        fei_drawn = (fi if fi in pool else -1, _UNKNOWN)
    for struct in dist.known.unbits(bits):
        rule = _swap_rule(dist, struct, counts, fei, caps, fei_cap, pool, held, fei_drawn)
        if rule is None:
            continue
        bit = 1 << dist.known.numbers[struct]
        need, spare, by_real, by_fei, lacks = rule
        told: dict[int, bool] = {}  # ``_kept``'s verdicts: per card drawn, one for every real card thrown, one for a FEI
        for t in need:
            kids = out.get(t)
            if kids is None:
                kids = out[t] = {}
            up = key + units[t]
            real_ok, fei_ok = by_fei if t == fi else by_real
            for x in spare:
                ok = fei_ok if x == fi else real_ok
                if ok is False or t == x:
                    continue
                g = up - units[x]
                got = kids.get(g, -1)
                if got is None:
                    continue  # known closer, from a hand met before
                known = get(g) if got == -1 else None
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
                if got != -1:
                    kids[g] = got | bit
                else:
                    kids[g] = bit if known is None else None


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
    u = _slots(dist, struct, counts, caps, fei_cap, missing, forced)
    if u is None:
        return None
    if simple:  # no FEI held: a FEI drawn keeps one card more where a slot is free (``_throws``)
        free = u >= 1 and fei_cap >= 1
        return need, spare, _SIMPLE, (free, free), None
    real, drawn = _throws_at(dist, u, fei, fei_cap)
    return need, spare, real, drawn, (missing, forced, u)


def _slots(dist: Distance, struct: Structure, counts: list[int], caps: list[int], fei_cap: int, missing: int,
           forced: int) -> int | None:
    """``fei_slots`` of a structure, memoised by the cards it lacks (``missing``, ``forced``: 3 bits a kind)."""
    groups, want = struct
    skey = (groups, missing, forced, fei_cap)  # the slots depend on the cards the groups lack alone
    if skey in dist.slots_memo:
        return dist.slots_memo[skey]
    u = dist.slots_memo[skey] = fei_slots(groups, want, counts, caps, fei_cap)
    return u


def _throws_at(dist: Distance, u: int, fei: int, fei_cap: int) -> tuple[Throws, Throws]:
    """``_throws`` for a real card drawn and for a FEI drawn, with ``u`` FEI slots and ``fei`` held
    (memoised: fei_cap follows from them)."""
    got = dist.throws_memo.get((u, fei))
    if got is None:
        supplied = dist.base[dist.n] >= 0
        got = dist.throws_memo[u, fei] = (
            _throws(fei, u, fei_cap, supplied, False), _throws(fei, u, fei_cap, supplied, True))
    return got


def _slots_rule(
    dist: Distance, struct: Structure, counts: list[int], fei: int, caps: list[int], fei_cap: int,
) -> tuple[Throws, Throws, Lacks] | None:
    """``_swap_rule``'s verdicts for a structure of groups taking one FEI at most, where the hand
    holds a FEI (the cards to draw and throw are ``closer``'s sets): whether a real card drawn,
    then a FEI drawn, keeps one card more throwing a real card or a FEI, and what it lacks."""
    want = struct[1]
    missing = forced = 0
    for k, w in dist.wanted.get(want) or dist.wants(want):
        c = counts[k]
        if w > c:
            missing += w - c << 3 * k
            if w > caps[k]:
                forced += w - caps[k] << 3 * k
    u = _slots(dist, struct, counts, caps, fei_cap, missing, forced)
    if u is None:
        return None
    real, drawn = _throws_at(dist, u, fei, fei_cap)
    return real, drawn, (missing, forced, u)

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
            dist.opt[g] = dist.known.bits(sub)
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
        dist.opt[g] = dist.known.bits(sub)
        dist.memo[g] = root.t.shape.size - 1 - kept
    elif got:
        dist.low[g] = max(dist.low.get(g, -2), root.memo[key14] + 1)


def same_distance(dist: Distance, key14: int, d: int, t: int) -> list[int]:
    """The hands a discard other than the card ``t`` just drawn leaves at the distance ``d`` from
    the 14 cards ``key14``, where no discard brings a win closer (their distance is ``d``, the 13
    cards' before the draw): the hand changes of ``Walk._changing``.

    With structures, a discard keeps the distance exactly when one of the 14 cards' nearest
    winning structures keeps as many cards without it (``split``'s rule); each hand so found is
    given those structures. Else the distance of each hand is asked (``Distance.within``)."""
    units = dist.t.unit_of
    memo = dist.memo
    out = []
    if not dist.by_structure:
        for x, unit in enumerate(units):
            if x != t and key14 >> 3 * x & 7 and dist.within(key14 - unit, d):
                out.append(key14 - unit)
        return out
    if key14 not in dist.opt:  # no discard is closer: the 14 cards are no nearer than d, the search starts there
        dist.low[key14] = max(dist.low.get(key14, -2), d)
    got = dist.optimal(key14)
    if memo[key14] != d:  # (some discard is closer: not a hand change's draw; each hand asked)
        return [key14 - u for x, u in enumerate(units) if x != t and key14 >> 3 * x & 7 and dist.of(key14 - u) == d]
    kept = dist.t.shape.size - d - 1
    counts, fei = dist._counts(key14)
    for x, unit in enumerate(units):
        if x == t or not key14 >> 3 * x & 7:
            continue
        g = key14 - unit
        known = memo.get(g)
        if known is not None:
            if known == d:
                out.append(g)
            continue
        sub = [st for st in got if dist.kept_after(st, counts, fei, -1, x) == kept]
        if sub:
            dist.opt[g] = dist.known.bits(sub)
            memo[g] = d
            out.append(g)
        else:
            dist.low[g] = max(dist.low.get(g, -2), d + 1)
    return out


__all__ = ["closer", "same_distance", "seed", "split"]
