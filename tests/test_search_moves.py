"""Sinking a FEI, KONGs and recalling a FEI inside the search (RULES §5.4's last bullet): after
each exact draw the engine weighs them beside every discard. Checked against the two independent
references in exact fractions, which weigh the same moves: ``solver_ref.Model`` (the plain §5
recursion, every draw exact) and ``horizon_ref`` (§5.2, exact draws then the restricted policy),
on hands where the moves matter, in 3leg and 3leg-beginner, at 1 to 3 draws."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from support import horizon_ref as hr
from support import solver_ref as ref
from test_horizon_ref import hide_all_but

from tutor import Hand, Tile, load_rules
from tutor.engine.decide.solver import NO_MOVES_NOTE, discard

# (hand, live kinds): small pools for the exact references
CASES = [
    ("F* 123d 456d 789d EE R N | f1", ("E", "R", "N", "F*", "5d")),  # a FEI held: sink it
    ("222d 345d 789d EE R G N | f1", ("2d", "E", "R", "G", "N")),  # three of a kind, the fourth live
    ("[EEE] 123d 456d 78d R N W | f1", ("E", "R", "9d", "6d", "N")),  # an exposed PONG to add to
    ("[55d F*] 123d 78d EE RR N 4d | f1 a1", ("5d", "E", "R", "9d", "N")),  # a FEI to recall with 5d
]
RULE_SETS = ("3leg", "3leg-beginner")


def _engine(text: str, live: tuple[str, ...], rules: str, n: int, exact: int, moves: bool = True) -> tuple:
    """``discard`` with (``search_moves``, the default) or without the moves in the search."""
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


@pytest.mark.parametrize("rules", [
    pytest.param(r, marks=[pytest.mark.heavy] if r == "3leg-beginner" else []) for r in RULE_SETS])
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


def test_the_moves_are_the_default_and_the_cli_flag_turns_them_off() -> None:
    """``discard`` weighs the moves by default, and ``sekwoo discard`` too (``--moves-in-search``
    says the same); ``--no-moves-in-search`` gives the library's values without them and a note;
    ``claim`` and ``analyze`` take the same flag. The JSON has the same keys either way."""
    from support.cli import js

    from tutor.engine.decide.claim import claim

    hand = "F* 1112345d 789d EES | f1"
    rules = load_rules("3leg")
    default = js("discard", hand, "--draws", "2")
    on = js("discard", hand, "--draws", "2", "--moves-in-search")
    off = js("discard", hand, "--draws", "2", "--no-moves-in-search")
    lib = discard(Hand.parse(hand), rules, draws=2)
    lib_off = discard(Hand.parse(hand), rules, draws=2, search_moves=False)
    assert lib.options == discard(Hand.parse(hand), rules, draws=2, search_moves=True).options
    assert default == on and default.keys() == off.keys()
    assert [o["expected_fun"] for o in on["options"]] == pytest.approx([o.expected_fun for o in lib.options])
    assert [o["expected_fun"] for o in off["options"]] == pytest.approx([o.expected_fun for o in lib_off.options])
    assert on["options"] != off["options"]
    assert not any("not sinking" in n for n in on["notes"]) and any("not sinking" in n for n in off["notes"])
    assert not lib.notes and lib_off.notes == (NO_MOVES_NOTE,)
    # claim and analyze --on: the same switch
    text, card = "F* 1112345d 789d EE | f1", "9d"
    c_on = js("claim", text, card, "--draws", "2")
    c_off = js("claim", text, card, "--draws", "2", "--no-moves-in-search")
    lib_claim = claim(Hand.parse(text), Tile.parse(card), rules, draws=2)
    assert [o["expected_fun"] for o in c_on["options"]] == pytest.approx([o.expected_fun for o in lib_claim.options])
    assert c_on["options"] != c_off["options"] and c_on.keys() == c_off.keys()
    assert any("not sinking" in n for n in c_off["notes"]) and not any("not sinking" in n for n in c_on["notes"])
    a_on = js("analyze", text, "--on", card, "--draws", "2")
    a_off = js("analyze", text, "--on", card, "--draws", "2", "--no-moves-in-search")
    assert a_on["options"] == c_on["options"] and a_off["options"] == c_off["options"]


# --- the bounds that keep the search small (``Local.extra``, ``moves.FEI_DOMINATES``) -----------


def _sf_shanten(counts: list[int], sets: int) -> int:
    """Shanten with card supply ignored (as ``Table.lower`` ignores it), by the brute-force
    target search of ``support.reference_shanten``: any number of copies, FEI included."""
    from support.reference_shanten import brute_draws

    bound = 0
    while True:
        got = brute_draws(counts, sets, list(range(16)), list(range(7)), [14] * 35, 1, bound)
        if got is not None:
            return got - 1
        bound += 1


def _near_complete(rng: random.Random, sets: int, fei: int) -> list[int]:
    """35 counts of 3n cards (n = ``sets``, a NGAN less one card): a complete hand of ``sets``
    sets and a NGAN, two or three cards swapped for random ones, then two taken out, ``fei`` of
    the cards FEI."""
    cards: list[int] = []
    for _ in range(sets):
        s = rng.randrange(16)
        cards += [s, s + 1, s + 2] if s < 7 and rng.random() < 0.5 else [s] * 3
    cards += [rng.randrange(16)] * 2
    for _ in range(rng.choice([2, 3])):
        cards[rng.randrange(len(cards))] = rng.randrange(16)
    rng.shuffle(cards)
    cards = cards[2:]
    for j in range(fei):
        cards[j] = 34
    counts = [0] * 35
    for c in cards:
        counts[c] += 1
    return counts


def test_a_fei_is_worth_at_least_any_card_to_a_hand_holding_no_other() -> None:
    """``moves.FEI_DOMINATES``: for ``H`` holding no FEI, ``shanten(H + F) <= shanten(H + r)`` for
    every card ``r`` (supply ignored), so sinking the one FEI held (a swap of it for the
    replacement) never brings a complete hand closer. Brute force on random hands of three sets
    left and of two (sets laid down); and with three FEI in ``H`` it fails."""
    rng = random.Random(7)
    checked = 0
    for sets in (3, 2):
        for _ in range(12):
            h = _near_complete(rng, sets, 0)
            with_fei = _sf_shanten([c + (k == 34) for k, c in enumerate(h)], sets)
            for r in range(16):
                assert with_fei <= _sf_shanten([c + (k == r) for k, c in enumerate(h)], sets), (h, r)
                checked += 1
    assert checked == 384
    # 2d 777d E S NNN and three FEI: waits with 1d, one draw further with a fourth FEI
    three = [0] * 35
    three[1], three[6], three[9], three[10], three[12], three[34] = 1, 3, 1, 1, 3, 3
    assert _sf_shanten([c + (k == 0) for k, c in enumerate(three)], 4) == 0
    assert _sf_shanten([c + (k == 34) for k, c in enumerate(three)], 4) == 1


LOOSE_CASES = [
    ("2222d 345d 789d EE R F* | f1", ("E", "R", "F*", "6d", "N")),  # four of a kind and a FEI
    ("F* F* 123d 456d 789d E R N | f1", ("E", "R", "N", "F*", "5d")),  # two FEI
    ("[EEE] 123d 456d 78d E R N | f1", ("R", "9d", "6d", "N", "W")),  # the fourth E held, its PONG laid down
    ("[55d F*] 123d 78d EE RR N 5d | f1 a1", ("5d", "E", "R", "9d", "N")),  # a FEI in a PONG: recall, then add
]


@pytest.mark.parametrize("case", LOOSE_CASES, ids=lambda c: c[0])
def test_the_tight_bounds_give_the_values_of_the_loose_ones(case: tuple, monkeypatch: pytest.MonkeyPatch) -> None:
    """``Local.extra`` (a move adds a draw only where it takes out a card held now) and the bounds
    built on it prune no state that matters: the values at 3 draws (2 exact) and 2 are those with
    one replacement card allowed at every exact draw (``Local.extra`` as large as it gets), and
    the search is smaller."""
    from tutor.engine.search.inner_moves import Local

    text, live = case
    tight = {n: _engine(text, live, "3leg", n, 2)[2] for n in (2, 3)}
    monkeypatch.setattr(Local, "extra", lambda self, h: 99)
    for n in (2, 3):
        loose = _engine(text, live, "3leg", n, 2)[2]
        assert tight[n].options == loose.options
        assert tight[n].states <= loose.states
    assert tight[3].states < loose.states


@pytest.mark.parametrize("case", [  # two FEI: 16 s of the reference's search, so heavy (four of a kind and a FEI stays)
    pytest.param(c, marks=[pytest.mark.heavy] if c[0].startswith("F* F*") else [], id=c[0]) for c in LOOSE_CASES])
def test_the_bounded_cases_agree_with_the_horizon_reference(case: tuple) -> None:
    text, live = case
    hand, seen, got = _engine(text, live, "3leg", 3, 2)
    values = hr.discard_values(hand, 3, 2, seen, "3leg", "east", moves=True)
    for o in got.options:
        if o.action == "discard":
            ev, pw, _ = values[str(o.tile)]
            assert _near(o.expected_fun, ev) and _near(o.win_probability, pw), (o.tile, o.expected_fun, ev)


# --- claim or pass with the moves in the search after each answer (the default) ----------------

# (hand, card thrown, from, live kinds): after each answer a move is open inside the search
CLAIM_CASES = [
    # PONG of R laid down with the fourth R live: after drawing it, add it to the PONG
    ("123d 456d 78d EE RR N | a1", "R", "left", ("R", "9d", "6d", "N", "E")),
    # a FEI held: sink it after a draw, whether passing, PONG (with or without the FEI) or CHEE
    ("F* 123d 456d 78d EE R N | f1", "R", "right", ("R", "9d", "6d", "E", "F*")),
    # an exposed KONG of E (replacement, then a discard), the FEI to sink after each draw
    ("F* 123d 456d 78d EEE N | f1", "E", "right", ("E", "9d", "6d", "N", "F*")),
]


def _claim_reference(text: str, card: str, live: tuple[str, ...], n: int) -> dict[tuple[str, str], tuple]:
    """Each answer's (expected FUN, win probability) by ``solver_ref.Model`` (every draw weighed in
    full, with the moves), keyed by (action, meld): passing is the 13 cards' value with the card
    thrown in sight; a PONG or CHEE the best discard or sink of the 14 cards it leaves; a KONG a
    replacement card, then a discard (``Model.replaced``)."""
    from test_claim import brute_claims

    from tutor.core.hands import Meld, MeldKind
    from tutor.engine.decide.claim import after_claim

    hand = Hand.parse(text)
    tile = Tile.parse(card)
    seen = hide_all_but(hand, live)
    out: dict[tuple[str, str], tuple] = {}
    passing = ref.Model(hand, "3leg", "east", (*seen, card), moves=True)
    passing.start(dict(ref.concealed_of(hand)), tuple(map(str, hand.bonus)))
    out[("pass", "")] = passing.value(passing.h0, n)
    for action, cards in brute_claims(hand, tile, "3leg", "right"):  # (no CHEE: from the right)
        meld = Meld(MeldKind(action), tuple(Tile.parse(c) for c in cards))
        after = after_claim(hand, meld, tile)
        model = ref.Model(after, "3leg", "east", seen, moves=True)
        if action == "kong":
            model.start(dict(ref.concealed_of(after)), tuple(map(str, after.bonus)))
            out[(action, str(meld))] = model.replaced(model.h0, n, model.fixed)
        else:
            out[(action, str(meld))] = max(model.options(n).values())
    return out


@pytest.mark.parametrize("case", CLAIM_CASES, ids=lambda c: f"{c[0]} on {c[1]}")
def test_claim_with_the_moves_agrees_with_the_plain_recursion(case: tuple) -> None:
    """``claim`` (the moves in the search by default) against ``solver_ref.Model`` at 2 draws,
    both weighed: every answer to the fraction's float; and on these hands the moves change some
    answer (a KONG, an added KONG or a sink after a draw), else the cases would test nothing."""
    from tutor.engine.decide.claim import claim

    text, card, source, live = case
    hand = Hand.parse(text)
    seen = [Tile.parse(c) for c in hide_all_but(hand, live)]
    got = claim(hand, Tile.parse(card), load_rules("3leg"), source, "east", 2, seen)
    assert got.exact_draws == 2 and not got.notes
    want = _claim_reference(text, card, live, 2)
    have = {(o.action, "" if o.meld is None else str(o.meld)): o for o in got.options if o.action != "sek-woo"}
    if source == "left":  # the CHEE (not in the right-hand reference) are checked by test_claim
        have = {k: o for k, o in have.items() if k[0] != "chee"}
    assert have.keys() == want.keys()
    for key, (ev, pw) in want.items():
        assert _near(have[key].expected_fun, ev) and _near(have[key].win_probability, pw), (key, have[key], ev)
    off = claim(hand, Tile.parse(card), load_rules("3leg"), source, "east", 2, seen, search_moves=False)
    before = {(o.action, "" if o.meld is None else str(o.meld)): o.expected_fun for o in off.options}
    assert any(o.expected_fun > before[k] + 1e-9 for k, o in have.items())
    assert all(o.expected_fun >= before[k] - 1e-12 for k, o in have.items())
    assert any("not sinking" in note for note in off.notes)


def test_past_the_budget_with_the_moves_the_answer_is_over_fewer_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """``budget.fitted`` with the moves on (the default): a hand holding four of a kind whose
    3-draw search with the moves passes the budget (37,254 states, 3,027 without; the budget
    lowered to 20,000 to keep the test short) is answered over 2 draws, with the moves, and a note
    says so; without the moves the same budget holds 3 draws. ``claim`` falls back the same way."""
    from tutor.engine.decide.claim import claim
    from tutor.engine.search import budget

    monkeypatch.setattr(budget, "MAX_STATES", 20_000)
    hand = Hand.parse("2222d 345d 789d EE R N | f1")
    rules = load_rules("3leg")
    got = discard(hand, rules, draws=3)
    assert (got.draws, got.exact_draws) == (2, 2)
    assert any("passes its budget" in note and "over 2 draws (--draws 2)" in note for note in got.notes)
    two = discard(hand, rules, draws=2, search_moves=True)
    assert got.options == two.options and got.states == two.states
    assert two.options != discard(hand, rules, draws=2, search_moves=False).options  # the moves count here
    assert discard(hand, rules, draws=3, search_moves=False).draws == 3
    monkeypatch.setattr(budget, "MAX_STATES", 2_000)
    passing = claim(Hand.parse("2222d 345d 789d EE N | f1"), Tile.parse("R"), rules, "right", draws=3)
    assert passing.draws == 2 and any("over 2 draws" in note for note in passing.notes)
