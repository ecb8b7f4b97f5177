"""Each rule set's own words in what sekwoo shows (``tutor.render.terms``), and no file outside
the program named in its output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.rules.load import builtin_names

runner = CliRunner()


def _run(*args: str) -> str:
    out = runner.invoke(app, list(args))
    assert out.exit_code == 0, out.output
    return out.stdout


def test_sanma_shows_its_own_words() -> None:
    """p/s/m and chi, pair; a win is agari: nothing of 3-Leg's CHEE, NGAN, SEK WOO or d/b/c."""
    shown = _run("check", "234p 567p 789s 234s 55s", "-r", "sanma")
    assert "[2p 3p 4p] chi" in shown and "[5s 5s] pair" in shown and "Agari: wins with 1 han" in shown
    assert not re.search(r"CHEE|NGAN|SEK WOO|\b\dd\b|\b\db\b", shown)
    kan = _run("check", "[2222p] 567p 789s 234s 55s", "-r", "sanma")
    assert "kan (laid down)" in kan


def test_singapore_shows_its_own_words() -> None:
    """MahjongLeh's Chi, Pong, Eye, Hu and its tai names."""
    shown = _run("check", "[111p] 456s 789m RRR 55m | f1", "-r", "singapore")
    assert "Pong (laid down)" in shown and "[4s 5s 6s] Chi" in shown and "[5m 5m] Eye" in shown
    assert "Pong of Dragons" in shown and "Flower matching seat number (1 East)" in shown
    assert "Hu: wins with" in shown and not re.search(r"CHEE|NGAN|SEK WOO", shown)
    waits = _run("waits", "123d 456d 789b 234c 5c", "-r", "singapore")
    assert "[5m 5m] Eye" in waits and "5c" not in waits


def test_3leg_keeps_its_words_after_another_rule_set() -> None:
    """The words are those of the view's own rule set, every time (none are left behind)."""
    _run("check", "234p 567p 789s 234s 55s", "-r", "sanma")
    shown = _run("check", "123d 456d 789d EEE RR")
    assert "[1d 2d 3d] CHEE" in shown and "[R R] NGAN" in shown and "SEK WOO: wins with 10 FUN" in shown
    discard = _run("discard", "123d 456d 789b 234c 55c", "-r", "singapore", "--draws", "1")
    assert "Declare Hu: 5 tai" in discard


def test_rules_show_says_the_house_minimum(tmp_path: Path) -> None:
    """A house rule set that lowers the minimum does not keep saying "at least 5 FUN"."""
    house = tmp_path / "house.yaml"
    house.write_text("schema_version: 1\nextends: 3leg\nname: house\nscoring: {minimum: 3}\n")
    shown = _run("rules", "show", str(house))
    assert "at least 3 FUN" in shown and "5 FUN" not in shown
    sg = tmp_path / "sg5.yaml"
    sg.write_text("schema_version: 1\nextends: singapore\nname: sg5\nscoring: {minimum: 2, cap: 5}\n")
    shown = _run("rules", "show", str(sg))
    assert "at least 2 tai, cap 5" in shown and "at least 1 tai" not in shown and "capped at 13" not in shown


OUTSIDE = re.compile(r"shared/|RULES\.md|\bseeds?\b|\bseed 0", re.IGNORECASE)


@pytest.mark.parametrize("name", builtin_names())
def test_no_file_outside_the_program_is_named(name: str) -> None:
    """`rules show` (both forms) names its sources by their titles, never a file of the project's."""
    for args in (("rules", "show", name), ("rules", "show", name, "--json")):
        assert not OUTSIDE.search(_run(*args))


@pytest.mark.parametrize(
    ("hand", "rules"),
    [("123d 456d 789b 234c 55c", "singapore"), ("[RRR] [GGG] WhWh 123d 456d | a1", "malaysian-3p"),
     ("123c 456c 789c 345d 77d", "kj-3p"), ("234p 567p 789s 234s 55s", "sanma")],
)
def test_payout_notes_name_no_file(hand: str, rules: str) -> None:
    for extra in ((), ("--json",)):
        assert not OUTSIDE.search(_run("check", hand, "-r", rules, "--payout", *extra))


def test_engine_sentences_take_the_rule_sets_letters() -> None:
    """The explanations of `discard` are the engine's sentences: their cards are shown as sanma
    writes them too (9m, not 9c)."""
    shown = _run("discard", "234p 567p 789s 234s 5s 9m", "-r", "sanma", "--draws", "1")
    assert "Discard 9m" in shown and not re.search(r"\b\d[dbc]\b", shown)


def test_engine_notes_take_the_rule_sets_words() -> None:
    """A note of the engine's names sets as the rule set does: Singapore's Gang, 3-Leg's KONG."""
    assert "(a Gang counts as three)" in _run("check", "123d 456d 789b 234c 5c", "-r", "singapore")
    assert "(a KONG counts as three)" in _run("check", "123d 456d 789d EEE R")
