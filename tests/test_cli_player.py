"""What a new player reads (issue 14): a verdict said first and once, terminal conventions,
``--json`` where it makes sense, and the words a 3-Leg player knows. Each runs the command."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli.app import app

SHORT = "123d 456d 789d EEE RR | f1"  # complete: East's flower 1 + East 2 + basic 1 = 4 FUN, short of 5
WINS = "123d 456d 789d EEE RR | f1 a1"  # the same with East's animal: 5 FUN


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Progress goes to a fresh folder, never the user's."""
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))


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


# --- 3. Terminal conventions -------------------------------------------------------------------

def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m tutor ARGS`` in a fresh process with ``env`` added (colour forced unless said)."""
    full = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    full |= {"COLUMNS": "80", "PYTHONIOENCODING": "utf-8", **env}
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, env=full,
                          stdin=subprocess.DEVNULL, check=False)


def test_version_from_the_command_and_the_module() -> None:
    from tutor import __version__

    assert invoke("--version")[:2] == (0, f"sekwoo {__version__}\n")
    out = run("--version")
    assert (out.returncode, out.stdout) == (0, f"sekwoo {__version__}\n")


COLOUR = re.compile(r"\x1b\[[0-9;]*(3[0-7]|9[0-7])m")  # an SGR code that sets a foreground colour


def test_no_color_and_the_no_color_option_are_honoured() -> None:
    forced = run("check", WINS, FORCE_COLOR="1")
    assert COLOUR.search(forced.stdout)  # colour when the terminal takes it...
    for out in (run("check", WINS, FORCE_COLOR="1", NO_COLOR="1"), run("--no-color", "check", WINS, FORCE_COLOR="1")):
        assert out.returncode == 0 and "SEK WOO: wins with 5 FUN" in out.stdout
        assert not COLOUR.search(out.stdout), out.stdout  # ...and none with NO_COLOR or --no-color


def complete(line: str) -> list[str]:
    """What bash completion offers after ``line`` (a trailing space: a new word)."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    env = {"_SEKWOO_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(cword)}
    result = CliRunner(env=env).invoke(app, [], prog_name="sekwoo")
    return result.stdout.split()


def test_shell_completion_completes_values() -> None:
    assert complete("sekwoo check x --rules ") == ["3leg", "3leg-beginner", "kj-3p", "malaysian-3p", "sanma", "singapore"]
    assert complete("sekwoo check x --rules 3l") == ["3leg", "3leg-beginner"]
    assert complete("sekwoo waits x --seat ") == ["east", "south", "west"]
    assert complete("sekwoo check x --rules singapore --seat ") == ["east", "south", "west", "north"]
    assert complete("sekwoo check x -x ") == ["tin_woo", "dei_woo", "four_fei"]
    assert complete("sekwoo learn ch") == ["chee"]
    assert complete("sekwoo puzzle --theme w") == ["waits"]
    assert complete("sekwoo puzzle make --theme best") == ["best-discard"]
    assert complete("sekwoo puzzle --level ") == ["1", "2", "3"]
    assert "waits-001" in complete("sekwoo puzzle show waits-0") and "count-fun-001" not in complete("sekwoo puzzle show waits-0")


def test_a_set_is_never_split_over_two_lines_at_80_columns() -> None:
    code, out, _ = invoke("waits", "EE SS WW NN F* F* F* 55d | f1")
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 80
    assert out.count("[N N F*→N] PONG") == 5  # whole in each of the five rows that read it
    for line in out.splitlines():  # every bracket closes on its own line
        assert line.count("[") == line.count("]"), line
    four_kongs = "EE [1111d] [2222d] [3333d] [4444d] | f1 f2 f3 f4 s1 s2 s3 s4"
    for columns in (50, 60, 80):
        code, out, _ = invoke("check", four_kongs, columns=columns)
        lines = out.splitlines()
        assert code == 0 and all(line.count("[") == line.count("]") for line in lines), out
        assert lines[0].startswith("Hand  E E  [1d 1d 1d 1d]") and lines[1].startswith("      ")  # under the cards


def test_wrapped_text_keeps_its_indent() -> None:
    code, out, _ = invoke("discard", SHORT, "--draws", "3", columns=60)
    lines = out.splitlines()
    first = next(k for k, line in enumerate(lines) if line.startswith("• Discard"))
    assert code == 0 and lines[first + 1].startswith("  ") and not lines[first + 1].startswith("   ")
    code, out, _ = invoke("learn", "pong", "--answers", columns=60)
    answers = [k for k, line in enumerate(out.splitlines()) if line.startswith("     answer: ")]
    assert answers and any(out.splitlines()[k + 1].startswith("     ") and out.splitlines()[k + 1].strip()
                           for k in answers)


# --- 4. --json where it makes sense ------------------------------------------------------------

def test_learn_json_lists_the_lessons_and_gives_one_as_data() -> None:
    from tutor.teach.lessons import LESSONS

    code, out, _ = invoke("learn", "--json")
    listed = json.loads(out)["lessons"]
    assert code == 0 and [row["topic"] for row in listed] == [lesson.topic for lesson in LESSONS]
    assert listed[0] | {"done": False} == {"topic": "chee", "title": "CHEE: three Dots in a row",
                                           "summary": "Runs of three consecutive Dots.", "done": False,
                                           "steps": 3, "exercises": 3}
    code, out, _ = invoke("learn", "kong", "--json")
    kong = json.loads(out)
    assert code == 0 and kong["topic"] == "kong" and kong["next"] == "ngan"
    concealed = next(s for s in kong["steps"] if s["hand"] == "(EEEE)")
    assert concealed["cards"]["melds"] == [{"kind": "kong", "cards": ["E"] * 4, "exposed": False}]
    assert kong["exercises"] and all("answer" not in e for e in kong["exercises"])
    shown = json.loads(invoke("learn", "pong", "--json", "--answers", "--seed", "4")[1])["exercises"]
    again = json.loads(invoke("learn", "pong", "--json", "--answers", "--seed", "4")[1])["exercises"]
    assert shown == again and len(shown) == 3  # the same seed deals the same exercises
    from tutor.teach.solve import build

    assert [e["answer"] for e in shown] == [build(e["theme"], e["hand"], "x").answer for e in shown]
    code, out, _ = invoke("learn", "chii", "--json")
    assert code == 2 and json.loads(out)["error"].startswith("no lesson 'chii'")


def test_puzzle_make_json_gives_the_puzzles_made_with_their_answers() -> None:
    code, out, _ = invoke("puzzle", "make", "--theme", "find-ngan", "--count", "2", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0 and (data["theme"], data["asked"], data["kept"], data["out"]) == ("find-ngan", 2, 2, None)
    assert [p["theme"] for p in data["puzzles"]] == ["find-ngan"] * 2 and all(p["answer"] for p in data["puzzles"])


def test_check_payout_without_a_payout_table_prints_the_check_and_a_note(tmp_path: Path) -> None:
    path = tmp_path / "nopay.yaml"
    path.write_text("schema_version: 1\nextends: singapore\nname: nopay\npayout: null\n", encoding="utf-8")
    hand = "123d 456d 789b 234c 55c"
    code, out, _ = invoke("check", hand, "-r", str(path), "--payout", "--json")
    data = json.loads(out)
    assert code == 0 and data["wins"] is True and data["fun"] == 5 and data["payout"] is None
    assert data["payout_note"] == "nopay has no payout table ('payout:' in its YAML), so no payout is shown"
    code, out, _ = invoke("check", hand, "-r", str(path), "--payout", columns=120)
    assert code == 0 and "wins with 5" in out
    assert out.rstrip().endswith("nopay has no payout table ('payout:' in its YAML), so no payout is shown")


# --- 5. Words a 3-Leg player reads -------------------------------------------------------------

def test_shanten_is_said_in_swaps() -> None:
    code, out, _ = invoke("discard", SHORT, "--draws", "1", columns=200)
    header = next(line for line in out.splitlines() if "option" in line)
    assert code == 0 and "to ready" in header and "shanten" not in header
    assert "to ready: swaps from a hand that waits on a card (the shanten)" in out
    code, out, _ = invoke("waits", "123d 456d 789d E S W N", columns=200)  # 3 sets, 4 lone winds: 8 - 2*3
    assert code == 0 and "No card completes this hand: it is 2 swaps from ready." in out and "shanten" not in out


def test_counts_have_proper_plurals() -> None:
    code, out, _ = invoke("discard", WINS, "--draws", "1", columns=200)
    assert code == 0 and "Over 1 draw, " in out and "Over 1 draw it wins" in out and "1 draws" not in out
    from datetime import date

    from tutor.teach.daily import daily_puzzle

    today = daily_puzzle(date.today())
    assert invoke("daily", "--answer", today.answer)[0] == 0
    code, out, _ = invoke("stats", columns=200)
    assert code == 0 and "daily streak 1 day ·" in out and "(s)" not in out


@pytest.mark.parametrize(
    ("hand", "says"),
    [
        ("123d 55x", "at column 8, expected a suit letter"),  # the x is the 8th character
        ("eee rr 123d 456d 789d", "at column 1, expected card numbers"),
        ("eee rr 123d 456d 789d", "found 'e'; winds and dragons are written in capitals: EEE"),
        ("EEE rr 123d 456d 789d", "at column 5, expected"),
        ("EEE rr 123d 456d 789d", "winds and dragons are written in capitals: RR"),
        ("123D 456d 789d EEE RR", "found 'D'; suits are written in lower case: 123d"),
        ("123d 456d 789d EEE R F", "found 'F'; a FEI is written F*"),
        ("wh 123d", "winds and dragons are written in capitals: Wh"),
        ("123d 456d 789d EEE WHWH", "at column 21, expected card numbers, a wind or dragon (E S W N R G Wh), F*, '[', '(' or '|', found 'H'; White is written Wh"),
        ("9d [5d]", "[5d] has 1 card: a set has 3"),
    ],
)
def test_bad_hands_count_columns_from_1_and_say_the_obvious_fix(hand: str, says: str) -> None:
    code, _, err = invoke("check", hand)
    assert code == 1 and err.count("\n") == 1 and says in err


def test_a_concealed_kong_is_labelled_concealed() -> None:
    code, out, _ = invoke("check", "(1111d) 456d 789d EEE RR")
    assert code == 0 and "[1d 1d 1d 1d] KONG (concealed)" in out and "laid down" not in out
    code, out, _ = invoke("check", "[1111d] 456d 789d EEE RR")
    assert code == 0 and "[1d 1d 1d 1d] KONG (laid down)" in out and "concealed" not in out


def test_a_set_in_prose_stays_on_one_line() -> None:
    from puzzles import get_puzzle

    p = get_puzzle("waits-003")
    sets = re.findall(r"(?:CHEE|PONG|NGAN)(?: of)? (?:\d[a-z] ?)+|(?:PONG|NGAN) of [A-Z][a-z]?", p.explanation)
    assert len(sets) >= 8
    from tutor.teach.answers import judge

    said = p.explanation + judge(p, "4d").why  # the verdict: why 4d fails, then the explanation
    for columns in (50, 60, 80):
        code, out, _ = invoke("puzzle", "answer", p.id, "4d", "--no-record", columns=columns)
        assert code == 0
        lines = out.splitlines()
        for phrase in sets:  # each whole on one line, as often as the verdict says it
            assert sum(line.count(phrase.strip()) for line in lines) == said.count(phrase.strip()), phrase


def test_a_long_puzzle_title_is_not_cut_short() -> None:
    from datetime import date

    from puzzles import LEVELS
    from tutor.teach.daily import daily_puzzle

    p = daily_puzzle(date(2026, 11, 25))
    for columns in (60, 80, 120):
        code, out, _ = invoke("daily", "--date", "2026-11-25", "--no-input", columns=columns)
        assert code == 0 and "…" not in out
        assert f"({LEVELS[p.level]})" in out and p.id in out
