"""``analyze``: the analysis that fits a hand, chosen from its size and whether it is complete."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import Tile
from tutor.engine.results import Check, DiscardResult, WaitsResult
from tutor.engine.score import check
from tutor.engine.solver import discard, waits
from tutor.rules.load import RuleSet


def analyze(
    hand: Hand,
    rules: RuleSet,
    seat: str | Seat = "east",
    draws: int | None = None,
    seen: Sequence[Tile] = (),
    flags: frozenset[str] = frozenset(),
) -> Check | WaitsResult | DiscardResult:
    """A hand one card short of complete: its waits; a complete-sized hand: its check when it
    wins, else its discards (a complete hand short of the minimum is played on, and its discards'
    notes say why); any other size: its check (which says what is missing)."""
    if hand.size == rules.hand_size - 1:
        return waits(hand, rules, seat, flags, seen)
    result = check(hand, rules, seat, flags)
    if hand.size == rules.hand_size and not result.wins:
        return discard(hand, rules, seat, draws, seen, flags)
    return result


__all__ = ["analyze"]
