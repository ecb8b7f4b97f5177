"""Every rule set of the seeds on hands worked out by hand: malaysian-3p, kj-3p, sanma, singapore.

The expected numbers are typed out from the seed text (and the readings in docs/rules/NAME.md),
with the arithmetic beside them; they are not read from the YAML files. Then: every rule set
loads, checks, waits and discards; payouts; ``rules list``/``rules show``; bad YAML.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor import Hand, InvalidHandError, RuleSetError, check, load_rules
from tutor.cli.app import app
from tutor.engine.payout import payout
from tutor.engine.results import Check
from tutor.engine.solver import discard, waits
from tutor.engine.special import special_complete, special_shanten
from tutor.rules.load import builtin_names


def judge(rules: str, text: str, seat: str = "east", *flags: str) -> Check:
    """``check`` of a hand written in the notation under a built-in rule set."""
    return check(Hand.parse(text), load_rules(rules), seat, frozenset(flags))


def verdict(result: Check) -> tuple[bool, bool, int]:
    return (result.complete, result.wins, result.fun)


# --- malaysian-3p (seed 001; 3leg's tables where it is silent) -----------------------------------

MALAYSIAN = [
    # PONG of East for East 2 + Nature 1 (East's) 1 + basic win 1 = 4: short of 5
    ("123d 456d 789d EEE RR | f1", "east", (), (True, False, 4)),
    # the same for South: PONG of East 1 + f1 not South's 0 + basic 1 = 2
    ("123d 456d 789d EEE RR | f1", "south", (), (True, False, 2)),
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


def test_malaysian_ban_discard_payout() -> None:
    """8 points: each loser pays 8; a banned discard makes its discarder pay 8 + 8 = 16."""
    rules = load_rules("malaysian-3p")
    plain = payout(judge("malaysian-3p", "111d 999d EEE RRR 55d | f1 a2"), rules)
    assert plain is not None
    assert [(s.name, s.total) for s in plain.scenarios][:2] == [("self-drawn", 16), ("on a discard", 16)]
    banned = payout(judge("malaysian-3p", "111d 999d EEE RRR 55d | f1 a2", "east", "ban_discard"), rules)
    assert banned is not None and len(banned.scenarios) == 1
    assert banned.scenarios[0].payments[0].amount == 16


# --- kj-3p (seed 002, vanilla three-player rules) ------------------------------------------------

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


def test_kj_payout() -> None:
    """8 hand-points on a discard: the discarder pays 16, the other 0; self-drawn (10): 10 each.

    With 4 bonus points (little dragons aside): hand-points 2x from the discarder, bonus from both.
    """
    rules = load_rules("kj-3p")
    ron = payout(judge("kj-3p", "123d 456d 789d 234c 55c"), rules)
    assert ron is not None
    assert [p.amount for p in ron.scenarios[1].payments] == [16, 0]
    tsumo = payout(judge("kj-3p", "123d 456d 789d 234c 55c", "east", "self_drawn"), rules)
    assert tsumo is not None and tsumo.scenarios[0].payments[0].amount == 10
    # 8 hand-points + 2 bonus points: discarder 2 x 8 + 2 = 18, the other 2
    flowers = payout(judge("kj-3p", "123d 456d 789d 234c 55c | f1 f3"), rules)
    assert flowers is not None and [p.amount for p in flowers.scenarios[1].payments] == [18, 2]
    # a half limit: both pay 20, the discarder double: 40 + 20
    limit = payout(judge("kj-3p", "RRR GGG WhWh 123d 456d | f1"), rules)
    assert limit is not None and [p.amount for p in limit.scenarios[1].payments] == [40, 20]


# --- sanma (seed 002, Japanese three-player; yaku by the mahjong package) ------------------------

SANMA = [
    # pinfu 1 (won on a two-sided wait, the best winning card)
    ("234p 567p 789s 234s 55s", "east", (), (True, True, 1)),
    # self-drawn: menzen tsumo 1 + pinfu 1 = 2
    ("234p 567p 789s 234s 55s", "east", ("self_drawn",), (True, True, 2)),
    # ryanpeikou 3 + pinfu 1 = 4 (beats seven pairs, 2)
    ("11p 22p 33p 44s 55s 66s 77s", "east", (), (True, True, 4)),
    # seven pairs 2
    ("11p 33p 55p 77s 99s EE RR", "east", (), (True, True, 2)),
    # thirteen orphans: yakuman, 13 han
    ("1m 9m 1p 9p 1s 9s E S W N R G WhWh", "east", (), (True, True, 13)),
    # no yaku on a discard: complete, not a win
    ("234p 567p 789s 111s EE", "east", (), (True, False, 0)),
    # the same after riichi: riichi 1
    ("234p 567p 789s 111s EE", "east", ("riichi",), (True, True, 1)),
    # yakuhai Red 1 + one North set aside (dora) 1 = 2
    ("234p 567p 789s 11s RRR", "south", ("kita1",), (True, True, 2)),
    # full flush (closed) 6; four sets 111 234 555 678 and 99
    ("111p 234p 555p 678p 99p", "west", (), (True, True, 6)),
    # open all simples (kuitan) 1
    ("[555p] 234s 678s 345p 22s", "south", (), (True, True, 1)),
    # East: toitoi 2 + sanankou 2 + East seat 1 + East round 1 = 6
    ("[111p] 999s 555p EEE 22s", "east", (), (True, True, 6)),
]


@pytest.mark.parametrize(("hand", "seat", "flags", "expected"), SANMA)
def test_sanma(hand: str, seat: str, flags: tuple[str, ...], expected: tuple[bool, bool, int]) -> None:
    assert verdict(judge("sanma", hand, seat, *flags)) == expected


def test_sanma_tiles_and_payout() -> None:
    """Characters 2-8 are out, no CHEE laid down; kokushi as dealer: ron 48000, tsumo 16000 each."""
    for bad in ("234m 567p 789s 234s 55s", "[234p] 567p 789s 234s 55s"):
        with pytest.raises(InvalidHandError):
            judge("sanma", bad)
    paid = payout(judge("sanma", "1m 9m 1p 9p 1s 9s E S W N R G WhWh"), load_rules("sanma"))
    assert paid is not None
    assert paid.scenarios[0].payments[0].amount == 16000  # seed 002's table: yakuman tsumo from ko to oya
    assert paid.scenarios[1].payments[0].amount == 48000  # ron paid to the dealer


# --- singapore (seeds 003, 004) ------------------------------------------------------------------

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


@pytest.mark.parametrize(
    ("tai", "others", "discarder", "self_drawn"),
    # seed 003's table: 1 tai 10/20/20, 2 tai 20/40/40, ..., 5 tai 160/320/320
    [(1, 10, 20, 20), (2, 20, 40, 40), (3, 40, 80, 80), (4, 80, 160, 160), (5, 160, 320, 320)],
)
def test_singapore_payout_table(tai: int, others: int, discarder: int, self_drawn: int, tmp_path: Path) -> None:
    """A hand of exactly ``tai`` tai pays as seed 003's table says."""
    # hands of 1..5 tai for East: a PONG laid down (not concealed, no All Chow), then flowers
    text = {
        1: "[111d] [456b] 789c 234d 55c | f1",  # East's flower 1
        2: "[111d] [456b] 789c 234d 55c | f1 s1",  # two East flowers 2
        3: "[111d] [456b] 789c 234d 55c | f1 s1 a1",  # 2 + animal 1
        4: "[111d] [456b] 789c 234d 55c | f1 s1 a1 a2",  # 2 + 2 animals
        5: "123d 456d 789b 234c 55c",  # Ping Hu 4 + concealed 1
    }[tai]
    result = judge("singapore", text)
    assert result.fun == tai
    paid = payout(result, load_rules("singapore"))
    assert paid is not None
    drawn, ron = paid.scenarios[0], paid.scenarios[1]
    assert drawn.payments[0].amount == self_drawn and drawn.total == 3 * self_drawn
    assert [p.amount for p in ron.payments] == [discarder, others]
    assert ron.total == discarder + 2 * others
    shooter = tmp_path / "shooter.yaml"
    shooter.write_text("schema_version: 1\nextends: singapore\nname: sg-shooter\npayout: {shooter: true}\n")
    with_shooter = payout(result, load_rules(str(shooter)))
    assert with_shooter is not None
    assert with_shooter.scenarios[-1].total == discarder + 2 * others  # the shooter pays it all


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


# --- every rule set -------------------------------------------------------------------------------

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


def test_no_rule_set_name_in_the_engine() -> None:
    """The engine never tests a rule set's name: rule sets are data."""
    root = Path(__file__).parent.parent / "tutor"
    for path in root.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("kj-3p", "sanma", "singapore", "malaysian-3p"):
            assert f'"{name}"' not in text and f"'{name}'" not in text, f"{path.name} names {name}"


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


# --- CLI ------------------------------------------------------------------------------------------

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
    assert missing.exit_code == 1


def test_check_payout_cli() -> None:
    out = runner.invoke(app, ["check", "123d 456d 789b 234c 55c", "-r", "singapore", "--payout", "--json"])
    data = json.loads(out.stdout)
    assert data["fun"] == 5 and data["payout"]["scenarios"][0]["total"] == 960
    shown = runner.invoke(app, ["check", "123d 456d 789b 234c 55c", "-r", "singapore", "--payout"])
    assert shown.exit_code == 0 and "960" in shown.stdout
    nopay = runner.invoke(app, ["check", "123d 456d 789d EEE RR", "--payout", "--json"])
    assert nopay.exit_code == 1 and "payout" in json.loads(nopay.stdout)["error"]
