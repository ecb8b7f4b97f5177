"""End-to-end smoke tests of the CLI contract (docs/api.md)."""

import json
import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, check=False)


def test_check_json_no_flower_limit() -> None:
    out = run("check", "123d 456d 789d EEE RR", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["complete"] and data["wins"] and data["fun"] == 10 and data["min_fun"] == 5


def test_bad_hand_one_line_exit_1() -> None:
    out = run("check", "123d 55x")
    assert out.returncode == 1
    assert out.stderr.strip() == (
        "sekwoo: bad hand '123d 55x': at column 8, expected a suit letter (d b c p s m z), found 'x'"
    )
    assert "Traceback" not in out.stderr


def test_usage_error_exit_2() -> None:
    assert run("check").returncode == 2
