"""Review a hand record: every decision of the record's player graded by the solver (docs/records.md).

A decision is each time the player holds a full hand and moves (a discard, a KONG, a sunk or a
recalled FEI, SEK WOO on the own draw), and each card another player throws that the player could
claim (pass, PONG, CHEE, KONG, SEK WOO). The hand, the cards in sight and the playing cards left in
the deck come from the record (``tutor.table.replay``); the solver (``tutor.engine.discard`` and
``tutor.engine.claim``) weighs every option by expected FUN over the player's draws left in the
round. The loss is the best option's expected FUN minus the player's, graded by ``GRADES``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tutor.core.hands import Hand, Meld, Seat
from tutor.core.tiles import FEI, Tile
from tutor.core.words import plural
from tutor.errors import ArgumentError
from tutor.table.events import Claim, Discard, Draw, Event, Kong, Pass, Recall, Record, Sink, Win
from tutor.table.replay import Board, walk

if TYPE_CHECKING:
    from tutor.engine.results import ClaimOption, ClaimResult, DiscardResult, Option
    from tutor.rules.load import RuleSet

GRADES: tuple[tuple[str, float], ...] = (("blunder", 1.0), ("mistake", 0.3), ("inaccuracy", 0.1))
"""A decision's grade by the expected FUN it gives up (at least the figure): below the last, a move
is "good" (or "best" when nothing is given up)."""
TIE = 1e-6  # expected FUN closer than this is the same value: the player's move is as good as the best
BAD = ("mistake", "blunder")  # the grades the bad-move rate counts


@dataclass(frozen=True)
class Choice:
    """One option at a decision: what it is (``action``, its card or set) and what it is worth."""

    action: str  # discard, sink, kong, add-kong, recall, sek-woo, pass, pong, chee
    tile: Tile | None
    meld: Meld | None
    expected_fun: float
    win_probability: float
    win_by_draw: tuple[float, ...]
    distance: int  # draws from a win of the cards kept (-1: a win)
    acceptance: int = 0  # unseen cards that bring the hand closer (a discard's own count)
    accepts: tuple[tuple[Tile, int], ...] = ()
    aim_fun: int = 0  # what the nearest winning hands score
    then: tuple[Tile, str] | None = None  # the move that follows (a claim's discard, a recall's)

    @property
    def label(self) -> str:
        """The move in the record's words: ``discard 9d``, ``pong [RRR]``, ``pass``, ``sek-woo``."""
        if self.action in ("pass", "sek-woo"):
            return self.action
        if self.action in ("pong", "chee", "kong") and self.meld is not None:
            return f"{self.action} {self.meld}"
        if self.action == "recall":
            return f"recall {self.tile} {self.meld}"
        if self.action == "add-kong":
            return f"kong [{self.tile}×4]"
        return f"{self.action} {self.tile}"


@dataclass(frozen=True)
class Decision:
    """One graded decision: the hand, the options best first, the player's, the loss and its grade."""

    index: int  # the event's place in the record (from 0)
    line: int  # its line in the record's text (0 if built in code)
    kind: str  # "move" (a full hand: discard, KONG, FEI, SEK WOO) or "claim" (a card thrown by another)
    hand: Hand  # the player's hand before the decision
    offered: Tile | None  # a claim: the card thrown; a move: the card just drawn (None after a claim)
    source: str  # a claim: "left" or "right"; a move: ""
    draws: int  # the horizon: own draws left
    wall: int  # playing cards left in the deck
    options: tuple[Choice, ...]  # best first
    played: Choice
    loss: float
    grade: str  # best, good, inaccuracy, mistake, blunder
    category: str  # efficiency, value, FEI, claim, KONG
    explanation: str
    seconds: float  # the solver's time on it
    after: str = ""  # a move: what came before it: "deal", "draw", "claim" (its own discard), "recall"

    @property
    def best(self) -> Choice:
        return self.options[0]


@dataclass(frozen=True)
class Review:
    """Every decision of a record's player, graded, and the summary."""

    record: Record
    rules: RuleSet
    player: Seat
    decisions: tuple[Decision, ...]
    seconds: float

    @property
    def match_rate(self) -> float:
        """The share of decisions where the player's move is worth the best's."""
        return sum(d.grade == "best" for d in self.decisions) / len(self.decisions) if self.decisions else 1.0

    @property
    def bad_move_rate(self) -> float:
        """The share of decisions graded a mistake or a blunder."""
        return sum(d.grade in BAD for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    @property
    def fun_lost(self) -> float:
        """The expected FUN given up over the hand: the sum of the losses."""
        return sum(d.loss for d in self.decisions)

    @property
    def worst(self) -> tuple[Decision, ...]:
        """Up to three decisions that gave most up (each giving something up), worst first."""
        bad = sorted((d for d in self.decisions if d.loss >= TIE), key=lambda d: (-d.loss, d.index))
        return tuple(bad[:3])


def grade(loss: float) -> str:
    """The grade of a decision that gives up ``loss`` expected FUN (``GRADES``)."""
    if loss < TIE:
        return "best"
    for name, least in GRADES:
        if loss >= least - TIE:
            return name
    return "good"


def review(
    record: Record, rules: RuleSet | None = None, seat: str | Seat | None = None, draws: int | None = None,
    exact_draws: int | None = None, progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Grade every decision of the record's player (or ``seat``'s) at the round horizon: the
    player's draws left in the round, or at most ``draws``. ``progress(done, events)`` is called
    after each event."""
    if rules is None:
        from tutor.rules.load import load_rules

        rules = load_rules(record.rules)
    player = rules.seat(seat) if seat is not None else record.player
    if player is None:
        raise ArgumentError("seat", "the record names no player ('player SEAT'): say whose decisions to grade")
    if record.player is not None and record.player != player:
        raise ArgumentError("seat", f"the record is {record.player}'s view: only their cards are all known")
    start = time.monotonic()
    decisions: list[Decision] = []
    events = record.events
    pending: tuple[int, Board, Hand, Tuple3] | None = None  # a claim the player may make, not yet answered
    last_move: str = ""
    for k, (event, board) in enumerate(walk(record, rules)):
        if pending is not None and _answers(event, player):
            if not _taken(event, player, pending[2], pending[3][0], rules):
                decisions.append(_claim_decision(pending, event, rules, player, draws, exact_draws, record.events))
            pending = None
        if isinstance(event, Discard) and event.seat != player and board.dealt and _may_claim(board, player, event, rules):
            pending = (k, board, board.hand(player), (event.card, board.source(player, event.seat), board.wall))
        mine = getattr(event, "seat", None) == player
        if mine and board.turn == player and isinstance(event, Discard | Kong | Sink | Recall | Win):
            decisions.append(_move_decision(k, event, board, rules, player, draws, exact_draws, last_move))
        last_move = type(event).__name__ if mine else last_move
        if progress is not None:
            progress(k + 1, len(events))
    return Review(record, rules, player, tuple(decisions), time.monotonic() - start)


Tuple3 = tuple[Tile, str, int]


def _answers(event: Event, player: Seat) -> bool:
    """Whether ``event`` settles the player's answer to the card just thrown: the player's claim,
    win or pass, or any move that closes the claims (a draw, another's claim or win)."""
    if isinstance(event, Pass):
        return event.seat == player
    return isinstance(event, Claim | Win | Draw)


def _taken(event: Event, player: Seat, hand: Hand, card: Tile, rules: RuleSet) -> bool:
    """Whether another player took the card before the player could answer: a SEK WOO, or a PONG or
    KONG (which come before a CHEE) when the player could not win on the card."""
    from tutor.engine.score import check

    if getattr(event, "seat", player) == player or not isinstance(event, Claim | Win):
        return False
    if isinstance(event, Win) or event.action == "chee":
        return isinstance(event, Win)
    return not check(Hand((*hand.concealed, card), hand.melds, hand.bonus), rules, player).wins


def _may_claim(board: Board, player: Seat, event: Discard, rules: RuleSet) -> bool:
    """Whether the player has any claim of the card thrown (a set, or SEK WOO)."""
    from tutor.engine.claim import legal_claims
    from tutor.engine.score import check

    hand = board.hand(player)
    source = "left" if board.next_seat(event.seat) == player else "right"
    if legal_claims(hand, event.card, rules, source):
        return True
    return check(Hand((*hand.concealed, event.card), hand.melds, hand.bonus), rules, player).wins


def _seen_without(seen: tuple[Tile, ...], card: Tile) -> list[Tile]:
    out = list(seen)
    out.remove(card)
    return out


def _claim_decision(
    pending: tuple[int, Board, Hand, Tuple3], event: Event, rules: RuleSet, player: Seat, draws: int | None,
    exact_draws: int | None, events: tuple[Event, ...],
) -> Decision:
    from tutor.engine.claim import claim

    k, board, hand, (card, source, wall) = pending
    seen = _seen_without(board.seen(player), card)  # the claim's own search counts the card thrown
    n = _horizon(rules, player, hand.size, wall, draws)
    t0 = time.monotonic()
    result: ClaimResult = claim(hand, card, rules, source, player, n, seen, (), None, exact_draws)
    seconds = time.monotonic() - t0
    options = tuple(_from_claim(o) for o in result.options if o.action != "sek-woo" or o.wins)
    if isinstance(event, Claim) and event.seat == player:
        played = next(o for o in options if o.action == event.action and o.meld == event.meld)
    elif isinstance(event, Win) and event.seat == player:
        played = next(o for o in options if o.action == "sek-woo")
    else:
        played = next(o for o in options if o.action == "pass")
    line = events[k].line
    return _graded(k, line, "claim", hand, card, source, n, wall, options, played, seconds, rules.unit)


def _move_decision(
    k: int, event: Event, board: Board, rules: RuleSet, player: Seat, draws: int | None,
    exact_draws: int | None, last_move: str,
) -> Decision:
    from tutor.engine.solver import discard

    hand = board.hand(player)
    drawn = board.last_draw[1] if board.last_draw is not None and board.last_draw[0] == player else None
    n = _horizon(rules, player, hand.size, board.wall, draws)
    t0 = time.monotonic()
    result: DiscardResult = discard(hand, rules, player, n, board.seen(player), (), None, exact_draws, None, drawn,
                                    kongs_now=last_move not in ("Claim",))
    seconds = time.monotonic() - t0
    options = [_from_option(o) for o in result.options]
    if result.wins_now:
        options.insert(0, Choice("sek-woo", None, None, float(result.fun_now), 1.0, (1.0,) * n, -1))
    played = next((o for o in options if _is(o, event, hand)), None)
    if played is None:  # the record's move is legal (the replay checked it) but the solver lists no such option
        raise ArgumentError("record", f"line {event.line}: the solver has no option for this move")
    after = {"": "deal", "Deal": "deal", "Claim": "claim", "Recall": "recall"}.get(last_move, "draw")
    return replace(_graded(k, event.line, "move", hand, drawn, "", n, board.wall, tuple(options), played, seconds,
                           rules.unit), after=after)


def _is(o: Choice, event: Event, hand: Hand) -> bool:
    """Whether the option is the move the record made."""
    if isinstance(event, Discard):
        return o.action == "discard" and o.tile == event.card
    if isinstance(event, Sink):
        return o.action == "sink"
    if isinstance(event, Kong):
        return o.action == ("kong" if not event.meld.exposed else "add-kong") and o.tile == event.meld.cards[0]
    if isinstance(event, Recall):
        return o.action == "recall" and o.tile == event.card and event.meld in (None, o.meld)
    return isinstance(event, Win) and o.action == "sek-woo"


def _horizon(rules: RuleSet, player: Seat, size: int, wall: int, draws: int | None) -> int:
    from tutor.engine.horizon import draws_left

    n = draws_left(rules, player, size, wall)
    return n if draws is None else min(n, draws)


def _from_option(o: Option) -> Choice:
    return Choice(o.action, o.tile, o.meld, o.expected_fun, o.win_probability, o.win_by_draw, o.distance,
                  o.acceptance, o.accepts, o.aim_fun, o.then)


def _from_claim(o: ClaimOption) -> Choice:
    if o.action == "sek-woo":
        return Choice("sek-woo", None, None, o.expected_fun, 1.0, o.win_by_draw, -1)
    return Choice(o.action, None, o.meld, o.expected_fun, o.win_probability, o.win_by_draw, o.distance,
                  aim_fun=o.aim_fun, then=o.then)


def _graded(
    k: int, line: int, kind: str, hand: Hand, offered: Tile | None, source: str, n: int, wall: int,
    options: tuple[Choice, ...], played: Choice, seconds: float, unit: str,
) -> Decision:
    best = options[0]
    loss = max(0.0, best.expected_fun - played.expected_fun)
    g = grade(loss)
    if g == "best":
        best = played  # a tie: the player's move is a best one
        options = (played, *(o for o in options if o is not played))
    category = _category(kind, best, played)
    return Decision(k, line, kind, hand, offered, source, n, wall, options, played, loss, g, category,
                    explain(best, played, loss, n, unit), seconds)


def _category(kind: str, best: Choice, played: Choice) -> str:
    """What the decision was about: a KONG, a FEI, a claim, the hand's speed, or its value."""
    actions = {best.action, played.action}
    if actions & {"kong", "add-kong"}:
        return "KONG"
    if kind == "claim":
        return "claim"
    if actions & {"sink", "recall"} or FEI in (best.tile, played.tile):
        return "FEI"
    if played.distance > best.distance or played.win_probability < best.win_probability - 0.005:
        return "efficiency"
    return "value"


def _said(c: Choice, unit: str) -> str:
    """What an option keeps, in cards: how far from a win, the cards that help, what it plays for."""
    if c.action == "sek-woo":
        return f"wins at once for {c.expected_fun:.0f} {unit}"
    if c.distance < 0:
        return "leaves a winning hand"
    parts = ["ready (one card wins)" if c.distance == 0 else f"{plural(c.distance, 'draw')} from ready"]
    if c.accepts:
        cards = " ".join(str(t) for t, _ in c.accepts[:8]) + (" …" if len(c.accepts) > 8 else "")
        parts.append(f"{plural(c.acceptance, 'card')} help ({cards})")
    if c.aim_fun:
        parts.append(f"plays for {c.aim_fun} {unit}")
    if c.then is not None:
        parts.append(f"then {c.then[1]} {c.then[0]}")
    parts.append(f"wins {c.win_probability:.0%}, {c.expected_fun:.2f} {unit} on average")
    return ", ".join(parts)


def explain(best: Choice, played: Choice, loss: float, n: int, unit: str) -> str:
    """The decision in cards: the player's move and the best one, what each keeps, what was lost."""
    over = f"over {plural(n, 'draw')}"
    if loss < TIE:
        return f"{played.label}: the best move {over} ({_said(played, unit)})."
    return (f"{played.label} {_said(played, unit)}; {best.label} {_said(best, unit)}: "
            f"{loss:.2f} {unit} given up {over}.")


__all__ = ["BAD", "GRADES", "Choice", "Decision", "Review", "grade", "review"]
