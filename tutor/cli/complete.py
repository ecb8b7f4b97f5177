"""Shell completion of option values: rule-set names, seats, situations, lesson topics, puzzle
ids, themes and levels (``sekwoo --install-completion`` installs it for the shell in use).

Each function gets what the player has typed so far and returns the values that fit, with a
short help where the shell shows one; the modules they need are imported only when asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from tutor.rules.load import RuleSet


def _rules(ctx: typer.Context) -> RuleSet | None:
    """The rule set named by ``--rules`` on the line so far (the default one if none or unreadable)."""
    from tutor.errors import TutorError
    from tutor.rules.load import load_rules

    try:
        return load_rules(str(ctx.params.get("rules") or "3leg"))
    except TutorError:
        return None


def rule_sets(incomplete: str) -> list[tuple[str, str]]:
    """The built-in rule sets, with their titles."""
    from tutor.rules.load import builtin_names, load_rules

    return [(n, load_rules(n).title) for n in builtin_names() if n.startswith(incomplete)]


def seats(ctx: typer.Context, incomplete: str) -> list[str]:
    """The seats of the rule set on the line (east, south, west for 3leg)."""
    rules = _rules(ctx)
    names = rules.spec.seats if rules is not None else ("east", "south", "west")
    return [s for s in names if s.startswith(incomplete.lower())]


def situations(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The situations the rule set on the line names (tin_woo, dei_woo, four_fei for 3leg)."""
    rules = _rules(ctx)
    known = rules.spec.situations if rules is not None else ()
    return [(s.flag, s.name) for s in known if s.flag.startswith(incomplete)]


def topics(incomplete: str) -> list[tuple[str, str]]:
    """The lessons' topics, with their titles."""
    from tutor.teach.lessons import LESSONS

    return [(lesson.topic, lesson.title) for lesson in LESSONS if lesson.topic.startswith(incomplete.lower())]


def themes(incomplete: str) -> list[tuple[str, str]]:
    """The puzzle themes, with what each asks."""
    from puzzles import THEMES

    return [(t, about) for t, about in THEMES.items() if t.startswith(incomplete)]


def levels(incomplete: str) -> list[tuple[str, str]]:
    """The puzzle levels, 1 to 3."""
    from puzzles import LEVELS

    return [(str(n), name) for n, name in LEVELS.items() if str(n).startswith(incomplete)]


def puzzle_ids(incomplete: str) -> list[str]:
    """The shipped puzzles' ids."""
    from puzzles import load_puzzles

    return [p.id for p in load_puzzles() if p.id.startswith(incomplete)]


__all__ = ["levels", "puzzle_ids", "rule_sets", "seats", "situations", "themes", "topics"]
