"""``analyze``: the analysis that fits a hand, chosen from its size and whether it is complete."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import Tile
from tutor.engine.decide.claim import claim
from tutor.engine.decide.solver import discard, waits
from tutor.engine.result_types import Check, ClaimResult, DiscardResult, WaitsResult
from tutor.engine.scoring.check import check
from tutor.rules.load import RuleSet


def analyze(
    hand: Hand,
    rules: RuleSet,
    seat: str | Seat = "east",
    draws: int | None = None,
    seen: Sequence[Tile] = (),
    flags: frozenset[str] = frozenset(),
    on: Tile | None = None,
    source: str = "left",
    drawn: Tile | None = None,
    progress: Callable[[int, int, int], None] | None = None,
    search_moves: bool = True,
    discarding: Callable[..., DiscardResult] = discard,
    claiming: Callable[..., ClaimResult] = claim,
) -> Check | WaitsResult | DiscardResult | ClaimResult:
    """A hand one card short of complete: with a card thrown ``on`` it, claim or pass (the card
    thrown by the player on ``source``), else its waits; a complete-sized hand: its check when it
    wins, else its discards and the moves beside them (a complete hand short of the minimum is
    played on, and its discards' notes say why; ``drawn``: the card just drawn, for a FEI
    recalled; ``progress`` and ``search_moves`` as in ``discard``); any other size: its check (which
    says what is missing). ``discarding`` and ``claiming`` weigh the discards and the answers, with
    ``discard``'s and ``claim``'s arguments (the CLI's weigh them on two cores where that pays)."""
    if on is not None:
        return claiming(hand, on, rules, source, seat, draws, seen, flags, progress=progress, search_moves=search_moves)
    if hand.size == rules.hand_size - 1:
        return waits(hand, rules, seat, flags, seen)
    result = check(hand, rules, seat, flags)
    if hand.size == rules.hand_size and not result.wins:
        return discarding(hand, rules, seat, draws, seen, flags, progress=progress, drawn=drawn,
                          search_moves=search_moves)
    return result


__all__ = ["analyze"]
