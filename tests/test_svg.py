"""SVG pictures of hands: well-formed, every card drawn once, sets grouped, FEI and bonus marked."""

from __future__ import annotations

import itertools
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
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


def test_concealed_kong_is_labelled_concealed_in_a_complete_hand() -> None:
    hand = Hand.parse("234d 456d 789d (1111d) RR")
    root = _parse(hand_svg(hand, check(hand, load_rules("3leg")).reading))
    kong = next(g for g in _groups(root) if g.get("data-kind") == "kong")
    assert kong.get("data-concealed") == "true"
    caption = [t.text for t in kong.iter(f"{NS}text")]
    assert caption == ["KONG concealed"]
    laid = Hand.parse("234d 456d 789d [1111d] RR")
    root = _parse(hand_svg(laid, check(laid, load_rules("3leg")).reading))
    kong = next(g for g in _groups(root) if g.get("data-kind") == "kong")
    assert [t.text for t in kong.iter(f"{NS}text")] == ["KONG laid down"] and kong.get("data-concealed") is None


def test_titles_and_captions_are_never_clipped() -> None:
    """The canvas widens for a long title; a one-card group widens for its caption, so that no two
    captions overlap."""
    from tutor.render.svg import CAPTION_SIZE, TITLE_SIZE, text_width

    title = "WWWW MMMM " * 8 + "東南西北"
    root = _parse(hand_svg(Hand.parse("1d 2d"), title=title))
    assert int(root.get("width") or 0) >= 12 + text_width(title, TITLE_SIZE, bold=True)
    assert text_width(title, 14, bold=True) > 0.9 * 14 * len(title)  # wide letters counted wide
    root = _parse(hand_svg(Hand.parse("1d [E E F*] | f1")))
    texts = [(float(t.get("x") or 0), t.text or "") for g in _groups(root) for t in g.iter(f"{NS}text")]
    for (x1, a), (x2, b) in itertools.pairwise(texts):
        assert x2 - x1 >= (text_width(a, CAPTION_SIZE) + text_width(b, CAPTION_SIZE)) / 2, (a, b)


def test_long_title_fits_the_rasterised_picture(tmp_path: Path) -> None:
    """Rasterised with the system's fonts, a long title leaves the right margin empty."""
    pytest.importorskip("resvg_py", reason="the PNG library is not installed")
    from support.png import read_png

    out = tmp_path / "t.png"
    title = "WIDE WORDS: WWW MMM @@@ %%% 0000 " * 3
    result = CliRunner().invoke(app, ["render", "1d 2d 3d", "--title", title, "-o", str(out)])
    assert result.exit_code == 0, result.output
    width, _, rows = read_png(out.read_bytes())
    background = bytes.fromhex("f4f1eaff")
    margin = 8 * 2  # the last 8 SVG units, at 2 pixels each
    for y in range(20, 60):  # the title's rows, clear of the rounded corners
        assert rows[y][(width - margin) * 4:] == background * margin, f"row {y} reaches the right edge"


def test_render_json_says_what_was_written(tmp_path: Path) -> None:
    out = tmp_path / "hand.svg"
    result = CliRunner().invoke(app, ["render", "123d 456d 789d EEE RR | f1", "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    root = _parse(out.read_text(encoding="utf-8"))
    assert data["path"] == str(out) and data["format"] == "svg"
    assert (data["width"], data["height"]) == (int(root.get("width") or 0), int(root.get("height") or 0))
    assert data["bytes"] == out.stat().st_size
    assert data["tiles"] == [c.get("data-card") for c in _cards(root)]
    assert sorted(data["tiles"]) == sorted(["1d", "2d", "3d", "4d", "5d", "6d", "7d", "8d", "9d", "E", "E", "E", "R", "R", "f1"])
    to_stdout = CliRunner().invoke(app, ["render", "1d 1d", "--json"])
    data = json.loads(to_stdout.stdout)
    assert data["path"] is None and len(_cards(_parse(data["svg"]))) == 2


def test_render_png(tmp_path: Path) -> None:
    pytest.importorskip("resvg_py", reason="the PNG library is not installed")
    from tutor.render.png import ZOOM, png_size

    out = tmp_path / "hand.PNG"
    result = CliRunner().invoke(app, ["render", "123d 456d 789d EEE RR | f1", "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    png = out.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and data["format"] == "png"
    svg = _parse(CliRunner().invoke(app, ["render", "123d 456d 789d EEE RR | f1"]).stdout)
    assert png_size(png) == (data["width"], data["height"]) == (
        int(ZOOM * int(svg.get("width") or 0)), int(ZOOM * int(svg.get("height") or 0)))


def test_png_without_the_library_is_a_usage_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import resvg_py now raises ImportError
    out = tmp_path / "hand.png"
    result = CliRunner().invoke(app, ["render", "1d 2d 3d", "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    assert "can only write SVG" in result.stderr and "Traceback" not in result.output
    as_json = CliRunner().invoke(app, ["render", "1d 2d 3d", "-o", str(out), "--json"])
    assert as_json.exit_code == 2 and "can only write SVG" in json.loads(as_json.stdout)["error"]
    svg = CliRunner().invoke(app, ["render", "1d 2d 3d", "-o", str(tmp_path / "hand.svg")])
    assert svg.exit_code == 0


def test_title_that_is_not_utf8_or_has_control_characters() -> None:
    bad = CliRunner().invoke(app, ["render", "1d 2d", "--title", "bad \udcff byte"])  # a non-UTF-8 byte from argv
    assert bad.exit_code == 2 and "--title: not UTF-8 text" in bad.stderr and "Traceback" not in bad.output
    odd = CliRunner().invoke(app, ["render", "1d 2d", "--title", "tab\there \x01 東"])
    assert odd.exit_code == 0
    root = _parse(odd.stdout)
    assert root.find(f"{NS}text") is not None and root.find(f"{NS}text").text == "tab here   東"  # type: ignore[union-attr]


def test_other_picture_formats_are_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "hand.JPG"
    result = CliRunner().invoke(app, ["render", "1d 2d", "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    assert "cannot write JPG: name the file .svg or .png" in result.stderr
    plain = tmp_path / "hand"  # no suffix: SVG, and it says so
    result = CliRunner().invoke(app, ["render", "1d 2d", "-o", str(plain)])
    assert result.exit_code == 0 and "(SVG," in result.stderr and plain.read_text().startswith("<?xml")


def test_special_shape_draws_every_card() -> None:
    """A THIRTEEN ORPHANS reading has one NGAN and twelve single cards: all fourteen are drawn."""
    hand = Hand.parse("119d 19b 19c E S W N R G Wh")
    reading = check(hand, load_rules("singapore")).reading
    assert reading is not None and reading.shape == "thirteen_orphans"
    root = _parse(hand_svg(hand, reading))
    assert sorted(c.get("data-card") or "" for c in _cards(root)) == sorted(str(t) for t in hand.concealed)
    singles = next(g for g in _groups(root) if g.get("data-kind") == "singles")
    assert [t.text for t in singles.iter(f"{NS}text")] == ["THIRTEEN ORPHANS"]
