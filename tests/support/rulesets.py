"""Hands judged under a built-in rule set, for the rule-set, han and payout tests."""

from __future__ import annotations

from tutor import Hand, check, load_rules
from tutor.engine.result_types import Check


def judge(rules: str, text: str, seat: str = "east", *flags: str) -> Check:
    """``check`` of a hand written in the notation under a built-in rule set."""
    return check(Hand.parse(text), load_rules(rules), seat, frozenset(flags))


def verdict(result: Check) -> tuple[bool, bool, int]:
    return (result.complete, result.wins, result.fun)
