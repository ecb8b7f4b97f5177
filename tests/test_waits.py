"""Waits (``tutor.engine.decide.solver.waits``) against a brute-force checker."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support import solver_ref as ref
from support.reference import FEI
from support.solver_hands import (
    SEATS,
    near_hand,
    rules,
    seen_cards,
    tiles,
)

from tutor.core.hands import Hand
from tutor.engine.decide.solver import waits

# --- 3. waits against brute force ------------------------------------------------------------

WaitRow = tuple[str, int, bool, int]


def solver_waits(hand: Hand, rule_set: str, seat: str, seen: tuple[str, ...]) -> list[WaitRow]:
    """``tutor.engine.decide.solver.waits`` as sorted (card, fun, wins, unseen) rows."""
    got = waits(hand, rules(rule_set), seat, seen=tiles(seen), with_distance=False)
    return sorted((str(w.tile), w.fun, w.wins, w.unseen) for w in got.waits)


def random_wait_cases() -> list[tuple[Hand, str, str, tuple[str, ...]]]:
    """150 hands of 13 cards, mostly one card from complete, with seen cards, seats, rule sets."""
    rng = random.Random("solver-waits")
    out = []
    for k in range(150):
        hand = near_hand(
            rng,
            13,
            rng.choice([0, 0, 0, 1]),
            rng.choice([0, 0, 1, 2, 3]),
            rng.choice([0.0, 0.3, 0.6]),
            rng.choice([5, 8, 16]),
        )
        seen = seen_cards(rng, hand, rng.choice([0, 0, 3, 8, 20]))
        out.append((hand, "3leg-beginner" if k % 5 == 0 else "3leg", SEATS[k % 3], seen))
    return out


def test_waits_agree_with_brute_force() -> None:
    """Every card kind added in turn and judged by the reference: the same waits, FUN, unseen."""
    cover: Counter[str] = Counter()
    for hand, rule_set, seat, seen in random_wait_cases():
        want = sorted(ref.waits(hand, rule_set, seat, seen))
        assert solver_waits(hand, rule_set, seat, seen) == want, (str(hand), rule_set, seat, seen)
        cover["waits"] += bool(want)
        cover["wins"] += any(w[2] for w in want)
        cover["short"] += any(not w[2] for w in want)
        cover["fei wait"] += any(w[0] == FEI for w in want)
        cover["seen"] += bool(seen) and bool(want)
        cover["sunk"] += any(t.is_fei for t in hand.bonus) and bool(want)
        cover["laid down"] += bool(hand.melds) and bool(want)
        cover["unseen < 4"] += any(w[3] < 4 for w in want)
    assert cover["waits"] >= 90 and all(n >= 8 for n in cover.values()), cover


@pytest.mark.parametrize(
    ("text", "seen", "want"),
    [
        # 4d 6d wait on 5d, all four in the KONG: only a FEI, no bonus card so a limit win of 10.
        ("[5555d] 4d 6d 123d 789d RR", (), [("F*", 10, True, 4)]),
        # A sunk FEI leaves 3 to draw and is a flower: 1 (sunk FEI) + 1 (win) = 2 (RR is the NGAN).
        ("[5555d] 4d 6d 123d 789d RR | F*", (), [("F*", 2, False, 3)]),
        # Every FEI in sight: no wait at all.
        ("[5555d] 4d 6d 123d 789d RR | F* F*", ("F*", "F*"), []),
        # The NGAN 5d+5d or 5d+F*: 1 (f1, East's flower) + 2 (EEE for East) + 1 (win) = 4, short;
        # two 5d held and one seen leave one to draw.
        ("EEE 123d 456d 789d 5d | f1", ("5d",), [("5d", 4, False, 1), ("F*", 4, False, 4)]),
    ],
)
def test_waits_worked_examples(text: str, seen: tuple[str, ...], want: list[WaitRow]) -> None:
    """Waits worked out by hand: dead cards, sunk FEI, seen cards, the FUN of each wait."""
    hand = Hand.parse(text)
    assert ref.waits(hand, "3leg", "east", seen) == want
    assert solver_waits(hand, "3leg", "east", seen) == sorted(want)


def test_a_wait_read_later_is_the_wait_read_now() -> None:
    """``waits`` makes each reading when it is first read (``Wait.later``): the wait reads,
    compares, hashes, prints, copies and pickles as one made with its reading, and the reading is
    made once."""
    import copy
    import dataclasses
    import pickle

    from tutor.engine.result_types import Wait

    hand = Hand.parse("123d 456d 789d EE RR | f1")
    got = waits(hand, rules("3leg"), "south", with_distance=False).waits
    assert [str(w.tile) for w in got] == ["E", "R", "F*"]
    made = []

    def reading(w: Wait) -> Wait:
        def make() -> object:
            made.append(w.tile)
            return w.reading
        return Wait.later(w.tile, w.fun, w.wins, w.unseen, make)  # type: ignore[arg-type]

    for w in got:
        now = Wait(w.tile, w.fun, w.wins, w.unseen, w.reading)
        for later in (reading(w), reading(w), reading(w), reading(w), reading(w)):
            assert later == now and now == later
        a, b, c, d, e = (reading(w) for _ in range(5))
        assert hash(a) == hash(now)
        assert repr(b) == repr(now)
        assert pickle.loads(pickle.dumps(c)) == now
        assert copy.deepcopy(d) == now and dataclasses.asdict(e) == dataclasses.asdict(now)
        once = reading(w)
        assert once.reading is once.reading
    assert len(made) == 3 * 11  # eleven waits made later of each, each reading made once
    with pytest.raises(AttributeError):
        _ = got[0].no_such_thing  # type: ignore[attr-defined]
