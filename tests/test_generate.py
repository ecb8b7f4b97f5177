"""Generated puzzles: deterministic for a seed, each proven to have one answer."""

from __future__ import annotations

import random

import pytest

from puzzles import load_puzzles
from tutor.errors import ChoiceError
from tutor.rules.load import load_rules
from tutor.teach.generate import make, random_complete, taken_hands
from tutor.teach.solve import solve


def test_make_is_deterministic_and_proven() -> None:
    a = make("waits", 3, 11)
    b = make("waits", 3, 11)
    assert a == b and len(a) == 3
    for p in a + make("is-a-set", 4, 5) + make("count-fun", 3, 5):
        assert solve(p).unique and solve(p).answer == p.answer
    with pytest.raises(ChoiceError):
        make("chess", 1, 1)


def test_made_puzzles_skip_the_hands_excluded() -> None:
    first = make("find-ngan", 2, 9)
    again = make("find-ngan", 2, 9, exclude={first[0].hand_text})
    assert first[0].hand_text not in {p.hand_text for p in again}


def test_taken_hands_leave_out_the_set_being_replaced() -> None:
    shipped = load_puzzles()
    taken = taken_hands("waits")
    assert {p.hand_text for p in shipped if p.theme == "waits"}.isdisjoint(taken - {
        p.hand_text for p in shipped if p.theme != "waits"})
    assert {p.hand_text for p in shipped if p.theme != "waits"} <= taken
    assert taken_hands("new-prefix") == {p.hand_text for p in shipped}


def test_random_complete_hands_are_complete() -> None:
    from tutor.engine.score import check

    rules = load_rules("3leg")
    rng = random.Random(3)
    hands = [h for h in (random_complete(rng, rules, declared=0.2) for _ in range(30)) if h is not None]
    assert len(hands) >= 10
    assert all(check(h, rules).complete for h in hands)


@pytest.mark.parametrize("theme", ["claim-or-pass", "kong-or-not", "recall-fei"])
def test_make_decision_puzzles(theme: str) -> None:
    """The decision themes are made from deals that offer the decision; each re-solves alone."""
    made = make(theme, 1, seed=7)
    assert len(made) == 1
    p = made[0]
    assert p.draws == 3 and (p.on is not None) == (theme == "claim-or-pass")
    assert (p.drawn is not None) == (theme == "recall-fei")
    assert solve(p).answer == p.answer and solve(p).unique
