"""Special winning shapes: seven pairs, thirteen orphans, nine gates, as a rule set's ``shapes:``.

Every special shape is a whole concealed hand of 14 cards (no set laid down) and never holds a
wild card: a FEI held counts as a card that fits no special shape. What each shape needs depends
on the cards in play, so one definition serves every rule set:

- ``seven_pairs``: seven NGAN of seven different cards.
- ``thirteen_orphans``: one of each terminal (1 and 9 of every numbered suit in play) and each
  honour in play, the rest copies of one of them: with 13 kinds a pair (``1m9m1p9p1s9s`` and
  the seven honours), with 12 kinds (kj-3p, no North) a PONG of one of them.
- ``nine_gates``: ``1112345678999`` of one suit in which all nine ranks are in play, and one more
  card of that suit.

``special_shanten`` and ``special_complete`` take concealed cards as counts per index, 35 of
them (FEI last). The solver's search asks on every hand state, so ``PackedSpecials`` answers the
same questions straight off its packed key (three bits a kind): seven pairs and thirteen orphans
are a few masks and bit counts of the whole key, nine gates a lookup of one suit's bits, and no
reading is built until a complete hand is scored.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from tutor.core.tiles import FEI_ID, FIRST_WIND

if TYPE_CHECKING:
    from tutor.rules.load import RuleSet

SPECIAL_SHAPES = ("seven_pairs", "thirteen_orphans", "nine_gates")
HAND = 14  # a special shape is always a whole hand of 14 cards
_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True, slots=True)
class SpecialReading:
    """A complete hand read as a special shape: the shape, its pairs, and every card."""

    shape: str
    pairs: tuple[int, ...]  # seven pairs: the seven cards paired; orphans: the card held twice (or thrice)
    counts: tuple[int, ...]  # the 34 counts of the hand's cards


@cache
def orphan_kinds(in_play: frozenset[int]) -> tuple[int, ...]:
    """The terminals and honours in play: the cards of thirteen orphans."""
    out = [i for i in sorted(in_play) if i < FIRST_WIND and i % 9 in (0, 8)]
    return (*out, *(i for i in sorted(in_play) if FIRST_WIND <= i < FEI_ID))


@cache
def gate_suits(in_play: frozenset[int]) -> tuple[int, ...]:
    """The first index of each numbered suit with all nine ranks in play (nine gates needs them)."""
    return tuple(b for b in (0, 9, 18) if all(b + r in in_play for r in range(9)))


def _kept(counts: list[int] | tuple[int, ...], shape: str, in_play: frozenset[int]) -> int | None:
    """Most cards of the hand that can stay in ``shape`` (14 when complete); None if it cannot apply."""
    if shape == "seven_pairs":
        kinds = sum(1 for i in range(FEI_ID) if counts[i])
        pairs = sum(1 for i in range(FEI_ID) if counts[i] >= 2)
        if sum(1 for i in in_play if i != FEI_ID) < 7:
            return None
        return 2 * pairs + min(kinds - pairs, 7 - pairs)
    if shape == "thirteen_orphans":
        orphans = orphan_kinds(in_play)
        if not orphans or len(orphans) > HAND - 1:
            return None
        extra = HAND - len(orphans)
        held = sum(1 for i in orphans if counts[i])
        return held + min(extra, max((counts[i] - 1 for i in orphans if counts[i]), default=0))
    if shape == "nine_gates":
        best = None
        for base in gate_suits(in_play):
            inside = sum(min(counts[base + r], _GATES[r]) for r in range(9))
            spare = sum(max(0, counts[base + r] - _GATES[r]) for r in range(9))
            kept = inside + min(1, spare)
            best = kept if best is None else max(best, kept)
        return best
    raise ValueError(f"unknown special shape {shape!r}")


def special_shanten(counts35: list[int], shapes: tuple[str, ...], rules: RuleSet) -> int | None:
    """Least shanten over the special shapes among ``shapes`` (13 or 14 concealed cards, no set
    laid down); None when no special shape applies. -1 complete, 0 a wait, as the solver counts."""
    if sum(counts35[: FEI_ID + 1]) not in (HAND - 1, HAND):
        return None
    best: int | None = None
    for shape in shapes:
        if shape not in SPECIAL_SHAPES:
            continue
        kept = _kept(counts35, shape, rules.in_play)
        if kept is None:
            continue
        s = HAND - 1 - kept
        best = s if best is None else min(best, s)
    return best


def special_complete(counts35: list[int], shapes: tuple[str, ...], rules: RuleSet) -> bool:
    """Do these 14 concealed cards (no set laid down) form one of the special ``shapes``?"""
    return bool(special_readings(counts35, shapes, rules))


def special_readings(counts35: list[int], shapes: tuple[str, ...], rules: RuleSet) -> list[SpecialReading]:
    """Every special shape the 14 concealed cards form (none when a FEI is held)."""
    if sum(counts35[: FEI_ID + 1]) != HAND or (len(counts35) > FEI_ID and counts35[FEI_ID]):
        return []
    counts = tuple(counts35[:FEI_ID])
    out = []
    for shape in shapes:
        if shape not in SPECIAL_SHAPES or _kept(counts, shape, rules.in_play) != HAND:
            continue
        if shape == "seven_pairs":
            pairs = tuple(i for i in range(FEI_ID) if counts[i] >= 2)
        elif shape == "thirteen_orphans":
            pairs = tuple(i for i in orphan_kinds(rules.in_play) if counts[i] > 1)
        else:
            pairs = ()
        out.append(SpecialReading(shape, pairs, counts))
    return out


class PackedSpecials:
    """The special shapes of one table, read off its packed keys: the local kinds ``kinds`` (FEI,
    if in play, last), three bits each. Answers as ``special_shanten`` and ``special_complete``."""

    def __init__(self, shapes: tuple[str, ...], in_play: frozenset[int], kinds: tuple[int, ...]) -> None:
        index = {k: i for i, k in enumerate(kinds)}
        self.every = sum(1 << (3 * i) for i in range(len(kinds)))  # bit 0 of every field, FEI's too
        real = [i for i, k in enumerate(kinds) if k != FEI_ID]
        self.pairs = "seven_pairs" in shapes and sum(1 for k in in_play if k != FEI_ID) >= 7
        self.low = sum(1 << (3 * i) for i in real)
        orphans = orphan_kinds(in_play)
        self.orphans = "thirteen_orphans" in shapes and 0 < len(orphans) <= HAND - 1
        self.orphan_low = sum(1 << (3 * index[k]) for k in orphans)
        self.orphan_shifts = tuple(3 * index[k] for k in orphans)
        self.extra = HAND - len(orphans)
        self.gates = tuple(3 * index[b] for b in gate_suits(in_play)) if "nine_gates" in shapes else ()
        self.any = self.pairs or self.orphans or bool(self.gates)
        self._gate_kept: dict[int, int] = {}  # a suit's 27 bits -> its cards kept in nine gates

    def size(self, key: int) -> int:
        """The cards of a packed hand."""
        e = self.every
        return (key & e).bit_count() + 2 * (key & e << 1).bit_count() + 4 * (key & e << 2).bit_count()

    def kept(self, key: int) -> int | None:
        """Most cards of the packed hand that can stay in one of the special shapes (14 when
        complete), as ``_kept`` counts them; None when no shape applies."""
        best: int | None = None
        if self.pairs:
            low = self.low
            kinds = ((key | key >> 1 | key >> 2) & low).bit_count()
            pairs = ((key >> 1 | key >> 2) & low).bit_count()
            best = 2 * pairs + min(kinds - pairs, 7 - pairs)
        if self.orphans:
            low = self.orphan_low
            held = ((key | key >> 1 | key >> 2) & low).bit_count()
            spare = 0
            if (key >> 1 | key >> 2) & low:  # some orphan held twice or more: its copies beyond one
                spare = 1 if self.extra == 1 else max((key >> s & 7) - 1 for s in self.orphan_shifts)
            kept = held + min(self.extra, spare)
            best = kept if best is None else max(best, kept)
        for shift in self.gates:
            sub = key >> shift & 0o777777777
            kept = self._gate_kept.get(sub, -1)
            if kept < 0:
                counts = [sub >> (3 * r) & 7 for r in range(9)]
                inside = sum(min(c, g) for c, g in zip(counts, _GATES, strict=True))
                kept = self._gate_kept[sub] = inside + min(1, sum(counts) - inside)
            best = kept if best is None else max(best, kept)
        return best

    def shanten(self, key: int) -> int | None:
        """``special_shanten`` of the packed hand: None unless it holds 13 or 14 cards."""
        if not self.any or self.size(key) not in (HAND - 1, HAND):
            return None
        kept = self.kept(key)
        return None if kept is None else HAND - 1 - kept

    def complete(self, key: int) -> bool:
        """``special_complete`` of the packed hand: 14 cards, no FEI, in one of the shapes."""
        return self.any and self.size(key) == HAND and self.kept(key) == HAND


@cache
def packed_specials(shapes: tuple[str, ...], in_play: frozenset[int], kinds: tuple[int, ...]) -> PackedSpecials:
    """The ``PackedSpecials`` of these shapes and local kinds, shared by every table that has them."""
    return PackedSpecials(shapes, in_play, kinds)


__all__ = [
    "SPECIAL_SHAPES", "PackedSpecials", "SpecialReading", "packed_specials", "special_complete",
    "special_readings", "special_shanten",
]
