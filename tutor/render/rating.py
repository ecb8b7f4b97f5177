"""Views of the player's ratings: the line after an answer, the chart under ``stats``, and their data.

Handed a finished ``Change`` or ``Standing`` (``tutor.teach.ladder``); rich is imported inside
the views, so a ``--json`` command never loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzles import THEMES, Puzzle
from tutor.core.words import plural
from tutor.render.chart import rating_lines
from tutor.render.flow import hanging
from tutor.teach.ratings import Rating, expected

if TYPE_CHECKING:
    from rich.console import Console

    from tutor.teach.ladder import Change, Standing


def rating_value(r: Rating) -> dict[str, float]:
    """A rating as plain data, rounded to what it means."""
    return {"rating": round(r.rating, 1), "deviation": round(r.deviation, 1), "volatility": round(r.volatility, 6)}


def next_dict(standing: Standing, p: Puzzle | None) -> dict[str, Any]:
    """``puzzle next --json``: the puzzle picked (with its rating and the score expected of you), and yours."""
    from tutor.render.teach import puzzle_dict
    from tutor.teach.ladder import skill

    pick = None
    if p is not None:
        chance = expected(skill(standing, p.theme), standing.puzzle(p))
        pick = puzzle_dict(p) | {"rating": rating_value(standing.puzzle(p)), "expected": round(chance, 3)}
    return {"puzzle": pick, "player": rating_value(standing.player), "queued": int(p is not None)}


def change_dict(c: Change) -> dict[str, Any]:
    """What an answer did to the ratings: whether it counted, the overall and theme ratings, the change."""
    return {"rated": c.rated, "change": round(c.delta, 1), **rating_value(c.player),
            "theme": c.theme, "theme_rating": rating_value(c.theme_rating)}


def change_line(c: Change) -> str:
    """One line after a verdict: the rating ± its deviation, and what the answer changed."""
    theme = THEMES.get(c.theme, c.theme)
    if c.rated:
        return f"Rating {c.player} ({c.delta:+.0f}) · {theme} {c.theme_rating}"
    return f"Rating {c.player}, unchanged: only your first answer to a puzzle counts"


def show_change(con: Console, c: Change, indent: str = "  ") -> None:
    """The rating line after a verdict (plain text, never read as markup)."""
    from rich.text import Text

    con.print(Text(indent + change_line(c), style="cyan" if c.rated else "dim"))


def history(standing: Standing) -> list[tuple[float, float]]:
    """The overall rating and deviation where the player started and after each rated answer."""
    start = standing.history[0].before if standing.history else standing.player
    return [(start.rating, start.deviation)] + [(s.after.rating, s.after.deviation) for s in standing.history]


def standing_dict(standing: Standing) -> dict[str, Any]:
    """The ratings as plain data: overall, per theme (weakest first), and the history."""
    themes = sorted(standing.themes.items(), key=lambda kv: kv[1].rating)
    return {
        **rating_value(standing.player),
        "rated": len(standing.history),
        "themes": [{"theme": t, **rating_value(r)} for t, r in themes],
        "history": [{"id": s.puzzle_id, "theme": s.theme, "correct": s.correct, "at": s.at,
                     "puzzle": round(s.puzzle.rating, 1), **rating_value(s.after)} for s in standing.history],
    }


def show_standing(con: Console, standing: Standing) -> None:
    """The rating, the weakest themes, and the history as a chart at the console's width."""
    from rich.text import Text

    con.print(Text(f"Rating {standing.player}", style="bold"), end="")
    counted = plural(len(standing.history), "first answer")
    note = f"Glicko-2, from {counted} to puzzles; retries are practice" if standing.history else \
        "where everyone starts: try 'sekwoo puzzle next'"
    con.print(Text(f" ({note})", style="dim"))
    themes = sorted(standing.themes.items(), key=lambda kv: kv[1].rating)
    if themes:
        con.print(hanging("  ", "by theme, lowest first: " + "; ".join(f"{THEMES.get(t, t)} {r}" for t, r in themes)))
    if len(standing.history) >= 2:
        for line in rating_lines(history(standing), width=min(con.width, 100)):
            con.print(Text(line), overflow="ignore", no_wrap=True, crop=False)


__all__ = ["change_dict", "change_line", "history", "next_dict", "rating_value", "show_change", "show_standing", "standing_dict"]
