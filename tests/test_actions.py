"""The moves beside a discard (RULES §5.4): a concealed KONG, a card added to an exposed PONG, a
FEI recalled with the card it stands for. Each value is checked against the independent
reference in exact fractions; which moves exist is checked by counting cards."""

from __future__ import annotations

import json

import pytest
from support import horizon_ref as hr
from test_horizon_ref import hide_all_but
from typer.testing import CliRunner

from tutor import ArgumentError, Hand, Tile, check, load_rules
from tutor.cli.app import app
from tutor.engine.decide.solver import discard
from tutor.engine.search.hand_moves import kongs, recalls

RULES = load_rules("3leg")

# (hand, seat, live kinds, drawn): small pools for the exact reference
CASES = [
    ("2222d 456d 789d EE RG | f1 a1", "east", ("E", "R", "G", "3d", "N"), None),
    ("[EEE] E 123d 456d 78d R N | f1", "east", ("R", "9d", "6d", "N"), None),
    ("[55d F*] 5d 123d 789d EE RR | f1 a1", "east", ("E", "R", "5d", "4d", "N"), "5d"),  # wins at once
    ("[55d F*] 5d 123d 78d EE RR N | f1 a1", "east", ("E", "R", "9d", "6d", "N"), "5d"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
@pytest.mark.parametrize(("n", "exact"), [(3, 2), (4, 0)])
def test_kongs_and_recalls_agree_with_the_reference(case: tuple, n: int, exact: int) -> None:
    text, seat, live, drawn = case
    hand = Hand.parse(text)
    seen = hide_all_but(hand, live)
    got = discard(hand, RULES, seat, n, [Tile.parse(c) for c in seen], exact_draws=exact,
                  drawn=None if drawn is None else Tile.parse(drawn))
    moves = [o for o in got.options if o.action not in ("discard", "sink")]
    assert moves, "the case has a move beside the discards"
    pool0 = hr.not_in_sight(hand, seen)
    for o in moves:
        if o.action == "recall":
            assert drawn is not None and o.meld is not None
            after = next(h for m, h in recalls(hand, Tile.parse(drawn), RULES) if m == o.meld)
            now = check(after, RULES, seat)
            if now.wins:  # the FEI back in hand completes it: SEK WOO at once
                ev, pw = now.fun, 1
            else:
                ev, pw, _ = max(hr.discard_values(after, n, exact, seen, "3leg", seat, moves=True).values())
        else:
            after = next(h for a, t, h in kongs(hand) if (a, t) == (o.action, o.tile))
            h0 = hr.concealed_of(after)
            ev, pw, _ = hr.replacement_value(hr.Horizon(after, h0, pool0, "3leg", seat, moves=True), h0, n, exact)
        assert o.expected_fun == pytest.approx(float(ev), abs=1e-9), o.action
        assert o.win_probability == pytest.approx(float(pw), abs=1e-9), o.action
    assert any(o.win_probability > 0 for o in moves)


def test_which_moves_exist() -> None:
    hand = Hand.parse("[EEE] [55d F*] 2222d E 789d R 9d")
    assert [(a, str(t)) for a, t, _ in kongs(hand)] == [("kong", "2d"), ("add-kong", "E")]
    after = {a: h for a, _, h in kongs(hand)}
    assert str(after["kong"]) == str(Hand.parse("[EEE] [55d F*] (2222d) E 789d R 9d"))
    assert str(after["add-kong"]) == str(Hand.parse("[EEEE] [55d F*] 2222d 789d R 9d"))
    assert kongs(Hand.parse("[EE F*] E 123d 456d 789d RR")) == []  # a FEI never makes a KONG
    assert recalls(hand, Tile.parse("9d"), RULES) == []
    back = Hand.parse("[46d F*] [EEE] 5d 123d 789d RR")
    (meld, after_recall), = recalls(back, Tile.parse("5d"), RULES)
    assert str(meld) == "[46d F*]" and str(after_recall) == str(Hand.parse("[456d] [EEE] F* 123d 789d RR"))
    assert recalls(Hand.parse("[45d F*] [EEE] 6d 123d 789d RR"), Tile.parse("6d"), RULES)  # 456 reads it
    assert not recalls(Hand.parse("[45d F*] [EEE] 2d 123d 789d RR"), Tile.parse("2d"), RULES)


def test_a_recall_needs_the_card_drawn_in_the_hand() -> None:
    with pytest.raises(ArgumentError):
        discard(Hand.parse("[55d F*] 5d 123d 789d EE RR | f1 a1"), RULES, draws=2, drawn=Tile.parse("4d"))


def test_discard_drawn_on_the_command_line() -> None:
    res = CliRunner().invoke(app, ["discard", "[55d F*] 5d 123d 789d EE RR | f1 a1", "--drawn", "5d", "-n", "2",
                                   "--json"])
    assert res.exit_code == 0, res.output
    recall = [o for o in json.loads(res.output)["options"] if o["action"] == "recall"]
    assert len(recall) == 1 and recall[0]["meld"] == "[55d F*]"
    # the FEI back in hand completes it: a win at once, no discard after it
    assert (recall[0]["then"], recall[0]["expected_fun"], recall[0]["win_probability"]) == (None, 5.0, 1.0)
    shown = CliRunner().invoke(app, ["discard", "2222d 456d 789d EE RG | f1 a1", "-n", "2"])
    assert shown.exit_code == 0 and "kong" in shown.output
