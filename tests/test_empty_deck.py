"""With no playing card left in the deck, no move that draws a replacement card: no KONG (declared,
added or claimed) and no FEI sunk (seed 000: "When you KONG, you must take a replacement card from
the deck"). The replay refuses them in a record, the table does not offer them, and the solver
weighs no such option, at the root nor after a claim (``wall=0``), while a deck with a card left
still has them."""

from __future__ import annotations

import pytest
from support.rounds import random_round

from tutor.core.hands import Hand, Meld, MeldKind, Seat
from tutor.core.tiles import FEI, Tile
from tutor.engine.decide.claim import claim
from tutor.engine.decide.solver import discard
from tutor.errors import RecordError
from tutor.rules.load import load_rules
from tutor.table.events import Discard, Draw, Kong, Record, Sink
from tutor.table.moves import claim_moves, turn_moves
from tutor.table.replay import NO_REPLACEMENT, check_record, walk

RULES = load_rules("3leg")
KONG_AND_FEI = Hand.parse("5555d 123d 789d EE R F*")  # four of a kind and a FEI: a KONG and a sink on offer


def _actions(options: object) -> set[str]:
    return {o.action for o in options}  # type: ignore[attr-defined]


def test_the_table_offers_no_kong_nor_sinking_with_the_deck_empty() -> None:
    with_deck = {m.action for m in turn_moves(KONG_AND_FEI, RULES, Seat.EAST)}
    without = {m.action for m in turn_moves(KONG_AND_FEI, RULES, Seat.EAST, deck=False)}
    assert {"sink", "kong"} <= with_deck
    assert with_deck - without == {"sink", "kong"}
    three = Hand.parse("555d 123d 789d EE R F*")
    assert "kong" in {m.action for m in claim_moves(three, Tile.parse("5d"), RULES, Seat.EAST, "right")}
    assert "kong" not in {m.action for m in claim_moves(three, Tile.parse("5d"), RULES, Seat.EAST, "right", deck=False)}
    assert "pong" in {m.action for m in claim_moves(three, Tile.parse("5d"), RULES, Seat.EAST, "right", deck=False)}


@pytest.mark.parametrize("wall", [None, 3])
def test_the_solver_weighs_them_while_a_card_is_left(wall: int | None) -> None:
    assert {"sink", "kong"} <= _actions(discard(KONG_AND_FEI, RULES, "east", draws=1, wall=wall).options)


def test_the_solver_weighs_neither_with_the_deck_empty() -> None:
    result = discard(KONG_AND_FEI, RULES, "east", draws=0, wall=0)
    assert _actions(result.options) == {"discard"}
    thrown = Tile.parse("5d")
    three = Hand.parse("555d 123d 789d EE R F*")
    assert "kong" in _actions(claim(three, thrown, RULES, "right", "east", 0, wall=1).options)
    answers = claim(three, thrown, RULES, "right", "east", 0, wall=0).options
    assert "kong" not in _actions(answers) and "pong" in _actions(answers)
    # after a PONG, sinking the FEI for a replacement that may win is best while a card is left
    pair = Hand.parse("55d 111d 999d EE RR F* | f1")
    pong = [o for o in claim(pair, thrown, RULES, "right", "east", 0, wall=1).options if str(o.meld) == "[555d]"]
    assert pong[0].then == (FEI, "sink") and pong[0].expected_fun > 0
    pong = [o for o in claim(pair, thrown, RULES, "right", "east", 0, wall=0).options if str(o.meld) == "[555d]"]
    assert pong[0].then[1] == "discard" and pong[0].expected_fun == 0


def _ended_by_a_draw_and_a_discard(seed: int) -> tuple[Record, int] | None:
    """A whole round played at random whose last card drawn is followed by its seat's discard
    while that seat holds a FEI: the record and the index of that discard."""
    record = random_round(seed, None)
    at = 1 + max(k for k, e in enumerate(record.events) if isinstance(e, Draw))
    event = record.events[at]
    if not isinstance(event, Discard):
        return None
    board = next(b for k, (_, b) in enumerate(walk(record)) if k == at)
    assert board.wall == 0
    return (record, at) if board.cards[event.seat].known[FEI] else None


@pytest.fixture(scope="module")
def last_turn() -> tuple[Record, int]:
    return next(got for seed in range(400) if (got := _ended_by_a_draw_and_a_discard(seed)))


@pytest.mark.parametrize("move", ["sink", "kong"])
def test_a_record_may_not_sink_nor_kong_once_the_deck_is_empty(last_turn: tuple[Record, int], move: str) -> None:
    record, at = last_turn
    seat = record.events[at].seat  # type: ignore[attr-defined]
    events = list(record.events)
    events[at] = Sink(seat) if move == "sink" else Kong(seat, Meld(MeldKind.KONG, (Tile.parse("5d"),) * 4, exposed=False))
    with pytest.raises(RecordError) as err:
        check_record(Record(record.rules, record.player, tuple(events[: at + 1])))
    what = f"{seat} cannot sink a FEI" if move == "sink" else f"{seat} cannot declare a KONG"
    assert err.value.message == NO_REPLACEMENT.format(what=what)
    check_record(Record(record.rules, record.player, tuple(events[:at])))  # the record before it is sound
