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

``special_shanten`` and ``special_complete`` take the solver's fast form: concealed cards as
counts per index, 35 of them (FEI last).
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


__all__ = ["SPECIAL_SHAPES", "SpecialReading", "special_complete", "special_readings", "special_shanten"]
