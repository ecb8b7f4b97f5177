"""Sinking a FEI, KONGs and recalling a FEI inside the search (RULES §5.4's last bullet): after
each exact draw the engine weighs them beside every discard. Checked against the two independent
references in exact fractions, which weigh the same moves: ``solver_ref.Model`` (the plain §5
recursion, every draw exact) and ``horizon_ref`` (§5.2, exact draws then the restricted policy),
on hands where the moves matter, in 3leg and 3leg-beginner, at 1 to 3 draws."""

from __future__ import annotations

from fractions import Fraction

import pytest
from support import horizon_ref as hr
from support import solver_ref as ref
from test_horizon_ref import hide_all_but

from tutor import Hand, Tile, load_rules
from tutor.engine.solver import discard

# (hand, live kinds): small pools for the exact references
CASES = [
    ("F* 123d 456d 789d EE R N | f1", ("E", "R", "N", "F*", "5d")),  # a FEI held: sink it
    ("222d 345d 789d EE R G N | f1", ("2d", "E", "R", "G", "N")),  # three of a kind, the fourth live
    ("[EEE] 123d 456d 78d R N W | f1", ("E", "R", "9d", "6d", "N")),  # an exposed PONG to add to
    ("[55d F*] 123d 78d EE RR N 4d | f1 a1", ("5d", "E", "R", "9d", "N")),  # a FEI to recall with 5d
]
RULE_SETS = ("3leg", "3leg-beginner")


def _engine(text: str, live: tuple[str, ...], rules: str, n: int, exact: int, moves: bool = True) -> tuple:
    """``discard`` with (``search_moves``, off by default) or without the moves in the search."""
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    got = discard(hand, load_rules(rules), "east", n, [Tile.parse(c) for c in seen], exact_draws=exact,
                  search_moves=moves)
    return hand, seen, got


def _near(a: float, b: Fraction) -> bool:
    return abs(a - float(b)) <= 1e-9


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
@pytest.mark.parametrize("n", [1, 2])
def test_every_draw_exact_agrees_with_the_plain_recursion(case: tuple, rules: str, n: int) -> None:
    text, live = case
    hand, seen, got = _engine(text, live, rules, n, n)
    model = ref.Model(hand, rules, "east", seen, moves=True).options(n)
    checked = 0
    for o in got.options:
        key = (str(o.tile), o.action)
        if key in model:
            ev, pw = model[key]
            assert _near(o.expected_fun, ev) and _near(o.win_probability, pw), (key, o.expected_fun, ev)
            checked += 1
    assert checked == len(model)
    # the §5.2 reference with every draw exact is the same model, to the fraction
    for x, (ev, pw, _) in hr.discard_values(hand, n, n, seen, rules, "east", moves=True).items():
        assert (ev, pw) == model[(x, "discard")]


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_three_draws_two_exact_agree_with_the_horizon_reference(case: tuple, rules: str) -> None:
    text, live = case
    hand, seen, got = _engine(text, live, rules, 3, 2)
    values = hr.discard_values(hand, 3, 2, seen, rules, "east", moves=True)
    for o in got.options:
        if o.action != "discard":
            continue
        ev, pw, by = values[str(o.tile)]
        assert _near(o.expected_fun, ev) and _near(o.win_probability, pw), (o.tile, o.expected_fun, ev)
        assert all(_near(a, b) for a, b in zip(o.win_by_draw, by, strict=True))


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_the_moves_change_some_answer_and_never_lower_one(case: tuple, rules: str) -> None:
    """With the moves the value is never below the value without them (they are options beside
    the discards), and on these hands some option gains (else the cases would test nothing)."""
    text, live = case
    gained = False
    horizons = ((2, 2),) if text.startswith("F*") else ((2, 2), (3, 2))  # (the FEI hand costs most)
    for n, exact in horizons:
        with_moves = {(o.tile, o.action): o for o in _engine(text, live, rules, n, exact)[2].options}
        without = {(o.tile, o.action): o for o in _engine(text, live, rules, n, exact, moves=False)[2].options}
        assert with_moves.keys() == without.keys()
        for key, o in with_moves.items():
            assert o.expected_fun >= without[key].expected_fun - 1e-12, (n, key)
            assert o.win_probability >= without[key].win_probability - 1e-12 or o.expected_fun > without[key].expected_fun
        gained = gained or any(o.expected_fun > without[k].expected_fun + 1e-9 for k, o in with_moves.items())
    assert gained
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    plain = ref.Model(hand, rules, "east", seen, moves=False).options(2)
    for key, value in ref.Model(hand, rules, "east", seen, moves=True).options(2).items():
        assert value >= plain[key]


def test_no_move_at_the_default_horizon_nor_after_the_exact_draws() -> None:
    """With no exact draw (the whole-round default) no move is weighed inside the search: the
    answers are those without moves, to the byte; and a hand no move can reach keeps its answer."""
    for text, live in CASES:
        _, _, a = _engine(text, live, "3leg", 5, 0)
        _, _, b = _engine(text, live, "3leg", 5, 0, moves=False)
        assert a.options == b.options and a.states == b.states
    plain = ("123d 456d 789d EE RN W | f1", ("E", "R", "N", "9d", "6d"))  # no FEI, no three of a kind
    for n in (1, 2, 3):
        _, _, a = _engine(*plain, "3leg", n, min(n, 2))
        _, _, b = _engine(*plain, "3leg", n, min(n, 2), moves=False)
        assert a.options == b.options


def test_the_last_draw_only_wins_or_not() -> None:
    """RULES §5.2: the last draw only decides win or not, so no move is weighed after it; with
    one draw left the answers are those without moves. With two, a hand keeping its FEI that does
    not win on the first draw may sink the FEI for a second card before the last draw."""
    text, live = CASES[0]
    _, _, one = _engine(text, live, "3leg", 1, 1)
    _, _, one_before = _engine(text, live, "3leg", 1, 1, moves=False)
    assert one.options == one_before.options
    _, _, got = _engine(text, live, "3leg", 2, 2)
    _, _, before = _engine(text, live, "3leg", 2, 2, moves=False)
    old = {str(o.tile): o.win_probability for o in before.options if o.action == "discard"}
    # N or R thrown: 123d 456d 789d EE and a FEI wait on E alone (the FEI makes no NGAN of
    # another card here); sinking the FEI after a first draw gives a third card to draw
    for tile in ("N", "R"):
        o = next(o for o in got.options if o.action == "discard" and str(o.tile) == tile)
        assert o.win_probability > old[tile]


def test_the_cli_flag_turns_the_moves_on_and_says_so() -> None:
    """``sekwoo discard --moves-in-search`` gives the library's values with ``search_moves`` and a
    note; without it, neither."""
    from support.cli import js

    hand = "F* 1112345d 789d EES | f1"
    on = js("discard", hand, "--draws", "2", "--moves-in-search")
    off = js("discard", hand, "--draws", "2")
    lib = discard(Hand.parse(hand), load_rules("3leg"), draws=2, search_moves=True)
    assert [o["expected_fun"] for o in on["options"]] == pytest.approx([o.expected_fun for o in lib.options])
    assert any("exact draw" in n for n in on["notes"]) and not any("exact draw" in n for n in off["notes"])
    assert on["options"] != off["options"]
