"""Payouts: who pays the winner what, as a rule set's ``payout:`` says (``check --payout``).

A payout is worked out for each way the hand could have been won, and each way is scored as
that win: self-drawn (the ``self_drawn`` situation set, every other player pays), on a discard
(the situation cleared; the discarder and the others pay their shares), and, where the rule set
has one, on a discard that makes its discarder liable for everyone (Singapore's shooter rule,
Malaysian ban discard, the latter only for a hand its ``liable_when`` conditions fit). A
situation that comes with one way of winning (``win:`` in the rule set: a KONG's replacement
card is self-drawn, the last discard is a discard) leaves out the other way.

The value paid is the score itself (``per_point``), ``base`` doubled once per point above the
first (``doubling``, the tai table), or the row of a payment table the score falls in
(``table``, sanma's han bands).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.core.hands import MeldKind
from tutor.core.tiles import FEI_ID, Tile
from tutor.engine.result_types import InstantPayment
from tutor.errors import InvalidHandError, RuleSetError

if TYPE_CHECKING:
    from tutor.core.hands import Hand
    from tutor.core.score import Score
    from tutor.engine.result_types import Check
    from tutor.rules.load import RuleSet
    from tutor.rules.schema import Band, Liable

SELF_DRAWN = "self_drawn"  # the situation of a win drawn from the wall


@dataclass(frozen=True, slots=True)
class Payment:
    """One payer's payment: who (a role, or a seat), how much, and how many players pay it."""

    payer: str
    amount: int
    players: int = 1


@dataclass(frozen=True, slots=True)
class Scenario:
    """One way to win, scored as that win: its score, the payments and their total.

    A way in which the hand does not win has no payments and a note saying why.
    """

    name: str
    payments: tuple[Payment, ...]
    value: int = 0  # the points of this win (after cap and limit)
    score: Score | None = None  # this win's own score, its rows the breakdown
    note: str = ""

    @property
    def wins(self) -> bool:
        """Does the hand win this way?"""
        return bool(self.payments)

    @property
    def total(self) -> int:
        """What the winner receives in all."""
        return sum(p.amount * p.players for p in self.payments)


@dataclass(frozen=True, slots=True)
class Payout:
    """The payout table of one winning hand, a scenario per way of winning."""

    unit: str
    value: int  # the points of the hand as checked (each scenario has its own)
    scenarios: tuple[Scenario, ...]
    note: str = ""
    notes: tuple[str, ...] = ()  # why a way of winning is not listed
    instant: tuple[InstantPayment, ...] = ()  # paid during play, whatever the outcome (apart from the win)


def kong_payment(rules: RuleSet, concealed: bool, claimed: bool = False) -> InstantPayment | None:
    """The instant payment for a KONG laid down (None where the rule set has none): concealed, or
    exposed (``claimed``: made with a discard, whose discarder pays for all under the shooter rule)."""
    spec = rules.spec.payout
    if spec is None:
        return None
    kind = "concealed" if concealed else "exposed"
    for item in spec.instant:
        if item.kong == kind:
            return InstantPayment(item.name, item.each, rules.spec.players - 1, spec.unit, claimed and spec.shooter)
    return None


def instant_payments(hand: Hand, rules: RuleSet, seat: str) -> tuple[InstantPayment, ...]:
    """The instant payments a hand has earned: one per KONG laid down and one per group of bonus
    cards it holds (each paid when it happened, whatever the hand's outcome)."""
    spec = rules.spec.payout
    if spec is None or not spec.instant:
        return ()
    out = [p for m in hand.melds if m.kind is MeldKind.KONG
           if (p := kong_payment(rules, concealed=not m.exposed)) is not None]
    held = {str(t) for t in hand.bonus}
    for item in spec.instant:
        if item.cards and set(item.cards) <= held and (not item.seats or seat in item.seats):
            out.append(InstantPayment(item.name, item.each, rules.spec.players - 1, spec.unit, bitten=item.bitten))
    return tuple(out)


def payout(result: Check, rules: RuleSet) -> Payout | None:
    """The payout of a hand under ``rules``, each way of winning scored as that win (None if the
    hand wins no way)."""
    spec = rules.spec.payout
    if spec is None:
        raise RuleSetError(f"{rules.name} has no payout table ('payout:' in its YAML)")
    if not result.complete and not result.wins:
        return None
    notes: list[str] = []
    scenarios = [_scenario(name, how, flags, result, rules) for name, how, flags in _ways(result, rules, notes)]
    if not any(s.wins for s in scenarios):
        return None
    return Payout(spec.unit, result.fun, tuple(scenarios), spec.note, tuple(notes),
                  instant_payments(result.hand, rules, result.seat))


def _ways(result: Check, rules: RuleSet, notes: list[str]) -> list[tuple[str, str, frozenset[str]]]:
    """The ways the hand may have been won: (name, kind of payment, the situations of that win)."""
    spec = rules.spec.payout
    assert spec is not None
    known = {s.flag: s for s in rules.spec.situations}
    given = result.flags
    needs = {known[f].win for f in given if f != SELF_DRAWN and f in known and known[f].win}
    liable = spec.liable
    base = given - {SELF_DRAWN} - ({liable} if liable else set())
    drawn = base | ({SELF_DRAWN} if SELF_DRAWN in known else set())
    liable_name = known[liable].name if liable in known else str(liable)
    holds = liable is not None and liable_applies(result.hand, spec.liable_when)
    if liable is not None and liable in given:
        if holds:
            return [(f"on a discard, {liable_name}", "liable", base | {liable})]
        notes.append(f"{liable_name} does not apply: {_liable_text(spec.liable_when)}")
    ways = []
    if "discard" not in needs:
        ways.append(("self-drawn", "self_drawn", frozenset(drawn)))
    if "self_drawn" not in needs:
        ways.append(("on a discard", "discard", frozenset(base)))
        if spec.shooter:
            ways.append(("on a discard, shooter rule", "shooter", frozenset(base)))
        if holds and liable is not None:
            ways.append((f"on a discard, {liable_name}", "liable", frozenset(base | {liable})))
    return ways


def _scenario(name: str, how: str, flags: frozenset[str], result: Check, rules: RuleSet) -> Scenario:
    """One way of winning, the hand scored as that win."""
    from tutor.engine.scoring.check import check

    try:
        won = result if flags == result.flags else check(result.hand, rules, result.seat, flags)
    except InvalidHandError as err:
        return Scenario(name, (), note=str(err))
    if not won.wins or won.score is None:
        why = won.notes[0] if won.notes else "the hand does not win this way"
        return Scenario(name, (), won.fun, won.score, why)
    score = won.score
    band = _band(score, rules) if rules.spec.payout and rules.spec.payout.kind == "table" else None
    payments = _table(band, won, rules, how) if band is not None else _shares(score, rules, how, won.flags)
    return Scenario(name, payments, won.fun, score, band.name if band is not None else "")


def _value(points: int, rules: RuleSet) -> int:
    spec = rules.spec.payout
    assert spec is not None
    if points <= 0:
        return 0
    if spec.kind == "doubling":
        return spec.base * 2 ** (points - 1)
    return spec.base * points


def _shares(score: Score, rules: RuleSet, how: str, flags: frozenset[str]) -> tuple[Payment, ...]:
    """Payments by shares of the value (per point or doubling), bonus and limit apart if so, and
    what each loser pays on top in the situations given (``extra``: the largest that applies)."""
    spec = rules.spec.payout
    assert spec is not None
    losers = rules.spec.players - 1
    extra = max((v for f, v in spec.extra.items() if f in flags), default=0)
    if score.limit and spec.limit is not None:
        parts = [(_value(score.fun, rules), spec.limit)]
    elif spec.bonus is not None:
        parts = [(_value(score.fun - score.bonus_points, rules), spec.shares)]
        if score.bonus_points:
            parts.append((_value(score.bonus_points, rules), spec.bonus))
    else:
        parts = [(_value(score.fun, rules), spec.shares)]

    def pay(pick: str) -> int:
        return sum(v * getattr(sh, pick) for v, sh in parts) + extra

    if how == "self_drawn":
        return (Payment("each other player", pay("self_drawn"), losers),)
    if how == "discard":
        return (Payment("the discarder", pay("discarder")), Payment("each other player", pay("others"), losers - 1))
    whole = pay("discarder") + pay("others") * (losers - 1)
    return (Payment("the discarder (shooter)" if how == "shooter" else "the discarder (liable)", whole),)


def _band(score: Score, rules: RuleSet) -> Band:
    """The row of the payment table a score falls in: by its limit rows, else by its points
    (a score below the first row pays the first row)."""
    spec = rules.spec.payout
    assert spec is not None
    limits = sum(1 for ln in score.lines if ln.limit)
    if score.limit and limits:
        rows = sorted((b for b in spec.table if b.limits), key=lambda b: b.limits)
        fit = [b for b in rows if b.limits <= limits]
        if rows:
            return fit[-1] if fit else rows[0]
    rows = sorted((b for b in spec.table if not b.limits), key=lambda b: b.points)  # one at least (load)
    fit = [b for b in rows if b.points <= score.fun]
    return fit[-1] if fit else rows[0]


def _table(band: Band, won: Check, rules: RuleSet, how: str) -> tuple[Payment, ...]:
    """Payments read off a table row: the dealer (the first seat) pays and is paid more."""
    losers = rules.spec.players - 1
    dealer = rules.spec.seats[0]
    if won.seat == dealer:
        if how == "self_drawn":
            return (Payment("each other player", band.drawn_dealer, losers),)
        return (Payment("the discarder", band.discard_dealer),)
    if how == "self_drawn":
        return (Payment(f"{dealer.capitalize()} (the dealer)", band.drawn_from_dealer),
                Payment("each other player", band.drawn, losers - 1))
    return (Payment("the discarder", band.discard),)


def liable_applies(hand: Hand, conditions: list[Liable]) -> bool:
    """Could the winning discard of ``hand`` be a liable one: some condition's sets laid down,
    and a remaining card of them held (no condition: any hand)."""
    if not conditions:
        return True
    laid = set()
    for m in hand.melds:
        if m.kind in (MeldKind.PONG, MeldKind.KONG):
            laid.add(next(t.id for t in m.cards if t.id != FEI_ID))
    held = {t.id for t in hand.concealed}
    for c in conditions:
        group = {Tile.parse(n).id for n in c.sets_of}
        if len(laid & group) >= c.count and held & (group - laid):
            return True
    return False


def _liable_text(conditions: list[Liable]) -> str:
    """What the liable conditions need, in a line."""
    return "it needs " + " or ".join(
        f"PONG/KONG of {c.count} of {' '.join(c.sets_of)} laid down and another of them held" for c in conditions
    )


__all__ = ["SELF_DRAWN", "Payment", "Payout", "Scenario", "liable_applies", "payout"]
