"""A brute-force shanten for tests: search complete target hands, not splits of the hand held.

draws(H) = min over complete hands T that can exist (copies, FEI limits) of the cards of T not in
H; shanten = draws - 1. Targets are built group by group in a fixed order, pruned once they need
more draws than the bound. Slow, simple, and independent of ``tutor.engine.shapes.shanten``.
"""

from __future__ import annotations

FEI = 34


def _variants(tiles: list[int], chee_starts: list[int], max_wild: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Every set and every NGAN as a tuple of card kinds (FEI = 34), with at most max_wild FEI."""
    sets: set[tuple[int, ...]] = set()
    pairs: set[tuple[int, ...]] = set()
    for t in tiles:
        for w in range(min(max_wild, 2) + 1):
            sets.add(tuple(sorted([t] * (3 - w) + [FEI] * w)))
        pairs.add((t, t))
        if max_wild:
            pairs.add((t, FEI))
    for s in chee_starts:
        window = [s, s + 1, s + 2]
        sets.add(tuple(window))
        if max_wild:
            for j in range(3):
                sets.add(tuple(sorted([x for k, x in enumerate(window) if k != j] + [FEI])))
    return sorted(sets), sorted(pairs)


def brute_draws(
    hand: list[int], sets: int, tiles: list[int], chee_starts: list[int], cap: list[int], max_wild: int, bound: int
) -> int | None:
    """Least draws to a complete hand if it is at most ``bound``, else None. ``hand``: 35 counts."""
    set_vars, pair_vars = _variants(tiles, chee_starts, max_wild)
    target = [0] * 35
    best = [bound + 1]

    def add(group: tuple[int, ...], sign: int) -> int:
        """Change in draws when the group joins (sign 1) or leaves (-1) the target."""
        delta = 0
        for x in group:
            if sign > 0:
                target[x] += 1
                if target[x] > hand[x]:
                    delta += 1
            else:
                if target[x] > hand[x]:
                    delta -= 1
                target[x] -= 1
        return delta

    def fits(group: tuple[int, ...]) -> bool:
        """Does the target stay within the copies? Only the group just added can pass them (the
        target without it was within them, or empty)."""
        return all(target[x] <= cap[x] for x in group)

    def go(start: int, left: int, draws: int) -> None:
        if draws >= best[0]:
            return
        if left == 0:
            best[0] = draws
            return
        for k in range(start, len(set_vars)):
            g = set_vars[k]
            d = add(g, 1)
            if fits(g):
                go(k, left - 1, draws + d)
            add(g, -1)

    for p in pair_vars:
        d = add(p, 1)
        if fits(p):
            go(0, sets, d)
        add(p, -1)
    return best[0] if best[0] <= bound else None
