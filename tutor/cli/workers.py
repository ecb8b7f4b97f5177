"""``sekwoo batch`` on every core: blocks of lines judged by worker processes, written in order.

A long input of a quick kind (``check``, ``parse``, ``shanten``, ``waits``) is cut into blocks of
``BLOCK`` lines; each block goes through the very function the single-process path runs
(``analyze._batch_lines``, numbering from the block's first line) in a forked worker, which
returns the block's JSON lines as one text, and the parent writes the blocks in input order, so
the output is the single process's byte for byte. An input of one block or less, another kind
(``discard`` and ``analyze`` search with a memory budget per process), one core, or a platform
without ``fork`` runs in the one process, as before. A worker that dies (killed, out of memory)
costs nothing: its block, and every block after it, is judged in the parent instead.

``sekwoo review`` weighs the decisions of a record the same way (``each``): one decision an item,
the answers in the record's order, so the review is the single process's.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

BLOCK = 1000
"""Lines a worker judges at a time; an input no longer than this runs in one process."""
QUICK_KINDS = frozenset({"check", "parse", "shanten", "waits"})
"""The kinds judged in workers: each line takes well under a millisecond and bounded memory."""

Line = tuple[str, str | None]  # a line's text and why it is no hand, as analyze._read_lines gives
R = TypeVar("R")
T = TypeVar("T")
Judge = Callable[[list[Line], int], tuple[str, int]]  # (a block, its first line number) -> (JSON lines, failures)


def cores() -> int:
    """The cores this process may run on (1 where ``fork`` is missing: no workers). Asked by every
    ``discard`` and ``claim``, so it does not import ``multiprocessing``: the platforms whose
    ``os`` can fork are those where it offers the ``fork`` start method."""
    if not hasattr(os, "fork"):
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity call (macOS)
        return os.cpu_count() or 1


def in_order(lines: Iterable[Line], judge: Judge, jobs: int) -> Iterator[tuple[str, int]]:
    """Each block of ``lines`` judged (by ``jobs`` workers where the input is longer than a block),
    as (its JSON lines, how many failed), in input order. An error reading the input (an endless
    line) comes out after the blocks read before it, as it does in one process."""
    lines = iter(lines)
    first: list[Line] = []
    try:
        for line in lines:
            first.append(line)
            if len(first) > BLOCK:
                break
    except Exception:
        yield judge(first, 1)
        raise
    if jobs <= 1 or len(first) <= BLOCK:
        yield judge(first[:BLOCK], 1)
        yield from _blocks_here(_rest(first[BLOCK:], lines, BLOCK + 1), judge)
        return
    yield from _blocks_in_workers(_rest(first[BLOCK:], lines, BLOCK + 1), judge, jobs, first[:BLOCK])


def _rest(head: list[Line], lines: Iterator[Line], number: int) -> Iterator[tuple[list[Line], int, BaseException | None]]:
    """The remaining blocks: (lines, first line number, the reading error that ends the input)."""
    block = head
    try:
        for line in lines:
            if len(block) == BLOCK:
                yield block, number, None
                number += BLOCK
                block = []
            block.append(line)
    except Exception as err:  # noqa: BLE001 - given back after the lines read before it
        yield block, number, err
        return
    if block:
        yield block, number, None


def _blocks_here(blocks: Iterator[tuple[list[Line], int, BaseException | None]], judge: Judge) -> Iterator[tuple[str, int]]:
    for block, number, err in blocks:
        if block:
            yield judge(block, number)
        if err is not None:
            raise err


def _blocks_in_workers(
    blocks: Iterator[tuple[list[Line], int, BaseException | None]], judge: Judge, jobs: int, first: list[Line]
) -> Iterator[tuple[str, int]]:
    """The blocks judged by ``jobs`` forked workers, at most two a worker in flight."""
    def args() -> Iterator[tuple[list[Line], int]]:
        yield first, 1
        for block, number, err in blocks:
            if block:
                yield block, number
            if err is not None:
                raise err

    return ordered(judge, args(), jobs, 2 * jobs)


def ordered(fn: Callable[..., R], items: Iterable[tuple[Any, ...]], jobs: int, ahead: int | None = None) -> Iterator[R]:
    """``fn(*args)`` for each ``args`` of ``items``, computed by ``jobs`` forked workers and given
    back in the items' order, at most ``ahead`` items in flight (default: no limit).

    The workers inherit ``fn`` as it is at the fork (a closure, the rule set, the solver's tables):
    only the items and the answers are pickled. An error raised while reading ``items`` comes out
    after the answers of the items read before it; an error ``fn`` raises comes out in its item's
    place. A worker that dies (killed, out of memory) costs nothing: its item, and every item after
    it, is computed in this process instead. Stopped early (Ctrl-C, the generator closed), the
    workers are ended, not waited for."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    sys.stdout.flush()  # a forked worker flushes what it inherited when it ends
    sys.stderr.flush()
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"), initializer=_worker_start,
                               initargs=(fn,))
    pending: deque[tuple[Any, tuple[Any, ...]]] = deque()
    broken = False

    def submit(args: tuple[Any, ...]) -> None:
        nonlocal broken
        future = None
        if not broken:
            try:
                future = pool.submit(_inherited, *args)
            except BrokenProcessPool:  # a worker died: this item and the rest are computed here
                broken = True
        pending.append((future, args))

    def take() -> R:
        nonlocal broken
        future, args = pending.popleft()
        if future is not None:
            try:
                return future.result()  # type: ignore[no-any-return]
            except BrokenProcessPool:
                broken = True
        return fn(*args)

    items = iter(items)
    try:
        while True:
            try:
                args = next(items)
            except StopIteration:
                break
            except Exception:  # a reading error: the answers before it first
                while pending:
                    yield take()
                raise
            submit(args)
            while ahead is not None and len(pending) > ahead:
                yield take()
        while pending:
            yield take()
    except BaseException:  # Ctrl-C, a closed output, a reading error: no item is waited for
        for worker in list((getattr(pool, "_processes", None) or {}).values()):
            worker.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def each(fn: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    """``fn(item)`` for each item, in order: in ``jobs`` forked workers where there are two items
    or more (``ordered``), else here."""
    if jobs <= 1 or len(items) <= 1:
        return map(fn, items)
    return ordered(fn, ((item,) for item in items), jobs)


_FN: list[Callable[..., Any]] = []  # in a worker: the function it inherited


def _inherited(*args: Any) -> Any:
    return _FN[0](*args)


def _worker_start(fn: Callable[..., Any]) -> None:
    """A worker keeps the function it computes, and leaves Ctrl-C to the parent, which stops the
    work (no traceback from a worker)."""
    _FN[:] = [fn]
    signal.signal(signal.SIGINT, signal.SIG_IGN)


__all__ = ["BLOCK", "QUICK_KINDS", "cores", "each", "in_order", "ordered"]
