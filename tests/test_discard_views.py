"""What ``sekwoo discard`` shows besides the table: SEK WOO first when the hand wins, a bar per
option of the win chance by draw, the ``--svg`` chart, and the progress bar (only in a terminal)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tutor import Hand, load_rules
from tutor.cli.app import app
from tutor.cli.common import progress_bar
from tutor.engine.decide.solver import discard
from tutor.render.svg import SVG_NS, discard_chart_svg
from tutor.render.terminal import BARS, discard_view, spark

RULES = load_rules("3leg")
READY = "123d 456d 789d EE RG N"


def text_of(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=120, no_color=True).print(renderable)
    return out.getvalue()


def test_a_winning_hand_says_sek_woo_first() -> None:
    """EEE 2 + f1 1 + a1 1 + basic 1 = 5 FUN for East: the answer leads, the options follow."""
    res = discard(Hand.parse("123d 456d 789d EEE RR | f1 a1"), RULES, draws=2)
    lines = text_of(discard_view(res)).splitlines()
    assert lines[1] == "Declare SEK WOO: 5 FUN. If you play on instead:"
    assert not any("already wins" in line for line in lines)  # said once, first


def test_spark_heights_follow_the_chances() -> None:
    assert spark((0.0, 0.01, 0.5, 1.0)) == BARS[0] + BARS[1] + BARS[4] + BARS[8]
    res = discard(Hand.parse(READY), RULES, draws=4, exact_draws=0)
    shown = text_of(discard_view(res))
    for o in res.options[:3]:
        assert spark(o.win_by_draw) in shown


def test_svg_chart_holds_each_top_option_by_draw() -> None:
    res = discard(Hand.parse(READY), RULES, draws=5, exact_draws=0)
    root = ET.fromstring(discard_chart_svg(res, top=4))
    lines = root.findall(f"{{{SVG_NS}}}g[@class='option']")
    assert [g.get("data-option") for g in lines] == [f"discard {o.tile}" for o in res.options[:4]]
    for g, o in zip(lines, res.options, strict=False):
        assert [float(p) for p in (g.get("data-win-by-draw") or "").split()] == pytest.approx(list(o.win_by_draw), abs=1e-6)
        points = g.find(f"{{{SVG_NS}}}polyline")
        assert points is not None and len((points.get("points") or "").split()) == res.draws + 1


def test_cli_writes_the_chart(tmp_path: Path) -> None:
    out = tmp_path / "chance.svg"
    got = CliRunner().invoke(app, ["discard", READY, "--draws", "4", "--svg", str(out), "--json"])
    assert got.exit_code == 0, got.output
    assert ET.parse(out).getroot().get("data-draws") == "4"
    bad = CliRunner().invoke(app, ["discard", READY, "--draws", "2", "--svg", str(tmp_path / "no" / "x.svg")])
    assert bad.exit_code == 1 and "cannot write" in bad.output


def test_progress_only_in_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Piped or with --json there is no callback, so nothing reaches stderr."""
    monkeypatch.setattr("sys.stderr.isatty", lambda: False, raising=False)
    with progress_bar(False) as tick:
        assert tick is None
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    with progress_bar(True) as tick:
        assert tick is None
    with progress_bar(False, after=0.0) as tick:  # a terminal: the bar starts once the time has passed
        assert tick is not None
        tick(300, 1, 4)
        tick(600, 2, 4)


def test_ctrl_c_stops_with_130() -> None:
    import typer

    with pytest.raises(typer.Exit) as stop, progress_bar(False):
        raise KeyboardInterrupt
    assert stop.value.exit_code == 130


@pytest.mark.parametrize(("diff", "says"), [(0.004, "by less than 0.01 FUN"), (0.006, "by 0.01 FUN"), (1.25, "by 1.25 FUN")])
def test_a_lead_too_small_to_print_is_not_shown_as_zero(diff: float, says: str) -> None:
    from tutor.core.tiles import Tile
    from tutor.engine.decide.explain import compare
    from tutor.engine.result_types import Option

    def option(card: str, fun: float) -> Option:
        return Option(Tile.parse(card), "discard", 1, 1, 8, (), 0.5, fun, (0.5,))

    assert f"It beats discarding 1d {says} on average" in compare(option("N", 2.0 + diff), option("1d", 2.0), "FUN")


def test_options_tied_all_the_way_are_all_seen_on_the_chart() -> None:
    """Three discards with the same win chance at every draw: the first drawn whole, the next two
    over it in dashes that leave each other's colour a gap; options not tied are drawn whole."""
    result = discard(Hand.parse("1234d 567d 99d EE RG N | f1"), load_rules("3leg"))
    tied = [o.tile for o in result.options[:5] if o.win_by_draw == result.options[0].win_by_draw]
    assert len(tied) == 3
    root = ET.fromstring(discard_chart_svg(result))
    lines = root.findall(f".//{{{SVG_NS}}}polyline")
    dashes = [(p.get("stroke-dasharray"), p.get("stroke-dashoffset")) for p in lines]
    assert dashes == [(None, None), ("6 12", "0"), ("6 12", "-6"), (None, None), (None, None)]


@pytest.mark.parametrize("width", [60, 100])
def test_a_narrow_terminal_drops_the_bars_not_the_figures(width: int) -> None:
    """Where the whole table would not fit, the win-by-draw bars go and every figure and header is
    shown whole (no 'accep…'); where it fits, the bars are there."""
    from tutor.core.tiles import Tile
    from tutor.engine.decide.claim import claim
    from tutor.render.decisions import claim_view

    rules = load_rules("3leg")
    views = [discard_view(discard(Hand.parse("123d 456d 789d EE RG N"), rules)),
             claim_view(claim(Hand.parse("123d 456d 78d EE RG N"), Tile.parse("9d"), rules))]
    for view in views:
        out = io.StringIO()
        Console(file=out, width=width, color_system=None).print(view)
        text = out.getvalue()
        assert "…" not in text.split("Over ")[0]
        assert ("win by draw" in text) == (width == 100)
        assert "exp. FUN" in text and ("accepts" in text or "answer" in text)
