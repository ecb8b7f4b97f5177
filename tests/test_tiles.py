"""Cards: every spelling of docs/notation.md reads to the right card; each card prints itself back."""

from __future__ import annotations

import pytest

from tutor.core.tiles import FEI, N_TILES, TILES, Kind, Tile
from tutor.errors import NotationError

# Every card once, in index order, as docs/notation.md spells it.
CANONICAL = (
    [f"{n}d" for n in range(1, 10)]
    + [f"{n}b" for n in range(1, 10)]
    + [f"{n}c" for n in range(1, 10)]
    + ["E", "S", "W", "N", "R", "G", "Wh", "F*"]
    + [f"{g}{n}" for g in "fsak" for n in range(1, 5)]
)


def test_every_card_has_a_canonical_name_in_index_order() -> None:
    """The 51 cards print as docs/notation.md writes them, in the order of their indices."""
    assert [str(t) for t in TILES] == CANONICAL
    assert len(TILES) == N_TILES == 51


@pytest.mark.parametrize("name", CANONICAL)
def test_parse_and_print_round_trip(name: str) -> None:
    """``Tile.parse(str(t)) == t``, and ``repr`` pastes back as code."""
    tile = Tile.parse(name)
    assert str(tile) == name
    assert Tile.parse(str(tile)) == tile
    assert eval(repr(tile)) == tile


@pytest.mark.parametrize(
    ("spelling", "canonical"),
    [
        ("5p", "5d"), ("1p", "1d"), ("9p", "9d"),  # p is Dots, MPSZ style
        ("5s", "5b"), ("1s", "1b"),  # s is Bamboo
        ("5m", "5c"), ("9m", "9c"),  # m is Characters
        ("1z", "E"), ("2z", "S"), ("3z", "W"), ("4z", "N"),  # 1-4z the winds
        ("5z", "Wh"), ("6z", "G"), ("7z", "R"),  # 5z White, 6z Green, 7z Red
        (" 5d ", "5d"),  # surrounding spaces are ignored
    ],
)
def test_mpsz_spellings(spelling: str, canonical: str) -> None:
    """The MPSZ spellings read to the same card as the canonical name."""
    assert Tile.parse(spelling) == Tile.parse(canonical)
    assert str(Tile.parse(spelling)) == canonical


NOT_CARDS = ["", "x", "0d", "10d", "8z", "0z", "5x", "f5", "f0", "F", "*", "wh", "e", "5 d"]


@pytest.mark.parametrize("bad", NOT_CARDS)
def test_not_a_card(bad: str) -> None:
    """A name that is no card raises NotationError, quoting the text."""
    with pytest.raises(NotationError) as err:
        Tile.parse(bad)
    assert repr(bad) in str(err.value)


@pytest.mark.parametrize("index", [-1, 51, 100])
def test_index_out_of_range(index: int) -> None:
    """Only indices 0-50 are cards."""
    with pytest.raises(ValueError, match="no tile"):
        Tile(index)


def test_kinds_and_counts() -> None:
    """9 cards in each numbered suit, 4 winds, 3 dragons, one FEI, 16 bonus cards."""
    by_kind = {k: [t for t in TILES if t.kind is k] for k in Kind}
    assert [len(by_kind[k]) for k in Kind] == [9, 9, 9, 4, 3, 1, 16]
    assert [str(t) for t in by_kind[Kind.WIND]] == ["E", "S", "W", "N"]
    assert [str(t) for t in by_kind[Kind.DRAGON]] == ["R", "G", "Wh"]
    assert by_kind[Kind.FEI] == [FEI]


@pytest.mark.parametrize(
    ("name", "rank", "long_name", "flags"),
    [
        ("1d", 1, "1 Dots", "suited"),
        ("9d", 9, "9 Dots", "suited"),
        ("5b", 5, "5 Bamboo", "suited"),
        ("7c", 7, "7 Characters", "suited"),
        ("E", 0, "East", "honour"),
        ("N", 0, "North", "honour"),
        ("R", 0, "Red", "honour"),
        ("G", 0, "Green", "honour"),
        ("Wh", 0, "White", "honour"),
        ("F*", 0, "FEI", "fei"),
        ("f1", 1, "Nature 1", "bonus"),
        ("s2", 2, "Season 2", "bonus"),
        ("a3", 3, "Animal 3", "bonus"),
        ("k4", 4, "Face 4", "bonus"),
    ],
)
def test_card_properties(name: str, rank: int, long_name: str, flags: str) -> None:
    """Rank, the long name for people, and exactly one of suited/honour/FEI/bonus."""
    t = Tile.parse(name)
    assert t.rank == rank
    assert t.long_name == long_name
    assert [t.is_suited, t.is_honour, t.is_fei, t.is_bonus] == [
        flags == f for f in ("suited", "honour", "fei", "bonus")
    ]


def test_order_is_suits_then_honours_then_fei_then_bonus() -> None:
    """Cards sort Dots, Bamboo, Characters, winds E S W N, dragons R G Wh, FEI, bonus cards."""
    names = ["k4", "F*", "Wh", "R", "N", "E", "1c", "9b", "1b", "9d", "1d", "f1"]
    assert [str(t) for t in sorted(Tile.parse(n) for n in names)] == [
        "1d", "9d", "1b", "9b", "1c", "E", "N", "R", "Wh", "F*", "f1", "k4",
    ]


def test_tiles_are_frozen_and_hashable() -> None:
    """A card is a value: equal cards hash alike, and it cannot be changed."""
    assert len({Tile.parse("5d"), Tile.parse("5p"), TILES[4]}) == 1
    with pytest.raises(AttributeError):
        Tile.parse("5d").id = 3  # type: ignore[misc]
