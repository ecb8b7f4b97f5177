"""The ``sekwoo`` command: golden output, docs/api.md's JSON contract, exit codes, odd input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from rich.console import Console
from typer.testing import CliRunner

from tutor import Hand, check, load_rules
from tutor.cli.app import app
from tutor.render.terminal import checked

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("SEKWOO_UPDATE_GOLDEN") == "1"  # rewrite the files instead of comparing
ENV = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb", "PYTHONIOENCODING": "utf-8"}

# name, hand, seat. The FUN in each file was worked out by hand (see the comments).
GOLDEN_HANDS = [
    # SIU SAM YUEN with a FEI+White NGAN, for South: f2 1 + a1 1 + Red 1 + Green 1 + basic 1,
    # and the limit: 10.
    ("siu_sam_yuen_fei", "RRR GGG Wh F* 123d [456d] | a1 f2", "south"),
    # f1 s1 2 + a1 a2 2 + k1 1 + East 2 + North 1 + basic 1 + DUI DUI PONG 2 = 11, capped at 10.
    ("capped", "EEE 111d 999d NNN RR | f1 s1 a1 a2 k1", "east"),
    # For West: f3 1 + East 1 + basic 1 = 3: complete but short of 5.
    ("short", "123d 456d 789d EEE RR | f3", "west"),
    # Twelve Dots and two single winds: no reading.
    ("incomplete", "123d 456d 789d 234d N S | a1", "east"),
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``sekwoo ARGS`` in a fresh process at a fixed width, without colour."""
    cmd = [sys.executable, "-m", "tutor", *args]
    return subprocess.run(
        cmd, capture_output=True, encoding="utf-8", env=ENV, check=False, timeout=60
    )


def plain(text: str) -> str:
    """Text with trailing spaces cut from each line (rich pads table cells)."""
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines()) + "\n"


def rendered(hand: str, seat: str) -> str:
    """What ``sekwoo check`` shows for a hand, rendered at width 100 without colour."""
    console = Console(width=100, no_color=True, record=True, highlight=False, file=io.StringIO())
    console.print(checked(check(Hand.parse(hand), load_rules("3leg"), seat)))
    return plain(console.export_text())


@pytest.mark.parametrize(("name", "hand", "seat"), GOLDEN_HANDS)
def test_golden_render(name: str, hand: str, seat: str) -> None:
    """``tutor.render.terminal.checked`` draws the hand as the golden file shows it."""
    path = GOLDEN / f"check_{name}.txt"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(rendered(hand, seat), encoding="utf-8")
    assert rendered(hand, seat) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "hand", "seat"), GOLDEN_HANDS[:2])
def test_golden_cli(name: str, hand: str, seat: str) -> None:
    """The command itself prints the same text at COLUMNS=100 with NO_COLOR."""
    out = run("check", hand, "--seat", seat)
    assert (out.returncode, out.stderr) == (0, "")
    assert plain(out.stdout) == (GOLDEN / f"check_{name}.txt").read_text(encoding="utf-8")


def test_golden_files_say_what_was_worked_out() -> None:
    """The golden files hold the verdicts computed by hand above, so a wrong file cannot pass."""
    text = {n: (GOLDEN / f"check_{n}.txt").read_text(encoding="utf-8") for n, _, _ in GOLDEN_HANDS}
    siu = text["siu_sam_yuen_fei"]
    assert "SEK WOO: wins with 10 FUN for South" in siu
    assert "F*→Wh" in siu and "SIU SAM YUEN (limit)" in siu
    assert "10 (capped from 11)" in text["capped"]
    assert "Complete but short: 3 FUN, the minimum is 5 for West" in text["short"]
    assert "not complete" in text["incomplete"] and "Best reading" not in text["incomplete"]


# --- JSON contract (docs/api.md) ----------------------------------------------------------------

def test_check_json_contract() -> None:
    """``check --json`` prints one object with docs/api.md's keys and types, and nothing else."""
    out = run("check", "RRR GGG Wh F* 123d [456d] | a1 f2", "--seat", "south", "--json")
    assert (out.returncode, out.stderr) == (0, "")
    data = json.loads(out.stdout)  # the whole of stdout is one JSON object
    assert isinstance(data, dict)
    keys = {"complete": bool, "wins": bool, "fun": int, "min_fun": int, "breakdown": list}
    for key, kind in keys.items():
        assert type(data[key]) is kind, key
    assert (data["complete"], data["wins"], data["fun"], data["min_fun"]) == (True, True, 10, 5)
    assert data["breakdown"] and all(
        isinstance(row["name"], str) and type(row["fun"]) is int for row in data["breakdown"]
    )
    assert {"name": "SIU SAM YUEN", "fun": 10}.items() <= next(
        r for r in data["breakdown"] if r["name"] == "SIU SAM YUEN"
    ).items()
    ngan = data["reading"]["ngan"]
    assert ngan["cards"] == ["Wh", "F*"] and ngan["stands_for"] == ["Wh", "Wh"]  # tiles in notation


def test_check_json_short_and_incomplete() -> None:
    """A short hand and an incomplete one: exit 0 (done), ``wins`` false, the FUN as scored."""
    out = run("check", "123d 456d 789d EEE RR | f3", "--seat", "west", "--json")
    short = json.loads(out.stdout)
    assert (short["complete"], short["wins"], short["fun"]) == (True, False, 3)
    incomplete = run("check", "123d 456d 789d 234d N S | a1", "--json")
    assert incomplete.returncode == 0
    data = json.loads(incomplete.stdout)
    assert (data["complete"], data["wins"], data["fun"], data["breakdown"]) == (False, False, 0, [])


def test_parse_json_contract() -> None:
    """``parse --json`` prints the hand part by part, cards in the notation."""
    out = run("parse", "123p [66d F*] (5555d) 7z | f1 F*", "--json")
    assert (out.returncode, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    assert data["hand"] == "123d R [66d F*] (5555d) | F* f1"
    assert data["concealed"] == ["1d", "2d", "3d", "R"]
    assert data["melds"] == [
        {"kind": "pong", "cards": ["6d", "6d", "F*"], "exposed": True},
        {"kind": "kong", "cards": ["5d", "5d", "5d", "5d"], "exposed": False},
    ]
    assert data["bonus"] == ["F*", "f1"]
    assert data["size"] == 4 + 3 + 3  # a KONG counts three


@pytest.mark.parametrize(("hand", "rules", "said"), [
    ("11111d", "3leg", "5 copies of 1d in this hand: there are only 4"),
    ("123d [55d F*] (5555d)", "3leg", "6 copies of 5d"),
    ("123b 456d", "3leg", "1 Bamboo (1b) is not a card of 3leg"),
    ("123d | f1 f1", "3leg", "the bonus card f1 appears twice"),
])
def test_parse_refuses_a_hand_no_deck_deals(hand: str, rules: str, said: str) -> None:
    """``parse`` reads the notation against a rule set: a hand its deck cannot deal is an error
    (exit 1, one line), while the same cards in a rule set that has them parse."""
    out = run("parse", hand, "--rules", rules)
    assert (out.returncode, out.stdout) == (1, "")
    assert said in out.stderr and out.stderr.count("\n") == 1


def test_parse_takes_the_rule_set_that_has_the_cards() -> None:
    out = run("parse", "123b 456d", "--rules", "singapore", "--json")
    assert out.returncode == 0 and "1b" in json.loads(out.stdout)["concealed"]


def test_json_error_is_one_object() -> None:
    """With ``--json`` a bad hand still prints one JSON object (an error) and exits 1."""
    out = run("check", "123d 55x", "--json")
    assert out.returncode == 1
    message = "bad hand '123d 55x': at column 8, expected a suit letter (d b c p s m z), found 'x'"
    assert json.loads(out.stdout) == {"error": message}


# --- Exit codes, help, odd input ----------------------------------------------------------------

def test_exit_codes() -> None:
    """0 done (win or not), 1 a bad or invalid hand, 2 a usage error."""
    assert run("check", "123d 456d 789d EEE RR").returncode == 0
    assert run("check", "123d 456d 789d 234d N S").returncode == 0  # not a win, but done
    assert run("check", "123d 55x").returncode == 1
    assert run("check", "11111d 234d 567d 89d").returncode == 1  # five copies
    assert run("check").returncode == 2  # no hand
    assert run("check", "123d", "--no-such-option").returncode == 2
    assert run("no-such-command").returncode == 2


def _commands() -> list[tuple[str, ...]]:
    """Every command and sub-command path of the app (``()`` is the app itself)."""
    def walk(cmd: object, path: tuple[str, ...]) -> list[tuple[str, ...]]:
        """``path`` and the paths of every command below it."""
        subs = getattr(cmd, "commands", {}) or {}
        return [path] + [p for name, sub in subs.items() for p in walk(sub, (*path, name))]

    return walk(typer.main.get_command(app), ())


@pytest.mark.parametrize("path", _commands(), ids=lambda p: " ".join(p) or "sekwoo")
def test_help_for_every_command(path: tuple[str, ...]) -> None:
    """``--help`` works for the app and every command, and says what it does."""
    result = CliRunner(env={"COLUMNS": "100", "NO_COLOR": "1"}).invoke(app, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage" in result.output and len(result.output.strip().splitlines()) > 3


def test_check_and_parse_are_commands() -> None:
    """The two commands this suite exercises exist."""
    assert {("check",), ("parse",)} <= set(_commands())


FORTY_CARDS = "111122223333444455556666777788889999d EEEE"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["check", ""], "the hand is empty"),
        (["check", "   "], "the hand is empty"),
        (["parse", ""], "the hand is empty"),
        (["check", "１２３d"], "at column 1,"),
        (["check", "🀄🀅 EEE"], "found '🀄'"),
        (["check", "123d\n55x"], "at column 8,"),
        (["check", FORTY_CARDS], "too many cards: 40"),
        (["check", "123d 456d 789d EEE RR", "--rules", "/no/such/dir/rules.yaml"], "cannot read"),
        (["check", "[5d F* F*] 123d 456d 789d EE"], "2 FEI"),
    ],
)
def test_odd_input_is_one_line(args: list[str], says: str) -> None:
    """Odd input: one line on stderr naming the problem, exit 1, never a traceback."""
    out = run(*args)
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("sekwoo: ")
    assert says in out.stderr
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr


@pytest.mark.parametrize(
    ("yaml_text", "says"),
    [
        ("a: [1, 2\nb: {\n", "not valid YAML at line"),  # PyYAML's message spans several lines
        ("- 1\n- 2\n", "a rule set is a mapping"),
        ("schema_version: 1\nname: x\nunknown_key: 1\n", "unknown_key"),
        ("extends: 3leg\nscoring:\n  minimum: five\n", "scoring.minimum"),
        ("extends: 3leg\nscoring:\n  items:\n    - {name: X, pattern: nope}\n", "unknown pattern"),
    ],
)
def test_bad_rule_set_file_is_one_line(tmp_path: Path, yaml_text: str, says: str) -> None:
    """A rule-set file that is not YAML, or not a valid rule set: one line naming it, exit 1."""
    path = tmp_path / "house.yaml"
    path.write_text(yaml_text, encoding="utf-8")
    out = run("check", "123d 456d 789d EEE RR", "--rules", str(path))
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and out.stderr.startswith(f"sekwoo: {path}")
    assert says in out.stderr and "Traceback" not in out.stderr


def test_usage_errors_have_no_traceback() -> None:
    """Usage errors exit 2 with click's message, never a traceback."""
    for args in (["check"], ["check", "123d", "--bogus"], ["frobnicate"]):
        out = run(*args)
        assert out.returncode == 2 and "Traceback" not in out.stderr and out.stderr.strip()


@pytest.mark.parametrize("args", [
    ("check", "123d 456d 789d EEE R F* | f1 a2"),
    ("waits", "123d 456d 789d EEE R"),
    ("parse", "123d 456d"),
    ("rules", "list"),
])
def test_piped_output_has_no_trailing_spaces(args: tuple[str, ...]) -> None:
    """Piped, a view's lines end at their last character: rich pads table cells with spaces,
    which a pipe or a file would otherwise keep (and a diff would show)."""
    out = run(*args)
    assert out.returncode == 0 and out.stdout.count("\n") > 2
    assert [line for line in out.stdout.splitlines() if line != line.rstrip()] == []
