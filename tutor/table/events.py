"""The events of a hand record (``tutor.table.record`` reads and writes them), each a frozen value.

``line`` and ``column`` say where an event was read (0 when built in code) and take no part in
equality.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.core.hands import Meld, Seat
from tutor.core.tiles import Tile


@dataclass(frozen=True)
class _Read:
    """Where an event was read: line and column from 1 (0 when built in code), never compared."""

    line: int = field(default=0, compare=False, kw_only=True)
    column: int = field(default=0, compare=False, kw_only=True)


@dataclass(frozen=True)
class Deal(_Read):
    """A seat's dealt hand after its bonus cards were replaced, and those bonus cards."""

    seat: Seat
    cards: tuple[Tile, ...] | None  # None: not seen (an opponent's hand in a partial record)
    bonus: tuple[Tile, ...] = ()

    def __post_init__(self) -> None:
        if self.cards is not None:
            object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        object.__setattr__(self, "bonus", tuple(sorted(self.bonus)))


@dataclass(frozen=True)
class Draw(_Read):
    """A card drawn from the deck (a replacement too); ``None``: drawn and not seen."""

    seat: Seat
    card: Tile | None


@dataclass(frozen=True)
class Discard(_Read):
    """A card thrown away."""

    seat: Seat
    card: Tile


@dataclass(frozen=True)
class Claim(_Read):
    """The last card discarded, claimed to lay ``meld`` down: ``action`` is pong, chee or kong."""

    seat: Seat
    action: str
    meld: Meld


@dataclass(frozen=True)
class Kong(_Read):
    """A KONG declared in one's own turn: concealed ``(5555d)``, or ``[5555d]`` added to a PONG."""

    seat: Seat
    meld: Meld


@dataclass(frozen=True)
class Sink(_Read):
    """A FEI sunk: revealed as a flower for 1 FUN; a replacement is drawn."""

    seat: Seat


@dataclass(frozen=True)
class Recall(_Read):
    """The card just drawn put in a set laid down in place of its FEI, which comes back to the hand."""

    seat: Seat
    card: Tile
    meld: Meld | None = None  # the set as it was (with its FEI); None: the only one it fits


@dataclass(frozen=True)
class Pass(_Read):
    """No claim of the last card discarded (passing is implied when no claim follows)."""

    seat: Seat


@dataclass(frozen=True)
class Win(_Read):
    """SEK WOO: on the seat's own draw, or on the last card discarded; ``fun``: what it scored."""

    seat: Seat
    fun: int | None = None


@dataclass(frozen=True)
class Drawn(_Read):
    """A drawn round: the deck ran out with no win."""



Event = Deal | Draw | Discard | Claim | Kong | Sink | Recall | Pass | Win | Drawn


@dataclass(frozen=True)
class Record:
    """A round as a list of events, under a rule set, from a player's view (or every seat's)."""

    rules: str  # a rule set's name (or YAML file)
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


__all__ = ["Claim", "Deal", "Discard", "Draw", "Drawn", "Event", "Kong", "Pass", "Recall", "Record",
           "Sink", "Win"]
