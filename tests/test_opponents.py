"""The opponents never make an illegal move: seeded games of opponents only, each move checked by
the hand record's own card-by-card check (``tutor.table.replay``) and against the rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import TILES
from tutor.engine.decide.solver import shanten
from tutor.engine.scoring.check import check
from tutor.rules.load import load_rules
from tutor.table.events import Claim, Deal, Draw, Drawn, Win
from tutor.table.game import Game
from tutor.table.moves import Move, claim_moves, turn_moves
from tutor.table.opponents import choose_claim, choose_turn
from tutor.table.record import parse_record, write_record

RULES = load_rules("3leg")


@pytest.mark.parametrize("seed", range(12))
def test_a_game_of_opponents_is_legal_card_by_card(seed: int) -> None:
    game = Game(RULES, seed)
    result = game.play()
    record = game.record()
    # the record's own checker plays it through: copies, turns, claims legal, wins that win
    assert parse_record(write_record(record)) == record
    last = record.events[-1]
    assert isinstance(last, Win | Drawn)
    if isinstance(last, Win):
        assert last.seat == result.winner
        assert check(game.hands[last.seat], RULES, last.seat).wins
        assert check(game.hands[last.seat], RULES, last.seat).fun == result.fun
    # every card drawn, dealt or revealed is one of the deck's: no card beyond its copies
    cards: Counter = Counter()
    for e in record.events:
        if isinstance(e, Deal):
            cards.update(e.cards or ())
            cards.update(e.bonus)
        elif isinstance(e, Draw) and e.card is not None:
            cards[e.card] += 1
    for t, k in cards.items():
        assert k <= (RULES.wild_copies if t.is_fei else 1 if t.is_bonus else RULES.copies), t
    # the opponents claim only PONGs without a FEI (and SEK WOO)
    for e in record.events:
        if isinstance(e, Claim):
            assert e.action == "pong" and not e.meld.wild_count


def test_four_seats_play_a_legal_game() -> None:
    rules = load_rules("singapore")
    game = Game(rules, 3)
    game.play()
    assert len(game.seats) == 4
    assert parse_record(write_record(game.record())) == game.record()


def _random_hand(rng: random.Random, size: int) -> Hand:
    deck = [TILES[t] for t in sorted(RULES.in_play) for _ in range(4 if t != 34 else RULES.wild_copies)]
    return Hand(tuple(rng.sample(deck, size)))


@pytest.mark.parametrize("seed", range(15))
def test_the_policy_discards_to_the_lowest_shanten(seed: int) -> None:
    """Its discard keeps the lowest shanten any discard keeps (the public ``shanten`` of each)."""
    rng = random.Random(seed)
    hand = _random_hand(rng, 14)
    legal = turn_moves(hand, RULES, Seat.EAST)
    move = choose_turn(hand, RULES, Seat.EAST, legal, {t: 4 for t in RULES.in_play})
    assert move in legal
    if move.action == "win":
        assert check(hand, RULES, "east").wins
        return
    assert move.action == "discard" and move.tile is not None

    def kept(t):  # the 13 cards left by throwing t
        left = list(hand.concealed)
        left.remove(t)
        return shanten(Hand(tuple(left)), RULES)

    assert kept(move.tile) == min(kept(t) for t in set(hand.concealed))


def test_the_policy_takes_a_win_on_a_discard_and_a_pong_that_helps() -> None:
    hand = Hand.parse("123d 456d 789d EEE R")
    legal = claim_moves(hand, TILES[31], RULES, Seat.EAST, "right")
    assert choose_claim(hand, TILES[31], RULES, Seat.EAST, legal, {}) == Move("sek-woo", TILES[31])
    # a PONG of a dragon pair in a hand of pairs lowers the shanten: claimed
    hand = Hand.parse("RR GG 1199d EE S W N")
    legal = claim_moves(hand, TILES[31], RULES, Seat.EAST, "right")
    move = choose_claim(hand, TILES[31], RULES, Seat.EAST, legal, {t: 4 for t in RULES.in_play})
    assert move.action == "pong"


class _AnyLegal:
    """An agent that plays a random legal move, the moves beside a discard and the claims most often:
    it drives the engine through KONGs, CHEE, sinking and recalls the policy never makes."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def _pick(self, legal: list[Move], plain: str) -> Move:
        special = [m for m in legal if m.action != plain]
        return self.rng.choice(special) if special and self.rng.random() < 0.8 else self.rng.choice(legal)

    def turn(self, view, legal, drawn):
        return self._pick(legal, "discard")

    def claim(self, view, tile, source, legal):
        return self._pick(legal, "pass")


def test_random_legal_moves_make_records_the_checker_accepts() -> None:
    """Forty games of random legal moves at every seat: every record is accepted card by card, and
    between them they hold every kind of move."""
    kinds: Counter = Counter()
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(RULES, seed, {s: _AnyLegal(rng) for s in RULES.seats})
        game.play()
        kinds.update(e.kind for e in game.events)
        assert parse_record(write_record(game.record())) == game.record()
    assert {"claim", "kong", "add-kong", "sink", "recall", "win", "drawn", "bonus", "replacement"} <= set(kinds)


@pytest.mark.parametrize("name", ["3leg", "singapore"])
def test_the_draws_left_at_the_deal_are_the_solvers(name: str) -> None:
    """Before the first draw each seat's own draws to come are those the solver's horizon gives."""
    from tutor.engine.search.horizon import draws_after_deal, wall_after_deal

    rules = load_rules(name)
    game = Game(rules, 5)
    assert game.wall.playing_left == wall_after_deal(rules)
    for seat in rules.seats:
        assert game.draws_left(seat, rules.seats[1]) == draws_after_deal(rules, seat)
