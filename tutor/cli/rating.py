"""The ratings at the command line: the line after each answer, ``puzzle next``'s pick, the chart of ``stats``.

Helpers of ``tutor.cli.teach``'s commands (imported inside them, so a cold ``sekwoo`` call loads
none of this). Each reads the player's ratings by replaying the progress database
(``tutor.teach.ladder.current``) and hands them to ``tutor.render.rating``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor.cli.common import edge
from tutor.cli.draw import write_svg

if TYPE_CHECKING:
    from rich.console import Console

    from puzzles import Puzzle


def show_rating(con: Console, p: Puzzle, recorded: bool = True) -> None:
    """The rating line after a verdict on ``p`` (replayed from the progress just written)."""
    from tutor.render.rating import show_change
    from tutor.teach.ladder import change, current

    with edge(False):
        show_change(con, change(current(), p.id, p.theme, recorded))


def rating_json(p: Puzzle, recorded: bool) -> dict[str, Any]:
    """The ``rating`` of an answer's JSON: what the answer to ``p`` did to the ratings."""
    from tutor.render.rating import change_dict
    from tutor.teach.ladder import change, current

    with edge(True):
        return {"rating": change_dict(change(current(), p.id, p.theme, recorded))}


def pick(theme: str | None, as_json: bool) -> tuple[Puzzle | None, dict[str, Any]]:
    """The puzzle ``puzzle next`` serves (of ``theme``, when given), and its JSON answer."""
    from puzzles import select
    from tutor.render.rating import next_dict
    from tutor.teach.ladder import current, next_puzzle

    with edge(as_json):
        standing = current()
        p = next_puzzle(standing, select(theme))
    return p, next_dict(standing, p)


def stats_rating(svg: Path | None, as_json: bool) -> tuple[dict[str, Any], Any]:
    """The ratings for ``stats``: their JSON (with the SVG written to ``svg``, when given), and a
    view to print under the progress (a callable taking the console)."""
    from tutor.render.chart import rating_svg
    from tutor.render.rating import history, show_standing, standing_dict
    from tutor.teach.ladder import current

    with edge(as_json):
        standing = current()
        data = {"rating": standing_dict(standing)}
        if svg is not None:
            data["svg"] = write_svg(svg, rating_svg(history(standing), "sekwoo rating history"), as_json)

    def view(con: Console) -> None:
        show_standing(con, standing)
        if svg is not None:
            print(f"sekwoo: wrote {svg}", file=sys.stderr)

    return data, view


__all__ = ["pick", "rating_json", "show_rating", "stats_rating"]
