"""The cheap lower bound on shanten that prunes the search (``Table.lower``), from component profiles.

A component's profile maps (sets, NGAN, wild slots) to the most of its cards a complete hand
keeps, card supply ignored (``free_profile``). The bound merges the profiles of a hand's
components and fills the wild slots left open with the FEI held. Many hands share their
components' profiles (an honour's profile depends on its count alone, and a suit's on the
numbers held), so a profile carries its content as a key (``Profile.key``) and the merge is
memoised on those keys and the FEI held: the search meets thousands of hands for a few hundred
merges.
"""

from __future__ import annotations

from tutor.core.tiles import FIRST_WIND
from tutor.engine.shapes import suit_tables
from tutor.engine.shapes.shanten import free_profile, merge_profiles


class Profile(dict[tuple[int, int, int], int]):
    """A component's profile, and its content as a hashable key (``key``)."""

    __slots__ = ("key",)

    def __init__(self, items: dict[tuple[int, int, int], int]) -> None:
        super().__init__(items)
        self.key = frozenset(items.items())


NOTHING = Profile({(0, 0, 0): 0})
"""The profile of no cards: no set, no NGAN, no wild slot, nothing kept."""


def component_profile(
    ids: tuple[int, ...], counts: list[int], chee_ok: tuple[bool, ...], max_wild: int, sets: int, fei: int,
    memo: dict[object, object],
) -> Profile:
    """The profile of one component: the kinds ``ids`` (a suit's, or the honours) held ``counts``
    times, with ``fei`` FEI to fill wild slots (a slot count past them is capped)."""
    if ids[0] >= FIRST_WIND:
        prof: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}
        for n in counts:
            if n:
                one = free_profile((27,), (n,), chee_ok, max_wild, memo)  # an honour's depends on its count only
                prof = merge_profiles(prof, one, sets, fei)
        return Profile(prof)
    base = ids[0] - ids[0] % 9
    full = [0] * 9
    for t, n in zip(ids, counts, strict=True):
        full[t - base] = n
    shipped = _shipped(full, base, chee_ok, max_wild)
    prof = shipped if shipped is not None else free_profile(tuple(range(base, base + 9)), tuple(full), chee_ok,
                                                            max_wild, memo)
    return Profile(merge_profiles({(0, 0, 0): 0}, prof, sets, fei))


def _shipped(full: list[int], base: int, chee_ok: tuple[bool, ...], max_wild: int) -> dict[tuple[int, int, int], int] | None:
    """The suit's profile from the shipped table (``suit_tables``), where it has it: a suit with
    every CHEE window allowed, one FEI at most a group, at most 14 cards. The table holds
    ``free_profile``'s very profiles, so this saves working one out."""
    if max_wild != suit_tables.MAX_WILD or sum(full) > suit_tables.MAX_CARDS or not suit_tables.available():
        return None
    if not suit_tables.table_suits(chee_ok)[base // 9]:
        return None
    return suit_tables.suit_profile(full)


def most_kept(profiles: list[Profile], sets: int, fei: int, max_wild: int) -> int:
    """The most cards a complete hand keeps of the components with these profiles, the wild slots
    left open filled by the ``fei`` FEI held (card supply ignored)."""
    rest = list(profiles)
    last = rest.pop() if rest else NOTHING
    total: dict[tuple[int, int, int], int] = rest[0] if rest else NOTHING
    for prof in rest[1:]:
        total = merge_profiles(total, prof, sets, fei)
    c2, c1 = min(max_wild, 2), min(max_wild, 1)
    # the last component merged with the rest straight into the bound: per pair of entries, the
    # cards kept and the FEI that fill the wild slots open (a slot count past the FEI held is
    # capped by the min either way, so no entry need be capped first)
    best = 0
    pairs = list(total.items())
    for (s2, p2, w2), v2 in last.items():
        for (s1, p1, w1), v1 in pairs:
            s_ = s1 + s2
            p_ = p1 + p2
            if s_ > sets or p_ > 1:
                continue
            v = v1 + v2 + min(fei, w1 + w2 + (sets - s_) * c2 + (1 - p_) * c1)
            if v > best:  # noqa: PLR1730 - a call to max costs more in this loop
                best = v
    return best


__all__ = ["NOTHING", "Profile", "component_profile", "most_kept"]
