"""The tutor's commands: JSON shapes, exit codes, non-interactive use, a real terminal session."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import js, run
from support.terminal import in_terminal

from puzzles import load_puzzles, parse_file
from tutor.teach.answers import judge
from tutor.teach.lessons import LESSONS, Lesson, exercises, questions

PUZZLES = load_puzzles()
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_every_command_has_help() -> None:
    for cmd in (["learn"], ["puzzle"], ["puzzle", "show"], ["puzzle", "answer"], ["puzzle", "list"],
                ["puzzle", "retry"], ["puzzle", "make"], ["daily"], ["stats"], ["render"]):
        code, out, _ = run(*cmd, "--help")
        assert code == 0 and "Usage" in out, cmd


def test_puzzle_list_json() -> None:
    data = js("puzzle", "list")
    assert len(data["puzzles"]) == len(PUZZLES) >= 80
    assert set(data["puzzles"][0]) >= {"id", "theme", "level"}
    waits = js("puzzle", "list", "--theme", "waits", "--level", "2")["puzzles"]
    assert waits and all(p["theme"] == "waits" and p["level"] == 2 for p in waits)
    code, _, err = run("puzzle", "list", "--theme", "chess")
    assert code == 2 and "unknown theme 'chess'" in err


def test_puzzle_show_json_hides_the_answer() -> None:
    p = PUZZLES[0]
    data = js("puzzle", "show", p.id)
    assert {k: data[k] for k in ("id", "theme", "question", "hand", "rules", "seat")} == {
        "id": p.id, "theme": p.theme, "question": p.question, "hand": p.hand_text, "rules": p.rules, "seat": p.seat,
    }
    assert "answer" not in data and "explanation" not in data
    code, _, err = run("puzzle", "show", "nope-001")
    assert code == 2 and err.startswith("sekwoo: no puzzle 'nope-001'")  # a usage error


def test_puzzle_answer_right_wrong_and_bad(home: Path) -> None:
    p = next(p for p in PUZZLES if p.theme == "count-fun")
    right = js("puzzle", "answer", p.id, f"{p.answer} FUN")
    assert right["correct"] is True and right["solution"] == p.answer and right["explanation"] == p.explanation
    wrong = js("puzzle", "answer", p.id, str(int(p.answer) + 1))
    assert wrong["correct"] is False and wrong["recorded"] is True  # a wrong answer is still exit 0
    assert wrong["why"] and f"total {p.answer}" in wrong["why"] and right["why"] is None  # why that answer fails
    code, out, err = run("puzzle", "answer", p.id, "lots", "--json")
    assert code == 1 and json.loads(out)["error"] and "Traceback" not in err
    stats = js("stats")  # the first answer counts; the wrong one after it is practice
    assert stats["attempts"] == 1 and stats["correct"] == 1 and stats["answers"] == 2
    assert stats["themes"] == [{"theme": "count-fun", "attempts": 1, "correct": 1, "accuracy": 1.0, "weak": False}]
    listed = {row["id"]: row for row in js("puzzle", "list", "--theme", "count-fun")["puzzles"]}
    assert listed[p.id]["status"] == "solved" and listed[p.id]["answers"] == 2
    assert {row["status"] for k, row in listed.items() if k != p.id} == {"new"}


def test_daily_is_stable_and_answerable(home: Path) -> None:
    def same(data: dict[str, object]) -> dict[str, object]:  # less the clock: the time to the next daily
        return data | {"today": {k: v for k, v in data["today"].items() if k != "next_in_seconds"}}  # type: ignore[attr-defined]

    a = js("daily", "--date", "2025-06-01")
    b = js("daily", "--date", "2025-06-01")
    assert same(a) == same(b) and a["date"] == "2025-06-01" and a["practice"] is True
    assert {"id", "theme", "question", "hand", "rules", "seat"} <= set(a)
    p = next(p for p in PUZZLES if p.id == a["id"])
    done = js("daily", "--date", "2025-06-01", "--answer", p.answer)  # a past date: practice
    assert done["correct"] is True and done["daily"] is None and done["scored"] is False
    assert done["today"]["answered"] is False and done["today"]["streak"] == 0
    code, _, err = run("daily", "--date", "June 1st")
    assert code == 2 and "YYYY-MM-DD" in err
    sub = subprocess.run([sys.executable, "-m", "tutor", "daily", "--date", "2025-06-01", "--json"],
                         capture_output=True, text=True, env=dict(os.environ, SEKWOO_HOME=str(home)), check=False)
    assert same(json.loads(sub.stdout)) == same(a)


def test_retry_serves_failed_puzzles_first() -> None:
    p = next(p for p in PUZZLES if p.theme == "short-of-five")
    js("puzzle", "answer", p.id, "no" if p.answer == "yes" else "yes")
    assert js("puzzle", "retry")["puzzle"]["id"] == p.id
    js("puzzle", "answer", p.id, p.answer)
    assert js("puzzle", "retry")["puzzle"]["id"] != p.id


def test_puzzle_without_terminal_shows_one_and_exits() -> None:
    code, out, _ = run("puzzle", "--theme", "waits")
    assert code == 0 and "Answer it with: sekwoo puzzle answer waits-" in out


def test_puzzle_make_writes_loadable_proven_yaml(tmp_path: Path) -> None:
    out = tmp_path / "new.yaml"
    code, _, err = run("puzzle", "make", "--theme", "find-ngan", "--count", "3", "--seed", "9", "-o", str(out))
    assert code == 0, err
    made = parse_file(out.read_text(encoding="utf-8"), str(out))
    assert len(made) == 3 and all(p.theme == "find-ngan" for p in made)
    code, again, _ = run("puzzle", "make", "--theme", "find-ngan", "--count", "3", "--seed", "9")
    assert again == out.read_text(encoding="utf-8")
    assert run("puzzle", "make", "--theme", "chess")[0] == 2


def test_stats_empty_and_text() -> None:
    code, out, _ = run("stats")
    assert code == 0 and "no puzzle answered yet" in out


def test_learn_lists_and_teaches_without_input() -> None:
    code, out, _ = run("learn")
    assert code == 0 and all(lesson.topic in out for lesson in LESSONS)
    for lesson in LESSONS:
        code, out, err = run("learn", lesson.topic, "--no-input")
        assert code == 0, err
        assert "Exercises" in out and "answer hidden" in out
    code, out, _ = run("learn", "pong", "--answers")
    assert "answer: yes" in out and "answer hidden" not in out
    code, _, err = run("learn", "chess")
    assert code == 2 and "no lesson 'chess'" in err


def session(home: Path, args: list[str], typed: str = "", interrupt_at: str | None = None) -> tuple[int, str]:
    """Run ``sekwoo ARGS`` in a pseudo-terminal, typing ``typed``; with ``interrupt_at``, send
    Ctrl-C (SIGINT) once the output shows that text. Returns the exit code and the output."""
    env = dict(os.environ, SEKWOO_HOME=str(home), COLUMNS="100", TERM="dumb")
    return in_terminal(args, typed, env, interrupt_at)


def step_inputs(lesson: Lesson, skip: bool = False) -> list[str]:
    """What the player types through a lesson's steps: Enter where a step waits, the answer (or
    an empty line, with ``skip``) where it asks about its hand."""
    out = []
    for k, q in enumerate(questions(lesson)):
        if q is not None:
            out.append("" if skip else q.answer)
        elif k < len(lesson.steps) - 1:
            out.append("")
    return out


def test_a_new_player_in_a_terminal(home: Path) -> None:
    """A real pseudo-terminal: a lesson (its questions, then its exercises), then the daily puzzle."""
    lesson = next(lesson for lesson in LESSONS if lesson.topic == "chee")
    tries = step_inputs(lesson)
    answers = [p.answer for p in exercises(lesson, seed=5)]
    day = js("daily", "--date", "2025-02-02")
    daily = next(p for p in PUZZLES if p.id == day["id"])
    code, text = session(home, ["learn", "chee", "--seed", "5"], "\n".join(tries + answers) + "\n")
    assert code == 0 and text.count("Correct") == len(answers) + sum(1 for t in tries if t), text
    assert f"{len(answers)} of {len(answers)} right. Lesson saved." in text
    code, text = session(home, ["daily", "--date", "2025-02-02"], daily.answer + "\n")
    assert code == 0 and "Correct" in text, text
    stats = js("stats")
    assert stats["lessons"] == ["chee"]
    assert stats["dailies"] == 0 and stats["correct"] == 1  # a past daily is practice


def test_a_wrong_answer_in_a_terminal_says_why(home: Path) -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.topic == "kong")
    tasks = exercises(lesson, seed=2)
    wrong = ["no" if t.answer == "yes" else "yes" if t.theme == "is-a-set" else str(int(t.answer) + 1) for t in tasks]
    code, text = session(home, ["learn", "kong", "--seed", "2"], "\n".join(step_inputs(lesson) + wrong) + "\n")
    assert code == 0 and text.count("Not quite") == len(tasks), text
    assert text.count("Why not") == len(tasks) and text.count("The answer is") == len(tasks)
    for t, said in zip(tasks, wrong, strict=True):  # each reason is the one the library gives
        why = judge(t, said).why
        assert why[:40] in " ".join(text.split()), why


def test_prompts_quit_skip_and_end_quietly(home: Path) -> None:
    queue = js("puzzle", "--theme", "is-a-set")["puzzle"]["id"]
    # an empty line skips (not refused), q stops: nothing recorded, exit 0
    code, text = session(home, ["puzzle", "--theme", "is-a-set"], "\nq\n")
    assert code == 0 and "No puzzle answered." in text and text.count("Puzzle is-a-set-") == 2, text
    assert "empty answer" not in text and js("stats")["attempts"] == 0
    # Ctrl-D (end of input) ends quietly
    code, text = session(home, ["puzzle", "--theme", "is-a-set"], "\x04")
    assert code == 0 and "Traceback" not in text and "No puzzle answered." in text
    # in a lesson: q at an exercise stops (not read as a card), the lesson is not saved
    code, text = session(home, ["learn", "chee", "--seed", "1"], "\n".join(step_inputs(LESSONS[0]) + ["q"]) + "\n")
    assert code == 0 and "cannot read" not in text and "Lesson saved" not in text, text
    # an empty answer to an exercise shows its answer
    ngan = next(lesson for lesson in LESSONS if lesson.topic == "ngan")
    tasks = exercises(ngan, seed=1)
    typed = step_inputs(ngan, skip=True) + [""] * len(tasks)
    code, text = session(home, ["learn", "ngan", "--seed", "1"], "\n".join(typed) + "\n")
    assert code == 0 and text.count("Skipped. The answer is") == 1 + len(tasks), text
    assert f"0 of {len(tasks)} right. Lesson saved." in text
    assert js("stats")["lessons"] == ["ngan"] and queue.startswith("is-a-set-")


@pytest.mark.parametrize(("args", "at"), [
    (["puzzle", "--theme", "waits"], "your answer"),
    (["learn", "chee", "--seed", "1"], "your answer"),
    (["learn", "winning-shape", "--seed", "1"], "your answer"),
    (["daily", "--date", "2025-02-02"], "your answer"),
])
def test_ctrl_c_at_a_prompt_exits_130(home: Path, args: list[str], at: str) -> None:
    code, text = session(home, args, interrupt_at=at)
    assert code == 130, text
    assert "interrupted" in text and "Traceback" not in text


def test_tutorial_commands_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ``sekwoo`` command in docs/tutorial.md runs and exits 0 (no terminal: no prompts)."""
    import shlex

    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    commands = [ln.strip() for ln in re.findall(r"^\$ (sekwoo .+)$", text, re.MULTILINE)]
    assert len(commands) >= 12
    monkeypatch.chdir(tmp_path)
    for cmd in commands:
        code, _, err = run(*shlex.split(cmd)[1:])
        assert code == 0, f"{cmd}: {err}"
    assert (tmp_path / "hand.svg").exists()


def test_usage_errors_exit_2() -> None:
    assert run("puzzle", "answer")[0] == 2
    assert run("puzzle", "show")[0] == 2
    assert run("daily", "--date")[0] == 2
    assert run("puzzle", "make", "--count", "3")[0] == 2  # --theme is required
    assert run("render")[0] == 2
