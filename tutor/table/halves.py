"""A drill decision weighed on two cores while the player thinks: half of its options in a forked
process, the rest in a thread here. A turn (``Turn``): the discards dealt in two halves that take
about as long, the moves beside a discard (sinking, KONGs, recalls) with the second. A claim
(``Claim``): its answers (passing, each way to claim) dealt the same way, SEK WOO with the first.

Each option is weighed on its own (its own search from the cards it keeps), so the two halves
together are the whole (``discard``'s and ``claim``'s ``share``, ``joined``, ``joined_claims``):
their options in the order one search gives, and the drill's answer the same to the last bit as
with one core. The budget too: one search counts its states over every option, horizon by
horizon, so the halves, each weighed over every horizon within the budget, are joined at the
horizon one search stops at. Only a
decision worth it is split (``worth_splitting``, ``claim_worth_splitting``: where one search takes
seconds); a worker that dies costs nothing but time: its half is weighed here.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar, cast

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import FEI, Tile
from tutor.table.grading import Progress, Searched, claim_options, ranked, turn_options

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from tutor.engine.result_types import ClaimResult, DiscardResult
    from tutor.rules.load import RuleSet

MIN_SHANTEN = 2
"""A turn is split only when the hand is at least this far from ready..."""
MIN_DRAWS = 5
"""...with at least this many draws left: below either, one search takes well under a second
(but at the longest horizon searched exactly: ``worth_splitting``)."""
MANY_FEI = 2
"""A turn holding this many FEI with ``MIN_DRAWS`` or more left is split however near ready it is."""
TICK = 0.2
"""Seconds between the forked half's reports of how far it has got."""
OVER = "over"
"""A half past the search's budget on its own (the whole is then too)."""

Wait = Callable[[Callable[[], None] | None], Searched]
R = TypeVar("R", "DiscardResult", "ClaimResult")


def worth_splitting(hand: Hand, rules: RuleSet, seat: Seat, n: int) -> bool:
    """Is the turn long enough to weigh on two cores? Far from a win with many draws left
    (``MIN_SHANTEN``, ``MIN_DRAWS``), or holding ``MANY_FEI`` with many draws left (the structures
    the FEI may complete are many, each weighed for a win: seconds, near a complete shape too), or
    not ready at the longest horizon searched exactly, holding a FEI (every discard weighed after
    each draw, and the moves a FEI opens: seconds)."""
    from tutor.engine.search.horizon import EXACT_DRAWS
    from tutor.table.opponents import shanten_of

    if len(set(hand.concealed)) < 2:
        return False
    if n >= MIN_DRAWS:
        return hand.concealed.count(FEI) >= MANY_FEI or shanten_of(hand, rules, seat) >= MIN_SHANTEN
    return n == EXACT_DRAWS + 1 and FEI in hand.concealed and shanten_of(hand, rules, seat) >= 1


def claim_worth_splitting(hand: Hand, tile: Tile, source: str, rules: RuleSet, seat: Seat, n: int) -> bool:
    """Is the answer to ``tile`` long enough to weigh on two cores? Where there is a claim beside
    passing, and the hand holds a FEI (the structures a FEI may complete are many: seconds), or
    is one step or more from ready with many draws left (``MIN_DRAWS``)."""
    from tutor.engine.decide.claim import legal_claims
    from tutor.table.opponents import shanten_of

    if not legal_claims(hand, tile, rules, source) or n < 2:
        return False
    return FEI in hand.concealed or n >= MIN_DRAWS and shanten_of(hand, rules, seat) >= MIN_SHANTEN - 1


class Split:
    """A decision weighed in two halves (``half`` 0 and 1): the answer from both (``whole``)."""

    n: int

    def half(self, which: int, progress: Progress | None = None) -> Any:
        """One half of the options, over every horizon within the budget (``layers``); past the
        budget at the first horizon, the budget's error."""
        raise NotImplementedError

    def joined(self, first: Any, second: Any) -> Searched:
        """The two halves as one search gives them, at the horizon it stops at."""
        raise NotImplementedError

    def over(self) -> Exception:
        """The budget's error of the whole, where a half passed it at the first horizon."""
        from tutor.engine.search.budget import too_many_states

        return too_many_states(self.n, 0, False)

    def whole(self, first: Any, second: Any, progress: Progress) -> Searched:
        """The answer from the halves (``OVER``: a half past the budget at the first horizon, so
        the whole is too; None: one whose worker died or failed, weighed here)."""
        if isinstance(first, str) or isinstance(second, str):
            raise self.over()
        return self.joined(self.half(0, progress) if first is None else first,
                           self.half(1, progress) if second is None else second)


@dataclass(frozen=True)
class Turn(Split):
    """A turn's moves in two halves: the first (``which`` 0) some of the discards, the second the
    other discards, with sinking, KONGs and recalls (``discard``'s ``share``)."""

    hand: Hand
    rules: RuleSet
    seat: Seat
    drawn: Tile | None
    seen: Sequence[Tile]
    n: int

    def half(self, which: int, progress: Progress | None = None) -> DiscardResult:
        from tutor.engine.decide.solver import discard

        return discard(self.hand, self.rules, self.seat, draws=self.n, seen=self.seen, drawn=self.drawn,
                       progress=progress, share=(which, 2))

    def joined(self, first: DiscardResult, second: DiscardResult) -> Searched:
        from tutor.engine.decide.solver import joined

        result = joined([first, second])
        return ranked(turn_options(result)), result.draws


@dataclass(frozen=True)
class Claim(Split):
    """The answers to a card thrown in two halves (``claim``'s ``share``): passing and the ways
    to claim dealt so that the halves take about as long, SEK WOO with the first."""

    hand: Hand
    tile: Tile
    source: str
    rules: RuleSet
    seat: Seat
    seen: Sequence[Tile]
    n: int

    def half(self, which: int, progress: Progress | None = None) -> ClaimResult:
        from tutor.engine.decide.claim import claim

        return claim(self.hand, self.tile, self.rules, self.source, self.seat, draws=self.n, seen=self.seen,
                     progress=progress, share=(which, 2))

    def joined(self, first: ClaimResult, second: ClaimResult) -> Searched:
        from tutor.engine.decide.claim import joined_claims

        result = joined_claims([first, second])
        return ranked(claim_options(result)), result.draws


@dataclass(frozen=True)
class Parts(Split):
    """A command's search (``sekwoo discard``, ``sekwoo claim``) in two halves: ``part`` weighs a
    share (``discard``'s or ``claim``'s ``share``), ``join`` puts two together as one search
    gives them, at the horizon it stops at; ``past``: the budget's error of the whole."""

    part: Callable[[tuple[int, int], Progress | None], Any]
    join: Callable[[list[Any]], Any]
    past: Callable[[], Exception]
    n: int

    def half(self, which: int, progress: Progress | None = None) -> Any:
        return self.part((which, 2), progress)

    def joined(self, first: Any, second: Any) -> Any:
        return self.join([first, second])

    def over(self) -> Exception:
        return self.past()


def in_halves(search: Callable[..., R], join: Callable[[list[R]], R], hand: Hand, rules: RuleSet, seat: str | Seat,
              draws: int | None, seen: Sequence[Tile], situations: Iterable[str], wall: int | None,
              exact_draws: int | None, progress: Progress | None, **fixed: Any) -> R:
    """``search`` (``discard`` or ``claim``, ``fixed`` its other arguments) weighed on two cores,
    the halves in a forked process and a thread here: the answer one process gives, to the bit,
    over the horizon it stops at past the budget (with ``exact_draws``, the budget's error).
    ``progress`` is called in the caller's thread only (a terminal's bar is drawn from one)."""
    from tutor.engine.decide.solver import setup
    from tutor.engine.search.budget import too_many_states
    from tutor.engine.search.horizon import horizon

    def part(share: tuple[int, int], tick: Progress | None) -> R:
        return search(hand=hand, rules=rules, seat=seat, draws=draws, seen=seen, situations=situations, wall=wall,
                      exact_draws=exact_draws, progress=tick, share=share, **fixed)

    n, exact = horizon(rules, setup(hand, rules, seat, situations, seen)[0], hand.size, draws, wall, exact_draws)
    job = Parts(part, join, lambda: too_many_states(n, exact, exact_draws is not None), n)
    said = [(0, 0, 1)]  # the halves' progress, summed: heard in two threads, told in this one

    def heard(states: int, done: int, total: int) -> None:
        said[0] = (states, done, total)

    with _one_interrupt():
        return cast(R, meanwhile(job, heard)(None if progress is None else lambda: progress(*said[0])))


def discard_on(cores: int, hand: Hand, rules: RuleSet, seat: str | Seat = "east", draws: int | None = None,
               seen: Sequence[Tile] = (), situations: Iterable[str] = (), wall: int | None = None,
               exact_draws: int | None = None, progress: Progress | None = None, drawn: Tile | None = None,
               search_moves: bool = True, hand_change: bool = False) -> DiscardResult:
    """``discard``'s answer, weighed in halves on two cores where ``cores`` allows and the turn is
    long (``worth_splitting``): the same answer to the bit."""
    from tutor.engine.decide.solver import discard, joined

    if _long(cores, hand, rules.hand_size, rules, seat, draws, wall,
             lambda n, s: worth_splitting(hand, rules, s, n)):
        return in_halves(discard, partial(joined, explicit_exact=exact_draws is not None, hand_change=hand_change),
                         hand, rules, seat, draws, seen, situations, wall, exact_draws, progress, drawn=drawn,
                         search_moves=search_moves, hand_change=hand_change)
    return discard(hand, rules, seat, draws, seen, situations, wall, exact_draws, progress, drawn,
                   search_moves=search_moves, hand_change=hand_change)


def claim_on(cores: int, hand: Hand, tile: Tile, rules: RuleSet, source: str = "left", seat: str | Seat = "east",
             draws: int | None = None, seen: Sequence[Tile] = (), situations: Iterable[str] = (),
             wall: int | None = None, exact_draws: int | None = None, progress: Progress | None = None,
             search_moves: bool = True, hand_change: bool = False) -> ClaimResult:
    """``claim``'s answer, weighed in halves on two cores where ``cores`` allows and the answers
    are long to weigh (``claim_worth_splitting``): the same answer to the bit."""
    from tutor.engine.decide.claim import claim, joined_claims

    if _long(cores, hand, rules.hand_size - 1, rules, seat, draws, wall,
             lambda n, s: claim_worth_splitting(hand, tile, source, rules, s, n)):
        return in_halves(claim, partial(joined_claims, explicit_exact=exact_draws is not None, hand_change=hand_change),
                         hand, rules, seat, draws, seen, situations, wall, exact_draws, progress, tile=tile,
                         source=source, search_moves=search_moves, hand_change=hand_change)
    return claim(hand, tile, rules, source, seat, draws, seen, situations, wall, exact_draws, progress, search_moves,
                 hand_change=hand_change)


@contextmanager
def _one_interrupt() -> Iterator[None]:
    """Ctrl-C stops a search on two cores once: the first raises ``KeyboardInterrupt``, and those
    that follow are ignored while it goes up (else one landing in the clean-up of the forked half,
    or in the progress bar's, prints a traceback or loses the bar's last line: the command is
    ending). Without a Ctrl-C, the handler before is put back. In the main thread only (a drill's
    grader thread hears no signal)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def once(signum: int, frame: object) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGINT, once)
    interrupted = False
    try:
        yield
    except KeyboardInterrupt:  # (also one that came before ``once`` was set)
        interrupted = True
        raise
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN if interrupted else before)


def _long(cores: int, hand: Hand, size: int, rules: RuleSet, seat: str | Seat, draws: int | None, wall: int | None,
          worth: Callable[[int, Seat], bool]) -> bool:
    """Is a search worth two cores? Two or more, a hand of ``size`` cards, and ``worth`` its
    horizon (the draws left) and seat; an argument the search refuses says no (the search in one
    process then says what is wrong)."""
    from tutor.engine.decide.solver import setup
    from tutor.engine.search.horizon import horizon
    from tutor.errors import TutorError

    if cores < 2 or hand.size != size:
        return False
    try:
        name = setup(hand, rules, seat, (), ())[0]
        return worth(horizon(rules, name, hand.size, draws, wall, None)[0], name)
    except TutorError:
        return False


def meanwhile(job: Split, progress: Progress) -> Wait:
    """Start weighing the decision on two cores while the player thinks: the function that waits for
    the answer, calling ``poll`` now and then, as ``tutor.table.drill`` waits for one search.
    ``progress`` hears both halves summed. Call it with no other search running (the grader's
    thread runs one at a time, ``tutor.table.grader``): the second half is forked, and takes the
    tables of complete hands as they are."""
    import multiprocessing

    said = [(0, 0, 0), (0, 0, 0)]

    def heard(which: int) -> Progress:
        def tell(states: int, done: int, total: int) -> None:
            said[which] = (states, done, total)
            progress(*(a + b for a, b in zip(*said, strict=True)))
        return tell

    sys.stdout.flush()  # a forked process flushes what it inherited when it ends
    sys.stderr.flush()
    ours, theirs = multiprocessing.get_context("fork").Pipe(duplex=False)
    worker = multiprocessing.get_context("fork").Process(
        target=_second_half, args=(theirs, job), daemon=True)
    worker.start()
    theirs.close()
    box: dict[str, Any] = {}

    def run() -> None:
        from tutor.errors import SearchBudgetError

        try:
            box["first"] = job.half(0, heard(0))
        except SearchBudgetError:
            box["first"] = OVER  # the whole decision is weighed over fewer draws (``whole``)
        except BaseException as err:  # noqa: BLE001 - handed to the waiting caller
            box["error"] = err

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def answer(poll: Callable[[], None] | None = None) -> Searched:
        second: Any = None
        waiting = True
        try:
            while thread.is_alive() or waiting:
                if thread.is_alive():
                    thread.join(0.1)
                else:  # this half is done: wait on the other's pipe (a join would return at once)
                    _wait(ours, 0.1)
                if waiting:
                    second, over = _read(ours, heard(1))
                    waiting = not over and box.get("first") != OVER  # past the budget already: no need of it
                if poll is not None:
                    poll()
        finally:
            ours.close()
            if worker.is_alive():
                worker.kill()
            worker.join()
        if "error" in box:
            raise box["error"]
        return job.whole(box["first"], second, progress)

    return answer


def _wait(conn: Connection, seconds: float) -> None:
    """Wait up to ``seconds`` for the forked half to send something (or to die)."""
    try:
        conn.poll(seconds)
    except (EOFError, OSError):  # the worker died: ``_read`` says so
        pass


def _read(conn: Connection, tell: Progress) -> tuple[Any, bool]:
    """What the forked half has sent: its answer (or ``OVER``) if it has come, and whether it will
    send no more (None and True: it failed or died)."""
    try:
        while conn.poll():
            kind, *rest = conn.recv()
            if kind == "progress":
                tell(*rest)
            elif kind == "done":
                return rest[0], True
            elif kind == OVER:
                return OVER, True
            else:  # "failed": weighed here instead
                return None, True
    except (EOFError, OSError):  # the worker died
        return None, True
    return None, False


def _second_half(conn: Connection, job: Split) -> None:
    """The forked process: the second half, its progress every ``TICK`` seconds, then its answer.
    Ctrl-C is left to the parent, which ends this process (no traceback from it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    last = [0.0]

    def tell(states: int, done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= TICK:
            last[0] = now
            conn.send(("progress", states, done, total))

    from tutor.errors import SearchBudgetError

    try:
        result = job.half(1, tell)
    except SearchBudgetError:
        conn.send((OVER,))
    except Exception:  # noqa: BLE001 - the parent weighs this half itself, and raises there
        conn.send(("failed",))
    else:
        conn.send(("done", result))
    finally:
        conn.close()


__all__ = ["MANY_FEI", "MIN_DRAWS", "MIN_SHANTEN", "Claim", "Parts", "Split", "Turn", "claim_on",
           "claim_worth_splitting", "discard_on", "in_halves", "meanwhile", "worth_splitting"]
