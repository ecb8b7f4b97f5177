"""The drill: hands dealt from a seed and played against the opponents' policy, the player's every
decision asked through a callback and graded by the solver (``tutor.table.grading``).

The library part only: the CLI asks the player and prints (``tutor.cli.drill``). A typed answer
is read by ``read_move``; the questions and the graded decisions are handed to the callbacks.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import partial

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import Tile
from tutor.errors import NotationError
from tutor.rules.load import RuleSet
from tutor.table.events import Record
from tutor.table.game import Game, Result, View
from tutor.table.grader import Grader, Job, Start
from tutor.table.grading import Graded, Progress, Searched, graded, search_claim, search_turn
from tutor.table.halves import Claim, Turn, claim_worth_splitting, meanwhile, worth_splitting
from tutor.table.moves import WIN_WORDS, Move, after_turn
from tutor.table.opponents import shanten_of


class QuitDrill(Exception):
    """The player stopped the drill (``q``, or the end of the input)."""


@dataclass(frozen=True)
class Question:
    """What the player is asked: a move on their turn (``tile``: the card just drawn) or an answer
    to ``tile`` just discarded by ``source`` ("left": the player before; "right")."""

    kind: str  # "turn" or "claim"
    view: View
    legal: tuple[Move, ...]
    tile: Tile | None
    source: str = ""
    thrower: Seat | None = None


_WORDS = {word: "win" for word in WIN_WORDS} | {"p": "pass"}


def _norm(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch not in " []()")


NO_WIN = "this hand does not win now"


def why_no_win(q: Question, rules: RuleSet) -> str:
    """Why the win asked for at ``q`` is not among the moves: the hand (with the card thrown, on a
    claim) is not complete, or is short of the minimum, as ``check`` says."""
    from tutor.engine.scoring.check import check

    h = q.view.hand
    if q.kind == "claim" and q.tile is not None:
        if q.tile.is_fei:
            return f"{NO_WIN}: a {rules.wild_name} thrown away is never claimed"
        h = Hand(h.concealed + (q.tile,), h.melds, h.bonus)
    got = check(h, rules, q.view.seat)
    short = next((note for note in got.notes if note.startswith("complete, but")), None)
    return f"{NO_WIN}: {short or 'not a complete hand'}"


def read_move(text: str, legal: tuple[Move, ...] | list[Move], no_win: Callable[[], str] = lambda: NO_WIN) -> Move | str:
    """The legal move ``text`` names (``5d``, ``sink``, ``kong 5d``, ``recall``, ``win``, ``pass``,
    ``pong``, ``chee 345d``), or a sentence saying why it names none (``no_win``: why a win asked
    for is not among them, ``why_no_win`` where the question is known)."""
    words = text.strip().split()
    if not words:
        return "type a move (? lists them)"
    head = _WORDS.get(words[0].lower().replace(" ", ""), words[0].lower())
    if head == "win" and len(words) == 1 or _norm(text) == "sekwoo":
        found = [m for m in legal if m.action in ("win", "sek-woo")]
        return found[0] if found else no_win()
    if len(words) == 1 and head not in ("pass", "sink", "kong", "add-kong", "recall", "pong", "chee"):
        try:
            card = Tile.parse(words[0])
        except NotationError:
            for fixed in (words[0].upper(), words[0].capitalize(), words[0].lower()):
                try:
                    return f"{words[0]!r} is not a card or a move: did you mean {Tile.parse(fixed)}? (? lists the moves)"
                except NotationError:
                    continue
            return f"{words[0]!r} is not a card or a move (? lists the moves)"
        found = [m for m in legal if m.action == "discard" and m.tile == card]
        return found[0] if found else f"you hold no {card} to discard" if any(m.action == "discard" for m in legal) \
            else "answer the discard: " + ", ".join(m.label for m in legal)
    same = [m for m in legal if m.action == head or head == "kong" and m.action == "add-kong"]
    if not same:
        return f"{head} is not possible now: " + ", ".join(m.label for m in legal)
    if len(words) == 1:
        plain = [m for m in same if m.meld is None or not m.meld.wild_count] if head == "pong" else same
        if len(plain) == 1 or len({m.label for m in same}) == 1:
            return (plain or same)[0]
        return "which one? " + ", ".join(m.label for m in same)
    want = _norm(" ".join(words[1:]))
    for m in same:
        rest = _norm(m.label.split(" ", 1)[1]) if " " in m.label else ""
        if want == rest or (m.meld is not None and want == _norm(str(m.meld))):
            return m
    if head in ("kong", "recall", "sink"):
        try:
            found = [m for m in same if m.tile == Tile.parse(words[1])]
        except NotationError:
            found = []
        if found:
            return found[0]
    return f"{head} {' '.join(words[1:])} is not possible now: " + ", ".join(m.label for m in same)


@dataclass
class HandSummary:
    """One hand of the drill: its seed, the decisions graded, how it ended."""

    seed: int
    decisions: list[Graded] = field(default_factory=list)
    result: Result | None = None
    draws: int = 0  # the player's own draws
    ready_after: int | None = None  # own draws until the hand was first ready (a wait held)
    record: Record | None = None
    winning_hand: Hand | None = None  # the winner's cards, shown at the end


@dataclass
class Summary:
    """The session: every hand played, and the totals ``docs/drill.md`` describes."""

    seat: Seat
    hands: list[HandSummary] = field(default_factory=list)

    @property
    def decisions(self) -> list[Graded]:
        return [d for h in self.hands for d in h.decisions]

    @property
    def best_share(self) -> float:
        ds = self.decisions
        return sum(d.is_best for d in ds) / len(ds) if ds else 0.0

    @property
    def fun_lost(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def wins(self) -> int:
        return sum(1 for h in self.hands if h.result is not None and h.result.winner == self.seat)

    @property
    def ready_after(self) -> float | None:
        """Own draws to ready, on average over the hands that got there."""
        got = [h.ready_after for h in self.hands if h.ready_after is not None]
        return sum(got) / len(got) if got else None


@dataclass(frozen=True)
class Later:
    """How the drill goes on without a grade that is slow to come: it waits ``grace`` seconds
    after the answer, then tells ``deferred`` (the question and the move) and goes on; the grade is
    handed to ``late`` when it is ready (before a later question, after a later answer, at the
    latest at the end of the hand), grades always in the order of the decisions."""

    grace: float
    deferred: Callable[[Question, Move], None]
    late: Callable[[Graded], None]
    ended: Callable[[HandSummary], None] = lambda hand: None
    """Told the hand's end (its result) before the grades still owed are waited for."""


GRACE = 1.5
"""Seconds a player at a terminal waits for a grade before the drill goes on without it."""


class Player:
    """The player's agent at the drill: each question handed to ``ask`` (which returns a move, or
    raises ``QuitDrill``), each answer graded in full at the round horizon and handed to ``graded``.
    ``waiting()``, entered while the player waits for a grade, gives the callback that hears how
    that search goes on (hand states searched, options weighed, options in all), or None.

    The searches run one after another in the grader's thread (``tutor.table.grader``), each from
    the moment its question is asked. Without ``later`` every grade is waited for after its
    answer (a script reads them in order); with it, a grade not ready within ``later.grace``
    seconds of the answer follows (``Later``), and the player plays on meanwhile."""

    def __init__(self, rules: RuleSet, seat: Seat, ask: Callable[[Question], Move],
                 graded: Callable[[Graded], None],
                 waiting: Callable[[], AbstractContextManager[Progress | None]] | None = None, cores: int = 1,
                 later: Later | None = None) -> None:
        self.rules = rules
        self.cores = cores  # the cores a long turn may be weighed on (``tutor.table.halves``)
        self.seat = seat
        self.ask = ask
        self.graded = graded
        self.waiting = waiting
        self.later = later
        self.grader = Grader()
        self.owed: list[Job] = []  # answered, graded not yet: in the order of the decisions
        self.hand = HandSummary(0)

    def turn(self, view: View, legal: list[Move], drawn: Tile | None) -> Move:
        if drawn is not None:
            self.hand.draws += 1
        seen = list(view.seen.elements())
        start: Start
        if self.cores > 1 and worth_splitting(view.hand, self.rules, self.seat, view.draws_left):
            start = partial(meanwhile, Turn(view.hand, self.rules, self.seat, drawn, seen, view.draws_left))
        else:
            start = _one(search_turn, view.hand, self.rules, self.seat, drawn, seen, view.draws_left)
        move = self._decide(start, Question("turn", view, tuple(legal), drawn))
        if move.action == "discard" and self.hand.ready_after is None \
                and shanten_of(after_turn(view.hand, move, self.rules), self.rules, self.seat) <= 0:
            self.hand.ready_after = self.hand.draws
        return move

    def claim(self, view: View, tile: Tile, source: str, legal: list[Move]) -> Move:
        seen = list(view.seen.elements())
        seen.remove(tile)  # the card on the table: the claim search counts it itself
        start: Start
        if self.cores > 1 and claim_worth_splitting(view.hand, tile, source, self.rules, self.seat, view.draws_left):
            start = partial(meanwhile, Claim(view.hand, tile, source, self.rules, self.seat, seen, view.draws_left))
        else:
            start = _one(search_claim, view.hand, tile, source, self.rules, self.seat, seen, view.draws_left)
        return self._decide(start, Question("claim", view, tuple(legal), tile, source))

    def _decide(self, start: Start, q: Question) -> Move:
        """The decision ``q``: its search queued (``start``), the grades ready shown, the player
        asked, the answer graded now or later (``_answered``)."""
        job = self.grader.add(start)
        self.catch_up()
        move = self.ask(q)
        job.then = partial(graded, q.kind, q.view.hand, q.tile, chosen=move, n=q.view.draws_left)
        self._answered(job, q, move)
        return move

    def _answered(self, job: Job, q: Question, move: Move) -> None:
        """The player has answered: the grade now (waited for, or within the grace), or later."""
        self.owed.append(job)
        if self.later is None:
            self.settle()
            return
        self.catch_up()
        if not self.owed or self.owed == [job] and job.wait(self.later.grace):
            self.catch_up()  # (this one's grade, handed over with those before it)
            return
        job.deferred = True
        self.later.deferred(q, move)

    def catch_up(self) -> None:
        """Hand over the grades ready now, in the order of the decisions."""
        while self.owed and self.owed[0].finished.is_set():
            self._done(self.owed.pop(0))

    def settle(self) -> None:
        """Wait for every grade owed (``waiting()``'s listener hears how each search goes on)."""
        while self.owed:
            job = self.owed[0]
            if not job.finished.is_set():
                if self.waiting is None:
                    job.wait()
                else:
                    with self.waiting() as listener:
                        job.wait(None, listener)
            self._done(self.owed.pop(0))

    def _done(self, job: Job) -> None:
        g = job.graded()
        self.hand.decisions.append(g)
        (self.later.late if job.deferred and self.later is not None else self.graded)(g)


def _one(search: Callable[..., Searched], *args: object) -> Start:
    """A search in one process: ``search(*args, progress)``, run when its answer is asked for (in
    the grader's thread)."""

    def start(progress: Progress) -> Callable[[Callable[[], None] | None], Searched]:
        return lambda _poll: search(*args, progress)

    return start


def play_hand(rules: RuleSet, seed: int, player: Player) -> HandSummary:
    """Deal the hand of ``seed`` and play it with ``player`` in their seat: its summary, record
    included. ``QuitDrill`` from the player's ``ask`` stops it (the summary so far is ``player.hand``)."""
    player.hand = HandSummary(seed)
    game = Game(rules, seed, {player.seat: player})
    dealt = game.hands[player.seat]
    if dealt.size == rules.hand_size - 1 and shanten_of(dealt, rules, player.seat) <= 0:
        player.hand.ready_after = 0
    try:
        try:
            player.hand.result = game.play()
        except (QuitDrill, EOFError):
            player.settle()  # the decisions answered before are graded still
            raise
        if player.hand.result.winner is not None:
            player.hand.winning_hand = game.hands[player.hand.result.winner]
        if player.later is not None and player.owed:
            player.later.ended(player.hand)
        player.settle()
    finally:
        player.hand.record = game.record(player.seat)
    return player.hand


__all__ = ["GRACE", "NO_WIN", "HandSummary", "Later", "Player", "Question", "QuitDrill", "Summary", "play_hand", "read_move", "why_no_win"]

