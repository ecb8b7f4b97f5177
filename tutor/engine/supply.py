"""Card supply in the shanten search: the FEI a cut of the hand must spend on cards none are left of.

Used by ``tutor.engine.shanten._exact_at_least``, which confirms the suit tables' bound with card
supply checked.
"""

from __future__ import annotations

from itertools import combinations, product


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
