"""Payouts (``tutor.engine.payout``): who pays the winner what, per rule set, worked from the seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.rulesets import judge
from typer.testing import CliRunner

from tutor import load_rules
from tutor.cli.app import app
from tutor.engine.payout import payout


def test_malaysian_ban_discard_payout() -> None:
    """8 points: each loser pays 8; a banned discard makes its discarder pay 8 + 8 = 16."""
    rules = load_rules("malaysian-3p")
    plain = payout(judge("malaysian-3p", "111d 999d EEE RRR 55d | f1 a2"), rules)
    assert plain is not None
    assert [(s.name, s.total) for s in plain.scenarios][:2] == [("self-drawn", 16), ("on a discard", 16)]
    banned = payout(judge("malaysian-3p", "111d 999d EEE RRR 55d | f1 a2", "east", "ban_discard"), rules)
    assert banned is not None and len(banned.scenarios) == 1
    assert banned.scenarios[0].payments[0].amount == 16


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
