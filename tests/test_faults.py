"""Hostile input and faults (issue 14, item 7): each ends in one clear line and exit 1 or 2, never a
traceback, never an "internal error", and nothing is lost or run that should not be."""

from __future__ import annotations

import os
import pickle
import stat
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from support.terminal import ctrl_c_kept

import notation.parse as parse_module
from notation import parse_hand


class _Plant:
    """A pickle that, when loaded, creates the file ``marker``: proof that a cache was trusted."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


def _hostile(path: Path, marker: Path) -> None:
    path.write_bytes(b"0" * 64 + b"\n" + pickle.dumps(_Plant(marker)))


def test_lark_default_temp_cache_is_never_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pickle planted where lark's own cache would be (the shared temp folder) is not loaded."""
    import tempfile

    from lark import Lark

    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    grammar = resources.files("notation").joinpath("hand.lark").read_text(encoding="utf-8")
    Lark(grammar, **parse_module.PARSER_OPTIONS, cache=True)  # lark's default: where would it look?
    (planted,) = shared.glob(".lark_cache_*")
    marker = tmp_path / "pwned"
    _hostile(planted, marker)
    Lark(grammar, **parse_module.PARSER_OPTIONS, cache=True)
    assert marker.exists(), "the planted pickle should run under lark's default cache (the test's premise)"
    marker.unlink()

    parse_module._parser.cache_clear()
    try:
        assert str(parse_hand("123d EE")) == "123d EE"
    finally:
        parse_module._parser.cache_clear()
    assert not marker.exists()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
@pytest.mark.parametrize("mode", [0o666, 0o620, 0o602])
def test_cache_others_may_write_is_never_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: int) -> None:
    """A cache file in the player's cache folder that others may write is ignored, not loaded."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parse_module._parser.cache_clear()
    try:
        parse_hand("1d")  # writes the cache
        (cached,) = (tmp_path / "sekwoo").iterdir()
        assert stat.S_IMODE(cached.stat().st_mode) == 0o600
        marker = tmp_path / "pwned"
        _hostile(cached, marker)
        cached.chmod(mode)
        parse_module._parser.cache_clear()
        assert str(parse_hand("123d EE")) == "123d EE"
        assert not marker.exists()
    finally:
        parse_module._parser.cache_clear()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
def test_cache_folder_others_may_write_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache folder others may write in is not used at all: no cache is read or written there."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    parse_module._parser.cache_clear()
    try:
        parse_hand("1d")  # writes the cache
        (cached,) = (tmp_path / "sekwoo").iterdir()
        marker = tmp_path / "pwned"
        _hostile(cached, marker)
        (tmp_path / "sekwoo").chmod(0o777)
        parse_module._parser.cache_clear()
        assert str(parse_hand("123d EE")) == "123d EE"
        assert not marker.exists()
    finally:
        parse_module._parser.cache_clear()


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
def test_record_parser_is_cached_as_the_hands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              caplog: pytest.LogCaptureFixture) -> None:
    """The record grammar is cached between processes in the player's own folder, sealed to the
    player and loaded from there; a copy others may write is ignored, not loaded."""
    import logging

    import notation.record as record_module
    from notation.record import parse_record_lines

    text = "rules 3leg\nplayer east\neast deal 123d 456d 789d EE RR G W\n"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    record_module._parser.cache_clear()
    try:
        lines = parse_record_lines(text)
        (cached,) = (tmp_path / "sekwoo").glob("record-grammar-*")
        assert stat.S_IMODE(cached.stat().st_mode) == 0o600
        record_module._parser.cache_clear()
        with caplog.at_level(logging.DEBUG, logger="lark"):
            assert parse_record_lines(text) == lines
        assert any("from cache" in r.getMessage() for r in caplog.records)
        marker = tmp_path / "pwned"
        _hostile(cached, marker)
        cached.chmod(0o666)
        record_module._parser.cache_clear()
        assert parse_record_lines(text) == lines
        assert not marker.exists()
    finally:
        record_module._parser.cache_clear()


# --- user rule files -------------------------------------------------------------------------

_BOMB = "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['x'] * 9)}]\n"
    for prev, name in zip(["", "a", "b", "c", "d", "e", "f", "g"], "abcdefgh", strict=True)
)
_ITEM = "extends: 3leg\nscoring:\n  items:\n    - {name: x, pattern: %s, args: {%s}, points: 1}\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_BOMB, r"its aliases \(\*name\) expand to more than 100,000 values"),
        ("extends: 3leg\nsummary: &a [1, *a]\n", r"an alias \(\*name\) stands inside its own anchor"),
        ("extends: 3leg\nx: " + "[" * 900 + "]" * 900 + "\n", r"nested more than 50 levels"),
        ("extends: 3leg\ntiles: {copies: " + "1" + "0" * 400 + "}\n", r"tiles\.copies: Expected int <= 4"),
        ("extends: 3leg\ntiles: {copies: 2.5}\n", r"tiles\.copies: Expected int, got float"),
        ("extends: 3leg\nplayers: true\n", r"players: Expected int, got bool"),
        ("extends: 3leg\nscoring: {minimum: -1}\n", r"scoring\.minimum: Expected int >= 0"),
        ("extends: singapore\nscoring: {cap: 2000}\n", r"scoring\.cap: a doubling payout needs scoring\.cap"),
        ("extends: singapore\npayout: {base: " + "9" * 50 + "}\n", r"payout\.base: Expected int <= "),
        (_ITEM % ("wild_dealt", "flag: four_fei, count: four"), r"items\[0\]\.args\.count: expected a whole number"),
        (_ITEM % ("wild_dealt", "flag: four_fei, count: 99999"), r"items\[0\]\.args\.count: expected a number"),
        (_ITEM % ("count_sets", "kinds: kong"), r"items\[0\]\.args\.kinds: expected a list"),
        (_ITEM % ("count_sets", "kinds: [kongs]"), r"items\[0\]\.args\.kinds: 'kongs' is not one of"),
        (_ITEM % ("pong_of_prevailing_wind", "default: 7"), r"items\[0\]\.args\.default: 7 is not one of E, S"),
        (_ITEM % ("pong_of", "tiles: {a: b}"), r"items\[0\]\.args\.tiles: expected a list of card names"),
        (_ITEM % ("sets_at_least", "count: 2, concealed: yes please"), r"items\[0\]\.args\.concealed: expected true or false"),
        (_ITEM % ("ping_hu", "rounds: {x: Q}"), r"items\[0\]\.args\.rounds: 'Q' is not one of"),
    ],
)
def test_hostile_rule_file_is_refused_at_load(tmp_path: Path, text: str, message: str) -> None:
    from tutor import RuleSetError, load_rules

    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleSetError, match=r"house\.yaml: (scoring\.)?" + message):
        load_rules(str(path))


def test_rule_file_not_utf8_or_endless(tmp_path: Path) -> None:
    from tutor import RuleSetError, load_rules

    path = tmp_path / "latin.yaml"
    path.write_bytes(b"extends: 3leg\ntitle: Caf\xe9\n")
    with pytest.raises(RuleSetError, match=r"latin\.yaml: not UTF-8 text \(byte 0xe9 on line 2\)"):
        load_rules(str(path))
    big = tmp_path / "big.yaml"
    big.write_bytes(b"extends: 3leg\n" + b"#" * 1_000_001)
    with pytest.raises(RuleSetError, match=r"big\.yaml: larger than 1 MB"):
        load_rules(str(big))
    if Path("/dev/zero").exists():
        with pytest.raises(RuleSetError, match=r"/dev/zero: larger than 1 MB"):
            load_rules("/dev/zero")


def test_relative_extends_is_read_beside_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor import RuleSetError, load_rules

    house = tmp_path / "house"
    house.mkdir()
    (house / "base.yaml").write_text("extends: 3leg\nname: our-base\n", encoding="utf-8")
    (house / "child.yaml").write_text("extends: base.yaml\nscoring: {minimum: 1}\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "base.yaml").write_text("extends: 3leg\nname: wrong-base\n", encoding="utf-8")
    monkeypatch.chdir(elsewhere)
    rules = load_rules(str(house / "child.yaml"))
    assert rules.name == "our-base"
    assert rules.minimum == 1
    (house / "a.yaml").write_text("extends: b.yaml\n", encoding="utf-8")
    (house / "b.yaml").write_text("extends: ./a.yaml\n", encoding="utf-8")
    with pytest.raises(RuleSetError, match=r"goes round in a circle"):
        load_rules(str(house / "a.yaml"))


# --- batch -----------------------------------------------------------------------------------


def _batch(stdin: bytes, *args: str, env: dict[str, str] | None = None) -> tuple[int, list[dict[str, object]], str]:
    import json

    out = subprocess.run(
        [sys.executable, "-m", "tutor", "batch", *args], input=stdin, capture_output=True,
        env={**os.environ, **(env or {})}, check=False, timeout=120,
    )
    records = [json.loads(line) for line in out.stdout.decode("utf-8").splitlines()]
    return out.returncode, records, out.stderr.decode("utf-8")


@pytest.mark.parametrize("from_file", [False, True])
def test_batch_bad_bytes_cost_only_their_line(tmp_path: Path, from_file: bool) -> None:
    lines = [b"123d 456d 789d EEE RR | f1", b"12\xffd 456d", b"", b"# a comment", b"1" * 20_000, b"EEE RR"]
    data = b"\n".join(lines) + b"\n"
    if from_file:
        (tmp_path / "hands.txt").write_bytes(data)
        code, records, err = _batch(b"", str(tmp_path / "hands.txt"), "--kind", "parse")
    else:
        code, records, err = _batch(data, "-", "--kind", "parse")
    assert [r["line"] for r in records] == [1, 2, 5, 6]
    assert records[0]["hand"] == "123456789d EEE RR | f1"
    assert records[1]["error"] == "not UTF-8 text (byte 0xff at column 3)"
    assert "longer than 10,000 bytes" in str(records[2]["error"])
    assert records[3]["hand"] == "EEE RR"
    assert code == 1
    assert err.strip() == "sekwoo: 2 lines could not be analysed (see their 'error')"


def test_batch_unexpected_error_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any fault on one line (here a bug planted for one hand) gives that line an error object."""
    from tutor.cli import analyze

    real = analyze._run_one

    def flaky(text: str, *args: object) -> dict[str, object]:
        if text == "EEE":
            raise ZeroDivisionError("planted")
        return real(text, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(analyze, "_run_one", flaky)
    lines = [("99d\n", None), ("EEE\n", None), ("RR\n", None)]
    records = list(analyze._batch_lines(lines, "parse", "3leg", "east", None))
    assert [r["line"] for r in records] == [1, 2, 3]
    assert records[1] == {"line": 2, "input": "EEE", "error": "internal error (ZeroDivisionError: planted)"}
    assert records[2]["hand"] == "RR"


# --- discard: a search with a budget -----------------------------------------------------------


def test_search_past_its_budget_stops_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that would pass MAX_STATES hand states stops with an error naming the option."""
    from tutor import Hand, load_rules
    from tutor.engine.decide import solver
    from tutor.engine.search import budget
    from tutor.errors import ArgumentError

    hand, rules = Hand.parse("135d 468d 99d EE RGW Wh | a1"), load_rules("3leg")
    whole = solver.discard(hand, rules, "east", 4)
    assert whole.states > 300
    monkeypatch.setattr(budget, "MAX_STATES", 200)
    with pytest.raises(ArgumentError, match=r"exact_draws: weighing every discard over 3 of 4 draws passes") as err:
        solver.discard(hand, rules, "east", 4, exact_draws=3)
    assert err.value.argument == "exact_draws"
    assert budget._memory_mb() > 1  # this process, as the platform reports it
    monkeypatch.setattr(budget, "MAX_STATES", 10**9)
    reads = iter(range(0, 10**6, 600))  # memory as it grows: 600 MB more at each check
    monkeypatch.setattr(budget, "_memory_mb", lambda: float(next(reads)))
    with pytest.raises(ArgumentError, match=r"over 3 of 4 draws passes the search's budget of 1,000 MB of memory"):
        solver.discard(hand, rules, "east", 4, exact_draws=3)
    assert next(reads) == 3 * 600  # stopped at the second check (1,200 MB over the start), not later


def test_past_its_budget_the_default_weighing_answers_over_the_longest_horizon_within_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The options are weighed over 1, 2, ... draws in turn: a hand whose whole round passes the
    budget gets the answer over the longest horizon whose states fit (the same as asking for that
    horizon with the same exact draws, states and all), with a note that names the options;
    ``claim`` the same."""
    from tutor import Hand, Tile, claim, load_rules
    from tutor.engine.decide import solver
    from tutor.engine.search import budget

    rules = load_rules("3leg")
    hand = Hand.parse("1234d 567d 99d EE RG N | f1")
    walked = {m: solver.discard(hand, rules, "east", m, exact_draws=0) for m in (3, 4)}
    assert walked[3].states <= 1000 < walked[4].states == solver.discard(hand, rules, "east", 5).states
    monkeypatch.setattr(budget, "MAX_STATES", 1000)
    got = solver.discard(hand, rules, "east", 5)
    assert (got.draws, got.exact_draws, got.options, got.states) == (3, 0, walked[3].options, walked[3].states)
    assert got.notes[0] == ("the search over all 5 draws left passes its budget for this hand, "
                            "so these figures are over 3 draws (--draws 3 --exact-draws 0)")
    exact = solver.discard(hand, rules, "east", 3)  # a horizon of 3: every draw weighed, 2 draws fit
    monkeypatch.setattr(budget, "MAX_STATES", 10**9)
    assert exact.draws == 2 and exact.options == solver.discard(hand, rules, "east", 2).options
    assert exact.notes[0].endswith("over 2 draws (--draws 2)")
    monkeypatch.setattr(budget, "MAX_STATES", 1)
    assert solver.discard(Hand.parse("123d 456d 789d EE RG N"), rules).draws == 1  # the last draw only wins or not
    thirteen, card = Hand.parse("123d 456d 78d EE RG N"), Tile.parse("9d")
    cut = claim(thirteen, card, rules, draws=4)
    assert cut.draws < 4 and cut.notes[0].startswith("the search over all 4 draws left passes its budget")
    monkeypatch.setattr(budget, "MAX_STATES", 10**9)
    assert cut.options == claim(thirteen, card, rules, draws=cut.draws, exact_draws=cut.exact_draws).options


def test_cli_names_the_option_and_memory_error_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from tutor.cli.app import app
    from tutor.engine.decide import solver
    from tutor.engine.search import budget

    runner = CliRunner()
    monkeypatch.setattr(budget, "MAX_STATES", 200)
    got = runner.invoke(app, ["discard", "135d 468d 99d EE RGW Wh | a1", "--draws", "4", "--exact-draws", "3"])
    assert got.exit_code == 2  # an option's value the search cannot take: a usage error
    assert got.output.startswith("sekwoo: --exact-draws: weighing every discard over 3 of 4 draws")

    def hungry(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(solver, "discard", hungry)
    got = runner.invoke(app, ["discard", "135d 468d 99d EE RGW Wh | a1", "--draws", "4"])
    assert got.exit_code == 1
    assert got.output == "sekwoo: out of memory: this machine cannot hold the search; ask for fewer --draws or --exact-draws\n"


def test_long_search_is_interrupted_without_a_terminal() -> None:
    """Ctrl-C (SIGINT) stops a long search even with stderr piped (no progress bar): exit 130."""
    import signal
    import time

    with ctrl_c_kept():
        proc = subprocess.Popen(
            [sys.executable, "-m", "tutor", "discard", "135d 469d EE RGW Wh N F* | a1", "--exact-draws", "3"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
    time.sleep(3)  # well into the search (it runs for minutes), not a measure of speed
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == b"sekwoo: interrupted\n"
    assert out == b""


# --- output streams ------------------------------------------------------------------------------


def _sekwoo(*args: str, env: dict[str, str] | None = None, stdout: Any = -1) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tutor", *args], stdout=stdout, stderr=subprocess.PIPE, check=False, timeout=120,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100", **(env or {})},
    )


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp437"])
@pytest.mark.parametrize("args", [("check", "123d 456d 789d EE F* R R | f1"), ("learn", "fei")])
def test_terminal_without_utf8_gets_ascii_stand_ins(encoding: str, args: tuple[str, ...]) -> None:
    got = _sekwoo(*args, env={"PYTHONIOENCODING": encoding})
    assert got.returncode == 0, got.stderr
    assert got.stderr == b""
    out = got.stdout.decode(encoding)
    assert "F*=" in out and "→" not in out


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("check", "123d 456d 789d EEE RR | f1"), ("check", "123d 456d 789d EEE RR | f1", "--json"), ("learn", "fei")])
def test_full_disk_is_one_line(args: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        got = _sekwoo(*args, stdout=full)
    assert got.returncode == 1
    assert got.stderr == b"sekwoo: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", [("check", "123d 456d 789d EEE RR | f1"), ("check", "123d 456d 789d EEE RR | f1", "--json"), ("learn", "fei")])
def test_closed_pipe_ends_quietly(args: tuple[str, ...]) -> None:
    """``sekwoo ... | head -1``: the reader has what it wanted; exit 1 with nothing said, as cat does."""
    read, write = os.pipe()
    os.close(read)  # the reader is gone before sekwoo writes a byte
    try:
        got = subprocess.run(
            [sys.executable, "-m", "tutor", *args], stdout=write, stderr=subprocess.PIPE, check=False, timeout=120,
            env={**os.environ, "NO_COLOR": "1"},
        )
    finally:
        os.close(write)
    assert got.returncode == 1
    assert got.stderr == b""


def test_argument_not_utf8_is_a_usage_error(tmp_path: Path) -> None:
    got = subprocess.run(
        [sys.executable, "-m", "tutor", "render", "123d EE", "--title", b"ab\xffc".decode("utf-8", "surrogateescape"),
         "-o", str(tmp_path / "hand.svg")],
        capture_output=True, check=False, timeout=120,
    )
    assert got.returncode == 2
    assert got.stderr == b"sekwoo: --title: not UTF-8 text (byte 0xff at column 3)\n"
    assert not (tmp_path / "hand.svg").exists()


def test_puzzle_answer_with_thousands_of_digits(tmp_path: Path) -> None:
    from tutor.errors import PuzzleError
    from tutor.teach.answers import read_number

    with pytest.raises(PuzzleError, match=r"^'9{40}\.\.\.' is no number of FUN a hand can score$"):
        read_number("9" * 5000)
    assert read_number("7 FUN") == 7
    got = _sekwoo("puzzle", "answer", "count-fun-001", "9" * 5000, env={"SEKWOO_HOME": str(tmp_path)})
    assert got.returncode == 1
    assert got.stderr == b"sekwoo: '" + b"9" * 40 + b"...' is no number of FUN a hand can score\n"


# --- progress ------------------------------------------------------------------------------------


def test_foreign_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    import sqlite3

    from tutor.teach.progress import Progress, ProgressError

    path = tmp_path / "progress.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE songs (title TEXT)")
    conn.execute("INSERT INTO songs VALUES ('Ode')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    for read_only in (False, True):
        with pytest.raises(ProgressError, match=r"is not a sekwoo progress database \(it holds songs\); sekwoo leaves it"):
            Progress(path, read_only=read_only)
    assert path.read_bytes() == before  # not switched to WAL mode (header bytes 18-19), no table added
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.db"]
    text = tmp_path / "notes.db"
    text.write_bytes(b"my notes, not a database\n" * 10)
    with pytest.raises(ProgressError, match=r"cannot open the progress database"):
        Progress(text)
    assert text.read_bytes() == b"my notes, not a database\n" * 10


def test_rows_edited_by_hand_are_named_in_one_line(tmp_path: Path) -> None:
    import sqlite3

    from tutor.teach.progress import Progress

    path = tmp_path / "progress.db"
    with Progress(path) as prog:
        prog.record("count-fun-001", "count-fun", 2, "7", True, "2024-05-01")
        prog.record("count-fun-001", "count-fun", 2, "7", True, "2024-05-02")
    conn = sqlite3.connect(path)
    conn.execute(  # a puzzle and a theme sekwoo does not know are fine: puzzles come and go
        "INSERT INTO attempts (puzzle_id, theme, level, answer, correct, daily, at)"
        " VALUES ('no-such-puzzle', 'nonsense', 2, '?', 1, NULL, '2024-05-03T10:00:00+00:00')"
    )
    conn.commit()
    with Progress(path, read_only=True) as prog:
        assert [t.theme for t in prog.stats().themes] == ["count-fun", "nonsense"]
    conn.execute("UPDATE attempts SET daily = 'yesterday' WHERE id = 1")
    conn.commit()
    conn.close()
    for args in (["stats", "--json"], ["stats"], ["daily", "--date", "2025-01-01", "--json"]):
        got = _sekwoo(*args, env={"SEKWOO_HOME": str(tmp_path)})
        assert got.returncode == 1, got.stderr
        assert got.stderr.count(b"\n") == 1 and b"row 1 of attempts has daily = 'yesterday'" in got.stderr
        assert b"Traceback" not in got.stderr


def test_stats_reads_only(tmp_path: Path) -> None:
    """stats writes nothing: with no database it shows none and creates none (as on a read-only
    home), and a database in WAL mode is read as it stands."""
    from tutor.teach.progress import Progress

    home = tmp_path / "home"
    got = _sekwoo("stats", "--json", env={"SEKWOO_HOME": str(home)})
    assert got.returncode == 0, got.stderr
    assert b'"attempts": 0' in got.stdout
    assert not home.exists()
    with Progress(home / "progress.db") as prog:
        prog.record("waits-001", "waits", 1, "5d", True)
    for extra in home.glob("progress.db-*"):
        extra.unlink()
    before = {p.name: p.read_bytes() for p in home.iterdir()}
    got = _sekwoo("stats", "--json", env={"SEKWOO_HOME": str(home)})
    assert got.returncode == 0, got.stderr
    assert b'"attempts": 1' in got.stdout
    assert {p.name: p.read_bytes() for p in home.iterdir() if not p.name.endswith(("-shm", "-wal"))} == before


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_batch_of_an_endless_line_stops() -> None:
    code, records, err = _batch(b"", "/dev/zero", "--kind", "parse")
    assert code == 1
    assert [r["line"] for r in records] == [1]
    assert "longer than 10,000 bytes" in str(records[0]["error"])
    assert err == "sekwoo: a line runs on past 10 MB without ending; stopped reading\n"


def test_rule_name_too_long_for_a_path() -> None:
    from tutor import ChoiceError, load_rules

    with pytest.raises(ChoiceError, match=r"^no rule set 'x{60}\.\.\.': choose "):
        load_rules("x" * 5000)
