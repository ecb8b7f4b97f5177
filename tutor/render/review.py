"""Views of a reviewed hand record (``sekwoo review``): rich for the terminal, plain data for
``--json``. Handed a finished ``Review``; nothing is computed here (the page is ``review_html``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.words import given_up, plural
from tutor.table.review import GRADES, Choice, Decision, Review

if TYPE_CHECKING:
    from rich.console import Group as RGroup

GRADE_STYLE = {"best": "green", "good": "cyan", "inaccuracy": "yellow", "mistake": "bold magenta",
               "blunder": "bold red"}


def choice_dict(c: Choice) -> dict[str, Any]:
    """One option of a decision as JSON."""
    return {
        "action": c.action,
        "tile": None if c.tile is None else str(c.tile),
        "meld": None if c.meld is None else str(c.meld),
        "label": c.label,
        "expected_fun": c.expected_fun,
        "win_probability": c.win_probability,
        "win_by_draw": list(c.win_by_draw),
        "distance": c.distance,
        "acceptance": c.acceptance,
        "then": None if c.then is None else {"tile": str(c.then[0]), "action": c.then[1]},
    }


def decision_dict(d: Decision) -> dict[str, Any]:
    """One graded decision as JSON."""
    return {
        "index": d.index,
        "line": d.line,
        "kind": d.kind,
        "hand": str(d.hand),
        "offered": None if d.offered is None else str(d.offered),
        "source": d.source or None,
        "after": d.after or None,
        "draws": d.draws,
        "wall": d.wall,
        "played": choice_dict(d.played),
        "best": choice_dict(d.best),
        "loss": d.loss,
        "grade": d.grade,
        "category": d.category,
        "explanation": d.explanation,
        "options": [choice_dict(o) for o in d.options],
        "seconds": round(d.seconds, 3),
    }


def review_dict(r: Review) -> dict[str, Any]:
    """The JSON object of ``sekwoo review``: every decision, then the summary."""
    from tutor.table.events import Win

    result = r.record.result
    return {
        "rules": r.rules.name,
        "player": str(r.player),
        "unit": r.rules.unit,
        "thresholds": {name: least for name, least in GRADES},
        "decisions": [decision_dict(d) for d in r.decisions],
        "summary": {
            "decisions": len(r.decisions),
            "match_rate": r.match_rate,
            "bad_move_rate": r.bad_move_rate,
            "fun_lost": r.fun_lost,
            "grades": {g: sum(d.grade == g for d in r.decisions) for g in GRADE_STYLE},
            "worst": [d.index for d in r.worst],
            "seconds": round(r.seconds, 3),
        },
        "result": None if result is None else (
            {"kind": "sek-woo", "seat": str(result.seat), "fun": result.fun} if isinstance(result, Win)
            else {"kind": "drawn"}
        ),
    }


def ending(r: Review, unit: str) -> str:
    """How the record's round ends: who won and for how much, drawn, or not written."""
    from tutor.table.events import Win

    result = r.record.result
    if result is None:
        return "the record stops before the round ends"
    if not isinstance(result, Win):
        return "drawn: the deck ran out with no winner"
    fun = "" if result.fun is None else f" for {result.fun} {unit}"
    who = "you" if result.seat == r.player else str(result.seat)
    return f"{who} won, SEK WOO{fun}"


def situation(d: Decision) -> str:
    """Where the decision came, in a few words: ``drew 5d``, ``R thrown`` (a card to claim or pass)."""
    if d.kind == "claim":
        return f"{d.offered} thrown"
    if d.after == "deal":
        return "dealt hand"
    if d.after == "claim":
        return "after a claim"
    if d.after == "recall":
        return "after a recall"
    return f"drew {d.offered}"


def review_view(r: Review) -> RGroup:
    """What ``sekwoo review`` shows: a row per decision, the worst ones explained, the summary."""
    from rich.console import Group as RGroup
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from tutor.render.flow import hanging
    from tutor.render.terminal import hand_line
    from tutor.render.terms import in_words

    unit = r.rules.unit
    out: list[RenderableType] = [Text(f"Review of {r.player}'s decisions ({r.rules.name})", style="bold")]
    if not r.decisions:
        out.append(Text("No decision of the player to grade in this record.", style="dim"))
        return RGroup(*out)
    table = Table(box=None, padding=(0, 1), header_style="bold")
    # the figures, the grade and its category never wrap: on a narrow screen the moves do
    for name, just, whole in (("line", "right", True), ("situation", "left", False), ("you", "left", False),
                              ("best", "left", False), (f"exp. {unit}", "right", True), ("lost", "right", True),
                              ("grade", "left", True), ("about", "left", True)):
        table.add_column(name, justify=just, no_wrap=whole)  # type: ignore[arg-type]
    for d in r.decisions:
        table.add_row(str(d.line), situation(d), d.played.label, "=" if d.grade == "best" else d.best.label,
                      f"{d.played.expected_fun:.2f}", given_up(d.loss), Text(d.grade, style=GRADE_STYLE[d.grade]),
                      d.category)
    out.append(table)
    if r.worst:
        out.append(Text("Worst decisions", style="bold"))
        for d in r.worst:
            out.append(hand_line(d.hand, f"line {d.line}  "))
            out.append(hanging("  ", in_words(f"{d.grade} ({d.category}): {d.explanation}"), GRADE_STYLE[d.grade]))
    out.append(Text.assemble(("The round  ", "bold"), ending(r, unit)))
    out.append(Text.assemble(
        ("Summary  ", "bold"),
        f"{plural(len(r.decisions), 'decision')}, {r.match_rate:.0%} best, {r.bad_move_rate:.0%} mistakes or blunders, "
        f"{given_up(r.fun_lost)} {unit} given up",
    ))
    limits = ", ".join(f"{name} {least:g}" for name, least in GRADES)
    out.append(Text(f"Grades by {unit} given up: {limits} or more (docs/records.md). "
                    f"Solved in {r.seconds:.1f} s.", style="dim"))
    return RGroup(*out)


__all__ = ["choice_dict", "decision_dict", "ending", "review_dict", "review_view", "situation"]
