"""The hand change after the exact draws (``hand_change=True``; ``Walk._changing``) against the
independent reference of ``tests/support/horizon_ref.py`` (``changes=1``), in exact fractions on
small pools; and what it leaves as it was: the exact answers of ``--draws`` 3 or fewer."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from support import horizon_ref as hr
from test_claim import CASES as CLAIM_CASES
from test_claim import brute_claims
from test_horizon import agree, play_out, policy_search, within_three_errors
from test_horizon_ref import EV_CASES, hide_all_but

from tutor import Hand, Meld, MeldKind, Tile, check, claim, discard, load_rules
from tutor.engine.decide.claim import after_claim
from tutor.engine.decide.solver import unseen_counts
from tutor.engine.distance.to_win import Distance
from tutor.engine.search.expected_fun import Search
from tutor.engine.search.hand_table import Table


def _case(k: int, n: int, exact: int, heavy: bool = False) -> Any:
    marks = [pytest.mark.heavy] if heavy else []
    return pytest.param(EV_CASES[k], n, exact, marks=marks, id=f"{EV_CASES[k][0]}-{n}-{exact}")


@pytest.mark.parametrize(
    ("case", "n", "exact"),
    [_case(k, n, 0) for k in (0, 1, 3, 4, 5) for n in (3, 5)]
    + [_case(2, 3, 0), _case(4, 4, 1), _case(5, 4, 1)]
    + [_case(2, 5, 0, True), _case(2, 4, 1, True), _case(0, 4, 1, True), _case(1, 4, 1, True), _case(3, 4, 1, True)],
)
def test_values_agree_with_the_reference(case: tuple[str, str, str, tuple[str, ...]], n: int, exact: int) -> None:
    """Every plain discard's expected FUN, win chance and win chance by draw with the hand change
    (and the moves of RULES §5.4 after each exact draw but the last, as by default); and the
    change raises some option's value above the policy without it."""
    text, rules, seat, live = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    want = hr.discard_values(hand, n, exact, seen, rules, seat, moves=True, changes=1)
    plain = hr.discard_values(hand, n, exact, seen, rules, seat, moves=True)
    got = discard(hand, load_rules(rules), seat, draws=n, seen=[Tile.parse(c) for c in seen], exact_draws=exact,
                  hand_change=True)
    agree(got, want)
    assert all(ev >= plain[card][0] for card, (ev, _, _) in want.items())
    assert any(want[card][0] > plain[card][0] for card in want)


@pytest.mark.parametrize("k", [3, 4])
def test_two_changes_agree_with_the_reference(k: int) -> None:
    """``Walk.allow_changes(2)``: two hand changes along the way, against the reference's
    ``changes=2``; worth at least one change, and more for some discard."""
    text, rules_name, seat, live = EV_CASES[k]
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    rules = load_rules(rules_name)
    n = 5
    want = hr.discard_values(hand, n, 0, seen, rules_name, seat, changes=2)
    once = hr.discard_values(hand, n, 0, seen, rules_name, seat, changes=1)
    table = Table(rules, seat, frozenset(), hand)
    key14 = table.pack(hand.concealed)
    unseen = unseen_counts(rules, hand, [Tile.parse(c) for c in seen])
    pool0 = [unseen[t] for t in table.kinds]
    for card, (ev, pw, by) in want.items():
        h0 = key14 - table.unit_of[table.index[Tile.parse(card).id]]
        search = Search(table, Distance(table, h0, pool0), h0, pool0, n, 0)
        search.allow_changes(2)
        value, whole = search.run(h0, n)
        assert value[0] == pytest.approx(float(ev), abs=1e-9), card
        assert whole == pytest.approx(float(pw), abs=1e-9), card
        assert list(value[1:]) == pytest.approx([float(x) for x in by], abs=1e-9), card
        assert ev >= once[card][0]
    assert any(want[c][0] > once[c][0] for c in want)


@pytest.mark.parametrize("n", [3, 5])
def test_sinking_keeps_the_replacement_out_of_the_changes(n: int) -> None:
    """With no exact draw, a sunk FEI's replacement card is kept only for a discard that brings a
    win closer (it is not one of the draws); the draws after it may make a hand change."""
    text, rules, seat, live = EV_CASES[3]
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    got = discard(hand, load_rules(rules), seat, draws=n, seen=[Tile.parse(c) for c in seen], exact_draws=0,
                  hand_change=True)
    sink = next(o for o in got.options if o.action == "sink")
    conc = list(hand.concealed)
    conc.remove(Tile.parse("F*"))
    sunk = Hand(tuple(conc), hand.melds, (*hand.bonus, Tile.parse("F*")))
    h0 = hr.concealed_of(sunk)
    model = hr.Horizon(sunk, h0, hr.not_in_sight(hand, seen), rules, seat, changes=1)
    ev, pw, by = hr.replacement_value(model, h0, n, 0)
    assert sink.expected_fun == pytest.approx(float(ev), abs=1e-9)
    assert sink.win_probability == pytest.approx(float(pw), abs=1e-9)
    assert list(sink.win_by_draw) == pytest.approx([float(b) for b in by], abs=1e-9)
    assert 0 < pw < 1


@pytest.mark.parametrize("case", CLAIM_CASES[:2], ids=lambda c: f"{c[0]} on {c[1]}")
def test_claims_agree_with_the_reference(case: tuple) -> None:
    """Every answer to a card thrown, with the hand change after it (no exact draw, 5 draws)."""
    text, card, source, seat, live = case
    n = 5
    hand = Hand.parse(text)
    tile = Tile.parse(card)
    seen = hide_all_but(hand, live)
    got = claim(hand, tile, load_rules("3leg"), source, seat, n, [Tile.parse(c) for c in seen], exact_draws=0,
                hand_change=True)
    want: dict[tuple[str, str], float] = {}
    want[("pass", "")] = float(hr.horizon_value(hand, hr.not_in_sight(hand, (*seen, card)), n, 0, "3leg", seat,
                                                changes=1)[0])
    done = check(Hand(hand.concealed + (tile,), hand.melds, hand.bonus), load_rules("3leg"), seat)
    if done.complete:
        want[("sek-woo", "")] = float(done.fun) if done.wins else 0.0
    for action, meld in brute_claims(hand, tile, "3leg", source):
        m = Meld(MeldKind(action), tuple(Tile.parse(c) for c in meld))
        after = after_claim(hand, m, tile)
        if action == "kong":
            model = hr.Horizon(after, hr.concealed_of(after), hr.not_in_sight(after, seen), "3leg", seat, changes=1)
            want[(action, str(m))] = float(hr.replacement_value(model, hr.concealed_of(after), n, 0)[0])
        else:
            values = hr.discard_values(after, n, 0, seen, "3leg", seat, changes=1).values()
            want[(action, str(m))] = float(max(values)[0])
    have = {(o.action, "" if o.meld is None else str(o.meld)): o.expected_fun for o in got.options}
    assert have.keys() == want.keys()
    for key, ev in want.items():
        assert have[key] == pytest.approx(ev, abs=1e-9), key


@pytest.mark.parametrize("text", ["123d 456d 789d EE RG N", "123d 456d 78d EE RG N F* | a1", "[EEE] 123d 45d RR N F* W S | a1"])
@pytest.mark.parametrize("draws", [1, 2, 3])
def test_short_horizons_stay_exact(text: str, draws: int) -> None:
    """A horizon of 3 draws or fewer is searched exactly (every draw weighed): the hand change,
    a rule of the draws after the exact ones, leaves its answer as it was, to the bit."""
    hand = Hand.parse(text)
    rules = load_rules("3leg")
    plain = discard(hand, rules, draws=draws)
    changed = discard(hand, rules, draws=draws, hand_change=True)
    assert changed.exact_draws == plain.exact_draws == min(2, draws)
    assert changed.options == plain.options


@pytest.mark.parametrize(("text", "n"), [("123d 456d 789d EE RG N", 9), ("123d 456d 789d EE SS N | f1 a1", 6)])
def test_long_horizon_agrees_with_simulation(text: str, n: int) -> None:
    """The best option's expected FUN and win chance by draw with the hand change, over a full
    deck, within 3 standard errors of 2,000 rounds played by the same choices."""
    rules = load_rules("3leg")
    hand = Hand.parse(text)
    res = discard(hand, rules, draws=n, exact_draws=0, hand_change=True)
    best = next(o for o in res.options if o.action == "discard")
    search, table, dist, h0 = policy_search(hand, rules, best.tile, n, changes=1)
    assert search.value(h0, n)[0] == pytest.approx(best.expected_fun, abs=1e-12)
    plain = discard(hand, rules, draws=n, exact_draws=0)
    assert best.expected_fun > plain.options[0].expected_fun  # the change is worth something here
    rng = random.Random(f"hand-change-{text}")
    runs = 2000
    rounds = [play_out(search, table, dist, h0, n, rng, changes=1) for _ in range(runs)]
    within_three_errors(rounds, best)


def test_the_command_line_option_weighs_the_change() -> None:
    """``sekwoo discard --hand-change`` and ``analyze --hand-change`` answer as ``discard`` with
    ``hand_change=True`` (on two cores where the turn is long), and without the option as without."""
    from typer.testing import CliRunner

    from tutor.cli.app import app

    text, rules, seat, live = EV_CASES[4]
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    args = [text, "--rules", rules, "--seat", seat, "--draws", "5", "--seen", " ".join(seen), "--json"]
    want = {}
    for change in (False, True):
        got = discard(hand, load_rules(rules), seat, draws=5, seen=[Tile.parse(c) for c in seen], hand_change=change)
        want[change] = {o["discard"] + o["action"]: o["expected_fun"] for o in _options(got)}
    assert want[True] != want[False]
    for command in ("discard", "analyze"):
        for change in (False, True):
            out = CliRunner().invoke(app, [command, *args, *(["--hand-change"] if change else [])])
            assert out.exit_code == 0, out.output
            data = json.loads(out.output)
            options = data["options"] if "options" in data else data["discard"]["options"]
            assert {o["discard"] + o["action"]: o["expected_fun"] for o in options} == want[change]


def _options(result: Any) -> list[dict[str, Any]]:
    from tutor.render.data import discard_dict

    return list(discard_dict(result)["options"])


def test_past_the_budget_the_note_gives_the_option_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the budget, the answer with the hand change is over fewer draws, and its note names
    the options that give it, ``--hand-change`` among them; the parts weighed apart say the same."""
    from tutor.engine.decide.solver import joined
    from tutor.engine.search import budget

    hand = Hand.parse("123d 456d 789d EE RG N")
    rules = load_rules("3leg")
    monkeypatch.setattr(budget, "MAX_STATES", 20_000)
    whole = discard(hand, rules, draws=6, hand_change=True)
    assert whole.draws < 6
    given = (f"(--draws {whole.draws} --exact-draws 0 --hand-change)", f"(--draws {whole.draws} --hand-change)")
    assert any(note.endswith(given) for note in whole.notes), whole.notes
    parts = [discard(hand, rules, draws=6, hand_change=True, share=(i, 2)) for i in range(2)]
    assert joined(parts, hand_change=True).notes == whole.notes
    plain = discard(hand, rules, draws=whole.draws, exact_draws=whole.exact_draws, hand_change=True)
    assert [o.expected_fun for o in plain.options] == [o.expected_fun for o in whole.options]
