"""``analyze`` and ``batch``: pick the right analysis for a hand, and run many hands as data."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from tutor.core.hands import Hand
from tutor.core.tiles import Tile
from tutor.errors import TutorError
from tutor.rules.load import load_rules

KINDS = ("analyze", "check", "waits", "discard", "shanten", "parse")


def analyze(
    text: str,
    rules_name: str,
    seat: str,
    draws: int | None = None,
    seen: Sequence[Tile] = (),
    flags: frozenset[str] = frozenset(),
) -> tuple[str, dict[str, Any], Callable[[], Any]]:
    """Run the analysis that fits the hand's size: (kind, JSON data, a function making the rich view)."""
    from tutor.engine.score import check
    from tutor.engine.solver import discard, waits
    from tutor.render import data as report
    from tutor.render import terminal as render

    rules = load_rules(rules_name)
    hand = Hand.parse(text)
    if hand.size == rules.hand_size - 1:
        w = waits(hand, rules, seat, flags, seen)
        return "waits", report.waits_dict(w), lambda: render.waits_view(w)
    if hand.size == rules.hand_size:
        c = check(hand, rules, seat, flags)
        if c.complete:
            return "check", report.check_dict(c), lambda: render.checked(c)
        d = discard(hand, rules, seat, draws, seen, flags)
        return "discard", report.discard_dict(d), lambda: render.discard_view(d)
    c = check(hand, rules, seat, flags)
    return "check", report.check_dict(c), lambda: render.checked(c)


def run_one(text: str, kind: str, rules_name: str, seat: str, draws: int | None) -> dict[str, Any]:
    """One hand through one analysis, as a JSON-ready dict."""
    from tutor.engine.score import check
    from tutor.engine.solver import discard, shanten, waits
    from tutor.render import data as report

    if kind == "analyze":
        found, data, _ = analyze(text, rules_name, seat, draws)
        return {"kind": found, **data}
    rules = load_rules(rules_name)
    hand = Hand.parse(text)
    if kind == "check":
        return report.check_dict(check(hand, rules, seat))
    if kind == "waits":
        return report.waits_dict(waits(hand, rules, seat))
    if kind == "discard":
        return report.discard_dict(discard(hand, rules, seat, draws))
    if kind == "shanten":
        return {"hand": str(hand), "shanten": shanten(hand, rules)}
    return report.hand_dict(hand)


def batch_lines(
    lines: Iterable[str], kind: str, rules_name: str, seat: str, draws: int | None
) -> Iterator[dict[str, Any]]:
    """One result per hand line; a line that fails gives ``{"line", "input", "error"}`` and the rest go on."""
    load_rules(rules_name)  # a bad rule set fails once, before any line
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        try:
            yield {"line": number, **run_one(text, kind, rules_name, seat, draws)}
        except TutorError as err:
            yield {"line": number, "input": text, "error": str(err)}
