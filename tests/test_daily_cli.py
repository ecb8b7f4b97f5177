"""`sekwoo daily`, `puzzle answer` and `puzzle list` as a player meets them: dates still to come
refused, one scored answer a day, the status after it, ✓ ✗ marks at 80 columns."""

from __future__ import annotations

import json
import os
import re
from datetime import date, timedelta
from pathlib import Path

import pytest
from support.cli import js, run
from support.terminal import in_terminal

from puzzles import LEVELS, Puzzle, load_puzzles
from tutor.teach.daily import daily_puzzle

PUZZLES = load_puzzles()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "80")
    return tmp_path / "home"


def wrong(p: Puzzle) -> str:
    """An answer to ``p`` that reads but is not its answer."""
    from tutor.render.data import hand_dict

    cards = hand_dict(p.hand)["concealed"]
    for guess in ("yes", "no", "pass", "pong", *map(str, range(11)), *cards, " ".join(cards[:2])):
        code, out, _ = run("puzzle", "answer", p.id, guess, "--no-record", "--json")
        if code == 0 and not json.loads(out)["correct"]:
            return guess
    raise AssertionError(p.id)


def test_a_daily_still_to_come_is_refused_and_not_shown() -> None:
    tomorrow = date.today() + timedelta(days=1)
    p = daily_puzzle(tomorrow)
    for extra in ([], ["--answer", p.answer], ["--no-input"]):
        code, out, err = run("daily", "--date", tomorrow.isoformat(), *extra)
        assert code == 2 and out == "" and err.count("\n") == 1 and "still to come" in err
    code, out, err = run("daily", "--date", (tomorrow + timedelta(days=400)).isoformat(), "--json")
    assert code == 2 and set(json.loads(out)) == {"error"}
    assert js("stats")["answers"] == 0  # nothing recorded


def test_one_scored_answer_a_day_and_the_status_after_it() -> None:
    today = daily_puzzle(date.today())
    first = js("daily", "--answer", wrong(today))
    assert first["scored"] is True and first["correct"] is False and first["daily"] == date.today().isoformat()
    assert first["today"]["answered"] and not first["today"]["solved"] and first["today"]["streak"] == 0
    assert 0 < first["today"]["next_in_seconds"] <= 24 * 3600
    again = js("daily", "--answer", today.answer)  # right, but the day's answer was given
    assert again["correct"] is True and again["scored"] is False and again["daily"] is None
    assert again["today"]["solved"] is False
    via_puzzle = js("puzzle", "answer", today.id, today.answer)  # the same through `puzzle answer`
    assert via_puzzle["daily"] is None
    code, out, _ = run("daily")  # a second `sekwoo daily` that day: where it stands, no puzzle asked
    assert code == 0 and f"Today's daily {today.id}: not solved ✗ · streak 0 days" in out
    assert re.search(r"Next daily in (\d+ h )?\d+ min|Next daily in under a minute", out)
    assert "Answer it with" not in out and "as practice: sekwoo puzzle answer" in out
    assert all(len(line) <= 80 for line in out.splitlines())
    stats = js("stats")
    assert (stats["dailies"], stats["daily_streak"], stats["attempts"], stats["correct"], stats["answers"]) == (
        0, 0, 1, 0, 3)


def test_a_past_daily_is_practice() -> None:
    past = date.today() - timedelta(days=3)
    p = daily_puzzle(past)
    code, out, _ = run("daily", "--date", past.isoformat(), "--answer", p.answer)
    assert code == 0 and "(practice)" in out and f"the daily of {past.isoformat()} counts toward the streak only on its own date" in " ".join(out.split())
    assert "Today's daily" in out and "is still open" in out
    assert js("stats")["daily_streak"] == 0
    code, out, _ = run("daily", "--date", past.isoformat(), "--no-input")
    assert code == 0 and f"sekwoo daily --date {past.isoformat()} --answer" in out


def test_puzzle_list_marks_one_line_each_at_80_columns() -> None:
    ok, bad, retried = [p for p in PUZZLES if p.theme == "count-fun"][:3]
    js("puzzle", "answer", ok.id, ok.answer)
    js("puzzle", "answer", bad.id, wrong(bad))
    js("puzzle", "answer", retried.id, wrong(retried))
    js("puzzle", "answer", retried.id, retried.answer)  # a retry: practice, the mark stays ✗
    code, out, _ = run("puzzle", "list")
    lines = out.splitlines()
    assert code == 0 and max(len(line) for line in lines) <= 80
    rows = [line for line in lines if re.match(r"^[✓✗·] \S", line)]
    assert [row.split()[1] for row in rows] == [p.id for p in PUZZLES]  # one line per puzzle
    marks = {row.split()[1]: row[0] for row in rows}
    assert (marks[ok.id], marks[bad.id], marks[retried.id]) == ("✓", "✗", "✗")
    assert set(marks.values()) == {"✓", "✗", "·"} and list(marks.values()).count("·") == len(PUZZLES) - 3
    assert f"✓ 1 solved, ✗ 2 failed, · {len(PUZZLES) - 3} new" in out
    listed = {row["id"]: row for row in js("puzzle", "list")["puzzles"]}
    assert listed[retried.id] == {"id": retried.id, "theme": "count-fun", "level": retried.level,
                                  "status": "failed", "answers": 2, "latest_correct": True}
    assert listed[ok.id]["status"] == "solved" and listed[PUZZLES[0].id]["status"] == "new"


def test_the_daily_in_a_terminal(home: Path) -> None:
    """A real pseudo-terminal: the daily answered at the prompt, then `sekwoo daily` again."""
    p = daily_puzzle(date.today())
    env = dict(os.environ, SEKWOO_HOME=str(home), COLUMNS="80", TERM="dumb")
    texts = []
    for typed in (p.answer + "\n", ""):
        code, text = in_terminal(["daily"], typed, env)
        texts.append(text)
        assert code == 0, text
    answered, again = texts
    assert "Correct" in answered and f"Today's daily {p.id}: solved ✓ · streak 1 day" in answered
    assert "Practice" not in answered
    assert "Next daily in" in answered
    assert "your answer" not in again and f"Today's daily {p.id}: solved ✓" in again and "Next daily in" in again


@pytest.mark.parametrize("width", [40, 60, 80])
def test_a_long_puzzle_title_breaks_between_its_parts(width: int) -> None:
    """Too long for the rule, the title goes under it, broken at its ' · ' only: a part such as
    'level 3 (hard)' is never split, and no line is wider than the terminal."""
    import io

    from rich.console import Console

    from tutor.render.teach import show_puzzle

    p = next(p for p in load_puzzles() if p.theme == "kong-or-not")
    out = io.StringIO()
    show_puzzle(Console(file=out, width=width, color_system=None), p, "Daily puzzle 2026-11-20 (practice) ·")
    head = out.getvalue().splitlines()[1:]
    lines = head[:next(k for k, line in enumerate(head) if line.startswith("  "))]
    parts = [part for line in lines for part in line.strip().split(" · ")]
    assert parts == ["Daily puzzle 2026-11-20 (practice)", p.id, "KONG or not", f"level {p.level} ({LEVELS[p.level]})"]
    assert all(len(line) <= width for line in lines)
