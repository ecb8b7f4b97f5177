"""The hand notation of docs/notation.md: every form parses, errors name the column, round trips."""

from __future__ import annotations

import ast
import operator
import re
import string
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation import format_cards, format_hand, format_meld, parse_hand
from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.tiles import FEI_ID, FIRST_BONUS, FIRST_WIND, N_TILES, TILES, Tile
from tutor.errors import NotationError

PROPERTY = settings(max_examples=300, derandomize=True, deadline=None)
TOO_SLOW = HealthCheck.too_slow


def cards(names: str) -> tuple[Tile, ...]:
    """Cards from space-separated single-card names (``"1d 2d F*"``), read one by one."""
    return tuple(Tile.parse(n) for n in names.split())


def meld(kind: MeldKind, names: str, exposed: bool = True) -> Meld:
    """A set laid down, from single-card names."""
    return Meld(kind, tuple(sorted(cards(names))), exposed)


PONG, CHEE, KONG = MeldKind.PONG, MeldKind.CHEE, MeldKind.KONG


# --- Every form of docs/notation.md ---------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "concealed"),
    [
        ("123d", "1d 2d 3d"),
        ("55d", "5d 5d"),
        ("9d", "9d"),
        ("123p", "1d 2d 3d"),  # p is Dots, MPSZ style
        ("19b", "1b 9b"),
        ("19s", "1b 9b"),  # s is Bamboo
        ("123c", "1c 2c 3c"),
        ("123m", "1c 2c 3c"),  # m is Characters
        ("E S W N", "E S W N"),
        ("EEE", "E E E"),
        ("R G Wh", "R G Wh"),
        ("RR", "R R"),
        ("WhWh", "Wh Wh"),
        ("WWh", "W Wh"),  # West then White: Wh is read first only where it is written
        ("1234567z", "E S W N Wh G R"),  # 1-4 winds, 5 White, 6 Green, 7 Red
        ("F*", "F*"),
        ("F* F*", "F* F*"),
        ("321d", "1d 2d 3d"),  # the order of the digits does not matter
        ("1239d 19b", "1d 2d 3d 9d 1b 9b"),
    ],
)
def test_concealed_forms(text: str, concealed: str) -> None:
    """Loose cards in every spelling become the right concealed cards, and nothing else."""
    assert parse_hand(text) == Hand(cards(concealed))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[555d]", meld(PONG, "5d 5d 5d")),
        ("[123d]", meld(CHEE, "1d 2d 3d")),
        ("[5555d]", meld(KONG, "5d 5d 5d 5d")),
        ("(5555d)", meld(KONG, "5d 5d 5d 5d", exposed=False)),
        ("[EEE]", meld(PONG, "E E E")),
        ("[WhWhWh]", meld(PONG, "Wh Wh Wh")),
        ("(RRRR)", meld(KONG, "R R R R", exposed=False)),
        ("[55d F*]", meld(PONG, "5d 5d F*")),  # a PONG with a FEI
        ("[F* 55d]", meld(PONG, "5d 5d F*")),
        ("[RR F*]", meld(PONG, "R R F*")),
        ("[13d F*]", meld(CHEE, "1d 3d F*")),  # a CHEE with a FEI in the middle
        ("[12d F*]", meld(CHEE, "1d 2d F*")),
        ("[89d F*]", meld(CHEE, "8d 9d F*")),
        ("[1d 2d F*]", meld(CHEE, "1d 2d F*")),
        ("[ 5d 5d 5d ]", meld(PONG, "5d 5d 5d")),
        ("[555p]", meld(PONG, "5d 5d 5d")),
        ("[777z]", meld(PONG, "R R R")),
        ("[123s]", meld(CHEE, "1b 2b 3b")),
        ("[5d F* F*]", meld(PONG, "5d F* F*")),  # notation-legal; 3leg rejects it (one FEI a set)
    ],
)
def test_declared_sets(text: str, expected: Meld) -> None:
    """``[...]`` lays a set down, ``(...)`` is a concealed KONG; a FEI keeps the set's kind."""
    assert parse_hand(text) == Hand((), (expected,))


@pytest.mark.parametrize(
    ("text", "bonus"),
    [
        ("9d | f1", "f1"),
        ("9d | f1 f2 f3 f4", "f1 f2 f3 f4"),
        ("9d | s1 s4", "s1 s4"),
        ("9d | a1 a2 a3 a4", "a1 a2 a3 a4"),
        ("9d | k1 k4", "k1 k4"),
        ("9d | F*", "F*"),  # a sunk FEI
        ("9d | F* f1 F*", "F* F* f1"),
        ("9d |", ""),
        ("| f1", "f1"),
    ],
)
def test_bonus_after_the_bar(text: str, bonus: str) -> None:
    """After ``|`` come the bonus cards and sunk FEI; they are not concealed cards."""
    hand = parse_hand(text)
    assert hand.bonus == tuple(sorted(cards(bonus)))
    assert hand.concealed == (cards("9d") if text.startswith("9d") else ())


def test_rules_example_with_everything() -> None:
    """docs/notation.md's example: concealed cards, a set laid down, a FEI, bonus cards."""
    hand = parse_hand("123d [555d] EEE RR F* 9d | f1 a3")
    concealed = cards("1d 2d 3d E E E R R F* 9d")
    assert hand == Hand(concealed, (meld(PONG, "5d 5d 5d"),), cards("f1 a3"))
    assert hand.size == 13
    assert str(hand) == "1239d EEE RR F* [555d] | f1 a3"


def test_group_order_does_not_matter() -> None:
    """Groups may be written in any order, with any whitespace between them."""
    a = parse_hand("123d [555d] EEE RR F* 9d | f1 a3")
    b = parse_hand("F*\tRR 9d\n(5555d) EEE 321d | a3 f1".replace("(5555d)", "[555d]"))
    assert a == b


def test_kong_counts_three_towards_the_size() -> None:
    """A KONG is four cards but counts as one set: three towards the hand's size."""
    assert parse_hand("(5555d) [EEEE] 123d 99d").size == 3 + 3 + 3 + 2
    assert parse_hand("5555d").size == 4  # four loose cards are four cards, not a KONG
    assert parse_hand("5555d").melds == ()


# --- Errors name the column and what was expected ------------------------------------------

def test_the_error_of_the_brief_word_for_word() -> None:
    """The message the CLI prints for ``123d 55x``, minus its ``sekwoo:`` prefix."""
    with pytest.raises(NotationError) as err:
        parse_hand("123d 55x")
    assert str(err.value) == (
        "bad hand '123d 55x': at column 8, expected a suit letter (d b c p s m z), found 'x'"
    )
    assert (err.value.column, err.value.text) == (7, "123d 55x")  # the offset; the message counts from 1


@pytest.mark.parametrize(
    ("text", "column", "says"),
    [
        ("123d 0d", 5, "no card is numbered 0"),
        ("123d\n0d", 5, "no card is numbered 0"),  # a newline is one character, not a new count
        ("8z", 0, "honours in z run 1-7"),
        ("1239z", 3, "not 9"),  # the column of the bad digit inside the run
        ("123d 5", 6, "expected a suit letter (d b c p s m z), found the end of the hand"),
        ("[555d", 5, "']', found the end of the hand"),
        ("(5555d", 6, "')', found the end of the hand"),
        ("555d]", 4, "found ']'"),
        ("[]", 1, "expected card numbers, a wind or dragon (E S W N R G Wh) or F*, found ']'"),
        ("F", 0, "F*"),
        ("Whh", 2, "found 'h'"),
        ("5x", 1, "expected a suit letter"),
        ("[55d]", 0, "has 2 cards: a set has 3"),
        ("E  [55d]", 3, "has 2 cards"),  # the column of the bracket, past the spaces
        ("9d\n[5d]", 3, "has 1 card:"),
        ("[F* F* F*]", 0, "holds no real card"),
        ("(555d)", 0, "round brackets hold a concealed KONG"),
        ("E (555d F*)", 2, "a KONG never holds a FEI"),
        ("[5556d]", 0, "is not a KONG"),
        ("[135d]", 0, "is not a set"),
        ("[19d F*]", 0, "is not a set"),
        ("[E S W]", 0, "is not a set"),
        ("[1d 1b 1c]", 0, "is not a set"),
        ("123d f1", 5, "bonus cards such as f1 go after '|'"),
        ("123d s1", 5, "go after '|'"),
        ("123d a4", 5, "go after '|'"),
        ("123d k2", 5, "go after '|'"),
        ("123d | f5", 7, "bonus cards are numbered 1-4, not 5"),
        ("123d | 5d", 7, "expected F* or a bonus card (f1-f4 s1-s4 a1-a4 k1-k4), found '5'"),
        ("123d | f1 |", 10, "found '|'"),
        ("123d | E", 7, "expected F* or a bonus card"),
        ("１２３d", 0, "found '１'"),
        ("123d 🀄", 5, "found '🀄'"),
    ],
)
def test_errors_name_the_column(text: str, column: int, says: str) -> None:
    """Each error gives a 0-based character offset (its message counts columns from 1) and says
    what was expected or wrong."""
    with pytest.raises(NotationError) as err:
        parse_hand(text)
    assert err.value.column == column
    assert says in err.value.message
    assert str(err.value) == f"bad hand {text!r}: at column {column + 1}, {err.value.message}"


@pytest.mark.parametrize("text", ["", "   ", "\n\t", "|", " | "])
def test_empty_hand(text: str) -> None:
    """A hand with no card at all is an error with no column."""
    with pytest.raises(NotationError, match="the hand is empty") as err:
        parse_hand(text)
    assert err.value.column is None


def test_not_text() -> None:
    """Something other than a string is a NotationError, not a crash."""
    with pytest.raises(NotationError, match="a hand is text"):
        parse_hand(123)  # type: ignore[arg-type]


# --- The grammar ---------------------------------------------------------------------------

def test_grammar_is_conflict_free_in_strict_lalr() -> None:
    """``hand.lark`` builds as LALR with ``strict=True``: no conflicts, no colliding terminals."""
    from lark import Lark

    grammar = resources.files("notation").joinpath("hand.lark").read_text(encoding="utf-8")
    parser = Lark(grammar, parser="lalr", strict=True)
    assert parser.parse("123d [55d F*] (5555d) E Wh F* | f1 F*").data == "start"


# --- Properties: round trips and fuzzing ---------------------------------------------------

REAL = st.integers(0, FIRST_WIND + 6)  # a suited card or an honour
SUITED_START = st.integers(0, 26).filter(lambda i: i % 9 <= 6)
BONUS_OR_SUNK = st.sampled_from([FEI_ID, *range(FIRST_BONUS, N_TILES)])


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """A set the notation can write: PONG (up to two FEI), CHEE (up to one), KONG (none)."""
    kind = draw(st.sampled_from([PONG, CHEE, KONG]))
    if kind is CHEE:
        start = draw(SUITED_START)
        ids = [start, start + 1, start + 2]
        gap = draw(st.sampled_from([None, 0, 1, 2]))
        if gap is not None:
            ids[gap] = FEI_ID
        return Meld(CHEE, tuple(sorted(TILES[i] for i in ids)), True)
    real = draw(REAL)
    if kind is KONG:
        return Meld(KONG, (TILES[real],) * 4, draw(st.booleans()))
    fei = draw(st.integers(0, 2))
    return Meld(PONG, tuple(sorted([TILES[real]] * (3 - fei) + [TILES[FEI_ID]] * fei)), True)


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Any hand the notation can write: loose cards, sets, bonus cards (not necessarily legal)."""
    concealed = draw(st.lists(st.integers(0, FEI_ID).map(TILES.__getitem__), max_size=16))
    laid = draw(st.lists(melds(), max_size=4))
    bonus = draw(st.lists(BONUS_OR_SUNK.map(TILES.__getitem__), max_size=6))
    hand = Hand(tuple(concealed), tuple(laid), tuple(bonus))
    if not (concealed or laid or bonus):
        hand = Hand((TILES[0],))
    return hand


@PROPERTY
@given(hands())
def test_parse_inverts_format(hand: Hand) -> None:
    """``parse_hand(format_hand(h)) == h``, and ``repr`` pastes back."""
    assert parse_hand(format_hand(hand)) == hand
    assert eval(repr(hand)) == hand


@PROPERTY
@given(st.lists(st.integers(0, FEI_ID).map(TILES.__getitem__), min_size=1, max_size=20))
def test_format_cards_is_canonical(tiles: list[Tile]) -> None:
    """Loose cards format the same in any order, and read back as the same cards."""
    text = format_cards(tiles)
    assert text == format_cards(reversed(tiles))
    assert parse_hand(text).concealed == tuple(sorted(tiles))


@PROPERTY
@given(melds())
def test_format_meld_brackets(m: Meld) -> None:
    """A set laid down prints in square brackets, a concealed KONG in round ones."""
    text = format_meld(m)
    assert (text[0], text[-1]) == (("[", "]") if m.exposed else ("(", ")"))
    assert parse_hand(text).melds == (m,)


_DIGITS = st.text("123456789", min_size=1, max_size=4)
# One group written in any accepted spelling, for strings the parser must accept.
_GROUP = st.one_of(
    st.builds(operator.add, _DIGITS, st.sampled_from("dpbscm")),
    st.builds(operator.add, st.text("1234567", min_size=1, max_size=4), st.just("z")),
    st.sampled_from(["E", "S", "W", "N", "R", "G", "Wh", "WhWh", "EEE", "F*"]),
    st.sampled_from(
        ["[555d]", "[123p]", "[55d F*]", "[13d F*]", "(5555d)", "[EEEE]", "[F* WhWh]", "(7777z)"]
    ),
)
_SPACE = st.sampled_from([" ", "  ", "\t", "\n", " \n "])


@st.composite
def written_hands(draw: st.DrawFn) -> str:
    """A hand as a person might type it: groups in any spelling, any spacing, maybe bonus cards."""
    groups = draw(st.lists(_GROUP, min_size=1, max_size=8))
    text = "".join(g + draw(_SPACE) for g in groups)
    bonus = draw(st.lists(st.sampled_from(["f1", "s2", "a3", "k4", "F*", "f4"]), max_size=4))
    bar = draw(st.booleans())  # a bar with nothing after it is allowed
    if bonus or bar:
        text += "|" + draw(_SPACE) + " ".join(bonus)
    return text


@PROPERTY
@given(written_hands())
def test_format_of_parse_is_idempotent(text: str) -> None:
    """``format(parse(x))`` is a fixed point: formatting the canonical text again is a no-op."""
    once = format_hand(parse_hand(text))
    assert format_hand(parse_hand(once)) == once
    assert parse_hand(once) == parse_hand(text)


def _only_notation_errors(text: str) -> None:
    """``parse_hand`` accepts ``text`` or raises NotationError with a column inside the text."""
    try:
        parse_hand(text)
    except NotationError as err:
        assert err.column is None or 0 <= err.column <= len(text)
        assert err.text == text and "\n" not in str(err)


@settings(max_examples=400, derandomize=True, deadline=None, suppress_health_check=[TOO_SLOW])
@given(st.text(max_size=40))
def test_fuzz_any_text(text: str) -> None:
    """Arbitrary unicode never makes ``parse_hand`` raise anything but NotationError."""
    _only_notation_errors(text)


_STRAY = st.sampled_from(["[", "]", "(", ")", "|", "F", "*", "0", "9z", "f9"])
NOTATION_ALPHABET = string.digits + "dpbscmzESWNRGWhF*[]()|fak \t\n"


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(st.text(alphabet=NOTATION_ALPHABET, max_size=30))
def test_fuzz_notation_alphabet(text: str) -> None:
    """Strings of the notation's own characters never raise anything but NotationError."""
    _only_notation_errors(text)


@settings(max_examples=500, derandomize=True, deadline=None)
@given(st.lists(st.one_of(_GROUP, _STRAY), max_size=10).map(" ".join))
def test_fuzz_near_misses(text: str) -> None:
    """Valid groups among stray brackets and bad cards: NotationError or a hand, no crash."""
    _only_notation_errors(text)


@pytest.mark.parametrize(
    ("text", "culprit"),
    [
        ("123d 55x", "x"),
        ("E  [55d]", "["),
        ("9d (555d)", "("),
        ("123d\n0d", "0"),
        ("E\n\n1239z", "9"),
        ("123d | f5", "f"),
        ("123d k1", "k"),
        ("12 | f1", "|"),
        ("W \t[19d F*]", "["),
    ],
)
def test_error_column_points_at_the_culprit(text: str, culprit: str) -> None:
    """The character at the error's column is the one at fault (newlines and tabs count as one)."""
    with pytest.raises(NotationError) as err:
        parse_hand(text)
    col = err.value.column
    assert col is not None and text[col] == culprit


# --- docs/notation.md says what the code does ----------------------------------------------------

DOC = Path(__file__).parent.parent / "docs" / "notation.md"


def test_doc_quotes_the_grammar_file() -> None:
    """The grammar quoted in docs/notation.md is ``notation/hand.lark``, whole."""
    grammar = resources.files("notation").joinpath("hand.lark").read_text(encoding="utf-8")
    quoted = DOC.read_text(encoding="utf-8").split("```lark\n", 1)[1].split("```", 1)[0]
    assert quoted == grammar


def test_doc_error_lines_are_real() -> None:
    """Every ``bad hand '...': ...`` line in docs/notation.md is the error the parser raises."""
    error = re.compile(r"^(?:sekwoo: )?(bad hand ('(?:[^'\\]|\\.)*'): .*)$", re.MULTILINE)
    lines = error.findall(DOC.read_text("utf-8"))
    assert len(lines) >= 10
    for line, quoted in lines:
        with pytest.raises(NotationError) as err:
            parse_hand(ast.literal_eval(quoted))
        assert str(err.value) == line


def test_doc_examples_are_real() -> None:
    """The example table of docs/notation.md: what you write, its canonical form, its size."""
    row = re.compile(r"^\| `([^`]+)` \| `([^`]+)` \| (\d+) \|$", re.MULTILINE)
    rows = row.findall(DOC.read_text("utf-8"))
    assert len(rows) >= 5
    for written, canonical, size in rows:
        hand = parse_hand(written.replace("\\|", "|"))
        assert (format_hand(hand), hand.size) == (canonical.replace("\\|", "|"), int(size))
