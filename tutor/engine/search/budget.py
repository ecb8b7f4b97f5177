"""The search's budget: the most hand states and memory one decision may take. A decision is
weighed over 1, 2, ... draws in turn (``tutor.engine.decide.layers``): past the budget, its answer
is over the longest horizon it finished (said in a note, the same on any machine)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from tutor.engine.search.horizon import default_exact_draws
from tutor.errors import SearchBudgetError

MAX_STATES = 300_000
"""The most hand states one decision may search, over every horizon it is weighed over: a state
stands for about 0.1 ms of a 2-core machine's time (``walk.NODE_WORK``: a node of the walk counts
its work), so a decision past it stops at about 30 CPU s. The default horizon of 3leg's hands up to
three swaps from ready with a FEI needs at most about 22,000, 3 draws weighed exactly about 27,000,
an early turn four swaps from a win up to about 200,000 (the cards in sight weigh too); a hand
further still is answered over the longest horizon within it (``tutor.engine.decide.layers``). The
walk's states grow steeply with the horizon far from a win, so a budget much lower would answer
such turns over 4 or 5 of their 9 draws, where every option is worth next to nothing."""
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
