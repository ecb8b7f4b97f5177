"""Card supply in the shanten search: the FEI a cut of the hand must spend on cards none are left of.

Used by ``tutor.engine.shapes.shanten.exact_at_least``, which confirms the suit tables' bound with card
supply checked, and the two tests that let shanten skip that search where supply cannot bind
(``_fei_slack``, ``_supply_slack``).
"""

from __future__ import annotations

from itertools import combinations, product
from operator import lt
from typing import Any

N = 34  # non-FEI kinds


def _forced(needs: list[tuple[tuple[tuple[int, ...], ...], int]], avail: dict[int, int], mw: int) -> int | None:
    """Fewest FEI that must fill slots no card can fill; None if even FEI cannot do it.

    ``needs`` holds, per group with missing cards, its alternatives and how many FEI it may take
    (at most ``mw`` too). For each way to complete the groups, the slots beyond the cards left
    must take a FEI each, one group giving at most its share: an exact search over placements.
    """
    demand: dict[int, int] = {}
    for alts, _ in needs:
        for x in alts[0]:
            demand[x] = demand.get(x, 0) + 1
    if all(avail.get(x, 0) >= n for x, n in demand.items()):
        return 0
    best: int | None = None
    for choice in product(*(alts for alts, _ in needs)):
        per: dict[int, int] = {}
        for miss in choice:
            for x in miss:
                per[x] = per.get(x, 0) + 1
        excess = {x: n - avail.get(x, 0) for x, n in per.items() if n > avail.get(x, 0)}
        need = sum(excess.values())
        if best is not None and need >= best:
            continue
        if _placeable(excess, [(miss, min(mw, cap)) for (_, cap), miss in zip(needs, choice, strict=True)]):
            best = need
            if need == 0:
                break
    return best


def _placeable(excess: dict[int, int], groups: list[tuple[tuple[int, ...], int]]) -> bool:
    """Can each over-demanded card get its FEI from distinct slots, a group giving at most its share?"""
    left = {x: n for x, n in excess.items() if n > 0}
    if not left:
        return True
    if not groups:
        return False
    (miss, share), rest = groups[0], groups[1:]
    # this group's FEI go on some of its missing cards that are over-demanded (or on none)
    options: set[tuple[int, ...]] = {()}
    for k in range(1, share + 1):
        for pick in _sub_multisets([x for x in miss if x in left], k):
            options.add(pick)
    for pick in sorted(options, key=len, reverse=True):
        trial = dict(left)
        ok = True
        for x in pick:
            trial[x] = trial.get(x, 0) - 1
            if trial[x] < 0:
                ok = False
        if ok and _placeable(trial, rest):
            return True
    return False


def _sub_multisets(items: list[int], k: int) -> set[tuple[int, ...]]:
    """The distinct sub-multisets of ``items`` of size ``k``."""
    return {tuple(sorted(c)) for c in combinations(items, k)}


def _fei_slack(counts: list[int], ctx: Any, missing: int) -> bool:  # ctx: a shanten.ShapeContext
    """Can FEI drawn from the deck cover whatever card supply lacks, so the table bound is exact?
    A sufficient test, for a hand holding no FEI whose bound leaves ``missing`` cards to draw.

    Proof. Among the cuts reaching the bound take one in which no two groups are both begun on
    the same kind ``t`` alone (PONG begun ``tt``, NGAN seed ``t``, PONG seed ``t``, complete NGAN
    ``tt``, where one lacks ``t``): two such groups always merge into one PONG begun or complete
    plus an empty group, keeping the same cards with no more groups (four copies would be needed
    for a complete PONG and a seed, and the test asks that no kind held is held to its last copy).
    Every incomplete group there lacks at least one card, so at most ``min(sets + 1, missing)``
    of them lack any; give one FEI drawn from the deck to each of them, or, where there are
    ``sets + 1`` of them, to each set (one a group is allowed, the group keeps a card of its own).
    A group lacking one card is then whole; a NGAN seed too; a seed completed as a PONG of ``t``
    (always one of its ways) still lacks one ``t``, for at most one seed per kind, and a copy of
    ``t`` is left since ``t`` is held below its copies. A NGAN left without a FEI is a seed ``t``
    lacking one ``t``, and no other group is begun on ``t`` alone, so that copy is left for it.
    So the search finds that cut with every slot filled, and the bound is the exact value: hence
    ``min(sets, missing)`` FEI left to draw are enough (3leg: four, whatever the hand).

    An honour ``t`` held to its limit (at least two copies, none left) is allowed too. In a cut
    reaching the bound (card supply ignored) no group lacks ``t`` while a ``t`` held is unused
    (it would fill that group, one card more), and a lone seed or PONG begun on ``t`` is not
    short of a ``t`` held; so, merged as above and with ``ttt`` + seed ``t`` cut as ``tt`` + ``tt``
    (the same cards, no more groups lacking), the groups lacking ``t`` are two-card groups lacking
    one, each given a FEI, and the NGAN on ``t`` is whole."""
    if ctx.max_wild < 1 or ctx.fei_cap < min(ctx.sets, missing):
        return False
    return all(map(lt, counts, ctx._below_fei))  # a kind not held passes (its bound is at least 1)


def _supply_slack(counts: list[int], ctx: Any, missing: int) -> bool:
    """Can card supply not bind, so the table bound is exact? A sufficient test, for a hand
    holding no FEI whose bound leaves ``missing`` cards to draw.

    Proof. Take any cut of the cards into groups reaching the bound (complete groups, partial
    groups, seeds, empty groups) and any choice of the cards each incomplete group lacks. Only
    partial groups and seeds lack cards (``exact_at_least`` asks nothing of an empty group), and
    with no FEI held they lack at most ``missing`` cards in all. A group lacking a copy of ``t``
    either holds ``t`` itself (a PONG begun with two, lacking one; a NGAN seed, lacking one; a
    PONG seed, lacking two), at most two for each held copy; or is CHEE-shaped (two of a window,
    or a seed completed as a window) and lacks one ``t``, holding a card of the same suit at most
    two ranks from ``t``, each held card in one group only. So the copies of ``t`` lacked number
    at most ``min(missing, 2 * held[t] + held within two ranks of t)``; when that never passes
    the copies left (``cap - held``), every choice is drawable, the search would accept the very
    cut the bound counts, and the bound is the exact value. (Letting FEI drawn from the deck cover
    the kinds that fail this, as ``_fei_slack`` does for all, is sound too but measured slower:
    the search it saves is rare on the hands it reaches.)"""
    cap = ctx.cap
    for t in range(N):
        held = counts[t]
        left = cap[t] - held
        if left >= missing:
            continue
        if t < 27:
            lo = t - t % 9
            near = sum(counts[max(lo, t - 2) : min(lo + 9, t + 3)]) - held
        else:
            near = 0
        if 2 * held + near > left:
            return False
    return True


def supply_cannot_bind(counts: list[int], ctx: Any, missing: int) -> bool:
    """``_fei_slack`` or ``_supply_slack``, cheapest first: both need every kind held to be held
    below its copies, but for honours under ``_fei_slack`` (``ctx._below_fei`` is never below
    ``ctx._below``, so a hand ``_fei_slack`` refuses on it is refused by both)."""
    if ctx.max_wild >= 1 and ctx.fei_cap >= min(ctx.sets, missing):
        return all(map(lt, counts, ctx._below_fei))
    return all(map(lt, counts, ctx._below)) and _supply_slack(counts, ctx, missing)


def held_below(counts: list[int], ctx: Any) -> list[int] | None:
    """The hand less one copy of each kind held to its last copy; None when no kind is."""
    below = ctx._below
    if all(map(lt, counts, below)):
        return None
    return [n - (n >= b) for n, b in zip(counts, below, strict=False)]
