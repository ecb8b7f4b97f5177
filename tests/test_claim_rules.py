"""Each rule set's claim rules, checked against the sentences of its seed (quoted): who may CHEE
a discard, what a FEI may do in a claimed set, and Singapore's swap calling."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation import parse_hand, parse_tiles
from tutor import load_rules
from tutor.core.hands import MeldKind
from tutor.core.tiles import FEI_ID
from tutor.engine.decide.claim import claim, legal_claims, swap_barred


def _kinds(hand: str, tile: str, rules: str, source: str) -> set[tuple[str, int]]:
    """The claims offered: (kind, FEI in the set)."""
    found = legal_claims(parse_hand(hand), parse_tiles(tile)[0], load_rules(rules), source)
    return {(action, sum(t.id == FEI_ID for t in meld.cards)) for action, meld in found}


@pytest.mark.parametrize("rules", ["3leg", "malaysian-3p"])
def test_three_leg_claims(rules: str) -> None:
    hand = "F* F* 46d 5d 123d 789d EE"  # two FEI, a 5d, runs around the 5d
    # "The option to CHEE is only available for the player whose turn is next"
    assert {k for k, _ in _kinds(hand, "5d", rules, "right")} == {"pong"}
    left = _kinds(hand, "5d", rules, "left")
    # "FEI can be used to make a CHEE as well"; "PONG WITH FEI ... NOT allowed with two (2) FEI"
    assert ("chee", 1) in left and ("chee", 0) in left and ("pong", 1) in left
    assert ("pong", 2) not in left and ("chee", 2) not in left
    # "KONG cannot be formed with a FEI": three 5d held make one, two 5d and a FEI do not
    assert ("kong", 0) in _kinds("5d 5d 5d 123d 789d EE SS", "5d", rules, "right")
    assert not any(k == "kong" for k, _ in _kinds("5d 5d F* 123d 789d EE SSS", "5d", rules, "right"))
    # "CHEE can only be made with Dots": never a run of winds
    assert not any(k == "chee" for k, _ in _kinds("E S 123d 456d 789d WW N", "W", rules, "left"))


@pytest.mark.parametrize(("rules", "hand", "tile"), [
    ("kj-3p", "46c 5c 5c 123c 789d EE S", "5c"),  # "You cannot meld a chow from another player's discard"
    ("sanma", "46p 5p 5p 123s 789m EE SS", "5p"),  # sanma: "Chows cannot be melded"
])
def test_no_chee_on_a_discard(rules: str, hand: str, tile: str) -> None:
    for source in ("left", "right"):
        assert _kinds(hand, tile, rules, source) == {("pong", 0)}


def test_singapore_chow_only_from_the_left() -> None:
    # "Chow — only the player to the discarder's right can claim a chow"
    assert ("chee", 0) in _kinds("46p 5p 5p 123s 789m EE S", "5p", "singapore", "left")
    assert _kinds("46p 5p 5p 123s 789m EE S", "5p", "singapore", "right") == {("pong", 0)}


def test_swap_barred_follows_the_seed_example() -> None:
    # "If a player Chows a 4 to form 4-5-6, they may not discard a 4 or 6"
    four, five, six = parse_tiles("4p 5p 6p")
    run = parse_hand("[456p] 1p").melds[0]
    assert swap_barred(run, four) == {four, six}
    assert swap_barred(run, six) == {four, six}
    assert swap_barred(run, five) == {five}  # the claimed card has no opposite end in the middle


def test_swap_calling_in_claim(tmp_path: Path) -> None:
    """With swap calling, the discard after a CHEE is never a barred card; without it (a house
    rule), the same hands may throw one, so the rule changes answers."""
    free = tmp_path / "free.yaml"
    free.write_text("schema_version: 1\nextends: singapore\nname: sg-free\nswap_calling: false\n")
    rules, loose = load_rules("singapore"), load_rules(str(free))
    rng = random.Random(7)
    differed = 0
    for _ in range(12):
        # a run waiting at its low end and one more of that card: without the rule, throwing the
        # card claimed leaves a ready hand; with it, that card must stay one turn more
        low = rng.randint(1, 7)
        hand = parse_hand(f"{low + 1}{low + 2}p {low}p 123s 789s 11m 99m" if rng.random() < 0.5
                          else f"{low + 1}{low + 2}p {low}p {low + 2}p 567s 99m EE SW")
        tile = parse_tiles(f"{low}p")[0]
        with_rule = claim(hand, tile, rules, "left", draws=1)
        without = claim(hand, tile, loose, "left", draws=1)
        for res in (with_rule, without):
            chees = [o for o in res.options if o.action == "chee"]
            assert chees
        for o in with_rule.options:
            if o.action == "chee" and o.then is not None:
                assert o.meld is not None and o.meld.kind is MeldKind.CHEE
                assert o.then[0] not in swap_barred(o.meld, tile), (str(hand), str(o.meld), o.then)
        barred_then = [o for o in without.options if o.action == "chee" and o.then is not None
                       and o.meld is not None and o.then[0] in swap_barred(o.meld, tile)]
        differed += bool(barred_then)
        assert with_rule.notes and "swap calling" in with_rule.notes[0]
        assert not without.notes
    assert differed  # some hand would have swapped without the rule
