"""Ratings at the command line: ``puzzle next``, the rating after each answer, the ``stats`` chart and SVG."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from support.cli import js, run
from support.terminal import in_terminal

from puzzles import load_puzzles
from tutor.errors import PuzzleError
from tutor.render.chart import rating_lines, rating_svg
from tutor.teach.answers import judge
from tutor.teach.ladder import BAND, TARGET_SCORE

PUZZLES = {p.id: p for p in load_puzzles()}
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "80")
    return tmp_path / "home"


def _wrong(puzzle_id: str) -> str:
    """An answer the puzzle reads and judges wrong."""
    p = PUZZLES[puzzle_id]
    for text in ("yes", "no", "0", "1", "1d", "9d", "E", "pass", "1d 2d", "R G"):
        try:
            if not judge(p, text).correct:
                return text
        except PuzzleError:
            continue
    raise AssertionError(f"no wrong answer found for {puzzle_id}")


def test_next_plays_new_puzzles_near_the_rating_and_answers_carry_the_rating() -> None:
    seen: list[str] = []
    last = 1500.0
    for k in range(8):
        pick = js("puzzle", "next")
        p = pick["puzzle"]
        assert p["id"] not in seen and abs(p["expected"] - TARGET_SCORE) <= BAND
        assert pick["player"]["rating"] == pytest.approx(last, abs=0.06)
        answer = PUZZLES[p["id"]].answer if k % 3 else _wrong(p["id"])
        got = js("puzzle", "answer", p["id"], answer)
        r = got["rating"]
        assert r["rated"] and (r["change"] > 0) == got["correct"]
        assert r["rating"] == pytest.approx(last + r["change"], abs=0.11)
        last = r["rating"]
        seen.append(p["id"])
    again = js("puzzle", "answer", seen[0], PUZZLES[seen[0]].answer)  # a retry is practice
    assert not again["rating"]["rated"] and again["rating"]["change"] == 0 and again["rating"]["rating"] == last
    unsaved = js("puzzle", "answer", seen[1], PUZZLES[seen[1]].answer, "--no-record")
    assert not unsaved["rating"]["rated"]
    stats = js("stats")
    history = stats["rating"]["history"]
    assert [h["id"] for h in history] == seen and stats["rating"]["rating"] == last


def test_next_without_a_terminal_shows_the_puzzle_and_how_to_answer() -> None:
    code, out, _ = run("puzzle", "next", "--no-input")
    assert code == 0 and "Answer it with: sekwoo puzzle answer" in out
    code, out, _ = run("puzzle", "next", "--theme", "waits", "--no-input")
    assert code == 0 and "waits-" in out
    code, _, err = run("puzzle", "next", "--theme", "wait")
    assert code == 2 and "waits" in err


def test_answer_text_shows_the_rating_line() -> None:
    p = next(iter(PUZZLES.values()))
    code, out, _ = run("puzzle", "answer", p.id, p.answer)
    assert code == 0 and "Rating 1" in out and " ± " in out and "(+" in out
    code, out, _ = run("puzzle", "answer", p.id, p.answer)
    assert code == 0 and "unchanged: only your first answer to a puzzle counts" in out


def test_stats_chart_in_80_columns_and_as_svg(tmp_path: Path) -> None:
    for p in list(PUZZLES.values())[:12]:
        run("puzzle", "answer", p.id, p.answer)
    code, out, _ = run("stats")
    assert code == 0 and "Rating " in out
    chart = [line for line in out.splitlines() if "┤" in line or "└" in line]
    assert len(chart) == 11 and all(len(line) <= 80 for line in chart)
    assert sum(line.count("●") for line in chart) == 13  # where the player started and 12 answers
    svg = tmp_path / "rating.svg"
    code, _, err = run("stats", "--svg", str(svg))
    assert code == 0 and str(svg) in err
    root = ET.parse(svg).getroot()
    line = root.find(f".//{SVG}g[@class='rating-line']")
    assert line is not None
    ratings = [float(x) for x in line.get("data-ratings", "").split()]
    history = js("stats")["rating"]["history"]
    assert ratings[1:] == pytest.approx([h["rating"] for h in history], abs=0.06)
    polyline = line.find(f"{SVG}polyline")
    assert polyline is not None and len(polyline.get("points", "").split()) == 13
    assert js("stats", "--svg", str(tmp_path / "again.svg"))["svg"]["format"] == "svg"


def test_rating_lines_fit_the_width_and_rise_with_the_rating() -> None:
    for n in (1, 2, 5, 40, 77, 78, 300):
        points = [(1200 + 3 * k, 300 - k * 0.5) for k in range(n)]
        for width in (40, 60, 80):
            lines = rating_lines(points, width=width)
            assert all(len(line) <= width for line in lines), (n, width)
            grid = [line.split("┤", 1)[1] if "┤" in line else "" for line in lines]
            dots = [(row, col) for row, text in enumerate(grid) for col, ch in enumerate(text) if ch == "●"]
            # every point while they fit (a point per column), else the chart's whole width is used
            assert len(dots) == n if n <= 20 else width // 2 <= len(dots) <= width
            by_col = sorted(dots, key=lambda d: d[1])
            assert [r for r, _ in by_col] == sorted((r for r, _ in by_col), reverse=True)  # rising: rows go up
    assert rating_lines([]) == []


def test_rating_svg_parses_with_a_band_around_the_line() -> None:
    points = [(1500.0, 350.0), (1650.0, 280.0), (1580.0, 240.0)]
    root = ET.fromstring(rating_svg(points, "history"))
    assert root.get("data-answers") == "2"
    band = root.find(f"{SVG}polygon")
    assert band is not None and len(band.get("points", "").split()) == 6
    ys = [float(p.split(",")[1]) for p in band.get("points", "").split()]
    line = root.find(f".//{SVG}polyline")
    assert line is not None
    mid = [float(p.split(",")[1]) for p in line.get("points", "").split()]
    assert all(ys[k] < mid[k] < ys[5 - k] for k in range(3))  # the band (upper, then lower reversed) holds the line


def test_a_real_terminal_shows_the_rating_after_the_verdict(home: Path) -> None:
    pick = js("puzzle", "next")["puzzle"]
    env = dict(os.environ, SEKWOO_HOME=str(home), COLUMNS="80", TERM="dumb")
    code, text = in_terminal(["puzzle", "next"], PUZZLES[pick["id"]].answer + "\n", env)
    assert code == 0, text
    assert pick["id"] in text and "Correct" in text and "Rating 1" in text, text


def test_the_daily_answer_carries_the_rating_too() -> None:
    p = PUZZLES[js("daily")["id"]]
    first = js("daily", "--answer", p.answer)
    assert first["rating"]["rated"] and first["rating"]["change"] > 0
    again = js("daily", "--answer", p.answer)
    assert not again["rating"]["rated"] and again["rating"]["rating"] == first["rating"]["rating"]
