"""The daily puzzle: a rotation with no repeat until the pool is served, leaning to medium and
hard, themes spread over each week; one scored attempt a day; the streak only on its own date."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from puzzles import Puzzle, load_puzzles
from tutor.errors import ArgumentError, PuzzleError
from tutor.teach.daily import (
    EASY_SHARE,
    EPOCH,
    EXCLUDED_THEMES,
    check_date,
    daily_date,
    daily_puzzle,
    daily_status,
    eligible,
    next_daily,
    parse_date,
    schedule,
)
from tutor.teach.progress import Progress

PUZZLES = load_puzzles()
POOL = eligible(PUZZLES)
TODAY = date(2026, 11, 25)


def test_the_eligible_pool_leans_to_medium_and_hard() -> None:
    assert POOL and all(p.theme not in EXCLUDED_THEMES for p in POOL)
    shipped = [p for p in PUZZLES if p.theme not in EXCLUDED_THEMES]
    # every medium and hard puzzle is in; about a third of the easy ones
    assert {p.id for p in shipped if p.level >= 2} <= {p.id for p in POOL}
    easy_in = sum(p.level == 1 for p in POOL)
    easy_all = sum(p.level == 1 for p in shipped)
    assert 0 < easy_in < easy_all and abs(easy_in / easy_all - EASY_SHARE) < 0.2
    # the choice of an easy puzzle depends on its id alone: a smaller pool keeps the same ones
    half = PUZZLES[::2]
    assert {p.id for p in eligible(half)} == {p.id for p in POOL} & {p.id for p in half}


def test_a_year_of_dailies_walked_day_by_day() -> None:
    """From any start: no repeat before the whole pool is served, each puzzle as often as any
    other (give or take one), more medium and hard than easy, themes spread over every week."""
    n = len(POOL)
    year = schedule(TODAY, 365)
    assert year == [daily_puzzle(TODAY + timedelta(days=k)) for k in range(365)]
    assert n <= 365, "the walk covers the pool"
    for start in (0, 1, (365 - n) // 2, 365 - n):  # any run of n days serves n different puzzles
        window = [p.id for p in year[start:start + n]]
        assert len(set(window)) == n == len(window)
    assert {p.id for p in year} == {p.id for p in POOL}  # the whole pool, nothing else
    counts = Counter(p.id for p in year)
    assert max(counts.values()) - min(counts.values()) <= 1
    # a puzzle comes back exactly n days later, never sooner
    last: dict[str, int] = {}
    for k, p in enumerate(year):
        if p.id in last:
            assert k - last[p.id] == n
        last[p.id] = k
    levels = Counter(p.level for p in year)
    assert levels[2] > levels[1] and levels[3] > levels[1]
    assert levels[1] / 365 < sum(p.level == 1 for p in PUZZLES) / len(PUZZLES)  # fewer easy than shipped
    assert not any(p.theme in EXCLUDED_THEMES for p in year)
    assert_themes_spread(year, POOL)
    mondays = [k for k in range(365 - 6) if (TODAY + timedelta(days=k)).weekday() == 0]
    # seven themes a week, or six where one theme holds more than a seventh of the pool (it must
    # then come twice in some weeks; assert_themes_spread bounds how often)
    big = max(Counter(p.theme for p in POOL).values()) * 7 > n
    assert all(len({p.theme for p in year[k:k + 7]}) >= (6 if big else 7) for k in mondays)


def assert_themes_spread(days: list[Puzzle], pool: tuple[Puzzle, ...]) -> None:
    """No theme twice in any 7 days, where the pool allows it (no theme holds more than a seventh
    of it); else no theme more than its share forces, plus one."""
    n = len(pool)
    share = Counter(p.theme for p in pool)
    feasible = max(share.values()) * 7 <= n
    for k in range(len(days) - 6):
        week = Counter(p.theme for p in days[k:k + 7])
        for theme, times in week.items():
            bound = 1 if feasible else math.ceil(7 * share[theme] / n) + 1
            assert times <= bound, (k, theme, times)


@pytest.mark.parametrize(("copies", "extra"), [(3, 0), (1, 40), (1, 150)])
def test_larger_and_lopsided_pools_stay_spread(copies: int, extra: int) -> None:
    """As the puzzle set grows (three times over), or one theme swells past a seventh of it."""
    waits = [p for p in PUZZLES if p.theme == "waits"]
    grown = [replace(p, id=f"{p.id}-{k}") for k in range(copies) for p in PUZZLES]
    grown += [replace(waits[k % len(waits)], id=f"waits-x{k:03d}", level=3) for k in range(extra)]
    pool = eligible(grown)
    days = schedule(EPOCH, 2 * len(pool) + 7, grown)
    assert len({p.id for p in days[:len(pool)]}) == len(pool)
    assert days[len(pool):2 * len(pool)] == days[:len(pool)]  # the same rotation, round again
    assert_themes_spread(days, pool)


def test_the_rotation_is_the_same_for_everyone_and_only_follows_the_pool() -> None:
    day = date(2025, 3, 14)
    assert daily_puzzle(day) == daily_puzzle(day, reversed(PUZZLES)) == daily_puzzle(day, list(PUZZLES))
    # a puzzle outside the pool (an excluded theme, an easy one left out) changes nothing
    outside = [p for p in PUZZLES if p not in POOL]
    assert outside
    extra = replace(outside[0], id=outside[0].id + "-copy")
    if extra.theme in EXCLUDED_THEMES:
        assert schedule(day, 200, [*PUZZLES, extra]) == schedule(day, 200)
    # an eligible puzzle added: a new rotation, still without repeats, and it is served in it
    new = replace(POOL[0], id="zz-new-001", level=3)
    grown = schedule(EPOCH, len(POOL) + 1, [*PUZZLES, new])
    assert len({p.id for p in grown}) == len(POOL) + 1 and new in grown
    with pytest.raises(PuzzleError, match="no puzzles"):
        daily_puzzle(day, [])


def test_dates_still_to_come_and_before_the_first_daily_are_refused() -> None:
    check_date(TODAY, TODAY)
    check_date(EPOCH, TODAY)
    with pytest.raises(ArgumentError, match="still to come") as err:
        check_date(TODAY + timedelta(days=1), TODAY)
    assert err.value.argument == "date"
    with pytest.raises(ArgumentError, match="the first daily was on"):
        check_date(EPOCH - timedelta(days=1), TODAY)
    with pytest.raises(ArgumentError, match="the first daily was on"):
        daily_puzzle(EPOCH - timedelta(days=1))


def test_an_answer_counts_as_a_daily_only_for_the_day_s_puzzle() -> None:
    today = daily_puzzle(TODAY)
    assert daily_date(today, TODAY) == "2026-11-25"
    assert daily_date(next(p for p in PUZZLES if p != today), TODAY) is None


def test_dates_are_written_yyyy_mm_dd() -> None:
    assert parse_date(" 2025-06-01 ") == date(2025, 6, 1)
    assert parse_date(None) == date.today()
    for bad in ("June 1st", "2025-2-1", ""):
        with pytest.raises(ArgumentError, match="write a date as YYYY-MM-DD"):
            parse_date(bad)
    with pytest.raises(ArgumentError, match="2025-02-31 is no date: day is out of range for month"):
        parse_date("2025-02-31")  # written as asked, but no such day


def test_next_daily_is_the_next_local_midnight() -> None:
    now = datetime(2026, 11, 25, 16, 48, 30)
    assert next_daily(now) == datetime(2026, 11, 26)
    assert next_daily(datetime(2026, 12, 31, 0, 0)) == datetime(2027, 1, 1)


def _answer(prog: Progress, day: date, right: bool, *, today: date | None = None) -> None:
    """Answer the daily of ``day`` as the CLI does on ``today`` (by default that same day)."""
    p = daily_puzzle(day)
    prog.record(p.id, p.theme, p.level, "x", right, daily_date(p, today or day))


def test_streak_and_attempt_rules_attacked(tmp_path: Path) -> None:
    """Back-filling with past dates, re-answering a failed daily, answering twice: none of it
    moves the streak; only a daily solved at the first answer on its own date does."""
    with Progress(tmp_path / "p.db") as prog:
        d1, d2, d3 = TODAY - timedelta(days=2), TODAY - timedelta(days=1), TODAY
        _answer(prog, d1, True)
        _answer(prog, d2, False)  # failed on its day
        _answer(prog, d2, True)  # re-answered the same day: practice
        scored = prog.daily_answer(d2)
        assert scored is not None and scored.correct is False
        assert prog.stats(d2).daily_streak == 1  # d1 only; d2 failed
        # on d3, back-fill d2 (and a week of past dates) with right answers: practice, not counted
        for k in range(1, 8):
            _answer(prog, d3 - timedelta(days=k), True, today=d3)
        s = prog.stats(d3)
        assert (s.daily_streak, s.best_streak, s.dailies) == (0, 1, 1)
        assert all(prog.daily_answer(d3 - timedelta(days=k)) is None for k in range(3, 8))
        _answer(prog, d3, True)
        _answer(prog, d3, False)  # a second answer the same day changes nothing
        s = prog.stats(d3)
        assert (s.daily_streak, s.dailies) == (1, 2)
        status = daily_status(prog, datetime.combine(d3, datetime.min.time()) + timedelta(hours=16, minutes=48))
        assert status.answered and status.solved and status.streak == 1
        assert status.puzzle_id == daily_puzzle(d3).id and status.seconds_left == 7 * 3600 + 12 * 60
        rows = prog.conn.execute("SELECT COUNT(*), COUNT(daily) FROM attempts").fetchone()
        assert rows == (12, 3)  # every answer kept; three scored, one per date


def test_status_before_answering(tmp_path: Path) -> None:
    with Progress(tmp_path / "p.db") as prog:
        status = daily_status(prog, datetime(2026, 11, 25, 23, 59, 30))
    assert (status.answered, status.solved, status.streak, status.seconds_left) == (False, False, 0, 30)


def test_the_time_to_the_next_daily_counts_a_clock_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    monkeypatch.setenv("TZ", "Europe/London")
    time.tzset()
    try:
        with Progress(tmp_path / "p.db") as prog:  # the clocks go back an hour at 02:00 on 25 October 2026
            assert daily_status(prog, datetime(2026, 10, 25, 0, 30)).seconds_left == 24 * 3600 + 30 * 60
            assert daily_status(prog, datetime(2026, 10, 26, 0, 30)).seconds_left == 23 * 3600 + 30 * 60
    finally:
        monkeypatch.undo()
        time.tzset()


@pytest.mark.parametrize("copies", [1, 3])
def test_every_week_of_the_rotation_holds_six_themes_or_seven(copies: int) -> None:
    """For the shipped set (and three times it): any seven days in a row, the join where the
    rotation comes round among them, hold seven themes, or six where one theme is more than a
    seventh of the pool; and no other theme comes twice. (The round robin laid out before
    mirrored its start at its end: 'count, waits, best, best, waits, count' across the join.)
    Lopsided pools are held to their share instead (above)."""
    grown = [replace(p, id=f"{p.id}-{k}") for k in range(copies) for p in PUZZLES]
    pool = eligible(grown)
    n = len(pool)
    days = schedule(EPOCH, 2 * n, grown)
    share = Counter(p.theme for p in pool)
    big = [t for t, c in share.items() if c * 7 > n]
    for k in range(n):
        week = Counter(p.theme for p in days[k:k + 7])
        assert len(week) >= (7 - len(big) if big else 7), (k, week)
        assert all(times == 1 for t, times in week.items() if t not in big), (k, week)
