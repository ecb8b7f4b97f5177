"""FUN of every row of docs/rules/3leg.md on hands worked by hand; validation; properties of check."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tutor import (
    Check,
    ChoiceError,
    Hand,
    InvalidHandError,
    Meld,
    MeldKind,
    Status,
    Tile,
    check,
    load_rules,
)

PROPERTY = settings(max_examples=150, derandomize=True, deadline=None)


def judge(text: str, seat: str = "east", *flags: str, rules: str = "3leg") -> Check:
    """``check`` on a hand written in the notation."""
    return check(Hand.parse(text), load_rules(rules), seat, frozenset(flags))


def rows(result: Check) -> dict[str, int]:
    """The breakdown as {row name: FUN}."""
    assert result.score is not None
    return {line.name: line.fun for line in result.score.lines}


def verdict(result: Check) -> tuple[bool, bool, int]:
    """(complete, wins, fun) of a check."""
    return (result.complete, result.wins, result.fun)


def cards(names: str) -> tuple[Tile, ...]:
    """Cards from space-separated single-card names."""
    return tuple(Tile.parse(n) for n in names.split())


# A complete hand worth nothing but the basic win: four CHEE and a NGAN of North (no PENG WOO,
# which needs a Dots NGAN; no PONG). With no bonus card it would be No Flower Mahjong (limit), so
# every basic-table test below adds bonus cards: FUN = 1 (basic win) + the bonus cards' FUN.
PLAIN = "123d 456d 789d 234d NN"


# --- Basic table: bonus cards -----------------------------------------------------------------

@pytest.mark.parametrize(
    ("bonus", "seat", "fun"),
    [
        ("f1", "east", 1 + 1),  # Nature 1 is East's flower: 1 + basic win 1
        ("s1", "east", 1 + 1),  # Season 1 likewise
        ("f1 s1", "east", 1 + 1 + 1),
        ("f1", "south", 0 + 1),  # someone else's flower: nothing
        ("s1", "west", 0 + 1),
        ("f2", "south", 1 + 1),  # Nature/Season 2 is South's
        ("s2", "south", 1 + 1),
        ("f2", "east", 0 + 1),
        ("s2", "west", 0 + 1),
        ("f3", "west", 1 + 1),  # Nature/Season 3 is West's
        ("s3", "west", 1 + 1),
        ("f3", "east", 0 + 1),
        ("f3", "south", 0 + 1),
        ("f1 f2 f3 s1 s2 s3", "south", 2 + 1),  # only f2 s2 count for South
    ],
)
def test_seat_flowers(bonus: str, seat: str, fun: int) -> None:
    """A Nature/Season card numbered like the seat (1 East, 2 South, 3 West) is 1 FUN, others 0."""
    result = judge(f"{PLAIN} | {bonus}", seat)
    assert (result.complete, result.fun) == (True, fun)
    assert result.wins is (fun >= 5)


@pytest.mark.parametrize("seat", ["east", "south", "west"])
@pytest.mark.parametrize(
    ("bonus", "fun"),
    [
        ("f4", 1 + 1),  # Nature 4: 1 for any seat, + basic win
        ("s4", 1 + 1),
        ("f4 s4", 2 + 1),
        ("a1", 1 + 1),  # each Animal: 1 for any seat
        ("a4", 1 + 1),
        ("a1 a2 a3", 3 + 1),
        ("a1 a2 a3 a4", 4 + 1),  # 5: enough to win
        ("k1", 1 + 1),  # each Face: 1 for any seat
        ("k2 k3", 2 + 1),
        ("k1 k2 k3 k4", 4 + 1),
        ("F*", 1 + 1),  # a sunk FEI: 1 for any seat
        ("F* F*", 2 + 1),
        ("a2 k3 F* f4", 4 + 1),
    ],
)
def test_flowers_for_any_seat(bonus: str, fun: int, seat: str) -> None:
    """Nature/Season 4, Animals, Faces and sunk FEI are 1 FUN each for every seat."""
    result = judge(f"{PLAIN} | {bonus}", seat)
    assert (result.complete, result.wins, result.fun) == (True, fun >= 5, fun)


# --- Basic table: PONG/KONG of honours, by seat ----------------------------------------------

# Three Dots CHEE, a Dots NGAN and one more set: FUN = 1 (Animal a1) + 1 (basic win) + that set.
@pytest.mark.parametrize(
    ("honour_set", "east", "south", "west"),
    [
        ("EEE", 1 + 1 + 2, 1 + 1 + 1, 1 + 1 + 1),  # East: 2 for the dealer, 1 for South and West
        ("[EEE]", 4, 3, 3),
        ("[EEEE]", 4, 3, 3),  # a KONG counts like a PONG
        ("(EEEE)", 4, 3, 3),
        ("EE F*", 4, 3, 3),  # a FEI keeps the set's meaning
        ("[EE F*]", 4, 3, 3),
        ("SSS", 1 + 1 + 0, 1 + 1 + 1, 1 + 1 + 0),  # South: 1 for South only
        ("[SSSS]", 2, 3, 2),
        ("WWW", 1 + 1 + 0, 1 + 1 + 0, 1 + 1 + 1),  # West: 1 for West only
        ("WW F*", 2, 2, 3),
        ("NNN", 1 + 1 + 1, 3, 3),  # North: 1 for anyone (no North seat, but the cards are in play)
        ("(NNNN)", 3, 3, 3),
        ("RRR", 1 + 1 + 1, 3, 3),  # each dragon: 1 for anyone
        ("GGG", 3, 3, 3),
        ("WhWhWh", 3, 3, 3),
        ("[Wh F* Wh]", 3, 3, 3),
        ("555d", 1 + 1 + 0, 2, 2),  # a PONG of Dots: nothing in the basic table
    ],
)
def test_pongs_of_honours_by_seat(honour_set: str, east: int, south: int, west: int) -> None:
    """PONG/KONG of winds score by seat, of North and dragons 1 for all (docs/rules/3leg.md)."""
    text = f"123d 456d 789d 99d {honour_set} | a1"
    assert [judge(text, seat).fun for seat in ("east", "south", "west")] == [east, south, west]


def test_two_wind_pongs_add_up() -> None:
    """Each PONG scores on its own: East and South for South is 1 + 1."""
    # a1 1 + PONG of East (South seat) 1 + PONG of South 1 + basic win 1 = 4: complete but short.
    result = judge("EEE SSS 123d 456d 99d | a1", "south")
    assert (result.fun, result.status) == (4, Status.SHORT)
    # The same hand for East: a1 1 + East 2 + basic win 1 = 4.
    assert judge("EEE SSS 123d 456d 99d | a1", "east").fun == 4


# --- Advanced table ---------------------------------------------------------------------------

def test_basic_win_row() -> None:
    """Every win scores Basic win, 1 FUN, listed in the breakdown."""
    result = judge(f"{PLAIN} | a1 a2 a3 a4")
    assert rows(result)["Basic win"] == 1
    assert result.fun == 4 + 1  # four Animals + basic win


@pytest.mark.parametrize(
    ("text", "fun"),
    [
        ("111d 555d 999d NNN EE | a1", 1 + 1 + 1 + 2),  # a1 + North + basic + DUI DUI PONG = 5
        ("[1111d] 55d F* 999d NNN 77d | a1", 5),  # a KONG, a PONG with a FEI: still all PONG/KONG
        # EE F* is a PONG of East (2 for the dealer) with 99d the NGAN: 1 + 2 + 1 + 1 + 2 = 7.
        ("[1111d] 555d 99d F* NNN EE | a1", 1 + 2 + 1 + 1 + 2),
        ("(1111d) [555d] [999d] [NNN] EE | a1", 5),
        ("111d 555d 999d 123d EE | a1", 1 + 1),  # one CHEE: no DUI DUI PONG, 2
        ("123d 555d 999d NNN EE | a1", 1 + 1 + 1),  # 3
    ],
)
def test_dui_dui_pong(text: str, fun: int) -> None:
    """All four sets PONG/KONG: +2 on top of the basic table and basic win."""
    result = judge(text)
    assert result.fun == fun
    assert ("DUI DUI PONG" in rows(result)) is (fun >= 5)


@pytest.mark.parametrize(
    ("text", "fun"),
    [
        ("123d 456d 789d 234d 55d | a1", 1 + 1 + 3),  # a1 + basic + PENG WOO = 5: a win
        ("123d 456d 789d 234d 5d F* | a1", 5),  # a NGAN of a FEI and a Dot is a Dots NGAN
        ("[123d] 456d 789d [24d F*] 55d | a1", 5),  # laid down, with a FEI in a CHEE
        ("12d F* 456d 789d 234d 55d | a1", 5),
        ("123d 456d 789d 234d NN | a1", 1 + 1),  # the NGAN is not Dots: no PENG WOO, 2
        ("123d 456d 789d 234d N F* | a1", 2),  # a FEI with North is a North NGAN
        ("123d 456d 789d 555d 99d | a1", 1 + 1),  # a PONG: no PENG WOO
    ],
)
def test_peng_woo(text: str, fun: int) -> None:
    """Four CHEE and a NGAN, all Dots: +3."""
    result = judge(text)
    assert result.fun == fun
    assert ("PENG WOO" in rows(result)) is (fun == 5)


LIMIT_HANDS = [
    # DAI SAM YUEN: PONG/KONG of all three dragons.
    ("DAI SAM YUEN", "RRR GGG WhWhWh 123d 55d | a1"),
    ("DAI SAM YUEN", "RR F* GGG [WhWhWhWh] 123d 55d | a1"),
    # SIU SAM YUEN: PONG/KONG of two dragons and a NGAN of the third (a FEI may pair it).
    ("SIU SAM YUEN", "RRR GGG WhWh 123d 456d | a1"),
    ("SIU SAM YUEN", "RRR GGG Wh F* 123d 456d | a1"),
    ("SIU SAM YUEN", "[RRR] (GGGG) Wh F* 123d 456d | a1"),
    # DAI SEI HEY: PONG/KONG of all four winds.
    ("DAI SEI HEY", "EEE SSS WWW NNN 55d | a1"),
    ("DAI SEI HEY", "EE F* [SSS] (WWWW) NNN RR | a1"),
]


@pytest.mark.parametrize(("name", "text"), LIMIT_HANDS)
@pytest.mark.parametrize("seat", ["east", "south", "west"])
def test_limit_hands(name: str, text: str, seat: str) -> None:
    """Each limit hand scores 10 for any seat; the breakdown still lists the other rows."""
    result = judge(text, seat)
    assert (result.complete, result.wins, result.fun) == (True, True, 10)
    assert result.score is not None and result.score.limit
    assert rows(result)[name] == 10
    assert rows(result)["Basic win"] == 1 and rows(result)["Animal"] == 1


@pytest.mark.parametrize(
    ("text", "fun"),
    [
        ("RRR GGG 99d 123d 456d | a1", 1 + 1 + 1 + 1),  # two dragons, a Dots NGAN: a1 R G basic = 4
        ("RRR GGG N F* 123d 456d | a1", 4),  # the FEI pairs North, not White
        ("EEE SSS WWW 123d NN | a1", 1 + 2 + 1),  # three winds, a North NGAN: a1 East basic = 4
    ],
)
def test_near_limit_hands(text: str, fun: int) -> None:
    """Two dragons without the third's NGAN, or three winds and a NGAN of the fourth: no limit."""
    result = judge(text)
    assert (result.fun, result.wins) == (fun, False)


def test_no_flower_mahjong() -> None:
    """No bonus card and no sunk FEI is a limit; a FEI held is no flower, a sunk one is."""
    assert judge(PLAIN).fun == 10
    assert judge("123d 456d 789d 234d N F*").fun == 10  # a FEI held: still no flower
    assert rows(judge(PLAIN))["No Flower Mahjong"] == 10
    sunk = judge(f"{PLAIN} | F*")  # 1 (sunk FEI) + 1 (basic win) = 2
    assert (sunk.fun, sunk.wins) == (2, False)
    assert "No Flower Mahjong" not in rows(sunk)


@pytest.mark.parametrize(
    ("flag", "seat", "fun", "note"),
    [
        ("tin_woo", "east", 10, None),  # TIN WOO: the dealer only
        ("tin_woo", "south", 2, "TIN WOO does not apply to South"),  # a1 1 + basic 1
        ("tin_woo", "west", 2, "TIN WOO does not apply to West"),
        ("dei_woo", "south", 10, None),  # DEI WOO: South or West
        ("dei_woo", "west", 10, None),
        ("dei_woo", "east", 2, "DEI WOO does not apply to East"),
    ],
)
def test_tin_woo_and_dei_woo(flag: str, seat: str, fun: int, note: str | None) -> None:
    """A situation limit scores 10 for its seats; for another seat, nothing and a note."""
    result = judge(f"{PLAIN} | a1", seat, flag)
    assert (result.complete, result.fun, result.wins) == (True, fun, fun >= 5)
    assert (note in result.notes) if note else not result.notes


def test_situations_are_off_by_default_and_need_a_complete_hand() -> None:
    """Without the flag nothing scores; with it, an incomplete hand still does not win."""
    assert judge(f"{PLAIN} | a1", "east").fun == 1 + 1
    incomplete = judge("123d 456d 789d 234d N S | a1", "east", "tin_woo")
    assert (incomplete.complete, incomplete.wins, incomplete.fun) == (False, False, 0)


FOUR_FEI_13 = "F* F* F* F* 1d 3d 5d 7d 9d E S W N | a1"  # 13 cards, no shape at all


@pytest.mark.parametrize("seat", ["east", "south", "west"])
def test_four_fei_dealt_is_an_instant_claim(seat: str) -> None:
    """Four FEI in the dealt hand is a limit claimed at once: not complete, but a win of 10."""
    result = judge(FOUR_FEI_13, seat, "four_fei")
    assert verdict(result) == (False, True, 10) and result.status is Status.WINS
    plain = judge(FOUR_FEI_13, seat)
    assert (plain.complete, plain.wins, plain.fun) == (False, False, 0)


def test_four_fei_on_a_complete_hand() -> None:
    """With a complete hand the claim scores 10 too; without the flag the hand scores its sets."""
    text = "12d F* 45d F* 78d F* NN F* 99d | a1"
    # Best reading without the flag: [12d F*] [45d F*] [78d F*] [NN F*] [99d]:
    # a1 1 + PONG of North 1 + basic win 1 = 3, short.
    assert (judge(text, "south").fun, judge(text, "south").wins) == (3, False)
    claimed = judge(text, "south", "four_fei")
    assert (claimed.complete, claimed.wins, claimed.fun) == (True, True, 10)


def test_four_fei_needs_four_held_and_a_dealt_hand() -> None:
    """Three FEI held, or a hand of a few cards: no claim, and a note says why."""
    three = judge("F* F* F* 1d 3d 5d 7d 9d E S W N R | a1", "east", "four_fei")
    assert (three.wins, three.fun) == (False, 0)
    assert any("needs 4 FEI" in n for n in three.notes)
    small = judge("F* F* F* F* 1d | a1", "east", "four_fei")
    assert (small.wins, small.fun) == (False, 0)
    assert any("starting hand" in n for n in small.notes)


# --- The cap and the minimum -------------------------------------------------------------------

def test_cap_at_ten() -> None:
    """A win worth more than 10 FUN scores 10."""
    # f1 s1 a1 a2 k1 = 5, PONG of East 2 (dealer), PONG of North 1, basic win 1, DUI DUI PONG 2: 11.
    result = judge("EEE 111d 999d NNN RR | f1 s1 a1 a2 k1", "east")
    assert (result.fun, result.wins) == (10, True)
    assert result.score is not None and result.score.capped and result.score.total == 11
    # Every bonus card: f1 s1 f4 s4 + 4 Animals + 4 Faces = 12 for East, + basic win 1 = 13.
    everything = judge(f"{PLAIN} | f1 f2 f3 f4 s1 s2 s3 s4 a1 a2 a3 a4 k1 k2 k3 k4", "east")
    assert everything.fun == 10 and everything.score is not None and everything.score.total == 13


def test_minimum_of_five() -> None:
    """At 4 FUN a complete hand is short, not a win; at 5 it wins."""
    short = judge(f"{PLAIN} | a1 a2 a3")  # 3 + basic win 1 = 4
    assert verdict(short) == (True, False, 4) and short.status is Status.SHORT
    assert short.min_fun == 5
    assert any("short of the minimum of 5" in n for n in short.notes)
    win = judge(f"{PLAIN} | a1 a2 a3 a4")  # 4 + basic win 1 = 5
    assert (win.complete, win.wins, win.fun, win.status) == (True, True, 5, Status.WINS)


def test_incomplete_hand_scores_nothing() -> None:
    """A hand that does not split into four sets and a NGAN reports fun 0."""
    result = judge("123d 456d 789d 234d N S | a1 a2 a3 a4")
    assert verdict(result) == (False, False, 0) and result.status is Status.INCOMPLETE
    assert judge("123d 456d 789d 234d N | a1").notes[0].startswith("13 cards")


@pytest.mark.parametrize(
    ("text", "fun"),
    [
        (f"{PLAIN} | f2", 0 + 1),  # Nature 2 is nothing to East: 1 (basic win), a win all the same
        (f"{PLAIN} | a1", 1 + 1),
        ("111d 555d 999d NNN EE | a1", 5),  # both tables still count: DUI DUI PONG
        (PLAIN, 10),  # No Flower Mahjong is still a limit
    ],
)
def test_beginner_accepts_any_complete_hand(text: str, fun: int) -> None:
    """3leg-beginner keeps both tables and drops the minimum to 0."""
    result = judge(text, rules="3leg-beginner")
    assert (result.complete, result.wins, result.fun, result.min_fun) == (True, True, fun, 0)
    assert judge(text).fun == fun  # the same FUN as the advanced game
    incomplete = judge("123d 456d 789d 234d N S | a1", rules="3leg-beginner")
    assert (incomplete.wins, incomplete.fun) == (False, 0)


def test_best_reading_is_chosen() -> None:
    """Where CHEE and PONG readings compete, the higher-scoring one counts."""
    # 111 222 333 d: three PONG or three CHEE. With 999d and EE: PONG reading is DUI DUI PONG,
    # a1 1 + basic 1 + DUI DUI PONG 2 = 4; the CHEE reading is 1 + 1 = 2.
    result = judge("111222333999d EE | a1")
    assert result.fun == 4 and result.readings >= 2
    # A FEI that can make a PONG of Red (99d the NGAN) or a PONG of 9d (RR the NGAN):
    # PONG of Red scores a1 1 + Red 1 + basic 1 = 3; the other reading 1 + 1 = 2.
    result = judge("123d 456d 789d 99d RR F* | a1")
    assert result.fun == 3 and result.readings >= 2
    assert "PONG/KONG of Red" in rows(result)


# --- Validation --------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("11111d 234d 567d 89d", "5 copies of 1d"),
        ("11d [111d] 234d 567d 99d", "5 copies of 1d"),
        ("(EEEE) E 123d 456d 789d", "5 copies of E"),
        ("F* F* F* F* 123d 456d 789d | F*", "5 FEI"),  # a sunk FEI counts
        ("[55d F*] F* F* F* F* 123d", "5 FEI"),
        ("123d 456d 789d EEE RR | f1 f1", "twice"),
        ("123b 456d 789d EEE RR", "1 Bamboo (1b) is not a card of 3leg"),
        ("[123b] 456d 789d EEE RR", "not a card of 3leg"),
        ("123d 456d 789d EEE 5m 5m", "Characters"),
        ("123d 456d 789d 123d 456d", "too many cards: 15"),
        ("(9999d) 123d 456d 678d EE F*", "too many cards: 15"),  # a KONG counts three
        ("123d 456d 789d 123d 456d 789d 11d EEE RRR GGG N | a1", "too many cards"),
        ("[5d F* F*] 123d 456d 789d EE", "2 FEI"),  # one FEI per set in 3leg
    ],
)
def test_invalid_hands(text: str, says: str) -> None:
    """A hand that cannot exist raises InvalidHandError with a clear message."""
    with pytest.raises(InvalidHandError) as err:
        judge(text)
    assert says in str(err.value)


def test_bonus_card_among_concealed_cards() -> None:
    """A bonus card cannot be concealed (the notation cannot say so; a Hand built in code can)."""
    hand = Hand(cards("1d 2d 3d 4d 5d 6d 7d 8d 9d E E E R f1"))
    with pytest.raises(InvalidHandError, match="bonus card f1 is among the concealed"):
        check(hand, load_rules("3leg"))


@pytest.mark.parametrize(
    ("meld", "says"),
    [
        (Meld(MeldKind.KONG, tuple(sorted(cards("5d 5d 5d F*")))), "never with a FEI"),
        (Meld(MeldKind.KONG, cards("E E E S")), "not a KONG"),
        (Meld(MeldKind.KONG, cards("E E E")), "KONG of 3 cards"),
        (Meld(MeldKind.PONG, cards("5d 6d 7d")), "not a PONG"),
        (Meld(MeldKind.CHEE, tuple(sorted(cards("5d 5d F*")))), "not a CHEE"),
        (Meld(MeldKind.NGAN, cards("5d 5d")), "NGAN of 2 cards"),
    ],
)
def test_laid_down_set_must_be_what_it_says(meld: Meld, says: str) -> None:
    """A Meld built in code that its cards do not make is invalid, not scored as its label."""
    hand = Hand(cards("1d 2d 3d 4d 5d 6d 7d 8d 9d R R"), (meld,), cards("a1"))
    with pytest.raises(InvalidHandError) as err:
        check(hand, load_rules("3leg"))
    assert says in str(err.value)


def test_unknown_seat_and_situation() -> None:
    """3leg has no North seat, and only three situations."""
    with pytest.raises(ChoiceError, match="no seat 'north'"):
        judge(PLAIN, "north")
    with pytest.raises(ChoiceError, match="knows no situation 'nosuch'"):
        judge(PLAIN, "east", "nosuch")


def test_four_identical_concealed_cards_are_not_a_kong() -> None:
    """5555d held is four cards: it counts four towards the size and may split as PONG + CHEE."""
    with pytest.raises(InvalidHandError, match="too many cards: 15"):
        judge("5555d 123d 789d EEE RR | a1")  # as a KONG it would count three: 14
    # Declared, the KONG counts three: a1 1 + PONG of East 2 + basic win 1 = 4.
    for kong in ("(5555d)", "[5555d]"):
        declared = judge(f"{kong} 123d 789d EEE RR | a1")
        assert (declared.size, declared.complete, declared.fun) == (14, True, 4)
    # Held, the four 5d are [555d] and a CHEE [567d]: a1 1 + East 2 + basic 1 = 4.
    held = judge("5555d 67d 123d EEE RR | a1")
    assert (held.size, held.complete, held.fun) == (14, True, 4)


# --- Properties ----------------------------------------------------------------------------------

DOTS = [f"{n}d" for n in range(1, 10)]
HONOURS = ["E", "S", "W", "N", "R", "G", "Wh"]
SEATS = ["east", "south", "west"]
Groups = list[tuple[str, list[str], bool]]  # (kind, cards, laid down) of each set and the NGAN


@st.composite
def legal_shapes(draw: st.DrawFn, fei_ok: bool = True) -> Groups:
    """Four legal sets and a NGAN as (kind, cards, laid down): at most 4 copies, one FEI a group."""
    groups: Groups = []
    for size in (3, 3, 3, 3, 2):
        kind = draw(st.sampled_from(["chee", "pong", "kong"])) if size == 3 else "ngan"
        if kind == "chee":
            low = draw(st.integers(1, 7))
            group = [f"{low + k}d" for k in range(3)]
        else:
            card = draw(st.sampled_from(DOTS + HONOURS))
            group = [card] * {"pong": 3, "kong": 4, "ngan": 2}[kind]
        if fei_ok and kind != "kong" and draw(st.booleans()):
            group[draw(st.integers(0, len(group) - 1))] = "F*"
        laid = kind == "kong" or (kind != "ngan" and draw(st.booleans()))
        groups.append((kind, group, laid))
    counts = Counter(c for _, g, _ in groups for c in g)
    assume(all(n <= 4 for c, n in counts.items()))
    return groups


def write(groups: Groups, bonus: str = "a1") -> str:
    """A shape in the notation: laid-down sets in brackets (a KONG concealed in round ones)."""
    parts = []
    for kind, group, laid in groups:
        text = " ".join(group)
        parts.append(f"({text})" if kind == "kong" and laid else f"[{text}]" if laid else text)
    return " ".join(parts) + (f" | {bonus}" if bonus else "")


@PROPERTY
@given(legal_shapes(), st.randoms(use_true_random=False), st.sampled_from(SEATS))
def test_score_does_not_depend_on_order(groups: Groups, rng: random.Random, seat: str) -> None:
    """Writing the groups (and the cards inside them) in another order gives the same verdict."""
    first = judge(write(groups), seat)
    shuffled = [(k, rng.sample(g, len(g)), laid) for k, g, laid in groups]
    rng.shuffle(shuffled)
    again = judge(write(shuffled), seat)
    assert verdict(again) == verdict(first) and again.status is first.status


@PROPERTY
@given(legal_shapes(), st.sampled_from(["", "a1", "f1 s2", "F*"]))
def test_four_legal_sets_and_a_ngan_are_complete(groups: Groups, bonus: str) -> None:
    """Every hand built from four legal sets and a NGAN is complete."""
    assume(not (bonus == "F*" and sum(g.count("F*") for _, g, _ in groups) == 4))
    result = judge(write(groups, bonus))
    assert result.complete and result.status is not Status.INCOMPLETE
    assert result.fun >= 1 and result.wins is (result.fun >= 5)


@PROPERTY
@given(legal_shapes(fei_ok=False), st.data())
def test_a_fei_can_replace_any_card(groups: Groups, data: st.DataObject) -> None:
    """Replacing any one concealed card of a complete FEI-free hand by a FEI keeps it complete."""
    held = [i for i, (_, _, laid) in enumerate(groups) if not laid]
    assume(held)
    i = data.draw(st.sampled_from(held))
    kind, group, laid = groups[i]
    j = data.draw(st.integers(0, len(group) - 1))
    replaced = [*groups[:i], (kind, [*group[:j], "F*", *group[j + 1:]], laid), *groups[i + 1:]]
    assert judge(write(groups)).complete
    assert judge(write(replaced)).complete


# --- docs/rules/3leg.md says what the code does ---------------------------------------------------

def test_doc_worked_examples() -> None:
    """Each worked example in docs/rules/3leg.md (FUN worked out by hand) is what check says."""
    doc = (Path(__file__).parent.parent / "docs" / "rules" / "3leg.md").read_text("utf-8")
    row = re.compile(r"^\| `([^`]+)` \| (east|south|west) \| (\d+) \| (yes|no) \|", re.MULTILINE)
    examples = row.findall(doc)
    assert len(examples) >= 8
    for text, seat, fun, wins in examples:
        result = judge(text.replace("\\|", "|"), seat)
        assert (result.fun, result.wins) == (int(fun), wins == "yes"), text
