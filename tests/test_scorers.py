"""The additive scorer's fast paths (items counted once per plan, per-set tables, one score per
reading that differs only in where a FEI sits) against the plain path: every item asked of every
reading, on random hands of every additive rule set. The score's arithmetic over its rows is not
what the fast paths change; its rows and the reading chosen are."""

from __future__ import annotations

import random

import pytest
from support.any_rules import RULE_SETS, random_hand

from tutor.core.readings import RawReading
from tutor.core.score import Score
from tutor.core.tiles import FEI_ID
from tutor.engine.scoring.check import scorer_for
from tutor.engine.scoring.scorers import AdditiveScorer, _concealed_kongs, _key, reading_context
from tutor.engine.shapes.standard import readings
from tutor.rules.load import load_rules
from tutor.rules.patterns import Context

ADDITIVE = [name for name in RULE_SETS if load_rules(name).spec.scoring.system == "additive"]


def plain_rows(scorer: AdditiveScorer, ctx: Context, seat: str) -> list[tuple[str, int]]:
    """Every item of the rule set asked of the reading, in order (no plan, no table): the rows a
    score must show, as (name, count), a limit as count 1; an item worth 0 points shows no row."""
    rows = []
    for rule in scorer.rules.items:
        pts = rule.points.get(seat)
        if pts is None or (rule.requires and not rule.requires <= ctx.flags):
            continue
        n = rule.func(ctx, rule.args)
        if n and (rule.limit or rule.half_limit):
            rows.append((rule.name, 1))
        elif n and pts:
            rows.append((rule.name, n))
    return rows


def plain_best(scorer: AdditiveScorer, raws: list[RawReading], *args: object) -> tuple[RawReading, Score] | None:
    """The first reading of the highest key, each reading scored on its own (its rows checked)."""
    bonus, wild, flags, seat, melds = args
    best = None
    for raw in raws:
        ctx = reading_context(raw, bonus, wild, flags, seat, _concealed_kongs(melds))  # type: ignore[arg-type]
        sc = scorer.score(raw, ctx, seat)  # type: ignore[arg-type]
        assert [(ln.name, ln.count) for ln in sc.lines] == plain_rows(scorer, ctx, seat)  # type: ignore[arg-type]
        key = _key(sc, sum(w.bit_count() for _, _, w, _ in raw))
        if best is None or key > best[0]:
            best = (key, raw, sc)
    return None if best is None else (best[1], best[2])


@pytest.mark.parametrize("name", ADDITIVE)
def test_fast_score_is_the_plain_score(name: str) -> None:
    rules = load_rules(name)
    scorer = scorer_for(rules)
    assert isinstance(scorer, AdditiveScorer)
    rng = random.Random(f"scorers-{name}")
    flags = [s.flag for s in rules.spec.situations]
    compared = 0
    for _ in range(400):
        hand = random_hand(rng, rules)
        raws = readings(hand, rules.sets, rules.max_wild_per_set, rules.chee_ok)
        seat = rng.choice(rules.spec.seats)
        sits = frozenset(rng.sample(flags, rng.choice([0, 0, 1, 2]))) if flags else frozenset()
        bonus = tuple(t.id for t in hand.bonus)
        wild = sum(1 for t in hand.concealed if t.id == FEI_ID)
        args = (bonus, wild, sits, seat, hand.melds)
        for raw in raws:
            ctx = reading_context(raw, bonus, wild, sits, seat, _concealed_kongs(hand.melds))
            sc = scorer.score(raw, ctx, seat)
            assert [(ln.name, ln.count) for ln in sc.lines] == plain_rows(scorer, ctx, seat), (str(hand), raw)
            compared += 1
        assert scorer.best_raw(raws, *args) == plain_best(scorer, raws, *args), str(hand)
    assert compared > 200
