"""Complete groups only: how one component's cards fill complete sets and a NGAN, FEI included.

``complete_options`` is the solver's completeness test per component (``Table._standard``),
memoised with the component tables.
"""

from __future__ import annotations

from itertools import product

from tutor.engine.garbage import release


def complete_options(
    ids: tuple[int, ...], counts: tuple[int, ...], ok: tuple[bool, ...], mw: int, fei: int, memo: dict | None = None
) -> frozenset[tuple[int, int, int]]:
    """Every (sets, ngan, FEI used <= fei) that uses all of one component's cards in complete groups."""
    memo = {} if memo is None else memo
    n = len(ids)
    base = ids[0]

    def sub(i: int, c: tuple[int, ...], pair_ok: bool, spare: int) -> frozenset[tuple[int, int, int]]:
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            return _DONE
        key = ("sub", base, i, c, pair_ok, spare)
        got = memo.get(key)
        if got is not None:
            return got
        t = ids[i]
        cnt = c[i]
        out: set[tuple[int, int, int]] = set()

        def go(c2: tuple[int, ...], ds: int, dp: int, w: int) -> None:
            for s2, p2, f2 in sub(i, c2, pair_ok and not dp, spare - w):
                out.add((s2 + ds, p2 + dp, f2 + w))

        for w in range(min(mw, 2, spare) + 1):  # PONG with w FEI
            if cnt >= 3 - w:
                go(c[:i] + (cnt - 3 + w,) + c[i + 1 :], 1, 0, w)
        if pair_ok:
            for w in range(min(mw, 1, spare) + 1):  # NGAN with w FEI
                if cnt >= 2 - w:
                    go(c[:i] + (cnt - 2 + w,) + c[i + 1 :], 0, 1, w)
        if t < 27 and n > 1:
            for start in (t - 2, t - 1, t):  # CHEE windows where t is the lowest real card
                if start < 0 or start // 9 != t // 9 or start % 9 > 6 or not ok[start]:
                    continue
                below = t - start
                for above in product((0, 1), repeat=2 - below):
                    wild = below + sum(above)
                    if wild > mw or wild > spare:
                        continue
                    used = [t] + [start + below + 1 + j for j, a in enumerate(above) if not a]
                    lst = list(c)
                    if any(lst[x - base] == 0 for x in used[1:]):
                        continue
                    for x in used:
                        lst[x - base] -= 1
                    go(tuple(lst), 1, 0, wild)
        res = frozenset(out)
        memo[key] = res
        return res

    try:
        return sub(0, tuple(counts), True, fei)
    finally:  # (a recursive closure holds itself: ``release``)
        release(sub)


_DONE = frozenset({(0, 0, 0)})

