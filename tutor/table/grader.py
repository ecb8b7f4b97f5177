"""The drill's searches, one after another in a thread of their own (``Grader``).

Each decision's search is queued when its question is asked, so it runs while the player thinks,
and starts at once unless an earlier one still runs. The player's answer is handed to the job
(``Job.then``), and its grade read whenever the search is done: at once, as a script wants it,
or later, so a player who answers before a slow search ends goes on playing
(``tutor.table.drill.Later``). One search at a time keeps a grade the same to the bit: the
searches share the tables of complete hands (``tutor.engine.search.kept_tables.table_for``), and a turn
weighed in halves (``tutor.table.halves``) forks its second half from this thread.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.table.grading import Graded, Progress, Searched

POLL = 0.1
"""Seconds between looks at a running search while the player waits for it."""

Start = Callable[["Progress"], Callable[[Callable[[], None] | None], "Searched"]]
"""Start a search, hearing its progress: the function that waits for its answer."""


class Job:
    """One decision's search: run by the grader's thread, its answer (or its error) kept, and once
    the player has answered, the grade it makes (``then``)."""

    def __init__(self, start: Start) -> None:
        self.start = start
        self.latest = (0, 0, 1)  # what the search last said: states, options weighed, options
        self.finished = threading.Event()
        self.value: Searched | None = None
        self.error: BaseException | None = None
        self.then: Callable[[Searched], Graded] | None = None
        self.deferred = False  # the game went on before the grade was ready

    def progress(self, states: int, done: int, total: int) -> None:
        """Called by the search, in its thread."""
        self.latest = (states, done, total)

    def run(self) -> None:
        try:
            self.value = self.start(self.progress)(None)
        except BaseException as err:  # noqa: BLE001 - handed to the caller that reads the grade
            self.error = err
        finally:
            self.finished.set()

    def wait(self, seconds: float | None = None, poll: Callable[[int, int, int], None] | None = None) -> bool:
        """Wait for the search, ``seconds`` at most (None: until it ends), calling ``poll`` with its
        progress now and then: whether it has ended."""
        end = None if seconds is None else time.monotonic() + seconds
        while True:
            left = POLL if end is None else min(POLL, end - time.monotonic())
            if self.finished.wait(max(0.0, left)):
                return True
            if poll is not None:
                poll(*self.latest)
            if end is not None and time.monotonic() >= end:
                return False

    def graded(self) -> Graded:
        """The grade of the player's answer (the search's error, raised, where it failed)."""
        if self.error is not None:
            raise self.error
        assert self.then is not None and self.value is not None
        return self.then(self.value)


class Grader:
    """The queue of searches and the daemon thread that runs them in turn (a player who quits
    does not wait for them)."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[Job] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None

    def add(self, start: Start) -> Job:
        """Queue a search: it starts once those before it have ended."""
        job = Job(start)
        self.jobs.put(job)
        if self.thread is None:
            self.thread = threading.Thread(target=self._work, daemon=True)
            self.thread.start()
        return job

    def _work(self) -> None:
        while True:
            self.jobs.get().run()


__all__ = ["Grader", "Job", "Start"]
