"""Payments made at once during play (MahjongLeh's "Instant Payout", seed 003): in the rule-set
YAML, listed by ``check --payout`` for the KONGs and bonus cards a hand holds, and carried by the
KONG options of ``claim`` and ``discard``, apart from their expected points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.rulesets import judge
from typer.testing import CliRunner

from notation import parse_hand, parse_tiles
from tutor import load_rules
from tutor.cli.app import app
from tutor.engine.decide.claim import claim
from tutor.engine.decide.solver import discard
from tutor.engine.scoring.payout import instant_payments, payout
from tutor.errors import RuleSetError

# The seed's own figures, typed in: "Exposed Gang (明槓) - 20 credits: Each player will pay 20
# credits", "Concealed Gang (暗槓) - 40 credits", the seat's pair of flowers and a matching pair of
# animals 20 (40 "before any replacement tiles"), all four of a group 40. Four players: three pay.
EXPOSED, CONCEALED, PAIR, BITTEN, GROUP, PAYERS = 20, 40, 20, 40, 40, 3


def _paid(hand: str, seat: str = "east") -> dict[str, tuple[int, int | None]]:
    return {p.name: (p.each, p.bitten) for p in instant_payments(parse_hand(hand), load_rules("singapore"), seat)}


def test_kongs_and_bonus_cards_held_are_paid_at_once() -> None:
    paid = _paid("123d 456d 789b (1111c) 55c | f1 s1 a1 a2")
    assert paid == {
        "Concealed Gang": (CONCEALED, None),
        "Pair of Flower tiles matching seat (1 East)": (PAIR, BITTEN),
        "Matching Animal tiles (Cat and Mouse)": (PAIR, BITTEN),
    }
    # the seat's pair is East's only: South holds no pair of its own
    assert "Pair of Flower tiles matching seat (1 East)" not in _paid("123d 456d 789b (1111c) 55c | f1 s1 a1 a2", "south")
    # an exposed KONG; a Cat with a Rooster is no matching pair
    assert _paid("123d 456d 789b [1111c] 55c | a1 a3") == {"Exposed Gang": (EXPOSED, None)}
    # all four animals: both pairs were paid as they came, and the four of them on top
    four = _paid("123d 456d 789b 234c 55c | a1 a2 a3 a4 f1 f2 f3 f4")
    assert four["All four Animal tiles"] == (GROUP, None)
    assert four["All four flowers of the same group"] == (GROUP, None)
    assert sum(name.startswith("Matching Animal") for name in four) == 2


def test_payout_lists_them_and_totals_them() -> None:
    paid = payout(judge("singapore", "123d 456d 789b (1111c) 55c", "east"), load_rules("singapore"))
    assert paid is not None
    assert [(p.name, p.total) for p in paid.instant] == [("Concealed Gang", CONCEALED * PAYERS)]
    assert payout(judge("kj-3p", "123c 456c 789c 345d 77d", "east"), load_rules("kj-3p")).instant == ()  # type: ignore[union-attr]


def test_claim_and_discard_kongs_carry_the_payment(tmp_path: Path) -> None:
    rules = load_rules("singapore")
    one = parse_tiles("1c")[0]
    res = claim(parse_hand("111c 234b 567d 99b 45d"), one, rules, "right", draws=1)
    kong = next(o for o in res.options if o.action == "kong")
    assert (kong.instant and (kong.instant.each, kong.instant.payers, kong.instant.shooter)) == (EXPOSED, PAYERS, False)
    assert all(o.instant is None for o in res.options if o.action != "kong")
    assert "Paid at once" in kong.explanation
    # the shooter rule: the discarder of the card claimed for the Gang pays for everyone
    house = tmp_path / "shooter.yaml"
    house.write_text("schema_version: 1\nextends: singapore\nname: sg-shooter\npayout: {shooter: true}\n")
    shot = claim(parse_hand("111c 234b 567d 99b 45d"), one, load_rules(str(house)), "right", draws=1)
    assert next(o for o in shot.options if o.action == "kong").instant.shooter  # type: ignore[union-attr]
    # a concealed KONG pays more than an added one; a discard pays nothing
    res14 = discard(parse_hand("1111c 234b 567d 99b 45d"), rules, draws=1)
    by = {o.action: o.instant for o in res14.options}
    assert by["kong"] is not None and by["kong"].total == CONCEALED * PAYERS
    assert by["discard"] is None
    added = discard(parse_hand("[111c] 1c 234b 567d 99b 45d"), rules, draws=1)
    assert next(o for o in added.options if o.action == "add-kong").instant.total == EXPOSED * PAYERS  # type: ignore[union-attr]
    # the expected points leave it out: the same KONG scored without the payment table
    plain = tmp_path / "plain.yaml"
    plain.write_text("schema_version: 1\nextends: singapore\nname: sg-plain\npayout: {instant: []}\n")
    bare = discard(parse_hand("1111c 234b 567d 99b 45d"), load_rules(str(plain)), draws=1)
    assert [o.expected_fun for o in bare.options] == [o.expected_fun for o in res14.options]
    assert all(o.instant is None for o in bare.options)


def test_three_leg_has_no_instant_payment() -> None:
    res = claim(parse_hand("555d 123d 789d EE 46d"), parse_tiles("5d")[0], load_rules("3leg"), "right", draws=2)
    assert all(o.instant is None for o in res.options)


def test_cli_shows_them() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["check", "123d 456d 789b (1111c) 55c | a1 a2", "--rules", "singapore", "--payout"])
    assert out.exit_code == 0, out.output
    assert "Paid at once during play" in out.output
    assert f"Concealed Gang: {CONCEALED} credits from each of {PAYERS} players ({CONCEALED * PAYERS})" in out.output
    shown = runner.invoke(app, ["claim", "111c 234b 567d 99b 45d", "1c", "--from", "right", "--rules", "singapore",
                                "--draws", "1", "--json"])
    assert shown.exit_code == 0, shown.output
    kong = next(o for o in json.loads(shown.output)["options"] if o["action"] == "kong")
    assert kong["instant"] == {"name": "Exposed Gang", "each": EXPOSED, "payers": PAYERS, "total": EXPOSED * PAYERS,
                               "unit": "credits", "shooter": False, "bitten": None}
    text = runner.invoke(app, ["claim", "111c 234b 567d 99b 45d", "1c", "--from", "right", "--rules", "singapore",
                               "--draws", "1"])
    assert f"+{EXPOSED * PAYERS}" in text.output and "paid to you at once" in text.output


@pytest.mark.parametrize(("instant", "message"), [
    ("[{name: x, each: 20}]", "one of them"),
    ("[{name: x, each: 20, kong: exposed, cards: [a1]}]", "one of them"),
    ("[{name: x, each: 20, cards: [z9]}]", "not a bonus card"),
    ("[{name: x, each: 20, cards: [a1], seats: [centre]}]", "no seat"),
])
def test_bad_instant_payments_fail_at_load(instant: str, message: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(f"schema_version: 1\nextends: singapore\nname: bad\npayout: {{instant: {instant}}}\n")
    with pytest.raises(RuleSetError, match=message):
        load_rules(str(bad))
