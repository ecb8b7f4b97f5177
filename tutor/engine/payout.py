"""Payouts: who pays the winner what, as a rule set's ``payout:`` says (``check --payout``).

A payout is worked out for each way the hand could have been won: self-drawn (every other
player pays), on a discard (the discarder and the others pay their shares), and, where the rule
set has one, on a discard that makes its discarder liable for everyone (Singapore's shooter
rule, Malaysian ban discard). The value paid is the score itself (``per_point``), ``base``
doubled once per point above the first (``doubling``, the tai table), or the PyPI ``mahjong``
package's payments for the han and fu found (``library``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.errors import RuleSetError

if TYPE_CHECKING:
    from tutor.engine.results import Check
    from tutor.rules.load import RuleSet


@dataclass(frozen=True, slots=True)
class Payment:
    """One payer's payment: who (a role, or a seat), how much, and how many players pay it."""

    payer: str
    amount: int
    players: int = 1


@dataclass(frozen=True, slots=True)
class Scenario:
    """One way to win and what it brings: the payments and their total."""

    name: str
    payments: tuple[Payment, ...]

    @property
    def total(self) -> int:
        """What the winner receives in all."""
        return sum(p.amount * p.players for p in self.payments)


@dataclass(frozen=True, slots=True)
class Payout:
    """The payout table of one winning hand."""

    unit: str
    value: int  # the points paid on (after cap and limit)
    scenarios: tuple[Scenario, ...]
    note: str = ""


def _value(points: int, rules: RuleSet) -> int:
    spec = rules.spec.payout
    assert spec is not None
    if points <= 0:
        return 0
    if spec.kind == "doubling":
        return spec.base * 2 ** (points - 1)
    return spec.base * points


def payout(result: Check, rules: RuleSet) -> Payout | None:
    """The payout of a winning hand under ``rules`` (None if the hand does not win)."""
    spec = rules.spec.payout
    if spec is None:
        raise RuleSetError(f"{rules.name} has no payout table ('payout:' in its YAML)")
    if not result.wins or result.score is None:
        return None
    losers = rules.spec.players - 1
    score = result.score
    if spec.kind == "library":
        return _library(result, rules, losers)
    if score.limit and spec.limit is not None:
        parts = [(_value(score.fun, rules), spec.limit)]
    elif spec.bonus is not None:
        parts = [(_value(score.fun - score.bonus_points, rules), spec.shares)]
        if score.bonus_points:
            parts.append((_value(score.bonus_points, rules), spec.bonus))
    else:
        parts = [(_value(score.fun, rules), spec.shares)]

    def pay(pick: str) -> int:
        return sum(v * getattr(sh, pick) for v, sh in parts)

    scenarios = [
        Scenario("self-drawn", (Payment("each other player", pay("self_drawn"), losers),)),
        Scenario("on a discard", (Payment("the discarder", pay("discarder")),
                                  Payment("each other player", pay("others"), losers - 1))),
    ]
    whole = pay("discarder") + pay("others") * (losers - 1)
    if spec.shooter:
        scenarios.append(Scenario("on a discard, shooter rule", (Payment("the discarder (shooter)", whole),)))
    if spec.liable is not None:
        name = next((s.name for s in rules.spec.situations if s.flag == spec.liable), spec.liable)
        scenarios.append(Scenario(f"on a discard, {name}", (Payment("the discarder (liable)", whole),)))
        if spec.liable in result.flags:
            scenarios = scenarios[-1:]
    return Payout(spec.unit, score.fun, tuple(scenarios), spec.note)


def _library(result: Check, rules: RuleSet, losers: int) -> Payout:
    """Payments of the han system, from the mahjong package's tables."""
    from tutor.engine.han import cost

    score = result.score
    assert score is not None and rules.spec.payout is not None
    han, fu, yakuman = score.detail("han", 0), score.detail("fu", 0), bool(score.detail("yakuman", False))
    ron = cost(han, fu, yakuman, rules, result.seat, tsumo=False)
    tsumo = cost(han, fu, yakuman, rules, result.seat, tsumo=True)
    if result.seat == "east":
        drawn = Scenario("self-drawn", (Payment("each other player", tsumo["main"], losers),))
    else:
        drawn = Scenario("self-drawn", (Payment("East (the dealer)", tsumo["main"]),
                                        Payment("each other player", tsumo["additional"], losers - 1)))
    discard = Scenario("on a discard", (Payment("the discarder", ron["main"]),))
    return Payout(rules.spec.payout.unit, score.fun, (drawn, discard), rules.spec.payout.note)


__all__ = ["Payment", "Payout", "Scenario", "payout"]
