"""The turn engine: one hand played from a seeded deal to a win or a drawn round, each seat's moves
asked of its agent (the opponents' policy, or the player at the drill), every move checked legal.

Play goes round from the dealer (the first seat), who holds a full hand and discards first. A seat
draws from the front of the deck; a bonus card drawn is revealed and replaced from the back, and
so is the card after a KONG or a sunk FEI. After each discard every other seat may answer it:
SEK WOO first (the nearest seat in turn order), then a PONG or KONG, then a CHEE by the next seat;
the claimer lays the set down and discards, and play goes on from the seat after it. The round is
drawn when a card is needed and the deck holds no playing card. Robbing a KONG is not played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from tutor.core.hands import Hand, Meld, MeldKind, Seat
from tutor.core.tiles import FEI_ID, Tile
from tutor.engine.decide.claim import after_claim
from tutor.engine.scoring.check import check
from tutor.errors import TutorError
from tutor.rules.load import RuleSet
from tutor.table.deck import Wall, deal
from tutor.table.events import (
    Claim,
    Deal,
    Discard,
    Draw,
    Drawn,
    Kong,
    Pass,
    Recall,
    Record,
    Sink,
    Win,
)
from tutor.table.events import Event as RecordEvent
from tutor.table.moves import Move, after_turn, claim_moves, turn_moves
from tutor.table.opponents import choose_claim, choose_turn, unseen_for


class IllegalMoveError(TutorError):
    """A seat's agent chose a move that is not legal now."""


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table, in order.

    ``kind`` is one of: ``deal`` (``hand``: the concealed cards dealt, bonus ones included),
    ``bonus`` (``tile`` revealed, ``other``: its replacement), ``draw`` (``tile``), ``discard``,
    ``claim`` (``meld`` laid down with ``tile`` from ``source``), ``kong``/``add-kong`` (``tile``),
    ``sink`` (``tile`` is the FEI), ``recall`` (``tile`` into ``meld``), ``replacement`` (``tile``
    drawn from the back after a KONG or a sunk FEI), ``win`` (``fun``; ``tile`` and ``source`` when
    on a discard), ``drawn`` (the round ends with no winner)."""

    kind: str
    seat: Seat | None = None
    tile: Tile | None = None
    meld: Meld | None = None
    hand: tuple[Tile, ...] = ()
    other: Tile | None = None
    source: Seat | None = None
    fun: int = 0


_MOVES = frozenset({"discard", "claim", "kong", "add-kong", "sink", "recall", "pass"})
"""The events a seat chooses (``View.since`` starts after its last)."""


@dataclass(frozen=True)
class View:
    """What one seat sees when it must move: its hand, the table, and its own draws left."""

    seat: Seat
    hand: Hand
    seen: Counter[Tile]  # every card in sight outside the seat's hand: discards, others' sets, sunk FEI
    discards: tuple[tuple[Seat, Tile], ...]  # every discard still on the table, in order
    others: tuple[tuple[Seat, Hand], ...]  # the other seats' sets and bonus cards (no concealed cards)
    wall: int  # playing cards left in the deck
    draws_left: int  # the seat's own draws to come if no one claims
    since: tuple[Event, ...] = ()  # what happened since the seat's last move (or since the deal)


class Agent(Protocol):
    """Who chooses a seat's moves."""

    def turn(self, view: View, legal: list[Move], drawn: Tile | None) -> Move: ...

    def claim(self, view: View, tile: Tile, source: str, legal: list[Move]) -> Move: ...


class Policy:
    """The opponents' agent: ``tutor.table.opponents``' policy."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def turn(self, view: View, legal: list[Move], drawn: Tile | None) -> Move:
        return choose_turn(view.hand, self.rules, view.seat, legal, unseen_for(self.rules, view.hand, view.seen))

    def claim(self, view: View, tile: Tile, source: str, legal: list[Move]) -> Move:
        # the card thrown is on the table, so among the cards the view has in sight already
        return choose_claim(view.hand, tile, self.rules, view.seat, legal, unseen_for(self.rules, view.hand, view.seen))


@dataclass(frozen=True)
class Result:
    """How the hand ended: the winner (None: a drawn round), its FUN, and whose discard it won on."""

    winner: Seat | None
    fun: int = 0
    source: Seat | None = None


class _Drawn(Exception):
    """The deck holds no playing card where one is needed."""


@dataclass
class Game:
    """One hand at the table, dealt from ``seed``; ``agents`` choose the seats' moves (a seat not in
    it plays by the opponents' policy)."""

    rules: RuleSet
    seed: int
    agents: Mapping[Seat, Agent] = field(default_factory=dict)
    flags: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        d = self._deal = deal(self.rules, self.seed)
        self.seats = d.seats
        self.hands = {s: Hand(d.hands[k], (), d.bonus[k]) for k, s in enumerate(self.seats)}
        self.wall = Wall(list(d.wall))
        self.river: list[tuple[Seat, Tile]] = []
        self.events: list[Event] = [Event("deal", s, hand=d.dealt[k]) for k, s in enumerate(self.seats)]
        self.events += [Event("bonus", r.seat, r.bonus, other=r.replacement) for r in d.reveals]
        self.dealt = len(self.events)  # the deal's events (the bonus cards show in the hands)
        self.result: Result | None = None
        self.river_source = self.seats[0]
        self._policy = Policy(self.rules)

    def agent(self, seat: Seat) -> Agent:
        return self.agents.get(seat, self._policy)

    # --- what a seat sees ----------------------------------------------------------------
    def draws_left(self, seat: Seat, next_drawer: Seat) -> int:
        """``seat``'s own draws to come when ``next_drawer`` draws next and no one claims."""
        p = len(self.seats)
        offset = (self.seats.index(seat) - self.seats.index(next_drawer)) % p
        return len(range(offset, self.wall.playing_left, p))

    def view(self, seat: Seat, next_drawer: Seat) -> View:
        seen: Counter[Tile] = Counter(t for _, t in self.river)
        others = []
        for s, h in self.hands.items():
            if s != seat:
                for m in h.melds:
                    seen.update(m.cards)
                seen.update(t for t in h.bonus if t.id == FEI_ID)
                others.append((s, Hand((), h.melds, h.bonus)))
        last = max((k for k, e in enumerate(self.events) if e.seat == seat and e.kind in _MOVES), default=-1)
        return View(seat, self.hands[seat], seen, tuple(self.river), tuple(others), self.wall.playing_left,
                    self.draws_left(seat, next_drawer), tuple(self.events[max(last + 1, self.dealt):]))

    def following(self, seat: Seat, k: int = 1) -> Seat:
        return self.seats[(self.seats.index(seat) + k) % len(self.seats)]

    # --- play ----------------------------------------------------------------------------
    def play(self) -> Result:
        """Play the hand to its end; the events are in ``events``, the end in ``result``."""
        try:
            self.result = self._play()
        except _Drawn:
            self.events.append(Event("drawn"))
            self.result = Result(None)
        return self.result

    def _take(self, seat: Seat, back: bool) -> Tile:
        """A card for ``seat`` from the front (a draw) or the back (a replacement), bonus cards
        revealed and replaced."""
        if not self.wall.playing_left:
            raise _Drawn
        card = self.wall.replacement() if back else self.wall.draw()
        self.events.append(Event("replacement" if back else "draw", seat, card))
        while card.is_bonus:
            new = self.wall.replacement()
            self.events.append(Event("bonus", seat, card, other=new))
            h = self.hands[seat]
            self.hands[seat] = Hand(h.concealed, h.melds, h.bonus + (card,))
            card = new
        h = self.hands[seat]
        self.hands[seat] = Hand(h.concealed + (card,), h.melds, h.bonus)
        return card

    def _play(self) -> Result:
        seat = self.seats[0]
        drawn: Tile | None = None
        while True:
            end = self._turn(seat, drawn)
            if end is not None:
                return end
            thrown = self.river[-1][1]
            answer = self._claims(seat, thrown)
            if isinstance(answer, Result):
                return answer
            if answer is None:
                seat = self.following(seat)
                drawn = self._take(seat, back=False)
                continue
            seat, move = answer
            self.river.pop()
            assert move.meld is not None
            self.hands[seat] = after_claim(self.hands[seat], move.meld, thrown)
            self.events.append(Event("claim", seat, thrown, move.meld, source=self.river_source))
            drawn = self._take(seat, back=True) if move.action == "kong" else None

    def _turn(self, seat: Seat, drawn: Tile | None) -> Result | None:
        """The seat's moves until its discard (None) or its win."""
        while True:
            hand = self.hands[seat]
            legal = turn_moves(hand, self.rules, seat, drawn, self.flags, self.wall.playing_left > 0)
            move = self.agent(seat).turn(self.view(seat, self.following(seat)), legal, drawn)
            if move not in legal:
                raise IllegalMoveError(f"{seat} may not play {move.label} with {hand}")
            if move.action == "win":
                fun = check(hand, self.rules, seat, self.flags).fun
                self.events.append(Event("win", seat, fun=fun))
                return Result(seat, fun)
            self.hands[seat] = after_turn(hand, move, self.rules)
            meld = move.meld
            if move.action in ("kong", "add-kong"):  # the KONG as it now lies
                meld = next(m for m in self.hands[seat].melds if m.kind is MeldKind.KONG and m.cards[0] == move.tile)
            self.events.append(Event(move.action, seat, move.tile, meld))
            if move.action == "discard":
                assert move.tile is not None
                self.river.append((seat, move.tile))
                return None
            drawn = self._take(seat, back=True) if move.action != "recall" else None

    def _claims(self, thrower: Seat, tile: Tile) -> Result | tuple[Seat, Move] | None:
        """Every other seat's answer to ``tile``: the win, or the claim that goes first, or None."""
        self.river_source = thrower
        answers: list[tuple[Seat, Move]] = []
        for k in range(1, len(self.seats)):
            seat = self.following(thrower, k)
            source = "left" if k == 1 else "right"
            legal = claim_moves(self.hands[seat], tile, self.rules, seat, source, self.flags, self.wall.playing_left > 0)
            if len(legal) == 1:
                continue
            move = self.agent(seat).claim(self.view(seat, self.following(thrower)), tile, source, legal)
            if move not in legal:
                raise IllegalMoveError(f"{seat} may not answer {tile} with {move.label}")
            if move.action == "pass":
                self.events.append(Event("pass", seat, tile))
            else:
                answers.append((seat, move))
        for seat, move in answers:
            if move.action == "sek-woo":
                h = self.hands[seat]
                won = Hand(h.concealed + (tile,), h.melds, h.bonus)
                fun = check(won, self.rules, seat, self.flags).fun
                self.hands[seat] = won
                self.events.append(Event("win", seat, tile, fun=fun, source=thrower))
                return Result(seat, fun, thrower)
        for rank in (("pong", "kong"), ("chee",)):
            for seat, move in answers:
                if move.action in rank:
                    return seat, move
        return None

    def record(self, player: Seat | None = None) -> Record:
        """The hand as a hand record (``tutor.table.record``), every seat's cards written, from
        ``player``'s seat."""
        out: list[RecordEvent] = []
        for e in self.events:
            seat = e.seat or self.seats[0]
            if e.kind == "deal":
                k = self.seats.index(seat)
                out.append(Deal(seat, self._deal.hands[k], self._deal.bonus[k]))
            elif e.kind in ("draw", "replacement"):
                out.append(Draw(seat, e.tile))
            elif e.kind == "bonus" and e.other is not None and any(isinstance(x, Draw) for x in out):
                out.append(Draw(seat, e.other))  # a bonus card drawn in play: its replacement
            elif e.kind == "discard" and e.tile is not None:
                out.append(Discard(seat, e.tile))
            elif e.kind == "pass":
                out.append(Pass(seat))
            elif e.kind == "claim" and e.meld is not None:
                out.append(Claim(seat, e.meld.kind.value, e.meld))
            elif e.kind in ("kong", "add-kong") and e.meld is not None:
                out.append(Kong(seat, e.meld))
            elif e.kind == "sink":
                out.append(Sink(seat))
            elif e.kind == "recall" and e.tile is not None:
                out.append(Recall(seat, e.tile, e.meld))
            elif e.kind == "win":
                out.append(Win(seat, e.fun))
            elif e.kind == "drawn":
                out.append(Drawn())
        return Record(self.rules.name, player, tuple(out))


__all__ = ["Agent", "Event", "Game", "IllegalMoveError", "Policy", "Result", "View"]
