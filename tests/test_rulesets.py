"""Every rule set of the seeds on hands worked out by hand: malaysian-3p, kj-3p, singapore (sanma in
test_han.py, payouts in test_payout.py).

The expected numbers are typed out from the seed text (and the readings in docs/rules/NAME.md),
with the arithmetic beside them; they are not read from the YAML files. Then: every rule set
loads, checks, waits and discards; ``rules list``/``rules show``; bad YAML.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.rulesets import judge, verdict
from typer.testing import CliRunner

from tutor import Hand, InvalidHandError, RuleSetError, check, load_rules
from tutor.cli.app import app
from tutor.engine.decide.solver import discard, waits
from tutor.engine.shapes.special import special_complete, special_shanten
from tutor.rules.load import builtin_names

MALAYSIAN = [
    # PONG of East for East 2 + Nature 1 (East's) 1 + basic win 1 = 4: short of 5
    ("123d 456d 789d EEE RR | f1", "east", (), (True, False, 4)),
    # the same for South: PONG of East 1 + f1 1 ("one bonus point each regardless of which
    # numbered flower it is", the encyclopedia article's Malaysian section) + basic 1 = 3
    ("123d 456d 789d EEE RR | f1", "south", (), (True, False, 3)),
    # a season of another seat scores too: s3 1 + a flower 4 1 + PONG East 1 + basic 1 = 4
    ("123d 456d 789d EEE RR | s3 f4", "south", (), (True, False, 4)),
    # PONG E 2 + PONG R 1 + f1 1 + a2 1 + basic 1 + all PONG 2 = 8
    ("111d 999d EEE RRR 55d | f1 a2", "east", (), (True, True, 8)),
    # the same with a Fly standing for the third Red: a Fly keeps the set's meaning = 8
    ("111d 999d EEE RR F* 55d | f1 a2", "east", (), (True, True, 8)),
    # f1 1 + a1 1 + basic 1 + all CHEE with a Dots pair 3 = 6
    ("123d 456d 789d 234d 55d | f1 a1", "east", (), (True, True, 6)),
    # Fly revealed as a flower 1 + f1 1 + basic 1 + all CHEE 3 = 6
    ("123d 456d 789d 234d 55d | F* f1", "east", (), (True, True, 6)),
    # no flower at all: limit 10
    ("123d 456d 789d EEE RR", "east", (), (True, True, 10)),
    # a Fly CHEE, pair of East (not Dots: no all-CHEE): f1 1 + a1 1 + basic 1 = 3, short
    ("123d 456d 789d F*23d EE | f1 a1", "east", (), (True, False, 3)),
    # nine gates, self-drawn: limit 10
    ("1112345678999d 5d | f1", "east", ("self_drawn",), (True, True, 10)),
    # the same on a discard: only 111 234 678 999 55 counts: f1 1 + basic 1 = 2
    ("1112345678999d 5d | f1", "east", (), (True, False, 2)),
    # four concealed PONG/GONG, self-drawn: limit 10
    ("111d 555d 999d NNN 22d | f1", "east", ("self_drawn",), (True, True, 10)),
    # the same on a discard: PONG N 1 + f1 1 + basic 1 + all PONG 2 = 5, a win
    ("111d 555d 999d NNN 22d | f1", "east", (), (True, True, 5)),
]


@pytest.mark.parametrize(("hand", "seat", "flags", "expected"), MALAYSIAN)
def test_malaysian_3p(hand: str, seat: str, flags: tuple[str, ...], expected: tuple[bool, bool, int]) -> None:
    assert verdict(judge("malaysian-3p", hand, seat, *flags)) == expected


def test_malaysian_fly_is_wild_and_limited() -> None:
    """Two Fly in one set is not allowed; the wild card is called the Fly."""
    with pytest.raises(InvalidHandError, match="Fly"):
        judge("malaysian-3p", "123d 456d 789d 55d [R F* F*] | f1")
    assert load_rules("malaysian-3p").wild_name == "Fly"


KJ = [
    # straight 3 + all simples (no honours) 1 + all CHEE with a pair of simples 2 + concealed 2 = 8
    ("123d 456d 789d 234c 55c", "east", (), (True, True, 8)),
    # the same self-drawn: + concealed and from the wall 2 = 10
    ("123d 456d 789d 234c 55c", "east", ("self_drawn",), (True, True, 10)),
    # little dragons: half limit 20 (the other points and the 8 flower points are not added)
    ("RRR GGG WhWh 123d 456d | f1 f2 f3 f4", "east", (), (True, True, 20)),
    # laid-down PONGs, no hand-point at all; 3 flowers = 3 bonus points: 3 points, but 0
    # hand-points is short of the minimum of 3 (bonus points do not count)
    ("[111d] [999c] 234d 567d EE | f1 f2 f3", "east", (), (True, False, 3)),
    # seven pairs of one suit: seven pairs 3 + clean 3 + pure 3 + all simples 1 + concealed 2 = 12
    ("11d 22d 44d 55d 77d 88d 99d", "east", (), (True, True, 12)),
    # thirteen orphans without North: 12 kinds and a PONG of one: full limit 40
    ("19d 19c 19b E S W R G WhWhWh", "east", (), (True, True, 40)),
    # nine gates in Characters: full limit 40
    ("1112345678999c 9c", "east", (), (True, True, 40)),
    # dragon PONG 1 + wind PONG 1 + seat wind 1 + prevailing (East) 1 + all PONGs 3 + clean 3 = 10
    ("[RRR] [EEE] 111d 999d 55d", "east", (), (True, True, 10)),
    # the same for South: East is not South's seat wind: 1 + 1 + 0 + 1 + 3 + 3 = 9
    ("[RRR] [EEE] 111d 999d 55d", "south", (), (True, True, 9)),
    # PONGs of 1 and 9 bamboo: 1 + 1 + both 4 + all simples 1 = 7 (not concealed)
    ("[111b] [999b] 234d 567d 88d", "east", (), (True, True, 7)),
    # three KONGs and a pair of honours: half limit 20
    ("[1111d] [2222c] [3333c] 789d EE", "east", (), (True, True, 20)),
    # bamboo and honours is a half limit, but PONGs of 1b, 9b and Green are great jade dragon: 40
    ("[111b] [999b] RRR GGG SS", "east", (), (True, True, 40)),
    # pearl dragon: all Dots and a PONG of White, Dots pair: full limit 40
    ("111d 234d 567d WhWhWh 99d", "east", (), (True, True, 40)),
    # West in the West round: wind PONG 1 + seat 1 + prevailing 1 + concealed 2 = 5
    ("WWW 123d 456d 789c 55d", "west", ("round_west",), (True, True, 5)),
    # West in the South round: 1 + 1 + 0 + 2 = 4
    ("WWW 123d 456d 789c 55d", "west", ("round_south",), (True, True, 4)),
]


@pytest.mark.parametrize(("hand", "seat", "flags", "expected"), KJ)
def test_kj_3p(hand: str, seat: str, flags: tuple[str, ...], expected: tuple[bool, bool, int]) -> None:
    assert verdict(judge("kj-3p", hand, seat, *flags)) == expected


def test_kj_tiles_and_claims() -> None:
    """No North, no bamboo 2-8, no CHEE laid down; 108 tiles."""
    rules = load_rules("kj-3p")
    assert rules.tile_count == 36 + 36 + 8 + 12 + 12 + 4
    for bad in ("123d 456d 789d 111c NN", "123d 456d 789d 111c 55b", "[123d] 456d 789d 111c 55c"):
        with pytest.raises(InvalidHandError):
            judge("kj-3p", bad)


SINGAPORE = [
    # Ping Hu 4 + concealed 1 = 5
    ("123d 456d 789b 234c 55c", "east", (), (True, True, 5)),
    # with East's flower: All Chow 1 + flower 1 + concealed 1 = 3
    ("123d 456d 789b 234c 55c | f1", "east", (), (True, True, 3)),
    # a single wait won on a discard: no Ping Hu; concealed 1
    ("123d 456d 789b 234c 55c", "east", ("single_wait",), (True, True, 1)),
    # dragon 1 + seat wind E 1 + prevailing E 1 + f1 1 + concealed 1 + all pong 2 + mixed suit 2 = 9
    ("111d 999d RRR EEE 55d | f1", "east", (), (True, True, 9)),
    # three great scholars 10 + three dragon PONGs 3 + mixed suit 2 = 15, capped at 13
    ("[RRR] [GGG] [WhWhWh] 123d 55d", "east", (), (True, True, 13)),
    # thirteen terminals 13 (+ concealed 1 + mixed terminals 2), capped at 13
    ("1m 9m 1p 9p 1s 9s E S W N R G WhWh", "east", (), (True, True, 13)),
    # chicken hand: South's flower for East, one PONG laid down: 0 tai, no win
    ("[111d] [456b] [789c] 234d 55c | f2", "east", (), (True, False, 0)),
    # pure suit 4 (a CHEE laid down: not concealed)
    ("[123d] 456d 789d 111d 55d", "east", (), (True, True, 4)),
    # South: PONG of prevailing East 1 + seat wind S 1 + four lesser blessings 2 + concealed 1
    # + mixed suit 2 = 7
    ("EEE SSS WWW NN 123d", "south", (), (True, True, 7)),
    # four animals 4 + all four animals 1 = 5
    ("[111d] [222b] 333c 456c 77c | a1 a2 a3 a4", "east", (), (True, True, 5)),
    # North's flowers for North: 2 + All Chow 1 + concealed 1 = 4
    ("123d 456d 789b 234c 55c | f4 s4", "north", (), (True, True, 4)),
    # robbing the KONG adds 1: 3 + 1 = 4
    ("123d 456d 789b 234c 55c | f1", "east", ("robbing_kong",), (True, True, 4)),
    # pure honours 6 + all pong 2 + Red 1 + seat E 1 + prevailing E 1 + concealed 1 = 12
    ("EEE SSS WWW RRR GG", "east", (), (True, True, 12)),
]


@pytest.mark.parametrize(("hand", "seat", "flags", "expected"), SINGAPORE)
def test_singapore(hand: str, seat: str, flags: tuple[str, ...], expected: tuple[bool, bool, int]) -> None:
    assert verdict(judge("singapore", hand, seat, *flags)) == expected


def test_singapore_cap_is_a_house_rule(tmp_path: Path) -> None:
    """A house rule file caps at 5 tai: great scholars' 15 becomes 5."""
    house = tmp_path / "sg5.yaml"
    house.write_text("schema_version: 1\nextends: singapore\nname: sg5\nscoring: {cap: 5}\n")
    result = check(Hand.parse("[RRR] [GGG] [WhWhWh] 123d 55d"), load_rules(str(house)))
    assert result.fun == 5 and result.score is not None and result.score.capped


def test_singapore_has_148_tiles_and_four_seats() -> None:
    rules = load_rules("singapore")
    assert rules.tile_count == 148 and rules.spec.players == 4
    assert [s.value for s in rules.seats] == ["east", "south", "west", "north"]


SOLVE = {
    "3leg": ("123d 456d 789d EE RR", "123d 456d 789d EEE RR"),
    "3leg-beginner": ("123d 456d 789d EE RR", "123d 456d 789d EEE RR"),
    "malaysian-3p": ("123d 456d 789d EE R F*", "123d 456d 789d EEE RR"),
    "kj-3p": ("123d 456d 789d 234c 5c", "123d 456d 789d 234c 55c"),
    "sanma": ("234p 567p 789s 234s 5s", "234p 567p 789s 234s 55s"),
    "singapore": ("123d 456d 789b 234c 5c", "123d 456d 789b 234c 55c"),
}


@pytest.mark.parametrize("name", builtin_names())
def test_every_rule_set_loads_and_solves(name: str) -> None:
    """Each built-in rule set loads, checks a complete hand, finds its waits and ranks discards."""
    rules = load_rules(name)
    ready, complete = SOLVE[name]
    assert check(Hand.parse(complete), rules).complete
    found = waits(Hand.parse(ready), rules)
    assert found.shanten == 0 and found.waits
    ranked = discard(Hand.parse(complete), rules, draws=1)
    assert ranked.options and ranked.shanten == -1


def test_special_shapes_for_the_solver() -> None:
    """special_shanten/special_complete: the functions the solver will call."""
    kj = load_rules("kj-3p")
    pairs = Hand.parse("11d 22d 44d 55d 77d 88d 9d 9c").counts()
    assert special_shanten(pairs, kj.special_shapes, kj) == 0
    assert not special_complete(pairs, kj.special_shapes, kj)
    assert special_complete(Hand.parse("11d 22d 44d 55d 77d 88d 99d").counts(), kj.special_shapes, kj)
    assert special_shanten(pairs, (), kj) is None
    assert special_shanten(Hand.parse("123d").counts(), kj.special_shapes, kj) is None
    leg = load_rules("3leg")
    assert special_shanten(pairs, leg.special_shapes, leg) is None


def test_bad_yaml_names_file_and_key(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nextends: kj-3p\nname: bad\nshapes: [standard, eight_pairs]\n")
    with pytest.raises(RuleSetError, match=r"bad\.yaml: shapes"):
        load_rules(str(bad))
    half = tmp_path / "half.yaml"
    half.write_text("schema_version: 1\nextends: singapore\nname: half\n"
                    "scoring: {items: [{name: x, pattern: basic_win, half_limit: true}]}\n")
    with pytest.raises(RuleSetError, match=r"half\.yaml: scoring\.items\[0\]\.half_limit"):
        load_rules(str(half))


runner = CliRunner()


def test_rules_list_json() -> None:
    out = runner.invoke(app, ["rules", "list", "--json"])
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    rows = {r["name"]: r for r in data["rules"]}
    assert set(rows) >= {"3leg", "malaysian-3p", "kj-3p", "sanma", "singapore"}
    assert (rows["singapore"]["players"], rows["singapore"]["tiles"]) == (4, 148)
    assert (rows["kj-3p"]["players"], rows["kj-3p"]["tiles"]) == (3, 108)
    assert rows["3leg"]["tiles"] == 84


def test_rules_show() -> None:
    out = runner.invoke(app, ["rules", "show", "kj-3p", "--json"])
    data = json.loads(out.stdout)
    assert data["name"] == "kj-3p" and data["half_limit"] == 20 and "N" not in data["cards"]["in_play"]
    assert any(i["name"] == "Seven pairs" for i in data["items"])
    shown = runner.invoke(app, ["rules", "show", "singapore"])
    assert shown.exit_code == 0 and "Ping Hu" in shown.stdout
    missing = runner.invoke(app, ["rules", "show", "nope"])
    assert missing.exit_code == 2  # a name that is none of the rule sets: a usage error

    han = runner.invoke(app, ["rules", "show", "sanma"], env={"COLUMNS": "300"})
    options = json.loads(runner.invoke(app, ["rules", "show", "sanma", "--json"]).stdout)["options"]
    assert options and "{" not in han.stdout  # the han system's options in words, not a Python dict
    assert "has open tanyao " + ("yes" if options["has_open_tanyao"] else "no") in han.stdout
