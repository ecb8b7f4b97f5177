"""The events of a hand record (``tutor.table.record`` reads and writes them), each a frozen value.

``line`` and ``column`` say where an event was read (0 when built in code) and take no part in
equality.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.core.hands import Meld, Seat
from tutor.core.tiles import Tile

DEFAULT_RULES = "3leg"


@dataclass(frozen=True)
class Deal:
    """A seat's dealt hand after its bonus cards were replaced, and those bonus cards."""

    seat: Seat
    cards: tuple[Tile, ...] | None  # None: not seen (an opponent's hand in a partial record)
    bonus: tuple[Tile, ...] = ()
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if self.cards is not None:
            object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        object.__setattr__(self, "bonus", tuple(sorted(self.bonus)))


@dataclass(frozen=True)
class Draw:
    """A card drawn from the deck (a replacement too); ``None``: drawn and not seen."""

    seat: Seat
    card: Tile | None
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Discard:
    """A card thrown away."""

    seat: Seat
    card: Tile
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Claim:
    """The last card discarded, claimed to lay ``meld`` down: ``action`` is pong, chee or kong."""

    seat: Seat
    action: str
    meld: Meld
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Kong:
    """A KONG declared in one's own turn: concealed ``(5555d)``, or ``[5555d]`` added to a PONG."""

    seat: Seat
    meld: Meld
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Sink:
    """A FEI sunk: revealed as a flower for 1 FUN; a replacement is drawn."""

    seat: Seat
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Recall:
    """The card just drawn put in a set laid down in place of its FEI, which comes back to the hand."""

    seat: Seat
    card: Tile
    meld: Meld | None = None  # the set as it was (with its FEI); None: the only one it fits
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Pass:
    """No claim of the last card discarded (passing is implied when no claim follows)."""

    seat: Seat
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Win:
    """SEK WOO: on the seat's own draw, or on the last card discarded; ``fun``: what it scored."""

    seat: Seat
    fun: int | None = None
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Drawn:
    """A drawn round: the deck ran out with no win."""

    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


Event = Deal | Draw | Discard | Claim | Kong | Sink | Recall | Pass | Win | Drawn


@dataclass(frozen=True)
class Record:
    """A round as a list of events, under a rule set, from a player's view (or every seat's)."""

    rules: str = DEFAULT_RULES
    player: Seat | None = None
    events: tuple[Event, ...] = ()

    @property
    def deals(self) -> tuple[Deal, ...]:
        return tuple(e for e in self.events if isinstance(e, Deal))

    @property
    def result(self) -> Win | Drawn | None:
        """How the round ended, if the record goes that far."""
        last = self.events[-1] if self.events else None
        return last if isinstance(last, Win | Drawn) else None


__all__ = ["DEFAULT_RULES", "Claim", "Deal", "Discard", "Draw", "Drawn", "Event", "Kong", "Pass", "Recall", "Record",
           "Sink", "Win"]
