"""Playing puzzles: the order to serve them in, and each answer kept in the player's progress."""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import date

from puzzles import Puzzle, select
from tutor.teach.answers import Verdict
from tutor.teach.progress import Progress


def play_order(
    pool: Iterable[Puzzle], failed: list[str], status: dict[str, bool], *, retry: bool, rng: random.Random
) -> list[Puzzle]:
    """Puzzles in the order to play them, from the player's record (``Progress.failed``, ``.status``).

    On retry: the failed ones (most recently failed first), then the new ones by level and id.
    Otherwise: new ones first (shuffled, easiest level first), then the failed, then the solved.
    """
    pool = list(pool)
    by_id = {p.id: p for p in pool}
    fresh = [p for p in pool if p.id not in status]
    rng.shuffle(fresh)
    failed_first = [by_id[i] for i in failed if i in by_id]
    if retry:
        return failed_first + sorted(fresh, key=lambda p: (p.level, p.id))
    solved = [p for p in pool if status.get(p.id)]
    rng.shuffle(solved)
    return sorted(fresh, key=lambda p: p.level) + failed_first + solved


def queue(theme: str | None = None, level: int | None = None, *, retry: bool = False) -> list[Puzzle]:
    """The shipped puzzles of a theme and/or level in the order to play them (see ``play_order``)."""
    pool = select(theme, level)
    with Progress(read_only=True) as prog:
        failed = prog.failed()
        status = prog.status()
    return play_order(pool, failed, status, retry=retry, rng=random.Random())


def record(verdict: Verdict, daily: str | None) -> bool:
    """Keep one judged answer in the player's progress; whether it was scored as the daily of
    ``daily`` (the date it would count for). Only the first answer given for a date is scored;
    any later one is practice (``Progress.record``)."""
    with Progress() as prog:
        row = prog.record(verdict.puzzle.id, verdict.puzzle.theme, verdict.puzzle.level, verdict.given,
                          verdict.correct, daily)
        if daily is None:
            return False
        scored = prog.daily_answer(date.fromisoformat(daily))
        return scored is not None and scored.row == row


__all__ = ["play_order", "queue", "record"]
