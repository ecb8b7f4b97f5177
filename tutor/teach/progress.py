"""The player's progress: every puzzle answer and finished lesson, in SQLite, never lost.

The database lives in ``platformdirs.user_data_dir("sekwoo")`` (``SEKWOO_HOME`` overrides it) as
``progress.db``. It runs in WAL mode with ``synchronous=FULL``; each answer is one
``BEGIN IMMEDIATE`` transaction, so a process killed mid-write loses nothing already recorded,
and writers in other processes wait for the lock (``busy_timeout``) instead of failing.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Self

from tutor.errors import TutorError

SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 30_000
WEAK_ACCURACY = 0.6
"""A theme answered right less often than this (after ``WEAK_MIN_ATTEMPTS``) is flagged weak."""
WEAK_MIN_ATTEMPTS = 3

_SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    puzzle_id TEXT NOT NULL,
    theme TEXT NOT NULL,
    level INTEGER NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
    daily TEXT,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_puzzle ON attempts (puzzle_id, id);
CREATE INDEX IF NOT EXISTS attempts_daily ON attempts (daily) WHERE daily IS NOT NULL;
CREATE TABLE IF NOT EXISTS lessons (
    id INTEGER PRIMARY KEY,
    topic TEXT NOT NULL,
    exercises INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    at TEXT NOT NULL
);
"""


class ProgressError(TutorError):
    """The progress database cannot be opened or written."""


@dataclass(frozen=True, slots=True)
class ThemeStats:
    """Accuracy on one theme."""

    theme: str
    attempts: int
    correct: int
    weak: bool

    @property
    def accuracy(self) -> float:
        """Share of attempts answered right (0 with no attempt)."""
        return self.correct / self.attempts if self.attempts else 0.0


@dataclass(frozen=True, slots=True)
class Stats:
    """What ``sekwoo stats`` shows: attempts, puzzles solved, daily streak, themes, lessons."""

    attempts: int
    correct: int
    solved: int
    daily_streak: int
    best_streak: int
    dailies: int
    themes: tuple[ThemeStats, ...]
    lessons: tuple[str, ...]

    @property
    def accuracy(self) -> float:
        """Share of all attempts answered right."""
        return self.correct / self.attempts if self.attempts else 0.0

    @property
    def weak(self) -> tuple[str, ...]:
        """Themes flagged weak, worst first."""
        return tuple(t.theme for t in sorted(self.themes, key=lambda t: t.accuracy) if t.weak)


def data_dir() -> Path:
    """Where sekwoo keeps the player's data: ``$SEKWOO_HOME`` or the platform's data directory."""
    home = os.environ.get("SEKWOO_HOME")
    if home:
        return Path(home).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("sekwoo", appauthor=False))


def db_path() -> Path:
    """The progress database file."""
    return data_dir() / "progress.db"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Progress:
    """An open progress database; use as a context manager, or call ``close``."""

    def __init__(self, path: Path | str | None = None, *, read_only: bool = False) -> None:
        """Open (and create, unless ``read_only``) the database at ``path``. A file that is not
        sekwoo's progress database is refused before anything is written to it. ``read_only``
        opens it for reading only (a missing file reads as no progress), as on a read-only home."""
        self.path = Path(path) if path is not None else db_path()
        self.read_only = read_only
        try:
            if read_only:
                self.conn = self._open_read_only()
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
            self.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._check_ours(self.conn)  # before WAL mode, which would change a foreign file
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = FULL")
            with self._write() as cur:
                if self._check_ours(self.conn) == 0:  # again under the lock: another sekwoo may have begun
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            cur.execute(statement)
                    cur.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except (OSError, sqlite3.Error) as err:
            raise ProgressError(f"cannot open the progress database {str(self.path)!r}: {err}") from None

    def _open_read_only(self) -> sqlite3.Connection:
        """A connection that never writes: to the file if there is one, else to an empty database."""
        if not self.path.exists():
            conn = sqlite3.connect(":memory:", isolation_level=None)
            conn.executescript(_SCHEMA)
            return conn
        uri = self.path.resolve().as_uri()
        try:
            conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
            self._check_ours(conn)
        except sqlite3.OperationalError:  # a WAL file in a folder we cannot write: read it as it stands
            conn = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)
            self._check_ours(conn)
        return conn

    def _check_ours(self, conn: sqlite3.Connection) -> int:
        """The schema version of the file, after checking (by reading only) that it is sekwoo's
        progress database, or a new empty one (version 0); raises ProgressError otherwise."""
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version > SCHEMA_VERSION:
            raise ProgressError(f"{self.path} was written by a newer sekwoo (schema {version}); upgrade sekwoo")
        if (version == 0 and tables) or (version > 0 and not {"attempts", "lessons"} <= tables):
            raise ProgressError(
                f"{self.path} is not a sekwoo progress database (it holds {', '.join(sorted(tables)) or 'no table'}); "
                "sekwoo leaves it untouched: move it, or set SEKWOO_HOME to another folder"
            )
        return version

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Cursor]:
        """One write transaction, taken with the write lock up front (waits while others write)."""
        cur = self.conn.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            yield cur
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        cur.execute("COMMIT")

    def record(
        self, puzzle_id: str, theme: str, level: int, answer: str, correct: bool, daily: date | str | None = None
    ) -> int:
        """Record one answer in its own transaction; returns its row id."""
        day = daily.isoformat() if isinstance(daily, date) else daily
        try:
            with self._write() as cur:
                cur.execute(
                    "INSERT INTO attempts (puzzle_id, theme, level, answer, correct, daily, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (puzzle_id, theme, level, answer, int(correct), day, _now()),
                )
                return int(cur.lastrowid or 0)
        except sqlite3.Error as err:
            raise ProgressError(f"cannot record the answer in {str(self.path)!r}: {err}") from None

    def record_lesson(self, topic: str, exercises: int, correct: int) -> None:
        """Record a finished lesson and how its exercises went."""
        try:
            with self._write() as cur:
                cur.execute(
                    "INSERT INTO lessons (topic, exercises, correct, at) VALUES (?, ?, ?, ?)",
                    (topic, exercises, correct, _now()),
                )
        except sqlite3.Error as err:
            raise ProgressError(f"cannot record the lesson in {str(self.path)!r}: {err}") from None

    def _read(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return list(self.conn.execute(sql, args))
        except sqlite3.Error as err:
            raise ProgressError(f"cannot read {str(self.path)!r}: {err}") from None

    def failed(self) -> list[str]:
        """Puzzles whose latest answer was wrong, the most recently failed first."""
        rows = self._read(
            "SELECT puzzle_id FROM attempts a WHERE id = (SELECT MAX(id) FROM attempts b"
            " WHERE b.puzzle_id = a.puzzle_id) AND correct = 0 ORDER BY id DESC"
        )
        return [str(r[0]) for r in rows]

    def status(self) -> dict[str, bool]:
        """Each attempted puzzle and whether it was ever answered right."""
        rows = self._read("SELECT puzzle_id, MAX(correct) FROM attempts GROUP BY puzzle_id")
        return {str(r[0]): bool(r[1]) for r in rows}

    def lessons_done(self) -> tuple[str, ...]:
        """Topics of the lessons finished at least once."""
        return tuple(str(r[0]) for r in self._read("SELECT DISTINCT topic FROM lessons ORDER BY topic"))

    def stats(self, today: date | None = None) -> Stats:
        """Totals, the daily streak (up to today, or yesterday if today is still open), themes."""
        today = today or date.today()
        total, correct = self._read("SELECT COUNT(*), COALESCE(SUM(correct = 1), 0) FROM attempts")[0]
        solved = self._read("SELECT COUNT(DISTINCT puzzle_id) FROM attempts WHERE correct = 1")[0][0]
        days = _dates(r[0] for r in self._read(
            "SELECT DISTINCT daily FROM attempts WHERE daily IS NOT NULL AND correct = 1"
        ))
        themes = tuple(
            ThemeStats(str(t), int(n), int(c), int(n) >= WEAK_MIN_ATTEMPTS and int(c) / int(n) < WEAK_ACCURACY)
            for t, n, c in self._read(
                "SELECT theme, COUNT(*), COALESCE(SUM(correct = 1), 0) FROM attempts GROUP BY theme ORDER BY theme"
            )
        )
        return Stats(
            int(total), int(correct), int(solved), streak(days, today), best_streak(days),
            len(days), themes, self.lessons_done(),
        )

    def first_attempts(self) -> tuple[FirstAttempt, ...]:
        """The first answer to each puzzle, in answer order (retries are practice: only counted)."""
        rows = self._read(
            "SELECT puzzle_id, theme, level, correct, at, daily, (SELECT COUNT(*) FROM attempts c"
            " WHERE c.puzzle_id = a.puzzle_id) FROM attempts a WHERE id = (SELECT MIN(id)"
            " FROM attempts b WHERE b.puzzle_id = a.puzzle_id) ORDER BY id"
        )
        return tuple(FirstAttempt(str(p), str(t), int(lv), bool(c), str(at), None if d is None else str(d), int(n))
                     for p, t, lv, c, at, d, n in rows)


@dataclass(frozen=True, slots=True)
class FirstAttempt:
    """The first answer to one puzzle (``Progress.first_attempts``): the one that counts for ratings."""

    puzzle_id: str
    theme: str
    level: int
    correct: bool
    at: str
    daily: str | None
    answers: int = 1  # every answer to the puzzle, this one and the retries


def _dates(values: Iterable[object]) -> set[date]:
    """The days among ``values`` written as ISO dates; a row edited by hand into something else
    (``"yesterday"``, ``2024-13-45``) is passed over, not fatal."""
    out = set()
    for value in values:
        try:
            out.add(date.fromisoformat(str(value)))
        except ValueError:
            continue
    return out


def streak(days: set[date], today: date) -> int:
    """Consecutive days with a solved daily puzzle, ending today (or yesterday)."""
    day = today if today in days else today - timedelta(days=1)
    n = 0
    while day in days:
        n += 1
        day -= timedelta(days=1)
    return n


def best_streak(days: set[date]) -> int:
    """The longest run of consecutive days with a solved daily puzzle."""
    best = 0
    for d in days:
        if d - timedelta(days=1) in days:
            continue
        n = 1
        while d + timedelta(days=n) in days:
            n += 1
        best = max(best, n)
    return best


__all__ = [
    "Progress", "ProgressError", "Stats", "ThemeStats", "best_streak", "data_dir", "db_path", "streak",
]
