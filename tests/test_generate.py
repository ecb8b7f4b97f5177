"""Generated puzzles: deterministic for a seed, each proven to have one answer."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from puzzles import dump_file, read_file
from tutor.errors import ChoiceError
from tutor.rules.load import load_rules
from tutor.teach.generate import generator, make, one, random_complete, remake
from tutor.teach.solve import solve


def test_make_is_deterministic_and_proven() -> None:
    a = make("waits", 3, 11)
    b = make("waits", 3, 11)
    assert a == b and len(a) == 3
    for p in a + make("is-a-set", 4, 5) + make("count-fun", 3, 5):
        assert solve(p).unique and solve(p).answer == p.answer
    with pytest.raises(ChoiceError):
        make("chess", 1, 1)


def test_each_made_puzzle_is_its_seeds_puzzle() -> None:
    """``make`` keeps a puzzle per seed, passing some over; each is ``one`` of its own seed alone."""
    made = make("find-ngan", 6, 40, prefix="ngan", start=5)
    assert [p.id for p in made] == [f"ngan-{k:03d}" for k in range(5, 11)]
    seeds = [p.seed for p in made]
    assert seeds == sorted(seeds) and len(set(seeds)) == 6 and seeds[0] is not None and seeds[0] >= 40
    for p in made:
        assert p.seed is not None and one("find-ngan", p.seed, puzzle_id=p.id) == replace(p, rating=None)  # make rates it
    assert len({p.hand_text for p in made}) == 6
    assert one("find-ngan", 7) == one("find-ngan", 7) != one("find-ngan", 8)


def test_make_favours_medium_and_hard_and_balances_answers() -> None:
    made = make("is-a-set", 10, 3)
    levels = Counter(p.level for p in made)
    answers = Counter(p.answer for p in made)
    assert len(made) == 10 and levels[1] <= 2 and answers["yes"] == answers["no"] == 5
    only = make("is-a-set", 4, 3, level=3)
    assert {p.level for p in only} == {3}


def test_generator_record_remakes_the_file() -> None:
    gen = generator(4, 9, prefix="w", start=2)
    made = make("waits", 4, 9, prefix="w", start=2)
    text = dump_file("waits", made, generator=gen)
    found, spec = read_file(text, "x.yaml")
    assert spec.generator == gen and found == tuple(made)
    assert dump_file("waits", remake("waits", gen), generator=gen) == text
    assert "generator:\n  seed: 9\n  count: 4\n" in text


def test_random_complete_hands_are_complete() -> None:
    from tutor.engine.scoring.check import check

    rules = load_rules("3leg")
    rng = random.Random(3)
    hands = [h for h in (random_complete(rng, rules, declared=0.2) for _ in range(30)) if h is not None]
    assert len(hands) >= 10
    assert all(check(h, rules).complete for h in hands)


@pytest.mark.parametrize("theme", ["claim-or-pass", "kong-or-not", "recall-fei"])
def test_make_decision_puzzles(theme: str) -> None:
    """The decision themes are made from deals that offer the decision; each re-solves alone."""
    made = make(theme, 1, seed=7, draws=2)
    assert len(made) == 1
    p = made[0]
    assert p.draws == 2 and (p.on is not None) == (theme == "claim-or-pass")
    assert (p.drawn is not None) == (theme == "recall-fei")
    assert solve(p).answer == p.answer and solve(p).unique


# --------------------------------------------------------------------------------------------
# sekwoo puzzle make, then sekwoo puzzle play


def _run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    from typer.testing import CliRunner

    from tutor.cli.app import app

    result = CliRunner().invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def made_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    out = tmp_path / "mine.yaml"
    code, _, err = _run("puzzle", "make", "-t", "count-fun", "-n", "3", "--seed", "5", "-o", str(out))
    assert code == 0 and "kept 3 puzzles" in err
    return out


def test_made_file_plays(made_file: Path) -> None:
    found, spec = read_file(made_file.read_text(encoding="utf-8"), "x")
    assert spec.generator == generator(3, 5) and len(found) == 3
    first = found[0]
    code, out, _ = _run("puzzle", "play", str(made_file), "--no-input")
    flat = " ".join(out.split())
    assert code == 0 and f"Puzzle {first.id}" in flat and " ".join(map(str, first.hand.concealed)) in flat
    assert f"sekwoo puzzle play {made_file} --id {first.id} --answer" in flat
    data = json.loads(_run("puzzle", "play", str(made_file), "--json")[1])
    assert data["queued"] == 3 and data["puzzle"]["id"] == first.id and "answer" not in data["puzzle"]
    wrong = str(int(first.answer) + 1)
    for given, correct in ((first.answer, True), (wrong, False)):
        code, out, _ = _run("puzzle", "play", str(made_file), "--id", first.id, "--answer", given, "--json")
        verdict = json.loads(out)
        assert code == 0 and verdict["correct"] is correct and verdict["solution"] == first.answer
        assert verdict["recorded"] is False


def test_made_file_plays_in_a_terminal(made_file: Path) -> None:
    """A real pseudo-terminal: every puzzle of the file asked and judged, nothing saved."""
    import os

    from support.terminal import in_terminal

    found = read_file(made_file.read_text(encoding="utf-8"), "x")[0]
    env = dict(os.environ, COLUMNS="100", TERM="dumb")
    typed = "\n".join([found[0].answer, "", str(int(found[2].answer) + 1)]) + "\n"
    code, text = in_terminal(["puzzle", "play", str(made_file)], typed, env)
    assert code == 0, text
    assert all(f"Puzzle {p.id}" in text for p in found) and "1 of 2 right." in text
    assert "saved" not in text
    stats = json.loads(_run("stats", "--json")[1])
    assert stats["attempts"] == 0, stats


def test_made_file_reproduces_from_its_record(made_file: Path) -> None:
    text = made_file.read_text(encoding="utf-8")
    _, spec = read_file(text, "x")
    assert spec.generator is not None
    assert dump_file(spec.theme, remake(spec.theme, spec.generator), generator=spec.generator) == text


def test_bad_files_are_named_with_line_and_column(made_file: Path, tmp_path: Path) -> None:
    text = made_file.read_text(encoding="utf-8")
    cases = {
        "level: 2": ("level: 9", r"mine.yaml:\d+:10: puzzles\[0\].level: 9 is not a level"),
        "theme: count-fun": ("theme: count-funn", r"mine.yaml:4:8: theme: unknown theme 'count-funn'"),
        "title: How": ("title: 'How", r"mine.yaml:\d+:\d+: not valid YAML: "),
    }
    for old, (new, message) in cases.items():
        bad = tmp_path / "mine.yaml"
        bad.write_text(text.replace(old, new, 1), encoding="utf-8")
        code, out, err = _run("puzzle", "play", str(bad))
        assert code == 1 and out == "" and re.search(message, err), err
        assert "Traceback" not in err
    code, _, err = _run("puzzle", "play", str(tmp_path / "none.yaml"))
    assert code == 1 and "cannot read" in err
    made_file.write_text(text, encoding="utf-8")
    code, _, err = _run("puzzle", "play", str(made_file), "--id", "count-fun-009")
    assert code == 2 and "no puzzle 'count-fun-009'" in err


def test_play_and_make_have_help() -> None:
    for cmd in (["puzzle", "play"], ["puzzle", "make"]):
        code, out, _ = _run(*cmd, "--help")
        assert code == 0 and "Usage" in out, cmd
    assert "--round" in _run("puzzle", "make", "--help")[1]
    assert _run("puzzle", "play")[0] == 2  # FILE is required
