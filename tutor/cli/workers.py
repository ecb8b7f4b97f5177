"""``sekwoo batch`` on every core: blocks of lines judged by worker processes, written in order.

A long input of a quick kind (``check``, ``parse``, ``shanten``, ``waits``) is cut into blocks of
``BLOCK`` lines; each block goes through the very function the single-process path runs
(``analyze._batch_lines``, numbering from the block's first line) in a forked worker, which
returns the block's JSON lines as one text, and the parent writes the blocks in input order, so
the output is the single process's byte for byte. An input of one block or less, another kind
(``discard`` and ``analyze`` search with a memory budget per process), one core, or a platform
without ``fork`` runs in the one process, as before. A worker that dies (killed, out of memory)
costs nothing: its block, and every block after it, is judged in the parent instead.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

BLOCK = 1000
"""Lines a worker judges at a time; an input no longer than this runs in one process."""
QUICK_KINDS = frozenset({"check", "parse", "shanten", "waits"})
"""The kinds judged in workers: each line takes well under a millisecond and bounded memory."""

Line = tuple[str, str | None]  # a line's text and why it is no hand, as analyze._read_lines gives
Judge = Callable[[list[Line], int], tuple[str, int]]  # (a block, its first line number) -> (JSON lines, failures)


def cores() -> int:
    """The cores this process may run on (1 where ``fork`` is missing: no workers)."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
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
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    sys.stdout.flush()  # a forked worker flushes what it inherited when it ends
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"), initializer=_worker_start)
    pending: deque[tuple[Any, list[Line], int]] = deque()
    broken = False

    def submit(block: list[Line], number: int) -> None:
        nonlocal broken
        future = None
        if not broken:
            try:
                future = pool.submit(judge, block, number)
            except BrokenProcessPool:  # a worker died: this block and the rest are judged here
                broken = True
        pending.append((future, block, number))

    def take() -> tuple[str, int]:
        nonlocal broken
        future, block, number = pending.popleft()
        if future is not None:
            try:
                return future.result()  # type: ignore[no-any-return]
            except BrokenProcessPool:
                broken = True
        return judge(block, number)

    try:
        submit(first, 1)
        for block, number, err in blocks:
            if block:
                submit(block, number)
            while len(pending) > 2 * jobs or (pending and err is not None):
                yield take()
            if err is not None:
                raise err
        while pending:
            yield take()
    except BaseException:  # Ctrl-C, a closed output, a reading error: no block is waited for
        for worker in list((getattr(pool, "_processes", None) or {}).values()):
            worker.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _worker_start() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the batch (no traceback from a worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


__all__ = ["BLOCK", "QUICK_KINDS", "cores", "in_order"]
