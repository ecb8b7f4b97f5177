"""Hands: the concealed cards, the sets laid down, and the bonus cards, as one frozen value."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from operator import attrgetter

from tutor.core.tiles import FEI_ID, N_PLAYING, TILES, Tile


class MeldKind(Enum):
    """The four kinds of group in a winning hand."""

    CHEE = "chee"  # three consecutive numbered cards of one suit
    PONG = "pong"  # three identical cards
    KONG = "kong"  # four identical cards, declared; counts as one set
    NGAN = "ngan"  # a pair

    @property
    def label(self) -> str:
        return self.name

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, MeldKind):
            return NotImplemented
        return _KIND_ORDER[self] < _KIND_ORDER[other]


_KIND_ORDER = {k: i for i, k in enumerate(MeldKind)}
_BY_ID = attrgetter("id")  # the order of cards (Tile orders by id), without a Python call per comparison


@dataclass(frozen=True, order=True, slots=True)
class Meld:
    """A set laid down before the win, as written: ``[555d]``, ``[12d F*]``, ``(5555d)``.

    ``cards`` are the physical cards, FEI included, sorted. ``exposed`` is False only for a
    concealed KONG, written in round brackets.
    """

    kind: MeldKind
    cards: tuple[Tile, ...]
    exposed: bool = True

    @property
    def wild_count(self) -> int:
        return sum(1 for t in self.cards if t.id == FEI_ID)

    def __str__(self) -> str:
        from notation import format_meld

        return format_meld(self)


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's hand: concealed cards, laid-down sets, and revealed bonus cards (sunk FEI too).

    Order never matters: the constructor sorts each part, so equal hands compare equal.
    ``Hand.parse(text)`` reads the notation and ``str(hand)`` writes it back in canonical form.
    """

    concealed: tuple[Tile, ...] = ()
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    ids: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The concealed cards' indices, in order: what the solver packs (not a part of the value)."""

    def __post_init__(self) -> None:
        ids = sorted(map(_BY_ID, self.concealed))
        object.__setattr__(self, "ids", tuple(ids))
        object.__setattr__(self, "concealed", tuple(map(TILES.__getitem__, ids)))
        object.__setattr__(self, "melds", tuple(sorted(self.melds)))
        object.__setattr__(self, "bonus", tuple(sorted(self.bonus, key=_BY_ID)))

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand in the notation of ``docs/notation.md``; raises ``NotationError``."""
        from notation import parse_hand

        return parse_hand(text)

    def __str__(self) -> str:
        from notation import format_hand

        return format_hand(self)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    @property
    def size(self) -> int:
        """Cards that count towards the shape: concealed ones, and three for each set laid down."""
        return len(self.concealed) + 3 * len(self.melds)

    def counts(self) -> list[int]:
        """Concealed cards as a count per playing kind (suits, honours, FEI)."""
        c = [0] * N_PLAYING
        for t in self.concealed:
            c[t.id] += 1
        return c

    def in_sight(self) -> Counter[Tile]:
        """Every card of this hand a player can see: concealed, laid down, and sunk FEI."""
        seen: Counter[Tile] = Counter(self.concealed)
        for m in self.melds:
            seen.update(m.cards)
        seen.update(t for t in self.bonus if t.id == FEI_ID)
        return seen


class Seat(StrEnum):
    """A player's seat, which decides seat flowers and seat winds; it reads and prints as its name."""

    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTH = "north"
