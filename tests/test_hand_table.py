"""Tables kept for reuse (``tutor.engine.search.kept_tables.table_for``): a kept table answers as a new one
does, whatever hands it read before, and the tables kept and their memos stay bounded; the
waits read with the fast paths (only the kinds ``completing`` leaves, one reading shown unscored)
are those of every kind tried and every reading scored; the readings a table combines from its
components' kept readings are those ``tutor.engine.shapes.standard.readings`` finds in the whole hand."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from support.any_rules import RULE_SETS, random_hand

from tutor.core.hands import Hand
from tutor.core.tiles import FEI_ID, TILES
from tutor.engine.decide import solver
from tutor.engine.search import kept_tables as table
from tutor.engine.search.hand_table import Table
from tutor.engine.search.kept_tables import table_for
from tutor.engine.shapes.special import special_readings
from tutor.engine.shapes.standard import readings
from tutor.rules.load import RuleSet, load_rules


@pytest.mark.parametrize("name", RULE_SETS)
def test_kept_tables_answer_as_new_ones(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules(name)
    rng = random.Random(f"kept-{name}")
    monkeypatch.setattr(table, "TABLES_KEPT", 3)
    monkeypatch.setattr(table, "HAND_LIMIT", 150)  # emptied now and then along the way
    hands = [random_hand(rng, rules, short=1) for _ in range(60)]
    cases = [(h, rng.choice(rules.spec.seats)) for h in hands for _ in range(2)]
    rng.shuffle(cases)  # the same fixed parts come back after others, and after their memos filled
    kept = [solver.waits(h, rules, seat, with_distance=i % 3 == 0) for i, (h, seat) in enumerate(cases)]
    monkeypatch.setattr(solver, "table_for", Table)
    new = [solver.waits(h, rules, seat, with_distance=i % 3 == 0) for i, (h, seat) in enumerate(cases)]
    assert kept == new
    assert sum(len(w.waits) for w in new) > 20


def test_tables_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = load_rules("3leg")
    rng = random.Random("kept-bounded")
    monkeypatch.setattr(table, "TABLES_KEPT", 4)
    monkeypatch.setattr(table, "HAND_LIMIT", 50)
    first = random_hand(rng, rules, short=1)
    t = table_for(rules, "east", frozenset(), first)
    assert table_for(rules, "east", frozenset(), first) is t
    for _ in range(40):
        h = random_hand(rng, rules, short=1)
        tab = table_for(rules, "east", frozenset(), h)
        for i in range(len(tab.kinds)):
            tab.win(tab.pack(h.concealed) + tab.unit_of[i])
        assert len(table._KEPT) <= 4
        assert tab.memo_size() <= 50 + len(tab.kinds)  # emptied when asked for past the limit


def _concealed_cards(rng: random.Random, rules: RuleSet) -> Hand:
    """Concealed cards only, of a hand's size or one fewer: dealt from the rule set's cards, drawn
    from a few kinds (so that kinds reach their limit, the FEI piles up), or any ids at all (a card
    not in play, five copies or more)."""
    size = rules.hand_size - rng.randint(0, 1)
    kinds = sorted(rules.in_play)
    way = rng.randrange(3)
    if way == 0:
        ids = rng.sample([t for t in kinds for _ in range(rules.wild_copies if t == FEI_ID else rules.copies)], size)
    elif way == 1:
        few = rng.sample(kinds, rng.randint(2, 6))
        ids = [rng.choice(few) for _ in range(size)]
    else:
        ids = [rng.randrange(FEI_ID + 1) for _ in range(size)]
    return Hand(tuple(TILES[t] for t in ids))


@pytest.mark.parametrize("name", RULE_SETS)
def test_shanten_reader_answers_as_a_new_table(name: str) -> None:
    """``tutor.shanten`` reads concealed cards with a reader kept per rule set (``shanten_reader``):
    its answers, and its errors, are a new table's."""
    rules = load_rules(name)
    rng = random.Random(f"reader-{name}")
    answered = 0
    for _ in range(400):
        hand = _concealed_cards(rng, rules)
        new = Table(rules, rules.spec.seats[0], frozenset(), Hand(()))
        key = new.held(hand)
        try:
            got: int | str = solver.shanten(hand, rules)
        except ValueError:
            got = "invalid"
        assert got == ("invalid" if key is None else new.shanten(key)), hand
        answered += key is not None
    assert 100 < answered < 400  # hands of each kind, valid or not


def _waiting_hands(rules: RuleSet, seed: str, n: int = 150) -> Iterator[tuple[Hand, str]]:
    """``n`` random hands of ``rules`` one card short, each with a seat."""
    rng = random.Random(seed)
    for _ in range(n):
        yield random_hand(rng, rules, short=1), rng.choice(rules.spec.seats)


@pytest.mark.parametrize("name", RULE_SETS)
def test_waits_are_every_kind_tried_and_every_reading_scored(name: str) -> None:
    rules = load_rules(name)
    found = 0
    for hand, seat in _waiting_hands(rules, f"slow-waits-{name}"):
        fast = solver.waits(hand, rules, seat, with_distance=False)
        slow = Table(rules, seat, frozenset(), hand)
        key = slow.pack(hand.concealed)
        unseen = solver.unseen_counts(rules, hand, ())
        want = []
        for i, t in enumerate(slow.kinds):
            w = slow.win(key + slow.unit_of[i])
            if w is not None and unseen[t] > 0:
                full = Hand(hand.concealed + (TILES[t],), hand.melds, hand.bonus)
                c = full.counts()
                raws = readings(full, rules.sets, rules.max_wild_per_set, rules.chee_ok)
                specials = special_readings(c, slow.specials, rules) if slow.specials else []
                best = slow.scorer.best(raws, specials, slow.bonus_ids, c[FEI_ID], slow.flags, seat, hand.melds)
                assert best is not None
                want.append((TILES[t], w[0], w[1], best[0]))
        assert [(x.tile, x.fun, x.wins, x.reading) for x in fast.waits] == want, str(hand)
        found += len(want)
    assert found > 30


@pytest.mark.parametrize("name", RULE_SETS)
def test_readings_from_components_are_those_of_the_whole_hand(name: str) -> None:
    rules = load_rules(name)
    found = 0
    for hand, seat in _waiting_hands(rules, f"component-readings-{name}"):
        tab = table_for(rules, seat, frozenset(), hand)
        key = tab.pack(hand.concealed)
        for i, t in enumerate(tab.kinds):  # every card added, complete or not
            full = Hand(hand.concealed + (TILES[t],), hand.melds, hand.bonus)
            want = readings(full, rules.sets, rules.max_wild_per_set, rules.chee_ok)
            assert tab._all_readings(key + tab.unit_of[i])[0] == want, f"{hand} + {TILES[t]}"
            found += len(want)
    assert found > 100


@pytest.mark.parametrize("name", RULE_SETS)
def test_completing_is_every_kind_whose_card_completes(name: str) -> None:
    """``Table.completing`` (each component's completions met with what the others leave) lists
    the kinds, within their copies, whose card makes a hand ``tutor.engine.shapes.standard.readings`` can
    read: FEI held and sunk, sets laid down, four of a kind among them."""
    rules = load_rules(name)
    found = 0
    for hand, seat in _waiting_hands(rules, f"completing-{name}", 300):
        tab = Table(rules, seat, frozenset(), hand)
        key = tab.pack(hand.concealed)
        got = tab.completing(key)
        if tab.specials:  # every kind is tried where the rule set has special shapes
            assert got is None
            continue
        want = []
        for i, t in enumerate(tab.kinds):
            full = Hand(hand.concealed + (TILES[t],), hand.melds, hand.bonus)
            if tab.count(key, i) < tab.cap_local[i] and readings(full, rules.sets, rules.max_wild_per_set, rules.chee_ok):
                want.append(i)
        assert got == want, str(hand)
        found += len(want)
    assert found > 100 or load_rules(name).special_shapes
