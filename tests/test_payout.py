"""Payouts (``tutor.engine.scoring.payout``): who pays the winner what, per rule set, worked from the seeds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.rulesets import judge
from typer.testing import CliRunner

from tutor import load_rules
from tutor.cli.app import app
from tutor.engine.scoring.payout import Payout, payout


def _ways(paid: Payout | None) -> dict[str, tuple[int, ...]]:
    """Each way of winning listed, with the amounts its payers pay (in order)."""
    assert paid is not None
    return {s.name: tuple(p.amount for p in s.payments) for s in paid.scenarios}


def test_malaysian_ban_discard_needs_its_condition() -> None:
    """Seed 001: the discarder is liable only where the winner "already PONG/GONG 2 set of dragon"
    (and wins on the third) or "3 set of wind or dragon" (and wins on the fourth wind)."""
    rules = load_rules("malaysian-3p")
    # PONGs of Red and Green laid down, the White pair held: little three dragons, a limit (10);
    # each loser pays 10, or a banned White discard makes its discarder pay 10 + 10 = 20
    laid = _ways(payout(judge("malaysian-3p", "[RRR] [GGG] WhWh 123d 456d | a1"), rules))
    assert laid == {"self-drawn": (10,), "on a discard": (10, 10), "on a discard, Ban discard": (20,)}
    # the same cards with the dragon PONGs concealed: nobody knew, no ban
    hidden = _ways(payout(judge("malaysian-3p", "RRR GGG WhWh 123d 456d | a1"), rules))
    assert hidden == {"self-drawn": (10,), "on a discard": (10, 10)}
    # three wind PONGs laid down and a North held: the fourth wind is banned
    winds = _ways(payout(judge("malaysian-3p", "[EEE] [SSS] [WWW] NNN 55d | a1"), rules))
    assert winds["on a discard, Ban discard"] == (20,)
    # two wind PONGs laid down are not enough
    two = _ways(payout(judge("malaysian-3p", "[EEE] [SSS] WWW NNN 55d | a1"), rules))
    assert "on a discard, Ban discard" not in two
    # --situation ban_discard: only the liable payment where it holds; a note where it does not
    banned = payout(judge("malaysian-3p", "[RRR] [GGG] WhWh 123d 456d | a1", "east", "ban_discard"), rules)
    assert _ways(banned) == {"on a discard, Ban discard": (20,)}
    refused = payout(judge("malaysian-3p", "111d 999d EEE RRR 55d | f1 a2", "east", "ban_discard"), rules)
    assert refused is not None and "on a discard, Ban discard" not in _ways(refused)
    assert any("does not apply" in n for n in refused.notes)


def test_malaysian_limit_only_when_self_drawn() -> None:
    """Four concealed PONG is a limit only self-drawn: a hand short on a discard still pays then."""
    rules = load_rules("malaysian-3p")
    # 111 555 999 222 and 33, an animal: on a discard 1 + all PONG 2 + basic 1 = 4, short of 5
    result = judge("malaysian-3p", "111d 555d 999d 222d 33d | a1")
    assert not result.wins
    paid = payout(result, rules)
    assert paid is not None
    drawn, discard = paid.scenarios
    assert (drawn.name, drawn.value, drawn.total) == ("self-drawn", 10, 20)
    assert (discard.name, discard.wins, discard.value) == ("on a discard", False, 4)
    assert "short of the minimum of 5" in discard.note
    # the hand of the old test: 8 on a discard (each pays 8), the limit self-drawn (each pays 10)
    both = _ways(payout(judge("malaysian-3p", "111d 999d EEE RRR 55d | f1 a2"), rules))
    assert both == {"self-drawn": (10,), "on a discard": (8, 8)}


def test_kj_each_way_scored_as_that_win() -> None:
    """The issue's hand, 123c 456c 789c 345d 77d: straight 3 + all simples 1 + all CHEE with a pair
    of simples 2 + concealed 2 = 8 hand-points; "2 points extra if the concealed is completed by a
    piece from the wall": 10 self-drawn. Self-drawn both pay 10; on a discard the discarder pays
    double the 8, whatever -x self_drawn said."""
    rules = load_rules("kj-3p")
    hand_points, from_wall = 3 + 1 + 2 + 2, 2
    for flags in ((), ("self_drawn",)):
        paid = payout(judge("kj-3p", "123c 456c 789c 345d 77d", "east", *flags), rules)
        assert _ways(paid) == {"self-drawn": (hand_points + from_wall,), "on a discard": (2 * hand_points, 0)}
        assert paid is not None
        drawn, discard = paid.scenarios
        assert drawn.score is not None and "Concealed hand, self-drawn" in {ln.name for ln in drawn.score.lines}
        assert discard.score is not None and "Concealed hand, self-drawn" not in {ln.name for ln in discard.score.lines}


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


@pytest.mark.parametrize(
    ("tai", "others", "discarder", "self_drawn"),
    # MahjongLeh's rules's table: 1 tai 10/20/20, 2 tai 20/40/40, ..., 5 tai 160/320/320
    [(1, 10, 20, 20), (2, 20, 40, 40), (3, 40, 80, 80), (4, 80, 160, 160), (5, 160, 320, 320)],
)
def test_singapore_payout_table(tai: int, others: int, discarder: int, self_drawn: int, tmp_path: Path) -> None:
    """A hand of exactly ``tai`` tai pays as MahjongLeh's rules's table says."""
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


runner = CliRunner()


def test_check_payout_cli() -> None:
    out = runner.invoke(app, ["check", "123d 456d 789b 234c 55c", "-r", "singapore", "--payout", "--json"])
    data = json.loads(out.stdout)
    assert data["fun"] == 5 and data["payout"]["scenarios"][0]["total"] == 960
    shown = runner.invoke(app, ["check", "123d 456d 789b 234c 55c", "-r", "singapore", "--payout"])
    assert shown.exit_code == 0 and "960" in shown.stdout


# The encyclopedia article's sanma "Scoring Table", as printed: han -> Ron (payment to ko),
# Ron (payment to oya), Tsumo (payment to ko from ko / oya), Tsumo (payment to oya from ko).
SANMA_TABLE = {
    "3": (1000, 1500, (300, 500), 500),
    "4": (2000, 3000, (500, 1000), 1000),
    "5": (4000, 6000, (1000, 2000), 2000),
    "6-7 (Mangan)": (8000, 12000, (2000, 4000), 4000),
    "8-9 (Haneman)": (12000, 18000, (3000, 6000), 6000),
    "10-12 (Baiman)": (16000, 24000, (4000, 8000), 8000),
    "13-15 (Sanbaiman)": (24000, 36000, (6000, 12000), 12000),
    "Yakuman": (32000, 48000, (8000, 16000), 16000),
    "Double Yakuman": (64000, 96000, (16000, 32000), 32000),
    "Triple Yakuman": (96000, 144000, (24000, 48000), 48000),
}


def _seed_row(han: int, yakuman: int) -> tuple[int, int, tuple[int, int], int]:
    """The row of the seed's table for a hand: by its yakuman, else by its han bands (a hand of 1
    or 2 han pays the first row, docs/rules/sanma.md)."""
    if yakuman:
        return SANMA_TABLE[["Yakuman", "Double Yakuman", "Triple Yakuman"][min(yakuman, 3) - 1]]
    for label, row in reversed(list(SANMA_TABLE.items())[:7]):
        if han >= int(label.split()[0].split("-")[0]):
            return row
    return SANMA_TABLE["3"]


@pytest.mark.parametrize(
    ("hand", "seat", "flags", "han", "yakuman"),
    [
        ("234p 567p 789s 234s 55s", "east", (), 1, 0),  # pinfu: below the table, its first row
        ("234p 567p 789s 234s 55s", "south", ("self_drawn",), 2, 0),  # + menzen tsumo
        ("[111p] 789p 345p WhWhWh SS", "south", (), 3, 0),  # haku 1 + open honitsu 2
        ("11p 22p 33p 44s 55s 66s 77s", "east", (), 4, 0),  # ryanpeikou 3 + pinfu 1
        ("11p 22p 33p 44s 55s 66s 77s", "west", ("self_drawn",), 5, 0),
        ("123p 456p 789p RRR SS", "south", (), 6, 0),  # chun 1 + ittsu 2 + honitsu 3: mangan
        ("111p 234p 555p 678p 99p", "west", ("riichi", "self_drawn"), 8, 0),  # chinitsu 6 + 2: haneman
        ("112233p 456p 789p 99p", "south", (), 10, 0),  # pinfu, iipeiko, ittsu, chinitsu: baiman
        ("112233p 778899p 55p", "east", ("riichi", "ippatsu", "self_drawn"), 13, 0),  # sanbaiman, no yakuman
        ("1m 9m 1p 9p 1s 9s E S W N R G WhWh", "south", (), 13, 1),  # kokushi
        ("RRR GGG WhWh EEE SSS", "east", ("self_drawn",), 26, 2),  # daisangen + suu ankou (tsumo)
        ("RRR GGG WhWhWh EEE SS", "west", (), 39, 3),  # daisangen, tsuu iisou, suu ankou tanki
    ],
)
def test_sanma_pays_from_the_seed_table(hand: str, seat: str, flags: tuple[str, ...], han: int, yakuman: int) -> None:
    """Each way of winning pays the seed's row for its own han: a 3-han ron by a non-dealer is
    1000, not the 3900 of the standard table."""
    rules = load_rules("sanma")
    result = judge("sanma", hand, seat, *flags)
    assert result.fun == han and sum(ln.limit for ln in result.score.lines) == yakuman  # type: ignore[union-attr]
    paid = payout(result, rules)
    assert paid is not None
    ways = {s.name: s for s in paid.scenarios}
    given = ways["self-drawn" if "self_drawn" in flags else "on a discard"]
    assert given.value == han
    ron, ron_dealer, (from_ko, from_oya), to_oya = _seed_row(han, yakuman)
    drawn, discard = ways["self-drawn"], ways["on a discard"]
    tsumo_row = _seed_row(drawn.value, sum(ln.limit for ln in drawn.score.lines))  # type: ignore[union-attr]
    ron_row = _seed_row(discard.value, sum(ln.limit for ln in discard.score.lines))  # type: ignore[union-attr]
    if seat == "east":
        assert [(p.amount, p.players) for p in drawn.payments] == [(tsumo_row[3], 2)]
        assert [p.amount for p in discard.payments] == [ron_row[1]]
    else:
        assert [(p.payer, p.amount) for p in drawn.payments] == [
            ("East (the dealer)", tsumo_row[2][1]), ("each other player", tsumo_row[2][0])]
        assert [p.amount for p in discard.payments] == [ron_row[0]]
    # and the row of the way given is the one the han say
    if "self_drawn" in flags:
        assert tsumo_row == (ron, ron_dealer, (from_ko, from_oya), to_oya)
    else:
        assert ron_row == (ron, ron_dealer, (from_ko, from_oya), to_oya)


def test_sanma_three_han_ron() -> None:
    """A 3-han ron by a non-dealer pays 1000 (the standard table's 3900 is not the seed's); the
    hand is open, so self-drawn adds no han: East pays 500 and West 300."""
    paid = payout(judge("sanma", "[111p] 789p 345p WhWhWh SS", "south"), load_rules("sanma"))
    assert _ways(paid) == {"self-drawn": (500, 300), "on a discard": (1000,)}


def test_a_situation_of_one_way_leaves_out_the_other() -> None:
    """Rinshan is self-drawn and houtei a discard (sanma); robbing the KONG is on a discard
    (Singapore): the other way is not listed, and never fails."""
    sanma = load_rules("sanma")
    rinshan = payout(judge("sanma", "111p 234p 555p 678p 99p", "west", "rinshan", "self_drawn"), sanma)
    assert list(_ways(rinshan)) == ["self-drawn"]
    houtei = payout(judge("sanma", "111p 234p 555p 678p 99p", "west", "houtei"), sanma)
    assert list(_ways(houtei)) == ["on a discard"]
    robbed = payout(judge("singapore", "123d 456d 789b 234c 55c", "east", "robbing_kong"), load_rules("singapore"))
    # Ping Hu 4 + concealed 1 + robbing 1 = 6 tai: the discarder 2 x 10 x 2^5, the others 320
    assert _ways(robbed) == {"on a discard": (640, 320)}


def test_singapore_single_wait_only_on_a_discard() -> None:
    """Ping Hu needs "self-drawn or ... waiting for more than one tile": with a single wait, the
    self-drawn way keeps Ping Hu (5 tai: 320 each), the discard loses it (1 tai: 20 and 10)."""
    paid = payout(judge("singapore", "123d 456d 789b 234c 55c", "east", "single_wait"), load_rules("singapore"))
    assert _ways(paid) == {"self-drawn": (320,), "on a discard": (20, 10)}


@pytest.mark.parametrize(
    ("payout_yaml", "message"),
    [
        ("{liable_when: [{sets_of: [R, Q], count: 2}]}", "payout.liable_when[0].sets_of: 'Q' is not a card"),
        ("{extra: {nope: 1}}", "payout.extra.nope: no situation 'nope' in 'situations'"),
        (("{kind: table, table: [{limits: 1, discard: 1, discard_dealer: 1, drawn: 1, drawn_from_dealer: 1, "
          "drawn_dealer: 1}]}"), "payout.table: a payment table needs at least one row by points"),
    ],
)
def test_bad_payout_tables_fail_at_load(payout_yaml: str, message: str, tmp_path: Path) -> None:
    from tutor import RuleSetError

    bad = tmp_path / "bad.yaml"
    bad.write_text(f"schema_version: 1\nextends: malaysian-3p\nname: bad\npayout: {payout_yaml}\n")
    with pytest.raises(RuleSetError, match=re.escape(message)):
        load_rules(str(bad))


def test_kj_bonus_points_each_way() -> None:
    """With two flowers (2 bonus points): self-drawn both pay 10 + 2; on a discard the discarder
    pays 2 x 8 + 2 and the other 2 ("Both players pay the winner bonus points")."""
    paid = payout(judge("kj-3p", "123c 456c 789c 345d 77d | f1 f2"), load_rules("kj-3p"))
    assert _ways(paid) == {"self-drawn": (10 + 2,), "on a discard": (2 * 8 + 2, 2)}


def test_check_payout_json_scores_each_way() -> None:
    """The JSON of each way: whether it wins, its value and its own breakdown."""
    out = runner.invoke(app, ["check", "111d 555d 999d 222d 33d | a1", "-r", "malaysian-3p", "--payout", "--json"])
    data = json.loads(out.stdout)
    assert not data["wins"]
    drawn, discard = data["payout"]["scenarios"]
    assert drawn["wins"] and drawn["value"] == 10 and drawn["total"] == 20
    assert "Four concealed PONG/GONG (self-drawn)" in {row["name"] for row in drawn["breakdown"]}
    assert not discard["wins"] and discard["value"] == 4 and discard["payments"] == []
    assert "short of the minimum" in discard["note"]
    shown = runner.invoke(app, ["check", "111d 555d 999d 222d 33d | a1", "-r", "malaysian-3p", "--payout"])
    assert "self-drawn adds Four concealed PONG/GONG (self-drawn) 10" in shown.stdout


def test_goulash_adds_to_every_payment() -> None:
    """kj-3p: after a goulash "an extra 5 points from each player", after two "10 points from each
    player"; malaysian-3p: "one point from each player extra"; a liable discarder pays both."""
    kj = load_rules("kj-3p")
    once = _ways(payout(judge("kj-3p", "123c 456c 789c 345d 77d", "east", "goulash"), kj))
    assert once == {"self-drawn": (10 + 5,), "on a discard": (2 * 8 + 5, 0 + 5)}
    twice = _ways(payout(judge("kj-3p", "123c 456c 789c 345d 77d", "east", "goulash2"), kj))
    assert twice == {"self-drawn": (10 + 10,), "on a discard": (2 * 8 + 10, 0 + 10)}
    my = _ways(payout(judge("malaysian-3p", "[RRR] [GGG] WhWh 123d 456d | a1", "east", "goulash"),
                      load_rules("malaysian-3p")))
    assert my == {"self-drawn": (11,), "on a discard": (11, 11), "on a discard, Ban discard": (22,)}
