"""The daily puzzle: one puzzle a day, the same for everyone, and the dates it is played on."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import date

from puzzles import Puzzle, load_puzzles
from tutor.errors import ArgumentError, PuzzleError


def daily_puzzle(day: date, puzzles: Iterable[Puzzle] | None = None) -> Puzzle:
    """The puzzle of the day, the same for everyone: the id whose hash with the date is highest.

    Rendezvous hashing over the sorted ids: adding a puzzle changes a day's choice only on the
    days the new puzzle wins, so published dates keep their puzzle.
    """
    pool = sorted(puzzles if puzzles is not None else load_puzzles(), key=lambda p: p.id)
    if not pool:
        raise PuzzleError("no puzzles to choose from")

    def key(p: Puzzle) -> bytes:
        return hashlib.sha256(f"sekwoo-daily:{day.isoformat()}:{p.id}".encode()).digest()

    return max(pool, key=key)


def parse_date(text: str | None) -> date:
    """A date written YYYY-MM-DD, or today (local time) for None."""
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise ArgumentError("date", f"write a date as YYYY-MM-DD, not {text!r}") from None


def daily_date(puzzle: Puzzle, today: date | None = None) -> str | None:
    """The date an answer to ``puzzle`` counts for as a daily: today's, when it is today's puzzle."""
    today = today or date.today()
    return today.isoformat() if puzzle.id == daily_puzzle(today).id else None


__all__ = ["daily_date", "daily_puzzle", "parse_date"]
