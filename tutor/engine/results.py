"""What the engine answers: the verdict on a hand, its waits, its discards, each a frozen value.

Each result keeps the ``RuleSet`` it was judged under; the renderers are handed these values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.core.hands import Hand, Seat
from tutor.core.readings import Reading
from tutor.core.score import Score, Status
from tutor.core.tiles import Tile
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


@dataclass(frozen=True)
class Wait:
    """A card that completes the hand: the FUN of the completed hand and how many are unseen."""

    tile: Tile
    fun: int
    wins: bool
    unseen: int
    reading: Reading


@dataclass(frozen=True)
class WaitsResult:
    """The answer to ``sekwoo waits``."""

    hand: Hand
    rules: RuleSet
    seat: Seat
    shanten: int
    distance: int | None  # the distance to a win (>= shanten): 0 when some card makes it win
    waits: tuple[Wait, ...]
    min_fun: int
    unit: str
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Option:
    """One choice for a 14-card hand: a discard (or sinking a FEI) and what it leads to."""

    tile: Tile
    action: str  # "discard" or "sink"
    shanten: int
    distance: int  # the distance to a win of the cards kept
    acceptance: int
    accepts: tuple[tuple[Tile, int], ...]  # cards that lower shanten, with how many are unseen
    win_probability: float
    expected_fun: float
    win_by_draw: tuple[float, ...]  # the chance of a win within 1, 2, ... draws
    explanation: str = ""
    waits: tuple[tuple[Tile, int, int, bool], ...] = ()  # when ready: (card, unseen, FUN, wins)
    aim: tuple[tuple[str, int], ...] = ()  # what the nearest winning hands score: (item, FUN) rows
    aim_fun: int = 0  # their FUN in all

    @property
    def tenpai(self) -> bool:
        return self.shanten == 0


@dataclass(frozen=True)
class DiscardResult:
    """The answer to ``sekwoo discard``: every option, best first."""

    hand: Hand
    rules: RuleSet
    seat: Seat
    draws: int
    exact_draws: int
    shanten: int
    distance: int  # of the 14 cards: -1 when they win, else the least over the discards
    wins_now: bool
    fun_now: int
    options: tuple[Option, ...]
    states: int
    unit: str
    notes: tuple[str, ...] = field(default=())
