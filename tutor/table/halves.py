"""A drill turn weighed on two cores while the player thinks: the discards of every other kind of
card held, with the moves beside a discard, in a forked process; the rest in a thread here.

Each option is weighed on its own (its own search from the cards it keeps), so the two halves
together are the whole (``discard``'s ``share``, ``joined``): their options in the order one
search gives, and the drill's answer the same to the last bit as with one core. The budget too:
one search counts its states over every option, so halves past it together (or one alone) are
weighed again here over fewer draws, as one search falls back. Only a turn worth it is split
(``worth_splitting``: far from a win with many draws left, where one search takes seconds); a
worker that dies costs nothing but time: its half is weighed here.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import Tile
from tutor.table.grading import Progress, Searched, ranked, turn_options

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from tutor.engine.results import DiscardResult
    from tutor.rules.load import RuleSet

MIN_SHANTEN = 2
"""A turn is split only when the hand is at least this far from ready..."""
MIN_DRAWS = 5
"""...with at least this many draws left: below either, one search takes well under a second
(but at the longest horizon searched exactly: ``worth_splitting``)."""
TICK = 0.2
"""Seconds between the forked half's reports of how far it has got."""
OVER = "over"
"""A half past the search's budget on its own (the whole is then too)."""

Wait = Callable[[Callable[[], None] | None], Searched]


def worth_splitting(hand: Hand, rules: RuleSet, seat: Seat, n: int) -> bool:
    """Is the turn long enough to weigh on two cores? Far from a win with many draws left
    (``MIN_SHANTEN``, ``MIN_DRAWS``), or not ready at the longest horizon searched exactly, holding
    a FEI (every discard weighed after each draw, and the moves a FEI opens: seconds)."""
    from tutor.core.tiles import FEI
    from tutor.engine.solver import EXACT_DRAWS
    from tutor.table.opponents import shanten_of

    if len(set(hand.concealed)) < 2:
        return False
    if n >= MIN_DRAWS:
        return shanten_of(hand, rules, seat) >= MIN_SHANTEN
    return n == EXACT_DRAWS + 1 and FEI in hand.concealed and shanten_of(hand, rules, seat) >= 1


def half(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None, seen: Sequence[Tile], n: int, which: int,
         progress: Progress | None = None) -> DiscardResult:
    """One half of the turn's options (``discard``'s ``share``): the first (``which`` 0) the
    discards of every other kind held from the first; the second the other discards, with sinking,
    KONGs and recalls. Past the search's budget it raises the budget's error (no half falls back
    to fewer draws on its own)."""
    from tutor.engine.solver import discard

    return discard(hand, rules, seat, draws=n, seen=seen, drawn=drawn, progress=progress, share=(which, 2))


def whole(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None, seen: Sequence[Tile], n: int,
          first: DiscardResult | str | None, second: DiscardResult | str | None, progress: Progress) -> Searched:
    """The turn's answer from its halves (``OVER``: a half past the budget; None: one whose worker
    died or failed, weighed here): joined where both are within the budget together, else over the
    longest of 3, 2 or 1 draws that fits, as ``tutor.table.grading.search_turn`` answers."""
    from tutor.engine.solver import EXACT_DRAWS, joined
    from tutor.errors import SearchBudgetError

    if not (isinstance(first, str) or isinstance(second, str)):
        try:
            if first is None:
                first = half(hand, rules, seat, drawn, seen, n, 0, progress)
            if second is None:
                second = half(hand, rules, seat, drawn, seen, n, 1, progress)
            result = joined([first, second])
            return ranked(turn_options(result)), result.draws
        except SearchBudgetError:
            pass
    from tutor.table.grading import search_turn

    # one search past the budget over n draws goes on over the longest of 3, 2, 1 that fits: the same
    return search_turn(hand, rules, seat, drawn, seen, min(n - 1, EXACT_DRAWS + 1), progress)


def meanwhile(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None, seen: Sequence[Tile], n: int,
              progress: Progress) -> Wait:
    """Start weighing the turn on two cores while the player thinks: the function that waits for
    the answer, calling ``poll`` now and then, as ``tutor.table.drill`` waits for one search.
    ``progress`` hears both halves summed. Call it from the thread that draws the terminal, with
    no other thread running (the second half is forked)."""
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
        target=_second_half, args=(theirs, hand, rules, seat, drawn, seen, n), daemon=True)
    worker.start()
    theirs.close()
    box: dict[str, Any] = {}

    def run() -> None:
        from tutor.errors import SearchBudgetError

        try:
            box["first"] = half(hand, rules, seat, drawn, seen, n, 0, heard(0))
        except SearchBudgetError:
            box["first"] = OVER  # the whole turn is weighed over fewer draws (``whole``)
        except BaseException as err:  # noqa: BLE001 - handed to the waiting caller
            box["error"] = err

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def answer(poll: Callable[[], None] | None = None) -> Searched:
        second: DiscardResult | str | None = None
        waiting = True
        try:
            while thread.is_alive() or waiting:
                thread.join(0.1)
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
        return whole(hand, rules, seat, drawn, seen, n, box["first"], second, progress)

    return answer


def _read(conn: Connection, tell: Progress) -> tuple[DiscardResult | str | None, bool]:
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


def _second_half(conn: Connection, hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None,
                 seen: Sequence[Tile], n: int) -> None:
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
        result = half(hand, rules, seat, drawn, seen, n, 1, tell)
    except SearchBudgetError:
        conn.send((OVER,))
    except Exception:  # noqa: BLE001 - the parent weighs this half itself, and raises there
        conn.send(("failed",))
    else:
        conn.send(("done", result))
    finally:
        conn.close()


__all__ = ["MIN_DRAWS", "MIN_SHANTEN", "half", "meanwhile", "whole", "worth_splitting"]
