"""Hand records (docs/records.md): the grammar, parse -> write -> parse round trips, and the
card-by-card check, whose errors name the line and column."""

from __future__ import annotations

import doctest
import re
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.rounds import random_round

from tutor.core.hands import Hand, Meld, MeldKind, Seat
from tutor.core.tiles import FEI, Tile
from tutor.errors import RecordError
from tutor.rules.load import load_rules
from tutor.table.events import (
    Claim,
    Deal,
    Draw,
    Kong,
    Recall,
    Record,
    Win,
)
from tutor.table.record import parse_record, read_record, write_record
from tutor.table.replay import check_record, walk

DOCS = Path(__file__).parent.parent / "docs"
RULES = load_rules("3leg")
EAST, SOUTH, WEST = Seat.EAST, Seat.SOUTH, Seat.WEST

# East is dealt a hand one card from winning 5 FUN (PONG of East 2, PONG of Red 1, f1 1, the win 1).
READY = (Path(__file__).parent / "records" / "ready.txt").read_text(encoding="utf-8")


def t(text: str) -> Tile:
    return Tile.parse(text)


# --- The grammar ---------------------------------------------------------------------------

def test_grammar_is_conflict_free_in_strict_lalr() -> None:
    """``record.lark`` (with the hand grammar it imports) builds as LALR with ``strict=True``."""
    from lark import Lark

    grammar = resources.files("notation").joinpath("record.lark")
    with resources.as_file(grammar) as path:
        parser = Lark.open(str(path), parser="lalr", strict=True)
    assert parser.parse("east deal 123d [55d F*] | f1\nsouth sek-woo 7\n").data == "start"


def test_every_line_kind_reads_into_its_event() -> None:
    text = ("Rules 3leg\nPLAYER south\nEast Deal ? | s1\n\n  # a comment line\nsouth draw f2   # revealed\n"
            "south draw 5d\nsouth discard 9d\nwest pong [9d 9d F*]\nwest chee [123d]\nwest kong [5555d]\n"
            "west kong (EEEE)\nwest sink F*\nwest recall 9d [99d F*]\nwest recall 9d\nwest pass\nwest sek-woo 7\n"
            "west sek woo\nwest sekwoo 3\ndrawn")
    record = read_record(text)
    assert record.rules == "3leg" and record.player == SOUTH
    plural = re.sub(r"\b(draw|discard|pong|kong)\b", r"\1s", text).replace(" pass", " passes")
    assert plural != text and read_record(plural) == record
    kinds = [type(e).__name__ for e in record.events]
    assert kinds == ["Deal", "Draw", "Draw", "Discard", "Claim", "Claim", "Kong", "Kong", "Sink", "Recall", "Recall",
                     "Pass", "Win", "Win", "Win", "Drawn"]
    deal = record.events[0]
    assert isinstance(deal, Deal) and deal.cards is None and deal.bonus == (t("s1"),) and deal.line == 3
    pong = record.events[4]
    assert isinstance(pong, Claim) and pong.action == "pong" and pong.meld.wild_count == 1
    kong = record.events[6]  # after west's own chee, not a discard: added to a PONG
    assert isinstance(kong, Kong) and kong.meld.exposed
    win = record.events[12]
    assert isinstance(win, Win) and win.fun == 7 and win.line == 17


def test_a_kong_right_after_another_seats_discard_of_its_card_is_a_claim() -> None:
    record = read_record("south discard 5d\nwest kong [5555d]\nwest kong [5555d]\n")
    assert isinstance(record.events[1], Claim) and record.events[1].action == "kong"
    assert isinstance(record.events[2], Kong)


@pytest.mark.parametrize(("text", "line", "column", "message"), [
    ("east deal 12x", 1, 13, "expected a suit letter"),
    ("rules 3leg\neast draw 0d", 2, 11, "no card is numbered 0"),
    ("east pong [135d]", 1, 11, "is not a set"),
    ("east frob 5d", 1, 6, "expected 'deal', 'draw'"),
    ("east draw f5", 1, 11, "bonus cards are numbered 1-4"),
    ("east draw 55d", 1, 11, "one card here, not 2"),
    ("east chee [555d]", 1, 11, "is a PONG, not a CHEE"),
    ("east sink 5d", 1, 11, "only a FEI is sunk"),
    ("east deal 1d\nrules 3leg", 2, 7, "the rules line comes once, first"),
    ("east deal", 1, 10, "found the end of the record"),
    ("east deal 123d f1", 1, 16, "bonus cards such as f1 go after '|'"),
    ("east pong RRR", 1, 11, "expected '[', found 'RRR'; a set laid down is written in brackets"),
    ("east deal 123d eee", 1, 16, "winds and dragons are written in capitals: EEE"),
    ("east discard 5D", 1, 15, "suits are written in lower case: 5d"),
    ("east chi [123d]", 1, 6, "'pong', 'chee', 'kong', 'sink', 'recall', 'pass' or 'sek-woo', found 'chi'; did you mean 'chee'?"),
    ("east pung [EEE]", 1, 6, "found 'pung'; did you mean 'pong'?"),
    ("soth discard 9d", 1, 1, "found 'soth'; did you mean 'south'?"),
    ("east dicsard 9d", 1, 6, "found 'dicsard'; did you mean 'discard'?"),
])
def test_bad_text_names_its_line_and_column(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)) as err:
        read_record(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert str(err.value).startswith(f"line {line}, column {column}: ")


# --- Round trips ---------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_rounds_round_trip_and_play_through(seed: int) -> None:
    """parse(write(r)) == r and write(parse(write(r))) == write(r), for full and partial records;
    the replay ends with the deck empty and every card of the deck seen at most once."""
    player = [None, EAST, SOUTH, WEST][seed % 4]
    record = random_round(seed, player)
    text = write_record(record)
    again = parse_record(text)
    assert again == record
    assert write_record(again) == text
    board = check_record(again)
    assert board.wall == 0 and board.over
    if player is None:  # every card is known: the hands, sets, bonus cards and discards are the deck
        held = sum((sum(c.known.values()) + sum(len(m.cards) for m in c.melds) + len(c.bonus)
                    for c in board.cards.values()), 0)
        assert held + len(board.discards) == 84


def test_lines_keep_where_they_were_read_but_equality_ignores_it() -> None:
    record = parse_record(READY)
    assert [e.line for e in record.events][:3] == [3, 4, 5]
    moved = parse_record("\n\n" + READY.replace("rules 3leg\n", "rules 3leg\n# moved\n"))
    assert moved == record and moved.events[0].line != record.events[0].line


def test_documented_examples_run() -> None:
    result = doctest.testfile(str(DOCS / "records.md"), module_relative=False)
    assert result.attempted >= 4 and result.failed == 0


def test_documented_records_parse() -> None:
    """The page's records: the one in full, and the same with the opponents' draws left out."""
    text = (DOCS / "records.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```text\n")[1:]]
    records = [parse_record(b) for b in blocks if b.lstrip().startswith(("rules", "#"))]
    assert len(records) == 2 and records[0] == parse_record(READY)

    def seen(record: Record) -> list:
        return [e for e in record.events if not (isinstance(e, Draw) and e.card is None)
                and not (isinstance(e, Deal) and e.cards is None)]

    assert seen(records[0]) == seen(records[1]) == list(records[1].events)


# --- The card-by-card check ----------------------------------------------------------------

def _error(text: str) -> RecordError:
    with pytest.raises(RecordError) as err:
        parse_record(text)
    return err.value


@pytest.mark.parametrize(("change", "line", "column", "message"), [
    (("south discard N", "south discard 4d\nwest draw ?\nwest discard 4d\neast draw ?"), 17, 11,
     "the player's own draws are known"),
    (("east deal 123456d EEE RRR W G | f1", "east deal 123456d EEE RRR W G | f1 f1"), 3, 11,
     "the bonus card f1 is seen twice"),
    (("west discard 9d", "west discard 9d\neast pong [999d]"), 11, 11, "east cannot claim 9d"),
    (("west discard 9d", "west discard 9d\nwest pong [999d]"), 11, 11, "west cannot claim [999d] on its own discard"),
    (("west discard 9d", "west discard E\neast pong [E F* E]"), 11, 11, "east cannot claim E for [EE F*]"),
    (("south discard G", "south discard 3d\neast chee [345d]"), 9, 11,
     "a CHEE is claimed only from the player before: south does not sit before east"),
    (("east sek-woo 5", "east sek-woo 6"), 17, 14, "scores 5 FUN, not 6"),
    (("west discard G\neast sek-woo 5", "west discard W\neast sek-woo"), 17, 1, "does not win on W from west"),
    (("east draw 4d", "south draw 4d"), 11, 12, "it is not south's draw: east is to draw"),
    (("east discard W", "east draw 5d"), 12, 11, "east holds a full hand: it discards before it draws again"),
    (("east discard W", "east kong (EEEE)"), 12, 11, "east holds only 3 of E: a KONG of cards held takes all 4"),
    (("east sek-woo 5", "drawn"), 17, 1, "a round is drawn when the deck runs out"),
    (("south discard N", "south discard F*\nwest pong [F* F* F*]"), 15, 11, "holds no real card"),
    (("south discard N", "south discard F*\nwest pong [F* 9d 9d]"), 15, 11, "a FEI thrown away is never claimed"),
    (("east sek-woo 5", "east sek-woo 5\nsouth draw ?"), 18, 12, "the round is over"),
    (("south discard N", "south discard F*\nwest sek-woo"), 15, 1, "never claimed, for a win either"),
])
def test_records_that_cannot_have_happened(change: tuple[str, str], line: int, column: int, message: str) -> None:
    old, new = change
    assert old in READY
    err = _error(READY.replace(old, new))
    assert message in err.message
    assert (err.line, err.column) == (line, column)


def test_a_card_beyond_its_copies_is_named_where_it_appears() -> None:
    text = READY.replace("south discard G", "south discard 1d\nwest draw ?\nwest discard 1d\neast draw 9d\neast discard 9d\n"
                         "south draw ?\nsouth discard 1d\nwest draw ?\nwest discard 1d", 1)
    err = _error(text.split("west draw ?\nwest discard 9d")[0])
    assert err.message == "one 1d too many: 3leg has 4, and this is the 5th in sight"
    lines = text.splitlines()
    assert lines[err.line - 1].startswith("west discard 1d") and err.line > 12
    assert err.column == len("west discard ") + 1


def test_unseen_hands_take_the_cards_they_show() -> None:
    """An opponent's hand not seen lays down any set it can hold; its cards are then counted."""
    four = READY.replace("west discard 9d", "west discard 9d\nsouth pong [999d]\nsouth discard 1d\nwest draw ?\n"
                         "west discard 9d")
    board = check_record(parse_record(four))  # the fourth 9d, thrown by west from cards not seen
    assert board.hand(SOUTH).melds == (Meld(MeldKind.PONG, (t("9d"),) * 3),) and board.cards[SOUTH].hidden == 10
    five = READY.replace("west discard 9d", "west discard 9d\nsouth kong [9999d]\nsouth draw ?\nsouth discard 9d")
    err = _error(five)
    assert "one 9d too many" in err.message and err.line == 13


def test_an_opponents_draw_not_seen_may_be_left_out() -> None:
    """A discard by the seat whose turn it is to draw implies a draw not seen; never the player's."""
    short = "".join(line + "\n" for line in READY.splitlines() if not line.endswith("draw ?"))
    assert short.count("draw") == 1 and "deal ?" in short
    board = check_record(parse_record(short))
    full = check_record(parse_record(READY))
    assert (board.wall, board.cards[SOUTH].hidden, board.cards[WEST].hidden) == (full.wall, 13 - 2 + 2, 13)
    assert write_record(parse_record(short)).count("draw ?") == 0  # written as it was read
    err = _error(READY.replace("east draw 4d\n", ""))
    assert err.message == "east must draw before it can discard" and err.line == 11


def test_a_win_on_the_deal_or_the_dealers_first_discard_is_a_limit_hand() -> None:
    """TIN WOO (East wins on the dealt hand) and DEI WOO (on East's first discard) score the limit:
    with a flower, the same hands are short of the minimum any later."""
    parse_record("player east\neast deal 123456789d EEE RR | f1\neast sek-woo 10\n")
    parse_record("player south\nsouth deal 12345678d EEE RR | f2\neast discard 9d\nsouth sek-woo 10\n")
    late = "player south\nsouth deal 12345678d EEE RR | f2\neast discard 1d\nsouth draw 1d\nsouth discard 1d\n" \
           "west draw ?\nwest discard 9d\nsouth sek-woo\n"
    assert "short of the minimum" in _error(late).message


def test_the_player_must_be_dealt_and_known() -> None:
    assert "the player's own hand is known" in _error("player east\neast deal ?\n").message
    assert "has no 'deal' line" in _error("player south\neast deal 123456d EEE RRR W G\neast discard W\n").message


def test_recall_and_add_kong_and_sink_play_through() -> None:
    text = """\
rules 3leg
player east
east deal 11d 234d 678d EE F* F* RR
south deal ?
west deal ?
east discard 1d
south draw ?
south discard R
east pong [R F* R]
east discard 1d
south draw ?
south discard 9d
west draw ?
west discard 9d
east draw R
east recall R
east sink F*
east draw 5d
east discard 5d
south draw ?
south discard E
east pong [EEE]
east discard F*
south draw ?
south discard S
west draw ?
west discard S
east draw E
east kong [EEEE]
east draw 9d
east discard 9d
"""
    record = parse_record(text)
    assert parse_record(write_record(record)) == record
    board = check_record(record)
    hand = board.hand(EAST)
    assert Meld(MeldKind.PONG, (t("R"),) * 3) in hand.melds and Meld(MeldKind.KONG, (t("E"),) * 4) in hand.melds
    assert hand.bonus == (FEI,) and FEI not in hand.concealed and hand.size == 13
    assert board.wall == 28 - 10  # ten playing cards drawn: the bonus cards are not counted
    recall = next(e for e in record.events if isinstance(e, Recall))
    assert recall.meld is None and write_record(record).count("east recall R\n") == 1
    bad = text.replace("east draw R\neast recall R", "east draw 5d\neast recall 5d")
    assert "no FEI in any set laid down stands for 5d" in _error(bad).message


def test_walk_gives_the_board_before_each_event() -> None:
    record = parse_record(READY)
    walls = [(type(e).__name__, b.wall, b.turn) for e, b in walk(record)]
    assert walls[3] == ("Discard", 28, EAST)  # the dealt hand, before any draw
    last = next(b for e, b in walk(record) if isinstance(e, Win))
    assert last.last_discard == (WEST, t("G"))
    assert sorted(map(str, last.seen(EAST))) == sorted(["4d", "G", "9d", "W", "N", "G"])
    assert Hand.parse("123456d EEE RRR G | f1") == last.hand(EAST)


def test_a_bad_rules_or_player_line_is_named_at_its_line() -> None:
    """The rule set and the seat a record names are the record's errors, at their lines."""
    err = _error("# a comment\nrules 3lg\nplayer east\neast deal ?\n")
    assert (err.line, err.column) == (2, 7) and "did you mean '3leg'" in err.message
    err = _error("rules 3leg\n\nplayer north\neast deal ?\n")
    assert (err.line, err.column) == (3, 8) and err.message.startswith("3leg has no seat north")
    err = _error("player north\neast deal ?\n")  # the default rule set's seats
    assert err.line == 1 and "no seat north" in err.message
