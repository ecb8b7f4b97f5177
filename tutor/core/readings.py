"""Readings of a complete hand: its groups (sets and the NGAN), and where a FEI fills in.

Inside the engine a group is a small tuple ``(kind, tile, wild, declared)``: ``kind`` is
CHEE/PONG/KONG/NGAN as 0-3, ``tile`` the index of the card it stands for (the lowest one for a
CHEE), ``wild`` a bitmask of the positions a FEI fills, ``declared`` 1 for a set laid down.
``Group`` and ``Reading`` are the public, readable forms.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.core.hands import MeldKind
from tutor.core.tiles import FEI, TILES, Tile

CHEE, PONG, KONG, NGAN = 0, 1, 2, 3
_KINDS = (MeldKind.CHEE, MeldKind.PONG, MeldKind.KONG, MeldKind.NGAN)
RawGroup = tuple[int, int, int, int]
RawReading = tuple[RawGroup, ...]


@dataclass(frozen=True, order=True, slots=True)
class Group:
    """A set or the NGAN in a reading: what it stands for, and where a FEI fills in."""

    kind: MeldKind
    tiles: tuple[Tile, ...]  # the cards it stands for, in order
    wild: tuple[int, ...] = ()  # positions in ``tiles`` filled by a FEI
    declared: bool = False

    @classmethod
    def from_raw(cls, raw: RawGroup) -> Group:
        if cls is Group:  # groups are immutable and few (kind, card, FEI positions, laid down): made once each
            got = _GROUPS.get(raw)
            if got is None:
                got = _GROUPS[raw] = cls._make(raw)
            return got
        return cls._make(raw)

    @classmethod
    def _make(cls, raw: RawGroup) -> Group:
        k, t, w, d = raw
        size = {CHEE: 3, PONG: 3, KONG: 4, NGAN: 2}[k]
        ids = [t + j for j in range(3)] if k == CHEE else [t] * size
        wild = tuple(j for j in range(size) if w >> j & 1)
        return cls(_KINDS[k], tuple(TILES[i] for i in ids), wild, bool(d))

    @property
    def cards(self) -> tuple[Tile, ...]:
        """The physical cards: FEI where a FEI fills in."""
        return tuple(FEI if j in self.wild else t for j, t in enumerate(self.tiles))

    def __str__(self) -> str:
        parts = [f"F*={t}" if j in self.wild else str(t) for j, t in enumerate(self.tiles)]
        return " ".join(parts)


_GROUPS: dict[RawGroup, Group] = {}


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand: its sets and its NGAN, or a special shape's groups."""

    groups: tuple[Group, ...]
    shape: str = "standard"  # or seven_pairs, thirteen_orphans, nine_gates
    singles: tuple[Tile, ...] = ()  # a special shape's cards outside its groups

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind is not MeldKind.NGAN)

    @property
    def ngan(self) -> Group | None:
        return next((g for g in self.groups if g.kind is MeldKind.NGAN), None)


def to_reading(raw: RawReading) -> Reading:
    """The readable form of an engine reading: sets first, then the NGAN (each in the order of
    the cards it stands for)."""
    made = _GROUPS
    return Reading(tuple([made.get(g) or Group.from_raw(g) for g in sorted(raw, key=_order)]))


_ORDER: dict[RawGroup, tuple[bool, tuple[int, ...]]] = {}


def _order(raw: RawGroup) -> tuple[bool, tuple[int, ...]]:
    """Where a group goes in a reading: the NGAN last, then by the cards it stands for (a card's
    order is its index), as ``(group.kind is NGAN, group.tiles)`` orders the groups."""
    got = _ORDER.get(raw)
    if got is None:
        got = _ORDER[raw] = (raw[0] == NGAN, tuple(t.id for t in Group.from_raw(raw).tiles))
    return got
