"""Shanten and waits of multi-suit hands agree with the PyPI ``mahjong`` package.

Four-player hands are drawn from Singapore's 136 playing tiles, three-player hands from sanma's
108 (Characters 2-8 removed, ``is_three_player``), in seeded loops, without wild cards. The
standard shape is compared with ``calculate_shanten_for_regular_hand`` through rule sets that
keep only the standard shape (a user's YAML file extending the built-in one); the special shapes
of ``tutor.engine.shapes.special`` with mahjong's seven-pairs and thirteen-orphans counts.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from mahjong.shanten import Shanten

from tutor.core.hands import Hand
from tutor.core.tiles import TILES
from tutor.engine.decide.solver import shanten, waits
from tutor.engine.scoring.han import to34
from tutor.engine.shapes.special import special_shanten
from tutor.rules.load import RuleSet, load_rules

HANDS = 10_000  # random hands per player count for shanten
READY = 1_500  # hands one card from complete per player count, for waits


@pytest.fixture(scope="module")
def standard_only(tmp_path_factory: pytest.TempPathFactory) -> dict[int, RuleSet]:
    """Singapore (four players) and sanma (three) with the standard shape only, scored plainly."""
    folder: Path = tmp_path_factory.mktemp("rules")
    four = folder / "std4.yaml"
    four.write_text("schema_version: 1\nextends: singapore\nname: std4\nshapes: [standard]\n")
    three = folder / "std3.yaml"
    three.write_text(
        "schema_version: 1\nextends: sanma\nname: std3\nshapes: [standard]\n"
        "scoring: {system: additive, unit: points, minimum: 0, items: []}\npayout: null\n"
    )
    return {4: load_rules(str(four)), 3: load_rules(str(three))}


def counts34(tiles: list[int]) -> list[int]:
    """mahjong's 34-count form of our card indices."""
    c = [0] * 34
    for t in tiles:
        c[to34(t)] += 1
    return c


def hand_of(tiles: list[int]) -> Hand:
    return Hand(tuple(TILES[t] for t in tiles))


def wall(rules: RuleSet) -> list[int]:
    return [t for t in sorted(rules.in_play) for _ in range(rules.copies)]


def mahjong_waits(tiles: list[int], rules: RuleSet, three: bool) -> list[int]:
    """Cards (our indices) with a copy left that complete the standard shape, by mahjong."""
    c = counts34(tiles)
    out = []
    for t in sorted(rules.in_play):
        k = to34(t)
        if c[k] >= 4:
            continue
        c[k] += 1
        if Shanten.calculate_shanten_for_regular_hand(c, is_three_player=three) == -1:
            out.append(t)
        c[k] -= 1
    return out


def ready_hand(rng: random.Random, rules: RuleSet) -> list[int]:
    """13 cards one card from a complete hand: random sets and a pair, one card taken out."""
    while True:
        pool = {t: rules.copies for t in rules.in_play}
        tiles: list[int] = []
        groups = [rng.random() for _ in range(4)]
        ok = True
        for g in groups:
            start = rng.choice(sorted(pool))
            run = [start, start + 1, start + 2]
            if g < 0.5 and rules.chee_ok[start] and all(pool.get(x, 0) for x in run):
                picked = run
            elif pool[start] >= 3:
                picked = [start] * 3
            else:
                ok = False
                break
            for x in picked:
                pool[x] -= 1
            tiles += picked
        pair = rng.choice(sorted(pool))
        if not ok or pool[pair] < 2:
            continue
        tiles += [pair, pair]
        tiles.remove(rng.choice(tiles))
        return tiles


@pytest.mark.parametrize("players", [4, 3])
def test_shanten_agrees_on_random_hands(players: int, standard_only: dict[int, RuleSet]) -> None:
    """solver.shanten equals mahjong's regular-hand shanten on 10,000 random 13- and 14-card hands."""
    rules = standard_only[players]
    rng = random.Random(20260 + players)
    cards = wall(rules)
    wrong = []
    for _ in range(HANDS):
        tiles = rng.sample(cards, rng.choice((13, 14)))
        ours = shanten(hand_of(tiles), rules)
        theirs = Shanten.calculate_shanten_for_regular_hand(counts34(tiles), is_three_player=players == 3)
        if ours != theirs:
            wrong.append((str(hand_of(tiles)), ours, theirs))
    assert wrong == []


@pytest.mark.parametrize("players", [4, 3])
def test_waits_agree_on_ready_hands(players: int, standard_only: dict[int, RuleSet]) -> None:
    """solver.waits lists exactly the cards mahjong says complete a ready hand (a copy left)."""
    rules = standard_only[players]
    rng = random.Random(7 + players)
    wrong = []
    for _ in range(READY):
        tiles = ready_hand(rng, rules)
        hand = hand_of(tiles)
        ours = sorted(w.tile.id for w in waits(hand, rules, with_distance=False).waits)
        theirs = mahjong_waits(tiles, rules, players == 3)
        if ours != theirs:
            wrong.append((str(hand), ours, theirs))
    assert wrong == []


@pytest.mark.parametrize("players", [4, 3])
def test_waits_agree_on_random_hands(players: int, standard_only: dict[int, RuleSet]) -> None:
    """solver.waits on 10,000 random 13-card hands: the same cards as mahjong where it says the hand
    is ready, and none where it says it is not (no single card then completes it). Random hands are
    rarely ready; test_waits_agree_on_ready_hands compares the cards on 1,500 ready ones."""
    rules = standard_only[players]
    rng = random.Random(404 + players)
    cards = wall(rules)
    three = players == 3
    wrong = []
    for _ in range(HANDS):
        tiles = rng.sample(cards, 13)
        ours = sorted(w.tile.id for w in waits(hand_of(tiles), rules, with_distance=False).waits)
        if Shanten.calculate_shanten_for_regular_hand(counts34(tiles), is_three_player=three) == 0:
            theirs = mahjong_waits(tiles, rules, three)
        else:
            theirs = []
        if ours != theirs:
            wrong.append((str(hand_of(tiles)), ours, theirs))
    assert wrong == []


def test_sanma_shanten_differs_from_four_player(standard_only: dict[int, RuleSet]) -> None:
    """1111m111122233z: 2-shanten in sanma (no 2m or 3m), as mahjong's three-player count says."""
    hand = Hand.parse("1111m 111122233z")
    c = counts34([t.id for t in hand.concealed])
    assert Shanten.calculate_shanten_for_regular_hand(c, is_three_player=True) == 2
    assert shanten(hand, standard_only[3]) == 2
    assert shanten(hand, load_rules("sanma")) == 2


@pytest.mark.parametrize("name", ["singapore", "sanma", "kj-3p"])
def test_special_shanten_agrees(name: str) -> None:
    """special_shanten equals mahjong's seven-pairs / thirteen-orphans counts on random hands."""
    rules = load_rules(name)
    rng = random.Random(99)
    cards = wall(rules)
    orphans = "thirteen_orphans" in rules.shapes and len({t for t in rules.in_play if t >= 27}) == 7
    for _ in range(3000):
        tiles = rng.sample(cards, rng.choice((13, 14)))
        counts35 = [0] * 35
        for t in tiles:
            counts35[t] += 1
        c = counts34(tiles)
        if "seven_pairs" in rules.shapes:
            assert special_shanten(counts35, ("seven_pairs",), rules) == Shanten.calculate_shanten_for_chiitoitsu_hand(c)
        if orphans:
            assert special_shanten(counts35, ("thirteen_orphans",), rules) == Shanten.calculate_shanten_for_kokushi_hand(c)


def test_kj_orphans_need_a_pong() -> None:
    """Without North, thirteen orphans is 12 kinds and a PONG of one of them (the encyclopedia article)."""
    rules = load_rules("kj-3p")
    hand = Hand.parse("19d 19c 19b E S W R G WhWhWh")
    counts35 = hand.counts()
    assert special_shanten(counts35, ("thirteen_orphans",), rules) == -1
    pair_only = Hand.parse("19d 19c 19b E S W R G WhWh 5d")
    assert special_shanten(pair_only.counts(), ("thirteen_orphans",), rules) == 0
