"""Answers as players type them: read leniently, in any order and spelling, then judged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import load_puzzles
from tutor.core.tiles import TILES, Tile
from tutor.errors import PuzzleError
from tutor.teach.answers import judge, read_answer, read_tiles, tiles_text
from tutor.teach.solve import build

PUZZLES = load_puzzles()


def test_answers_are_read_leniently() -> None:
    waits = next(p for p in PUZZLES if p.theme == "waits")
    tiles = waits.answer.split()
    assert judge(waits, ", ".join(reversed(tiles))).correct
    assert judge(waits, " ".join(tiles) + " F*").correct  # a FEI may be named or not
    assert not judge(waits, tiles[0]).correct
    assert [str(t) for t in read_tiles("36d")] == ["3d", "6d"]
    assert [str(t) for t in read_tiles("red, white and 5D")] == ["5d", "R", "Wh"]
    assert [str(t) for t in read_tiles("rr")] == ["R", "R"]
    assert read_answer("find-ngan", "RR") == "R"
    assert read_answer("use-fei", "F*=5d") == "5d"
    assert read_answer("best-discard", "discard 9d") == "9d"
    assert read_answer("count-fun", "7 FUN") == "7"
    assert read_answer("count-fun", "seven") == "7"
    assert read_answer("short-of-five", "Nope") == "no"
    assert read_answer("is-a-set", "yes, a pong") == "yes"
    for theme, bad in (("waits", "xyz"), ("count-fun", "lots"), ("short-of-five", "maybe"), ("find-ngan", "1d 2d")):
        with pytest.raises(PuzzleError):
            read_answer(theme, bad)


def test_unreadable_answers_say_how_to_write_them() -> None:
    with pytest.raises(PuzzleError, match="an empty answer: write a number"):
        read_answer("count-fun", "  ")
    with pytest.raises(PuzzleError, match="unknown theme 'chess'"):
        read_answer("chess", "yes")
    with pytest.raises(PuzzleError, match="name one card, not 2: 1d 2d"):
        read_answer("find-ngan", "2d 1d")
    assert tiles_text([TILES[5], TILES[2], TILES[5]]) == "3d 6d"


def test_a_discard_must_be_a_card_held() -> None:
    p = next(p for p in PUZZLES if p.theme == "best-discard")
    held = {str(t) for t in p.hand.concealed}
    missing = next(t for t in ("F*", "Wh", "N", "1d", "9d") if t not in held)
    with pytest.raises(PuzzleError, match="you hold no"):
        judge(p, missing)


def test_set_names_are_checked() -> None:
    pong = build("is-a-set", "555d", "s-1")
    assert judge(pong, "pong").correct and judge(pong, "yes").correct
    assert not judge(pong, "chee").correct and not judge(pong, "no").correct


_PLAYING = [t for t in range(35) if t < 9 or t >= 27]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_PLAYING), min_size=1, max_size=6), st.randoms(use_true_random=False),
       st.sampled_from([" ", ", ", " and ", ";", "  "]))
def test_card_answers_round_trip_in_any_order(ids: list[int], rnd: object, sep: str) -> None:
    tiles = [TILES[i] for i in ids]
    canonical = read_answer("waits", " ".join(str(t) for t in tiles))
    shuffled = list(tiles)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert read_answer("waits", sep.join(str(t).lower() for t in shuffled)) == canonical
    assert canonical == " ".join(sorted({str(t) for t in tiles if not t.is_fei}, key=lambda n: Tile.parse(n))) or "F*"
