"""sanma (the encyclopedia article, Japanese three-player): yaku, han and fu by the PyPI mahjong package (``tutor.engine.scoring.han``)."""

from __future__ import annotations

import pytest
from support.rulesets import judge, verdict

from tutor import InvalidHandError, load_rules
from tutor.engine.scoring.payout import payout

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
    assert paid.scenarios[0].payments[0].amount == 16000  # the encyclopedia article's table: yakuman tsumo from ko to oya
    assert paid.scenarios[1].payments[0].amount == 48000  # ron paid to the dealer
