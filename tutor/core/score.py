"""The score of a hand: its verdict, its rows and its value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any


class Status(Enum):
    """The verdict on a hand."""

    WINS = "wins"
    SHORT = "short"  # complete, but below the rule set's minimum
    INCOMPLETE = "incomplete"


@dataclass(frozen=True)
class ScoreLine:
    """One row of a score: the item, how often it applies, what it is worth."""

    name: str
    fun: int
    count: int = 1
    limit: bool = False
    bonus: bool = False  # a bonus point: not counted towards the minimum


@dataclass(frozen=True)
class Score:
    """The score of one reading: the rows, the raw total, and the value after limit and cap.

    ``counted`` is what the minimum is compared with (bonus points left out; for the han system,
    0 without a yaku); ``details`` holds what a point system adds (han, fu, yakuman).
    """

    fun: int
    lines: tuple[ScoreLine, ...]
    total: int
    limit: bool
    capped: bool
    counted: int | None = None
    details: tuple[tuple[str, Any], ...] = ()

    @property
    def qualifying(self) -> int:
        """The points compared with the rule set's minimum."""
        return self.fun if self.counted is None else self.counted

    @property
    def bonus_points(self) -> int:
        """Bonus points in the score (paid, not counted towards the minimum)."""
        return 0 if self.limit else sum(ln.fun for ln in self.lines if ln.bonus)

    def detail(self, key: str, default: Any = None) -> Any:
        """One of the point system's ``details`` (``han``, ``fu``, ...)."""
        return dict(self.details).get(key, default)
