"""``sekwoo render``: a hand drawn as SVG, sets grouped by its best reading when it is complete."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from tutor.cli.common import RulesOpt, SeatOpt, edge
from tutor.errors import TutorError


def write_svg(path: Path, text: str) -> None:
    """Write an SVG file; a failure is a one-line error."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise TutorError(f"cannot write {str(path)!r}: {err.strerror}") from None


def render(
    hand: Annotated[str, typer.Argument(help="The hand, e.g. '123d [555d] EEE RR F* 9d | f1'.", show_default=False)],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="The SVG file to write (default: stdout).")] = None,
    rules: RulesOpt = "3leg",
    seat: SeatOpt = "east",
    title: Annotated[str | None, typer.Option("--title", help="A title above the cards.")] = None,
) -> None:
    """Draw a hand as SVG: sets grouped (the best reading when complete), FEI and bonus cards marked."""
    from tutor.core.hands import Hand
    from tutor.engine.score import check
    from tutor.render.svg import hand_svg
    from tutor.rules.load import load_rules

    with edge(False):
        rule_set = load_rules(rules)
        h = Hand.parse(hand)
        text = hand_svg(h, check(h, rule_set, seat).reading, title=title)
        if output is not None:
            write_svg(output, text)
    if output is None:
        sys.stdout.write(text)
    else:
        print(f"sekwoo: wrote {output}", file=sys.stderr)


def register(app: typer.Typer) -> None:
    """Add ``render`` to the ``sekwoo`` app."""
    app.command("render")(render)


__all__ = ["register", "render", "write_svg"]
