"""Review a hand record: every decision of the record's player graded by the solver (docs/records.md).

A decision is each time the player holds a full hand and moves (a discard, a KONG, a sunk or a
recalled FEI, SEK WOO on the own draw), and each card another player throws that the player could
claim (pass, PONG, CHEE, KONG, SEK WOO). The hand, the cards in sight and the playing cards left in
the deck come from the record (``tutor.table.replay``); the solver (``tutor.engine.discard`` and
``tutor.engine.decide.claim``) weighs every option by expected FUN over the player's draws left in the
round. The loss is the best option's expected FUN minus the player's, graded by ``GRADES``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import FEI, Tile
from tutor.core.words import given_up, plural
from tutor.errors import ArgumentError, RecordError, TutorError
from tutor.table.events import Claim, Discard, Event, Kong, Pass, Recall, Record, Sink, Win
from tutor.table.replay import Board, walk
from tutor.table.weigh import (
    Ask,
    Choice,
    Part,
    Passed,
    Run,
    Weighed,
    answered,
    exact_for,
    shares,
    weigh_ask,
    weigh_claim,
    weigh_move,
    weigh_within,
)

if TYPE_CHECKING:
    from tutor.rules.load import RuleSet

GRADES: tuple[tuple[str, float], ...] = (("blunder", 1.0), ("mistake", 0.3), ("inaccuracy", 0.1))
"""A decision's grade by the expected FUN it gives up (at least the figure): below the last, a move
is "good" (or "best" when nothing is given up)."""
TIE = 1e-6  # expected FUN closer than this is the same value: the player's move is as good as the best
BAD = ("mistake", "blunder")  # the grades the bad-move rate counts
SHARES = 2
"""The parts a move's discards are weighed in when the decisions are weighed on other cores (``run``)."""


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
    seen: tuple[Tile, ...] = ()  # the cards in sight the solver was given (a claim: but the card thrown)

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
        return sum((d.loss for d in self.decisions), 0.0)

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
    exact_draws: int | None = None, progress: Callable[[int, int, int], None] | None = None,
    run: Run | None = None,
) -> Review:
    """Grade every decision of ``seat`` (else the record's ``player``, else the only seat whose
    dealt hand is written) at the round horizon: the player's draws left in the round, or at most
    ``draws``. ``progress(states, done, decisions)`` is called now and then: the hand states searched
    so far, the decisions weighed, the decisions in all.
    ``run`` weighs the decisions (each one independent of the others), by default one after
    the other here; the answers are the same either way."""
    if rules is None:
        from tutor.rules.load import load_rules

        rules = load_rules(record.rules)
    player = rules.seat(seat) if seat is not None else record.player
    known = [d.seat for d in record.deals if d.cards is not None]
    if player is None and len(known) == 1:  # the one seat whose hand is written
        player = known[0]
    if not record.events:
        raise ArgumentError("record", NO_EVENT)
    if player is None:
        raise ArgumentError("seat", "the record names no player ('player SEAT'): say whose decisions to grade")
    if record.player is not None and record.player != player:
        raise ArgumentError("seat", f"the record is {record.player}'s view: only their cards are all known")
    start = time.monotonic()
    asks, stop = _asks(record, rules, player, draws)
    done = [0, 0]  # the hand states searched by the decisions weighed, and those decisions

    def tick(states: int, _done: int, _total: int) -> None:
        if progress is not None:
            progress(done[0] + states, done[1], len(asks))

    weigh = partial(weigh_within, rules=rules, player=player, exact_draws=exact_draws)
    answers: Iterator[Part | Passed] = iter(())  # the workers' answers, where ``run`` gives them
    if run is None:
        found = iter([weigh(a, tick=tick if progress else None)] for a in asks)
    else:  # on other cores: a decision's options in shares too, so that one long search does not hold up the rest
        parts = [shares(a, SHARES, rules) for a in asks]
        answers = iter(run(weigh, [p for ps in parts for p in ps]))
        found = ([next(answers) for _ in ps] for ps in parts)
    decisions: list[Decision] = []
    for ask, got in zip(asks, found, strict=True):
        weighed, answer, note = _answer(ask, got, rules, player, exact_draws)
        decision = _decision(weighed, answer, player, rules.unit)
        if _sinks_later(decision, exact_for(decision.draws, exact_draws)):
            decision = replace(decision, explanation=f"{decision.explanation} {SINK_LATER}")
        decisions.append(replace(decision, explanation=f"{note} {decision.explanation}") if note else decision)
        done[0] += answer[1]
        done[1] += 1
        tick(0, 0, 0)
    for _ in answers:  # ``run`` to its end, so that its workers are shut down now, not when it is collected
        raise AssertionError("more answers than the decisions asked")
    if stop is not None:  # the record goes wrong after these decisions
        raise stop
    return Review(record, rules, player, tuple(decisions), time.monotonic() - start)



def _answer(ask: Ask, parts: list[Part | Passed], rules: RuleSet, player: Seat,
            exact_draws: int | None) -> tuple[Ask, Weighed, str]:
    """The decision's options from its parts, as one search gives them (``weigh.answered``): where
    the budget stopped it short of the draws left (a hand far from a win), over the longest horizon
    within it, with a note that says so (its ``draws`` is that horizon); past the budget at the
    first horizon, the budget's error."""
    from tutor.errors import SearchBudgetError

    passed = next((p for p in parts if isinstance(p, Passed)), None)
    if passed is not None:
        raise SearchBudgetError(passed.argument, passed.message)
    weighed_ask, answer = answered(ask, [p for p in parts if not isinstance(p, Passed)], rules, player, exact_draws)
    m = weighed_ask.draws
    note = "" if m == ask.draws else (f"Weighed over {plural(m, 'draw')} of the {ask.draws} left: the whole round "
                                      f"passes the search's budget for this hand.")
    return weighed_ask, answer, note


def _asks(record: Record, rules: RuleSet, player: Seat, draws: int | None) -> tuple[list[Ask], TutorError | None]:
    """The player's decisions as the record sets them, and the error that stops the replay, if one does."""
    asks: list[Ask] = []
    pending: tuple[int, Discard, str] | None = None  # a card the player may claim, not yet answered
    last_move: str = ""
    try:
        for k, (event, board) in enumerate(walk(record, rules)):
            if pending is not None and _answers(event, player):
                if not _taken(event, player, board.hand(player), pending[1].card, rules):
                    asks.append(_claim_ask(pending, board, event, player, draws))
                pending = None
            if isinstance(event, Discard) and event.seat != player and board.dealt \
                    and _may_claim(board, player, event, rules):
                pending = (k, event, board.source(player, event.seat))
            mine = getattr(event, "seat", None) == player
            if mine and board.turn == player and isinstance(event, Discard | Kong | Sink | Recall | Win):
                asks.append(_move_ask(k, event, board, player, draws, last_move))
            last_move = type(event).__name__ if mine else last_move
    except TutorError as err:
        return asks, err
    return asks, None


def _answers(event: Event, player: Seat) -> bool:
    """Whether ``event`` settles the player's answer to the card just thrown: anything but another
    seat's pass (the player's own claim, win or pass; a draw; another's claim, win or turn)."""
    return not (isinstance(event, Pass) and event.seat != player)


def _taken(event: Event, player: Seat, hand: Hand, card: Tile, rules: RuleSet) -> bool:
    """Whether another player took the card before the player could answer: a SEK WOO, or a PONG or
    KONG (which come before a CHEE) when the player could not win on the card."""
    from tutor.engine.scoring.check import check

    if getattr(event, "seat", player) == player or not isinstance(event, Claim | Win):
        return False
    if isinstance(event, Win) or event.action == "chee":
        return isinstance(event, Win)
    return not check(Hand((*hand.concealed, card), hand.melds, hand.bonus), rules, player).wins


def _may_claim(board: Board, player: Seat, event: Discard, rules: RuleSet) -> bool:
    """Whether the player has any claim of the card thrown (a set, or SEK WOO)."""
    from tutor.engine.decide.claim import legal_claims
    from tutor.engine.scoring.check import check

    if event.card.id not in rules.in_play or event.card.is_fei:  # a FEI thrown is never claimed
        return False
    hand = board.hand(player)
    source = "left" if board.next_seat(event.seat) == player else "right"
    if legal_claims(hand, event.card, rules, source):
        return True
    return check(Hand((*hand.concealed, event.card), hand.melds, hand.bonus), rules, player).wins


def _seen_without(seen: tuple[Tile, ...], card: Tile) -> list[Tile]:
    out = list(seen)
    out.remove(card)
    return out



def _claim_ask(pending: tuple[int, Discard, str], board: Board, event: Event, player: Seat, draws: int | None) -> Ask:
    """The answer to a card thrown, set on the board once it is thrown (and the thrower's draw
    counted, where the record leaves it out), before the event that answers it."""
    k, thrown, source = pending
    seen = _seen_without(board.seen(player), thrown.card)  # the claim's own search counts the card thrown
    n = _horizon(own_draws(board, player, board.next_seat(thrown.seat)), draws)
    return Ask(k, thrown.line, "claim", event, board.hand(player), thrown.card, source, n, board.wall, tuple(seen), "",
               board.situations(player))


def _move_ask(k: int, event: Event, board: Board, player: Seat, draws: int | None, last_move: str) -> Ask:
    drawn = board.last_draw[1] if board.last_draw is not None and board.last_draw[0] == player else None
    n = _horizon(own_draws(board, player, board.next_seat(player)), draws)
    after = {"": "deal", "Deal": "deal", "Claim": "claim", "Recall": "recall"}.get(last_move, "draw")
    return Ask(k, event.line, "move", event, board.hand(player), drawn, "", n, board.wall,
               board.seen(player), after, board.situations(player))


def _decision(ask: Ask, weighed: Weighed, player: Seat, unit: str) -> Decision:
    """The decision graded from its options: the player's, the loss, the grade, the explanation."""
    options, _, seconds = weighed
    event, hand = ask.event, ask.hand
    if ask.kind == "move":
        played = next((o for o in options if _is(o, event, hand)), None)
    elif isinstance(event, Claim) and event.seat == player:
        played = next((o for o in options if o.action == event.action and o.meld == event.meld), None)
    elif isinstance(event, Win) and event.seat == player:
        played = next((o for o in options if o.action == "sek-woo"), None)
    else:
        played = next((o for o in options if o.action == "pass"), None)
    if played is None:  # legal by the replay, but not among the solver's answers
        raise RecordError(event.line or 1, None, f"the solver has no option for this {ask.kind}")
    return replace(_graded(ask.index, ask.line, ask.kind, hand, ask.offered, ask.source, ask.draws, ask.wall, options,
                           played, seconds, unit), after=ask.after, seen=ask.seen)


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


def own_draws(board: Board, player: Seat, first: Seat) -> int:
    """The player's own draws left: the playing cards left in the deck, drawn in turn from ``first``
    (the next seat to draw). KONG and FEI replacements are not foreseen."""
    seats = board.seats
    offset = (seats.index(player) - seats.index(first)) % len(seats)
    return max(0, -(-(board.wall - offset) // len(seats)))


def _horizon(n: int, draws: int | None) -> int:
    return n if draws is None else min(n, draws)



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


NO_EVENT = "it holds no event: write at least the player's dealt hand ('player east' and 'east deal ...': see docs/records.md)"
"""Why a record with no event (empty, or comments alone) is not reviewed."""


SINK_LATER = ("Sinking is weighed at this turn only: the FEI kept may still be sunk on a later turn, which "
              "these figures leave out, so less may be given up than they say.")
"""The caveat of a decision whose best move sinks a FEI now and the player's keeps it, where the
search weighs no move after the draws ahead (no exact draw but the last: ``docs/records.md``)."""


def _sinks_later(d: Decision, exact: int) -> bool:
    """Does the review leave out a later sinking the player's move keeps open: the best move sinks
    the FEI (at once, or after its claim), the player's keeps it, a later turn may sink it, and the
    search weighs sinking after no draw ahead?"""
    def sinks(c: Choice) -> bool:
        return c.action == "sink" or (c.then is not None and c.then[1] == "sink")

    def throws_fei(c: Choice) -> bool:
        return c.tile == FEI and c.action == "discard" or (c.then is not None and c.then == (FEI, "discard"))

    kept = FEI in d.hand.concealed and not sinks(d.played) and not throws_fei(d.played)
    return (d.grade != "best" and sinks(d.best) and kept and d.draws >= 1 and d.wall != 0
            and min(exact, d.draws - 1) == 0)


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
    parts = ["ready (one card wins)" if c.distance == 0 else f"{plural(c.distance + 1, 'draw')} from a win"]
    if c.accepts:
        cards = " ".join(str(t) for t, _ in c.accepts[:8]) + (" …" if len(c.accepts) > 8 else "")
        # (the cards that lower shanten: for a ready hand those that complete it, winning or not)
        helps = "complete it" if c.distance == 0 and c.shanten == 0 else "help"
        parts.append(f"{plural(c.acceptance, 'card')} {helps} ({cards})")
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
    return (f"{played.label}: {_said(played, unit)}; best, {best.label}: {_said(best, unit)}; "
            f"{given_up(loss)} {unit} given up {over}.")


__all__ = ["BAD", "GRADES", "NO_EVENT", "SHARES", "SINK_LATER", "TIE", "Ask", "Choice", "Decision", "Review", "Run", "Weighed", "grade", "own_draws",
           "review", "weigh_ask", "weigh_claim", "weigh_move"]
