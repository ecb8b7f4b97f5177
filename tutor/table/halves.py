"""A drill turn weighed on two cores while the player thinks: the discards of every other kind of
card held in a forked process, the rest (and the moves beside a discard) in a thread here.

Each option is weighed on its own (its own search from the cards it keeps), so the two halves
together are the whole: their options are put back in the order one search gives
(``tutor.engine.solver.option_order``), and the drill's answer is the same to the last bit as
with one core. Only a turn worth it is split (``worth_splitting``: far from a win with many
draws left, where one search takes seconds); a worker that dies, or a half that falls back to
fewer draws than the other (the search's budget), costs nothing but time: the turn is weighed
again here, whole.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
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
"""...with at least this many draws left: below either, one search takes well under a second."""
TICK = 0.2
"""Seconds between the forked half's reports of how far it has got."""

Wait = Callable[[Callable[[], None] | None], Searched]


def worth_splitting(hand: Hand, rules: RuleSet, seat: Seat, n: int) -> bool:
    """Is the turn long enough to weigh on two cores (``MIN_SHANTEN``, ``MIN_DRAWS``)?"""
    from tutor.table.opponents import shanten_of

    return n >= MIN_DRAWS and len(set(hand.concealed)) > 1 and shanten_of(hand, rules, seat) >= MIN_SHANTEN


def halves(hand: Hand) -> tuple[frozenset[Tile], frozenset[Tile]]:
    """The cards whose discards each half does not weigh: the first weighs every other kind held
    from the first, the second the rest."""
    kinds = sorted(set(hand.concealed))
    return frozenset(kinds[1::2]), frozenset(kinds[0::2])


def half(hand: Hand, rules: RuleSet, seat: Seat, drawn: Tile | None, seen: Sequence[Tile], n: int, which: int,
         progress: Progress | None = None) -> DiscardResult:
    """One half of the turn's options: the first (``which`` 0) with sinking, KONGs and recalls, the
    second the discards alone."""
    from tutor.engine.solver import discard

    barred = halves(hand)[which]
    result = discard(hand, rules, seat, draws=n, seen=seen, drawn=drawn if which == 0 else None, progress=progress,
                     kongs_now=which == 0, barred=barred)
    if which:  # sinking is weighed by the first half
        result = replace(result, options=tuple(o for o in result.options if o.action != "sink"))
    return result


def joined(first: DiscardResult, second: DiscardResult) -> DiscardResult:
    """The two halves' options in the order one search ranks them."""
    from tutor.engine.solver import option_order

    options = sorted((*first.options, *second.options), key=option_order)
    return replace(first, options=tuple(options), states=first.states + second.states,
                   distance=min(first.distance, second.distance))


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
        try:
            box["first"] = half(hand, rules, seat, drawn, seen, n, 0, heard(0))
        except BaseException as err:  # noqa: BLE001 - handed to the waiting caller
            box["error"] = err

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def answer(poll: Callable[[], None] | None = None) -> Searched:
        second: DiscardResult | None = None
        try:
            while thread.is_alive() or second is None:
                thread.join(0.1)
                got, done = _read(ours, heard(1))
                if got is not None:
                    second = got
                elif done:  # the worker died, or could not weigh its half: weighed here
                    second = half(hand, rules, seat, drawn, seen, n, 1, heard(1))
                if poll is not None:
                    poll()
        finally:
            ours.close()
            if worker.is_alive():
                worker.kill()
            worker.join()
        if "error" in box:
            raise box["error"]
        first: DiscardResult = box["first"]
        if first.draws != second.draws:  # a half fell back to fewer draws (the budget): the whole turn here
            from tutor.table.grading import search_turn

            return search_turn(hand, rules, seat, drawn, seen, n, progress)
        return ranked(turn_options(joined(first, second))), first.draws

    return answer


def _read(conn: Connection, tell: Progress) -> tuple[DiscardResult | None, bool]:
    """What the forked half has sent: its answer if it has come, and whether it will send no more."""
    try:
        while conn.poll():
            kind, *rest = conn.recv()
            if kind == "progress":
                tell(*rest)
            elif kind == "done":
                return rest[0], True
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

    try:
        result = half(hand, rules, seat, drawn, seen, n, 1, tell)
    except Exception:  # noqa: BLE001 - the parent weighs this half itself, and raises there
        conn.send(("failed",))
    else:
        conn.send(("done", result))
    finally:
        conn.close()


__all__ = ["MIN_DRAWS", "MIN_SHANTEN", "halves", "joined", "meanwhile", "worth_splitting"]
