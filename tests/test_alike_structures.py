"""Win verdicts shared by structures alike but for the numbers of their suited cards
(``Table.alike_structures``, ``Scorer.number_blind``, ``Pattern.numbers``).

Where no item that may score for the seat reads the numbers of suited cards, a CHEE moved to
another place in its suit, a PONG or a NGAN to another card of its suit, leaves every item's
count as it was. Checked three ways: each pattern not marked as reading numbers gives the same
count on random readings and on the same readings with their suited groups moved (and each one
marked does not, on some reading); the scorer gives the same rows to such two readings in every
rule set and seat it calls number-blind; and the distance to a win, with the verdicts shared, is
the distance without them on random hands holding FEI."""

from __future__ import annotations

import random

import pytest
from support.any_rules import RULE_SETS

from tutor import Hand, load_rules
from tutor.core.readings import CHEE, KONG, NGAN, PONG
from tutor.core.tiles import FEI_ID, FIRST_WIND, TILES
from tutor.engine.decide.solver import unseen_counts
from tutor.engine.distance.to_win import Distance
from tutor.engine.scoring.check import scorer_for
from tutor.engine.search.hand_table import ALIKE, Table
from tutor.engine.search.kept_tables import forget_tables
from tutor.rules.load import RuleSet
from tutor.rules.patterns import Context, number_blind

Sets = list[tuple[int, int]]


def random_reading(rng: random.Random, rules: RuleSet, runs: bool = False) -> tuple[Sets, int]:
    """The sets and the NGAN of a reading of the rule set's cards (``runs``: CHEE begun at 1, 4 or 7
    and PONG of 1 or 9, as a straight or a terminal hand wants), copies not counted."""
    cards = sorted(t for t in rules.in_play if t != FEI_ID)
    suited = [t for t in cards if t < FIRST_WIND]
    sets: Sets = []
    for _ in range(rules.sets):
        base = rng.choice(suited) // 9 * 9 if suited else 0
        if suited and rng.random() < 0.5:
            start = rng.choice((0, 3, 6)) if runs else rng.randrange(7)
            if rules.chee_ok[base + start]:
                sets.append((CHEE, base + start))
                continue
        pick = base + rng.choice((0, 8)) if runs and suited and rng.random() < 0.7 else rng.choice(cards)
        sets.append((rng.choice((PONG, PONG, KONG)), pick))
    return sets, rng.choice(cards)


def moved(rng: random.Random, sets: Sets, pair: int) -> tuple[Sets, int]:
    """The same reading with each suited group moved within its suit (honours kept)."""
    def move(kind: int, t: int) -> int:
        if t >= FIRST_WIND:
            return t
        return t // 9 * 9 + rng.randrange(7 if kind == CHEE else 9)
    return [(k, move(k, t)) for k, t in sets], move(NGAN, pair)


def context(rules: RuleSet, sets: Sets, pair: int, seat: str, rng: random.Random) -> Context:
    concealed = tuple(rng.random() < 0.7 for _ in sets)
    return Context(sets, pair, (), 0, frozenset(), seat, concealed, sum(1 for c in concealed if not c))


@pytest.mark.parametrize("rules_name", RULE_SETS)
def test_patterns_read_numbers_only_where_marked(rules_name: str) -> None:
    rules = load_rules(rules_name)
    rng = random.Random(f"alike-{rules_name}")
    seats = rules.spec.seats
    checked = differed = 0
    for rule in rules.items:
        seat = next((s for s in seats if rule.points.get(s) is not None), seats[0])
        if number_blind([rule], seat, frozenset()):
            for _ in range(200):
                sets, pair = random_reading(rng, rules, runs=rng.random() < 0.5)
                ctx = context(rules, sets, pair, seat, rng)
                sets2, pair2 = moved(rng, sets, pair)
                ctx2 = Context(sets2, pair2, (), 0, frozenset(), seat, ctx.concealed, ctx.exposed)
                assert rule.func(ctx, rule.args) == rule.func(ctx2, rule.args), (rule.name, sets, pair, sets2, pair2)
                checked += 1
        elif rule.numbers:  # the mark is needed: some reading and its moved copy differ
            for _ in range(3000):
                sets, pair = random_reading(rng, rules, runs=True)
                ctx = context(rules, sets, pair, seat, rng)
                sets2, pair2 = moved(rng, sets, pair)
                ctx2 = Context(sets2, pair2, (), 0, frozenset(), seat, ctx.concealed, ctx.exposed)
                if rule.func(ctx, rule.args) != rule.func(ctx2, rule.args):
                    differed += 1
                    break
            else:
                pytest.fail(f"{rule.name} is marked as reading numbers, but no reading showed it")
    assert checked > 1000 or not rules.items  # (han and fu: no items)
    assert differed == sum(1 for r in rules.items if r.numbers)


@pytest.mark.parametrize("rules_name", RULE_SETS)
def test_number_blind_readings_score_alike(rules_name: str) -> None:
    rules = load_rules(rules_name)
    scorer = scorer_for(rules)
    rng = random.Random(f"alike-score-{rules_name}")
    blind_seats = [s for s in rules.spec.seats if scorer.number_blind(s, frozenset())]
    if rules_name in ("3leg", "3leg-beginner", "malaysian-3p"):
        assert blind_seats == list(rules.spec.seats)
    else:  # a straight, a terminal hand, an identical CHEE, a suited card named, or han and fu: not blind
        assert not blind_seats
        assert rules.spec.scoring.system != "additive" or any(
            not number_blind([r], s, frozenset()) for r in rules.items for s in rules.spec.seats)
        return
    bonus_cards = [t for t in range(35, 51) if t in rules.in_play]
    for _ in range(300):
        seat = rng.choice(blind_seats)
        sets, pair = random_reading(rng, rules)
        sets2, pair2 = moved(rng, sets, pair)
        bonus = tuple(sorted(rng.sample(bonus_cards, rng.randint(0, min(3, len(bonus_cards))))))
        got = []
        for ss, pp in ((sets, pair), (sets2, pair2)):
            raw = tuple(sorted([(k, t, 0, 0) for k, t in ss] + [(NGAN, pp, 0, 0)]))
            best = scorer.best([raw], [], bonus, 0, frozenset(), seat)
            assert best is not None
            got.append((best[1].fun, [(ln.name, ln.count) for ln in best[1].lines]))
        assert got[0] == got[1], (sets, pair, sets2, pair2, bonus)


def random_fei_hand(rng: random.Random, rules: RuleSet) -> tuple[Hand, list]:
    """13 cards holding one to three FEI, a bonus card or two, and a few cards seen."""
    deck = [t for t in sorted(rules.in_play) for _ in range(rules.wild_copies if t == FEI_ID else 4)]
    rng.shuffle(deck)
    fei = rng.randint(1, 3)
    cards = [FEI_ID] * fei + [t for t in deck if t != FEI_ID][: 13 - fei]
    rest = [t for t in deck if t != FEI_ID][13 - fei:]
    seen = [TILES[t] for t in rest[: rng.randint(0, 10)]]
    named = sorted({t for r in rules.items if r.pattern == "bonus_cards" for t in r.args["cards"] if t != FEI_ID})
    bonus = rng.sample(named, rng.randint(1, 2))  # a bonus card: no limit hand for no flower
    text = " ".join(str(TILES[t]) for t in sorted(cards)) + " | " + " ".join(str(TILES[t]) for t in bonus)
    return Hand.parse(text), seen


@pytest.mark.parametrize("rules_name", ["3leg", "malaysian-3p"])
def test_distance_with_shared_verdicts_is_the_distance_without(rules_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules(rules_name)
    rng = random.Random(f"alike-distance-{rules_name}")
    hands = [random_fei_hand(rng, rules) for _ in range(8)]

    made: list[Table] = []

    def answers() -> list[tuple[int, list]]:
        forget_tables()
        out = []
        for hand, seen in hands:
            table = Table(rules, rules.seat("east"), frozenset(), hand)
            made.append(table)
            unseen = unseen_counts(rules, hand, seen)
            key = table.pack(hand.concealed)
            dist = Distance(table, key, [unseen[t] for t in table.kinds])
            out.append((dist.of(key), sorted(dist.optimal(key))))
        return out

    shared = answers()
    # every verdict the search took, shared or its own, is the structure's own verdict
    tables = {id(t): t for t in made}
    verdicts = [(t, g, v) for t in tables.values() for g, v in t.structure_wins.items()
                if isinstance(g, tuple) and g[0] != ALIKE]
    monkeypatch.setattr(Table, "alike_structures", lambda self: None)
    for table, groups, verdict in verdicts:
        assert Distance(table, 0, [0] * len(table.kinds))._wins(groups) == verdict, groups
    assert len(verdicts) > 1000 and 0 < sum(v for _, _, v in verdicts) < len(verdicts)
    assert shared == answers()
    assert {d for d, _ in shared} - {-1, 0}  # hands at some distance, where many structures are weighed
