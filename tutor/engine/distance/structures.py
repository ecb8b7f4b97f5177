"""Winning structures: their form, and the FEI one can take (``docs/solver.md``).

A structure is the groups a complete hand stands for (with the cards they want per kind); the
distance search (``tutor.engine.distance.to_win``) lists the winning ones nearest to a hand, and the
search (``tutor.engine.search.expected_fun``) passes them down its graph (``tutor.engine.search.closer``).
``fei_slots`` counts the FEI a structure can take, one a group at most.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.core.readings import CHEE
from tutor.engine.garbage import release

Group = tuple[int, int]  # (kind, local index of the card it stands for; the lowest for a CHEE)
Structure = tuple[tuple[Group, ...], tuple[int, ...]]  # its groups, and the cards they want per kind
Throws = tuple[bool | None, bool | None]  # does a swap keep one card more, throwing a real card / a FEI (None: unknown)
SPECIAL: tuple[Group, ...] = ((-1, -1),)  # the groups of a special shape: a whole hand of real cards, no FEI


def fei_slots(
    groups: tuple[Group, ...], want: Sequence[int], counts: list[int], caps: list[int], fei_cap: int
) -> int | None:
    """The most FEI a structure can take where a group takes one at most: a matching of groups
    to the cards they lack, which must cover the cards beyond their copies (a FEI to draw, if
    not held); None when it cannot. The FEI held fill ``min(held, slots)`` of them.

    The cards that must be FEI are matched first; growing the matching by augmenting paths
    never unmatches a card, so the largest matching still covers them."""
    missing: dict[int, int] = {}
    forced: dict[int, int] = {}
    for k, (w, c) in enumerate(zip(want, counts, strict=False)):
        if w > c:
            missing[k] = w - c
            if w > caps[k]:
                forced[k] = w - caps[k]
    if not missing:
        return 0
    if forced and sum(forced.values()) > fei_cap:
        return None
    options: list[list[int]] = []
    for kind, i in groups:
        if kind == CHEE:
            lack = [x for x in (i, i + 1, i + 2) if x in missing]
            if lack:
                options.append(lack)
        elif i in missing:
            options.append([i])
    if not forced:  # most often each group lacking a card gets one of its own: no search
        left = dict(missing)
        for lack in options:
            for x in lack:
                if left[x]:
                    left[x] -= 1
                    break
            else:
                break
        else:
            return len(options)
    where: dict[int, int] = {}  # group -> the card its FEI stands for
    load = dict.fromkeys(missing, 0)

    def augment(j: int, cap: dict[int, int], seen: set[int]) -> bool:
        for x in options[j]:
            if x in seen or not cap.get(x):
                continue
            seen.add(x)
            if load[x] < cap[x]:
                load[x] += 1
                where[j] = x
                return True
            for j2, x2 in list(where.items()):
                if x2 == x and augment(j2, cap, seen):
                    where[j] = x
                    return True
        return False

    try:
        if forced:
            for j in range(len(options)):
                if j not in where:
                    augment(j, forced, set())
            if sum(load.values()) < sum(forced.values()):
                return None
        for j in range(len(options)):
            if j not in where:
                augment(j, missing, set())
    finally:  # (a recursive closure holds itself: ``release``)
        release(augment)
    return len(where)


__all__ = ["SPECIAL", "Group", "Structure", "Throws", "fei_slots"]
