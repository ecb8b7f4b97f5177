"""The daily puzzle: the same for everyone on a date, stable as puzzles are added."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from puzzles import load_puzzles
from tutor.errors import ArgumentError, PuzzleError
from tutor.teach.daily import daily_date, daily_puzzle, parse_date

PUZZLES = load_puzzles()


def test_daily_is_stable_per_date_and_varies() -> None:
    day = date(2025, 3, 14)
    first = daily_puzzle(day)
    assert daily_puzzle(day) == first == daily_puzzle(day, reversed(PUZZLES))
    # Rendezvous hashing: dropping any other puzzle leaves the day's puzzle unchanged.
    assert daily_puzzle(day, [p for p in PUZZLES if p.id != PUZZLES[0].id or p == first]) == first
    month = {daily_puzzle(day + timedelta(days=k)).id for k in range(30)}
    assert len(month) >= 15
    with pytest.raises(PuzzleError, match="no puzzles"):
        daily_puzzle(day, [])


def test_an_answer_counts_as_a_daily_only_for_the_day_s_puzzle() -> None:
    day = date(2026, 11, 26)
    today = daily_puzzle(day)
    assert daily_date(today, day) == "2026-11-26"
    assert daily_date(next(p for p in PUZZLES if p != today), day) is None


def test_dates_are_written_yyyy_mm_dd() -> None:
    assert parse_date(" 2025-06-01 ") == date(2025, 6, 1)
    assert parse_date(None) == date.today()
    for bad in ("June 1st", "2025-02-31", ""):
        with pytest.raises(ArgumentError, match="write a date as YYYY-MM-DD"):
            parse_date(bad)
