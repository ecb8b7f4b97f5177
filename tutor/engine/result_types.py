"""What the engine answers: the verdict on a hand, its waits, its discards, each a frozen value.

Each result keeps the ``RuleSet`` it was judged under; the renderers are handed these values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tutor.core.hands import Hand, Meld, Seat
from tutor.core.readings import Reading
from tutor.core.score import Score, Status
from tutor.core.tiles import Tile
from tutor.rules.load import RuleSet


@dataclass(frozen=True, slots=True)
class InstantPayment:
    """A payment made at once during play (a rule set's ``payout.instant``): each of ``payers``
    pays ``each`` (``bitten`` instead when the bonus cards came before any replacement), or, with
    ``shooter``, the discarder of the claimed card pays for them all."""

    name: str
    each: int
    payers: int
    unit: str
    shooter: bool = False
    bitten: int | None = None

    @property
    def total(self) -> int:
        """What the player receives in all."""
        return self.each * self.payers


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

    @classmethod
    def later(cls, tile: Tile, fun: int, wins: bool, unseen: int, reading: Callable[[], Reading]) -> Wait:
        """A wait whose ``reading`` is made by ``reading()`` when first asked for (the solver
        knows the FUN without it); it reads, compares, hashes, prints and pickles as one made
        with the reading."""
        wait = cls.__new__(cls)
        wait.__dict__.update(tile=tile, fun=fun, wins=wins, unseen=unseen, _later=reading)
        return wait

    def __getattr__(self, name: str) -> Any:  # asked only for an attribute not set: a reading made later
        later = self.__dict__.pop("_later", None) if name == "reading" else None
        if later is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        self.__dict__["reading"] = value = later()
        return value

    def __getstate__(self) -> dict[str, Any]:
        _ = self.reading  # made now: what pickles and copies is the reading, not how to make it
        return self.__dict__


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
    """One choice for a 14-card hand: a discard, or a move beside it (sinking a FEI, a KONG, a
    FEI recalled), and what it leads to."""

    tile: Tile
    action: str  # "discard", "sink", "kong", "add-kong" or "recall"
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
    meld: Meld | None = None  # recall: the set laid down the FEI comes back from
    then: tuple[Tile, str] | None = None  # recall: the move after it (card, "discard" or "sink")
    instant: InstantPayment | None = None  # a KONG: the payment made for it at once, if the rule set has one

    @property
    def tenpai(self) -> bool:
        return self.shanten == 0


@dataclass(frozen=True)
class ClaimOption:
    """One answer to a card just discarded: pass, SEK WOO on it, or a set laid down with it."""

    action: str  # "pass", "sek-woo", "pong", "kong", "chee"
    meld: Meld | None  # the set laid down (None: pass, SEK WOO)
    expected_fun: float
    win_probability: float
    win_by_draw: tuple[float, ...]
    distance: int  # the distance to a win of the cards kept after it (-1: SEK WOO)
    shanten: int
    then: tuple[Tile, str] | None  # the best move after the claim: (card, "discard" or "sink")
    fun: int = 0  # SEK WOO: the FUN of the completed hand
    wins: bool = False  # SEK WOO: it reaches the minimum
    dead: bool = False  # no win is possible within the draws left after it
    aim: tuple[tuple[str, int], ...] = ()
    aim_fun: int = 0
    explanation: str = ""
    instant: InstantPayment | None = None  # a KONG: the payment made for it at once, if the rule set has one


@dataclass(frozen=True)
class ClaimResult:
    """The answer to ``sekwoo claim``: every legal answer to the card, best first."""

    hand: Hand
    tile: Tile
    source: str  # "left" (the player before you) or "right"
    rules: RuleSet
    seat: Seat
    draws: int
    exact_draws: int
    options: tuple[ClaimOption, ...]
    unit: str
    notes: tuple[str, ...] = field(default=())
    states: int = 0  # the hand states searched, over every answer
    # a part of the answer weighed apart (``claim``'s ``share``): per horizon it finished (draws, exact
    # draws, states by its end, its answers over it), for ``joined_claims``; its ``draws`` those asked for
    layers: tuple[tuple[int, int, int, tuple[ClaimOption, ...]], ...] = field(default=(), repr=False)


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
    # a part of the answer weighed apart (``discard``'s ``share``): per horizon it finished (draws,
    # exact draws, states by its end, its options over it), for ``joined``; its ``draws`` those asked for
    layers: tuple[tuple[int, int, int, tuple[Option, ...]], ...] = field(default=(), repr=False)
