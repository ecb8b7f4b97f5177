"""``sekwoo stats`` shows the drill's results, kept in the progress database beside the puzzles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.table.results import DrillRow, now, save


def test_stats_shows_the_drill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path))
    runner = CliRunner()
    empty = json.loads(runner.invoke(app, ["stats", "--json"]).output)
    assert empty["drill"]["hands"] == 0
    played = [DrillRow(now(), "3leg", "east", 1, 8, 6, 0.75, True, 7, 4),
              DrillRow(now(), "3leg", "south", 2, 10, 5, 1.5, False, 0, None)]
    for row in played:
        save(row)
    got = json.loads(runner.invoke(app, ["stats", "--json"]).output)["drill"]
    assert (got["hands"], got["wins"], got["decisions"], got["best"]) == (2, 1, 18, 11)
    assert got["fun_lost"] == pytest.approx(2.25)
    text = runner.invoke(app, ["stats"]).output
    assert "drill: 2 hands, 1 won; 11 of 18 decisions best (61%); 2.25 FUN given up" in text


def test_one_hand_and_the_worst_moves_read_as_sentences(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One hand is "1 hand"; a worst move with no card named has no stray space before its colon."""
    from tutor.core.hands import Hand, Seat
    from tutor.core.tiles import Tile
    from tutor.render.drill import summary_text
    from tutor.table.drill import HandSummary, Summary
    from tutor.table.grading import Choice, Graded

    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path))
    save(DrillRow(now(), "3leg", "east", 1, 1, 1, 0.0, True, 7, 4))
    assert "drill: 1 hand, 1 won; 1 of 1 decision best" in CliRunner().invoke(app, ["stats"]).output
    options = (Choice("W", 2.5, 0.5), Choice("N", 1.0, 0.25))
    hand = Hand.parse("1244669d SS W N RR G 7d")
    graded = [Graded("turn", hand, None, options, "N", 9, 9), Graded("claim", hand, Tile.parse("R"), options, "N", 9, 9)]
    text = summary_text(Summary(Seat.EAST, [HandSummary(1, graded)]), "FUN")
    assert f"worst: {hand} turn: you N (best W), 1.50 FUN given up" in text
    assert f"worst: {hand} claim R: you N (best W), 1.50 FUN given up" in text
