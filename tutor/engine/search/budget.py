"""The search's budget: the most hand states and memory one decision may take, and the answer over
fewer draws where the whole horizon passes it (said in a note, the same on any machine)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from tutor.core.words import plural
from tutor.engine.search.horizon import EXACT_DRAWS, default_exact_draws, horizon
from tutor.errors import SearchBudgetError

if TYPE_CHECKING:
    from tutor.core.hands import Hand, Seat
    from tutor.core.tiles import Tile
    from tutor.rules.load import RuleSet


R = TypeVar("R")
MAX_STATES = 150_000
"""The most hand states one ``discard`` may search (the default horizon needs at most about
40,000 on 3leg's hardest hands). A search that would go further stops with an ``ArgumentError``."""
MAX_MEMORY_MB = 1_000
"""The most memory (MB, over what the process held as it began) a ``discard`` search may take: a state holds 2.6 kB
(3leg, one FEI) to 10 kB (malaysian-3p, two FEI), so this, not ``MAX_STATES``, may stop it first."""


def budget(n: int, exact: int, explicit_exact: bool) -> Callable[[int], None]:
    """The check a search makes as it counts its states: past ``MAX_STATES``, or past
    ``MAX_MEMORY_MB`` taken since its first 256 states (looked at every 256 states: a short
    search never asks), it stops with an error naming the option to lower."""
    memory0: list[float] = []  # what the process held when the search began: read at its first 256 states

    def within(states: int) -> None:
        if states > MAX_STATES:
            raise too_many_states(n, exact, explicit_exact)
        if states and not states & 255:
            if not memory0:
                memory0.append(_memory_mb())
            elif _memory_mb() - memory0[0] > MAX_MEMORY_MB:
                raise _too_big(n, exact, explicit_exact, f"{MAX_MEMORY_MB:,} MB of memory")

    return within


def fitted(
    search: Callable[[int | None], R], hand: Hand, rules: RuleSet, seat: str | Seat, situations: Iterable[str],
    seen: Sequence[Tile], draws: int | None, wall: int | None,
) -> tuple[R, str | None]:
    """``search(None)``, over the horizon the caller asked for (``draws``, else the seat's share of
    ``wall``, else its draws in the round); where that passes the search's budget (a hand far from
    a win, whose whole round holds too many hands), ``search(m)`` over the longest of 3, 2 or 1
    draws that fits, and a note that says so: the answer, never silently shorter, and still the
    same for the same hand on any machine. The budget's error if none fits."""
    try:
        return search(None), None
    except SearchBudgetError:
        n = horizon(rules, rules.seat(seat), hand.size, draws, wall, None)[0]  # (the search ran: the hand is valid)
        found = fewer(search, n)
        if found is None:
            raise
        result, m = found
        return result, (f"the search over all {n} draws left passes its budget for this hand, "
                        f"so these figures are over {plural(m, 'draw')} (--draws {m})")


def fewer(search: Callable[[int], R], n: int) -> tuple[R, int] | None:
    """``search(m)`` over the longest of 3, 2 or 1 draws (fewer than ``n``) within the budget, and
    ``m``; None if none is."""
    for m in range(min(n - 1, EXACT_DRAWS + 1), 0, -1):
        try:
            return search(m), m
        except SearchBudgetError:
            continue
    return None


def too_many_states(n: int, exact: int, explicit_exact: bool) -> SearchBudgetError:
    """The error of a search over ``n`` draws (``exact`` of them exact) past ``MAX_STATES``."""
    return _too_big(n, exact, explicit_exact, f"{MAX_STATES:,} hand states")


def _too_big(n: int, exact: int, explicit_exact: bool, budget: str) -> SearchBudgetError:
    """The error of a search that passes its budget, naming the option to lower."""
    what = f"weighing every discard over {min(exact, n)} of {n} draws" if explicit_exact else f"a search over {n} draws"
    return SearchBudgetError(
        "exact_draws" if explicit_exact else "draws",
        f"{what} passes the search's budget of {budget}; ask for fewer"
        + (f" (the default is {default_exact_draws(n)})" if explicit_exact else ""),
    )


def _memory_mb() -> float:
    """The process's memory now, in MB: resident (Linux), else its peak so far (0 where the
    platform cannot say: then ``MAX_STATES`` alone bounds the search)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak / 1e3  # bytes on macOS, kB elsewhere
