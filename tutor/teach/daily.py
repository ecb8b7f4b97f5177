"""The daily puzzle: one a day, the same for everyone on a date, dealt as a puzzle site deals it.

**The rotation.** From ``EPOCH`` on, the days go round the eligible pool (``eligible``) in one
fixed order, a rotation: every puzzle of the pool is served once before any comes back, and in
any run of N days (N the pool's size) no puzzle is served twice, wherever the run starts. The
order is a seeded permutation of the pool laid out day by day so that themes spread over the
week: each day takes the theme not seen for the longest (any theme absent from the six days before
comes first), and among those the theme with the most puzzles still to place (so no theme is left
bunched at the end), ties broken by the seed; then each day whose theme still comes back
within the week is swapped with the day that takes most such repeats away. Of the first
``ATTEMPTS`` seeds, the first whose order has no theme twice in any seven days, the join where
the rotation comes round included, is kept (else the one with fewest repeats). Should one theme
hold more than a seventh of the pool, no order can keep it to once a week: then every theme is
spread evenly in proportion to its size (a theme with c of the N puzzles comes at most
ceil(7c/N) + 1 times in any seven days). As N is rarely a multiple of 7, each round falls
on other weekdays than the last.

**The pool.** Medium and hard puzzles are all eligible; an easy one is eligible when a hash of its
id falls in the first ``EASY_SHARE`` (a third): the dailies lean to medium and hard, and an easy
puzzle's place in or out of the pool never moves. Themes in ``EXCLUDED_THEMES`` (``is-a-set``:
one glance answers it) are never dailies; they stay in ``sekwoo puzzle``.

**Stability.** The schedule is a pure function of the date and the set of eligible puzzles: the
same for everyone with the same puzzle files, whatever their order. Adding or removing an eligible
puzzle re-deals the rotation (the days already played are still recorded by their date, so a
streak or an answer already counted never changes); adding an easy puzzle that falls outside the
share, or a puzzle of an excluded theme, changes nothing.

**Attempts.** Only the first answer given for a date, on that (local) date, to that date's puzzle,
is scored (``Progress.record``); a past date is practice, a date still to come is refused.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from puzzles import Puzzle, load_puzzles
from tutor.errors import ArgumentError, PuzzleError
from tutor.teach.progress import Progress

EPOCH = date(2024, 1, 1)
"""The first daily (a Monday): day 0 of the first cycle."""
SEED = "sekwoo-daily-1"
"""The seed of every cycle's permutation; changing it deals a different rotation."""
EXCLUDED_THEMES = frozenset({"is-a-set"})
"""Themes too plain to be a day's puzzle."""
EASY_SHARE = 1 / 3
"""The share of easy puzzles (level 1), chosen by a hash of the id, that are eligible."""
WINDOW = 7
"""Themes spread over this many consecutive days."""
ATTEMPTS = 20
"""Seeded arrangements tried for the one whose themes spread best (the first that spreads fully)."""


def _unit(text: str) -> float:
    """A number in [0, 1) from a hash of ``text`` and the seed, the same on every machine."""
    return int.from_bytes(hashlib.sha256(f"{SEED}:{text}".encode()).digest()[:8], "big") / 2**64


def eligible(puzzles: Iterable[Puzzle] | None = None) -> tuple[Puzzle, ...]:
    """The puzzles the daily rotation serves, by id (see the module's notes)."""
    pool = puzzles if puzzles is not None else load_puzzles()
    return tuple(sorted(
        (p for p in pool if p.theme not in EXCLUDED_THEMES and (p.level >= 2 or _unit(f"easy:{p.id}") < EASY_SHARE)),
        key=lambda p: p.id,
    ))


def _arrange(pool: tuple[Puzzle, ...], attempt: int) -> list[Puzzle]:
    """One round of the rotation: a seeded permutation of ``pool`` laid out so that themes spread
    over any ``WINDOW`` days (see the module's notes)."""
    left: dict[str, list[Puzzle]] = {}
    for p in sorted(pool, key=lambda p: _unit(f"{attempt}:{p.id}")):
        left.setdefault(p.theme, []).append(p)
    n = len(pool)
    gaps = {theme: max(1, min(WINDOW, n // len(ps))) for theme, ps in left.items()}  # the rest each theme needs
    first_seen: dict[str, int] = {}
    last_seen: dict[str, int] = {}
    out: list[Puzzle] = []
    while left:
        day = len(out)

        def rank(theme: str, day: int = day) -> tuple[float, int, float]:
            gap = gaps[theme]
            back = day - last_seen.get(theme, -gap)
            ahead = n - day + first_seen.get(theme, gap)  # to the theme's first day, round the join
            return (-min(back, ahead, gap) / gap, -len(left[theme]), _unit(f"{attempt}:{day}:{theme}"))

        theme = min(left, key=rank)
        out.append(left[theme].pop(0))
        if not left[theme]:
            del left[theme]
        first_seen.setdefault(theme, day)
        last_seen[theme] = day
    return out


def _stride(pool: tuple[Puzzle, ...]) -> list[Puzzle]:
    """A seeded permutation of ``pool`` with each theme spread evenly in proportion to its size: the
    j-th of a theme's c puzzles sits at (j + o) / c of the way round, o a seeded offset of the theme
    in [0, 1), and the days follow those places: 1/c of the cycle apart, the join where the rotation
    comes round included (the next one sits at 1 + o/c). Days may still bunch where several themes'
    places fall close together; ``_repair`` takes that out."""
    by_theme: dict[str, list[Puzzle]] = {}
    for p in sorted(pool, key=lambda p: _unit(f"0:{p.id}")):
        by_theme.setdefault(p.theme, []).append(p)
    placed = []
    for theme, ps in by_theme.items():
        offset = _unit(f"turn:{theme}")
        placed += [((j + offset) / len(ps), _unit(f"tie:{theme}"), p) for j, p in enumerate(ps)]
    return [p for _, _, p in sorted(placed, key=lambda x: x[:2])]


def _clashes(days: list[Puzzle], at: tuple[int, ...]) -> int:
    """Pairs of days within ``WINDOW`` of each other (round the join) with the same theme, among
    those that involve a day of ``at``."""
    n = len(days)
    pairs = set()
    for i in at:
        for k in range(1, min(WINDOW, n)):
            for j in ((i + k) % n, (i - k) % n):
                if j != i and days[i].theme == days[j].theme:
                    pairs.add((min(i, j), max(i, j)))
    return len(pairs)


def _repair(days: list[Puzzle]) -> list[Puzzle]:
    """``days`` with each day whose theme came within ``WINDOW`` days swapped, where a swap
    lowers the clashes, with the first day (in order) that takes the most of them away."""
    days = list(days)
    n = len(days)
    for i in range(n):
        if not _clashes(days, (i,)):
            continue
        best, gain = None, 0
        for j in range(n):
            if j == i:
                continue
            before = _clashes(days, (i, j))
            days[i], days[j] = days[j], days[i]
            after = _clashes(days, (i, j))
            days[i], days[j] = days[j], days[i]
            if before - after > gain:
                best, gain = j, before - after
        if best is not None:
            days[i], days[best] = days[best], days[i]
    return days


def _crowding(days: list[Puzzle]) -> int:
    """How many times, going round and round, a theme comes back within ``WINDOW`` days."""
    n = len(days)
    return sum(
        days[i].theme == days[(i + k) % n].theme for i in range(n) for k in range(1, min(WINDOW, n))
    )


def _rotation(pool: tuple[Puzzle, ...]) -> list[Puzzle]:
    """The rotation of ``pool``: of the first ``ATTEMPTS`` seeded arrangements, each repaired by
    swaps, the first with no theme twice in ``WINDOW`` days (the join where the rotation comes
    round included), else the one whose themes crowd least. When a theme holds more than a
    seventh of the pool, it cannot stay out of any week: every theme is spread evenly in proportion
    to its size (``_stride``), then repaired by the same swaps."""
    counts: dict[str, int] = {}
    for p in pool:
        counts[p.theme] = counts.get(p.theme, 0) + 1
    if max(counts.values()) * WINDOW > len(pool):  # a theme too big to come once a week: spread all evenly
        return _repair(_stride(pool))  # (the places are even on average; the swaps take out what bunches)
    best: list[Puzzle] = []
    least = -1
    for attempt in range(ATTEMPTS):
        days = _repair(_arrange(pool, attempt))
        crowding = _crowding(days)
        if least < 0 or crowding < least:
            best, least = days, crowding
        if crowding == 0:
            break
    return best


_ROTATIONS: dict[tuple[str, ...], list[Puzzle]] = {}


def schedule(start: date, count: int, puzzles: Iterable[Puzzle] | None = None) -> list[Puzzle]:
    """The dailies of ``count`` days from ``start`` on (``start`` not before ``EPOCH``)."""
    pool = eligible(puzzles)
    if not pool:
        raise PuzzleError("no puzzles to choose from")
    first = (start - EPOCH).days
    if first < 0:
        raise ArgumentError("date", f"the first daily was on {EPOCH.isoformat()}, not {start.isoformat()}")
    key = tuple(f"{p.id}\t{p.theme}\t{p.level}" for p in pool)
    if key not in _ROTATIONS:
        if len(_ROTATIONS) > 4:
            _ROTATIONS.clear()
        _ROTATIONS[key] = _rotation(pool)
    days = _ROTATIONS[key]
    return [days[(first + k) % len(days)] for k in range(count)]


def daily_puzzle(day: date, puzzles: Iterable[Puzzle] | None = None) -> Puzzle:
    """The puzzle of ``day``, the same for everyone: the rotation's puzzle of that day."""
    return schedule(day, 1, puzzles)[0]


def parse_date(text: str | None) -> date:
    """A date written YYYY-MM-DD, or today (local time) for None."""
    if text is None:
        return date.today()
    import re

    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
        raise ArgumentError("date", f"write a date as YYYY-MM-DD, not {text!r}")
    try:
        return date.fromisoformat(text.strip())
    except ValueError as err:  # written as a date, but no such day: say which part is wrong
        raise ArgumentError("date", f"{text.strip()} is no date: {err}") from None


def check_date(day: date, today: date) -> None:
    """Refuse a daily still to come (``ArgumentError``): its puzzle opens on its own date."""
    if day > today:
        raise ArgumentError(
            "date", f"the daily of {day.isoformat()} is still to come (today is {today.isoformat()}); "
            "each daily opens on its own date: try 'sekwoo daily'",
        )
    if day < EPOCH:
        raise ArgumentError("date", f"the first daily was on {EPOCH.isoformat()}, not {day.isoformat()}")


def daily_date(puzzle: Puzzle, today: date | None = None) -> str | None:
    """The date an answer to ``puzzle`` counts for as a daily: today's, when it is today's puzzle."""
    today = today or date.today()
    return today.isoformat() if puzzle.id == daily_puzzle(today).id else None


def next_daily(now: datetime) -> datetime:
    """When the next daily opens: the local midnight after ``now`` (a naive local time)."""
    return datetime.combine(now.date() + timedelta(days=1), time())


@dataclass(frozen=True, slots=True)
class DailyStatus:
    """Where the player stands with today's daily: answered or not, solved or not, the streak, and
    the time left until the next one."""

    today: date
    puzzle_id: str
    """Today's puzzle."""
    answered: bool
    solved: bool
    answered_id: str | None
    """The puzzle whose answer was scored today (today's puzzle, unless the rotation was re-dealt)."""
    streak: int
    best_streak: int
    next_at: datetime
    seconds_left: int


def daily_status(prog: Progress, now: datetime | None = None) -> DailyStatus:
    """Today's daily as the player stands with it (``now``: the local time, by default the clock's)."""
    now = now or datetime.now()
    today = now.date()
    scored = prog.daily_answer(today)
    stats = prog.stats(today)
    then = next_daily(now)
    return DailyStatus(
        today, daily_puzzle(today).id, scored is not None, scored is not None and scored.correct,
        scored.puzzle_id if scored else None, stats.daily_streak, stats.best_streak, then,
        max(0, int((then.astimezone() - now.astimezone()).total_seconds())),  # a clock change counts
    )


__all__ = [
    "EASY_SHARE", "EPOCH", "EXCLUDED_THEMES", "WINDOW", "DailyStatus", "check_date", "daily_date", "daily_puzzle",
    "daily_status", "eligible", "next_daily", "parse_date", "schedule",
]
