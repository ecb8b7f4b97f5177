"""Exit codes as the README promises: a usage error exits 2 (with the nearest name where one is
close), a bad hand or file content exits 1; every error is one line on stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HAND = "123d 456d 789d EEE RR"


def run(*args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m tutor ARGS`` in a fresh process, as a script would call it (no terminal)."""
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}
    if home is not None:
        env["SEKWOO_HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, check=False)


@pytest.mark.parametrize(
    ("args", "says", "hint"),
    [
        (["check", HAND, "--seat", "north"], "3leg has no seat 'north': choose east, south, west", None),
        (["check", HAND, "--rules", "3lg"], "no rule set '3lg'", "3leg"),
        (["check", HAND, "-x", "foo"], "3leg knows no situation 'foo'", None),
        (["waits", "123d 456d 789d EE R", "-x", "tinwoo"], "knows no situation 'tinwoo'", "tin_woo"),
        (["discard", HAND, "--seat", "souht"], "no seat 'souht'", "south"),
        (["learn", "chii"], "no lesson 'chii'", "chee"),
        (["learn", "chow"], "no lesson 'chow'", "chee"),
        (["puzzle", "--level", "7"], "unknown level 7", None),
        (["puzzle", "--theme", "wait"], "unknown theme 'wait'", "waits"),
        (["puzzle", "list", "--theme", "wait"], "unknown theme 'wait'", "waits"),
        (["puzzle", "make", "--theme", "wait"], "unknown theme 'wait'", "waits"),
        (["puzzle", "show", "waits-0001"], "no puzzle 'waits-0001'", None),
        (["daily", "--date", "tomorrow"], "--date: write a date as YYYY-MM-DD, not 'tomorrow'", None),
        (["daily", "--date", "2026-02-30"], "--date: 2026-02-30 is no date: day is out of range for month", None),
        (["rules", "show", "sanmaa"], "no rule set 'sanmaa'", "sanma"),
        (["discard", HAND, "--draws", "40"], "--draws: a player draws at most", None),
        (["waits", "123d 456d 789d EE R", "--seen", "5d f1"], "--seen:", None),
        (["waits", "123d 456d 789d EE R", "--seen", "5x"], "--seen: bad cards '5x'", None),
        (["claim", "123d 456d 78d EEE RR", "9x"], "TILE: bad card '9x': not a card", None),
        (["discard", HAND, "--drawn", "9x"], "--drawn: bad card '9x': not a card", None),
        (["analyze", "123d 456d 78d EEE RR", "--on", "Q"], "--on: bad card 'Q'", None),
    ],
)
def test_usage_errors_exit_2_in_one_line(tmp_path: Path, args: list[str], says: str, hint: str | None) -> None:
    """An option or argument naming nothing sekwoo knows is a usage error: exit 2, one line."""
    out = run(*args, home=tmp_path)
    assert out.returncode == 2, out.stderr
    assert out.stderr.startswith("sekwoo: ") and out.stderr.count("\n") == 1, out.stderr
    assert says in out.stderr
    if hint is not None:
        assert out.stderr.rstrip().endswith(f"; did you mean {hint!r}?")
    else:
        assert "did you mean '" not in out.stderr  # no far-fetched guess ('north' is not 'south')
    assert out.stdout == ""


def test_usage_error_with_json_is_still_exit_2_and_one_object() -> None:
    out = run("check", HAND, "--seat", "north", "--json")
    assert out.returncode == 2
    assert json.loads(out.stdout) == {"error": "3leg has no seat 'north': choose east, south, west"}


@pytest.mark.parametrize(
    "args",
    [
        ["check", "123d 55x"],  # bad notation
        ["check", "11111d 234d 567d 89d"],  # a fifth copy
        ["waits", "123d 456d 789d EE R", "--seen", "EE", "-x", "tin_woo", "--seen", "E E E"],  # 5 E in sight
    ],
)
def test_bad_hand_exits_1(args: list[str]) -> None:
    out = run(*args)
    assert out.returncode == 1 and out.stderr.startswith("sekwoo: ") and out.stderr.count("\n") == 1


def test_bad_rule_file_content_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("extends: 3leg\nscoring:\n  minimum: five\n", encoding="utf-8")
    out = run("check", HAND, "--rules", str(path))
    assert out.returncode == 1 and "scoring.minimum" in out.stderr


def test_readme_promises_these_exit_codes() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    assert "2 a usage error" in readme


@pytest.mark.parametrize(
    "args",
    [
        ["check", HAND, "--json"],
        ["--no-color", "waits", "123d 456d 789d EE R"],
        ["check", "--help"],
        ["discard", HAND, "--seat", "souht"],
        ["check", HAND, "--bogus"],
        ["puzzle", "list", "--theme", "wait"],
        ["rules", "--help"],
        ["rules", "show", "sanmaa"],
        ["learn", "chii"],
        ["chekc", HAND],
        ["--help"],
        [],
    ],
)
def test_main_builds_only_the_command_named_and_says_the_same(args: list[str]) -> None:
    """``main`` hands typer the one command the arguments name (a cold call reads one signature,
    not fifteen): output and exit code are those of the whole app, help and errors included."""
    from typer.testing import CliRunner

    from tutor.cli.app import _for, app

    env = {"COLUMNS": "80", "NO_COLOR": "1"}
    one, whole = (CliRunner().invoke(a, args, env=env) for a in (_for(args), app))
    assert (one.exit_code, one.stdout, one.stderr) == (whole.exit_code, whole.stdout, whole.stderr)
    named = any(not arg.startswith("-") for arg in args) and "chekc" not in args
    assert (_for(args) is app) != bool(named)
    if named:
        assert len(_for(args).registered_commands) + len(_for(args).registered_groups) == 1


def _commands() -> list[tuple[list[str], str]]:
    """Each command's words (``["puzzle", "make"]``) and its docstring."""
    from inspect import getdoc

    import typer

    from tutor.cli.app import app

    def walk(commands: typer.Typer, words: list[str]) -> list[tuple[list[str], str]]:
        out = [([*words, info.name or info.callback.__name__], getdoc(info.callback) or "")
               for info in commands.registered_commands if info.callback is not None]
        for group in commands.registered_groups:
            if group.typer_instance is not None and group.name:
                out += walk(group.typer_instance, [*words, group.name])
        return out

    return walk(app, [])


@pytest.mark.parametrize(("words", "doc"), _commands(), ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_help_keeps_each_paragraph_of_the_docstring_on_one_line(words: list[str], doc: str) -> None:
    """A docstring's line breaks do not cut the help mid-sentence (rich markup keeps them)."""
    from typer.testing import CliRunner

    from tutor.cli.app import app

    def shown(*args: str) -> str:
        res = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "400", "NO_COLOR": "1"})
        assert res.exit_code == 0, res.output
        return res.stdout

    paragraphs = [" ".join(paragraph.split()) for paragraph in doc.split("\n\n")]
    assert all(paragraph in shown(*words) for paragraph in paragraphs)
    assert paragraphs[0] in shown(*words[:-1])  # its line in the list of commands


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["check", HAND, "--foo"], "No such option: --foo (see 'sekwoo check --help')"),
        (["check", *HAND.split()], "a hand with spaces goes in quotes"),
        (["check"], "Missing argument 'HAND'."),
        (["chekc", HAND], "Did you mean 'check'?"),
        (["discard", HAND, "--draws", "-1"], "(see 'sekwoo discard --help')"),
        (["puzzle", "list", "--level", "x"], "(see 'sekwoo puzzle list --help')"),
    ],
)
def test_usage_errors_of_the_command_line_itself_are_one_line_too(args: list[str], says: str) -> None:
    """Errors typer finds before a command runs (an unknown option, an argument missing or left
    over) are one line, as the library's are, not a panel of five."""
    got = run(*args)
    assert got.returncode == 2
    assert got.stderr.count("\n") == 1 and got.stderr.startswith("sekwoo: ") and says in got.stderr, got.stderr
    assert got.stdout == ""


def test_no_command_shows_the_help_and_help_exits_0() -> None:
    bare = run()
    assert bare.returncode == 2 and "Usage: sekwoo [OPTIONS] COMMAND" in bare.stdout + bare.stderr
    helped = run("check", "--help")
    assert helped.returncode == 0 and "Does this hand win" in helped.stdout and helped.stderr == ""
