"""What a new player reads (issue 14): a verdict said first and once, terminal conventions,
``--json`` where it makes sense, and the words a 3-Leg player knows. Each runs the command."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tutor.cli.app import app

SHORT = "123d 456d 789d EEE RR | f1"  # complete: East's flower 1 + East 2 + basic 1 = 4 FUN, short of 5
WINS = "123d 456d 789d EEE RR | f1 a1"  # the same with East's animal: 5 FUN


def invoke(*args: str, columns: int = 80) -> tuple[int, str, str]:
    """``sekwoo ARGS`` in-process at a fixed width, without colour: (exit code, stdout, stderr)."""
    result = CliRunner(env={"COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


# --- 1. A verdict first, and once --------------------------------------------------------------

def test_analyze_of_a_complete_hand_short_of_the_minimum_gives_the_discards() -> None:
    code, out, _ = invoke("analyze", SHORT)
    lines = out.splitlines()
    assert code == 0
    assert lines[1] == "Complete but short: 4 FUN, the minimum is 5 for East (3leg). Play on:"
    assert "exp. FUN" in lines[2] and "1d" in lines[3]  # the discard table follows
    assert out.count("short") - out.count("short of the") == 1 and "is short of the minimum of 5" not in out
    data = json.loads(invoke("analyze", SHORT, "--json")[1])
    assert data["kind"] == "discard" and data["wins_now"] is False and data["fun_now"] == 4
    assert data["notes"] == ["complete, but 4 FUN is short of the minimum of 5"] and data["options"]


def test_a_winning_hand_is_declared_first_by_discard_and_checked_by_analyze() -> None:
    code, out, _ = invoke("discard", WINS)
    assert code == 0 and out.splitlines()[1] == "Declare SEK WOO: 5 FUN. If you play on instead:"
    assert "already wins" not in out
    code, out, _ = invoke("analyze", WINS)
    assert code == 0 and "SEK WOO: wins with 5 FUN for East (3leg)" in out and "exp. FUN" not in out


def test_check_says_a_short_verdict_once() -> None:
    code, out, _ = invoke("check", SHORT)
    assert code == 0 and "Complete but short: 4 FUN, the minimum is 5 for East (3leg)" in out
    assert "is short of the minimum" not in out  # the note that repeated the verdict
