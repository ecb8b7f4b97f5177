"""What the engine answers: the verdict on a hand, its waits, its discards, each a frozen value.

Each result keeps the ``RuleSet`` it was judged under; the renderers are handed these values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.core.hands import Hand, Seat
from tutor.core.readings import Reading
from tutor.core.score import Score, Status
from tutor.rules.load import RuleSet


@dataclass(frozen=True)
class Check:
    """The answer to ``sekwoo check``: complete? wins? for how much, by which reading?"""

    hand: Hand
    rules: RuleSet
    seat: Seat
    size: int
    complete: bool
    wins: bool
    fun: int
    min_fun: int
    unit: str
    status: Status
    reading: Reading | None = None
    score: Score | None = None
    readings: int = 0
    complete_size: int = 0  # cards in a complete hand under these rules (a KONG counting three)
    notes: tuple[str, ...] = field(default=())
    flags: frozenset[str] = frozenset()
