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
