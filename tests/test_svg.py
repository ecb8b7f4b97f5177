"""SVG pictures of hands: well-formed, every card drawn once, sets grouped, FEI and bonus marked."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

from tutor import check, load_rules
from tutor.cli.app import app
from tutor.core.hands import Hand
from tutor.render.svg import hand_svg

NS = "{http://www.w3.org/2000/svg}"


def _parse(text: str) -> ET.Element:
    assert text.startswith("<?xml")
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == f"{NS}svg"
    return root


def _classes(el: ET.Element) -> set[str]:
    return set((el.get("class") or "").split())


def _cards(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter(f"{NS}g") if "card" in _classes(el)]


def _groups(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter(f"{NS}g") if "group" in _classes(el)]


def test_complete_hand_is_grouped_by_its_best_reading() -> None:
    hand = Hand.parse("123d 456d [789d] EE F* RR | f1 a2 F*")
    root = _parse(hand_svg(hand, check(hand, load_rules("3leg")).reading))
    cards = _cards(root)
    assert len(cards) == 14 + 3
    groups = _groups(root)
    kinds = [g.get("data-kind") for g in groups]
    assert sorted(kinds) == sorted(["chee", "chee", "chee", "pong", "ngan", "bonus"])
    declared = [g for g in groups if g.get("data-declared") == "true"]
    assert [[c.get("data-card") for c in _cards(g)] for g in declared] == [["7d", "8d", "9d"]]
    fei = [c for c in cards if "fei" in _classes(c)]
    assert len(fei) == 2
    held = [c for c in fei if "bonus" not in _classes(c)]
    assert [c.get("data-stands-for") for c in held] == ["E"]
    sunk = [c for c in fei if "sunk" in _classes(c)]
    assert len(sunk) == 1
    bonus = [c for c in cards if "bonus" in _classes(c)]
    assert sorted(c.get("data-card") for c in bonus) == ["F*", "a2", "f1"]
    pong = next(g for g in groups if g.get("data-kind") == "pong")
    assert [c.get("data-card") for c in _cards(pong)] == ["E", "E", "F*"]


def test_incomplete_hand_groups_loose_cards_by_kind() -> None:
    hand = Hand.parse("1239d E W R F* [555d] (NNNN) | k1")
    root = _parse(hand_svg(hand))
    assert len(_cards(root)) == 4 + 3 + 1 + 3 + 4 + 1
    kinds = [g.get("data-kind") for g in _groups(root)]
    assert kinds == ["cards", "cards", "cards", "pong", "kong", "bonus"]
    assert int(root.get("width") or 0) > 17 * 44


def test_render_command_writes_svg(tmp_path: Path) -> None:
    out = tmp_path / "hand.svg"
    result = CliRunner().invoke(app, ["render", "123d 456d 789d EEE RR | f1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = _parse(out.read_text(encoding="utf-8"))
    assert len(_cards(root)) == 15 and len(_groups(root)) == 6
    to_stdout = CliRunner().invoke(app, ["render", "123d 456d 789d EEE RR"])
    assert to_stdout.exit_code == 0 and len(_cards(_parse(to_stdout.stdout))) == 14
    bad = CliRunner().invoke(app, ["render", "123d 55x"])
    assert bad.exit_code == 1 and "Traceback" not in bad.output


def test_puzzle_show_svg(tmp_path: Path) -> None:
    from puzzles import load_puzzles

    p = next(p for p in load_puzzles() if p.theme == "find-ngan")
    out = tmp_path / "p.svg"
    result = CliRunner().invoke(app, ["puzzle", "show", p.id, "--svg", str(out), "--json"])
    assert result.exit_code == 0, result.output
    root = _parse(out.read_text(encoding="utf-8"))
    assert len(_cards(root)) == p.hand.size + len(p.hand.bonus) + sum(
        1 for m in p.hand.melds if len(m.cards) == 4
    )
