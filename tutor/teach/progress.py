"""The player's progress: every puzzle answer and finished lesson, in SQLite, never lost.

The database lives in ``platformdirs.user_data_dir("sekwoo")`` (``SEKWOO_HOME`` overrides it) as
``progress.db``. It runs in WAL mode with ``synchronous=FULL``; each answer is one
``BEGIN IMMEDIATE`` transaction, so a process killed mid-write loses nothing already recorded,
and writers in other processes wait for the lock (``busy_timeout``) instead of failing.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Self

from tutor.errors import TutorError

SCHEMA_VERSION = 2
"""Version 2 (this one): ``daily`` marks the one scored answer of a date (a unique index);
version 1 marked every answer to a day's daily, re-answers and back-filled dates included."""
BUSY_TIMEOUT_MS = 30_000
WEAK_ACCURACY = 0.6
"""A theme answered right at the first try less often than this (after ``WEAK_MIN_ATTEMPTS``
puzzles tried) is flagged weak."""
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
CREATE UNIQUE INDEX IF NOT EXISTS attempts_daily_scored ON attempts (daily) WHERE daily IS NOT NULL;
CREATE TABLE IF NOT EXISTS lessons (
    id INTEGER PRIMARY KEY,
    topic TEXT NOT NULL,
    exercises INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    at TEXT NOT NULL
);
"""

_MIGRATE_1_TO_2 = """
UPDATE attempts SET daily = NULL WHERE daily IS NOT NULL AND id <> (
    SELECT MIN(b.id) FROM attempts b WHERE b.daily = attempts.daily);
UPDATE attempts SET daily = NULL WHERE daily IS NOT NULL
    AND (daily < date(at, '-12 hours') OR daily > date(at, '+14 hours'));
DROP INDEX IF EXISTS attempts_daily;
CREATE UNIQUE INDEX IF NOT EXISTS attempts_daily_scored ON attempts (daily) WHERE daily IS NOT NULL;
"""
"""Version 1 to 2: of the answers a version-1 database marked as a date's daily, only the first
one given on that local date (the time ``at`` is UTC; the local date lies between 12 hours before it and 14 after)
stays scored; re-answers and answers back-filled with ``--date`` become practice. No row is lost."""

_TIME_OK = "typeof(at) = 'text' AND datetime(at) IS NOT NULL AND date(substr(at, 1, 10), '+0 days') IS substr(at, 1, 10)"
_COLUMNS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "attempts": (
        ("puzzle_id", "typeof(puzzle_id) = 'text'", "text"),
        ("theme", "typeof(theme) = 'text'", "text"),
        ("level", "typeof(level) = 'integer'", "a whole number"),
        ("answer", "typeof(answer) = 'text'", "text"),
        ("correct", "typeof(correct) = 'integer' AND correct IN (0, 1)", "0 or 1"),
        ("daily", "daily IS NULL OR (typeof(daily) = 'text' AND date(daily, '+0 days') IS daily)", "a date YYYY-MM-DD or NULL"),
        ("at", _TIME_OK, "a time YYYY-MM-DDTHH:MM:SS"),
    ),
    "lessons": (
        ("topic", "typeof(topic) = 'text'", "text"),
        ("exercises", "typeof(exercises) = 'integer'", "a whole number"),
        ("correct", "typeof(correct) = 'integer'", "a whole number"),
        ("at", _TIME_OK, "a time YYYY-MM-DDTHH:MM:SS"),
    ),
}
"""What each column of each table must hold; a row edited by hand into anything else is named in
a one-line error (``Progress.check``)."""

_FIRSTS = "SELECT * FROM attempts a WHERE a.id = (SELECT MIN(b.id) FROM attempts b WHERE b.puzzle_id = a.puzzle_id)"
"""Each puzzle's first answer: the only one that counts for accuracy (later ones are practice)."""


class ProgressError(TutorError):
    """The progress database cannot be opened or written."""


@dataclass(frozen=True, slots=True)
class ThemeStats:
    """Accuracy on one theme, over the first answer to each puzzle."""

    theme: str
    attempts: int
    correct: int
    weak: bool

    @property
    def accuracy(self) -> float:
        """Share of puzzles answered right at the first try (0 with none tried)."""
        return self.correct / self.attempts if self.attempts else 0.0


@dataclass(frozen=True, slots=True)
class Stats:
    """What ``sekwoo stats`` shows: puzzles tried and solved (first answers only), every answer
    given, the daily streak, themes, lessons."""

    attempts: int
    """Puzzles tried: each puzzle's first answer, the one that counts (retries are practice)."""
    correct: int
    """Puzzles whose first answer was right."""
    solved: int
    """Puzzles solved at the first try (the same count as ``correct``)."""
    daily_streak: int
    best_streak: int
    dailies: int
    """Dailies solved on their own date."""
    themes: tuple[ThemeStats, ...]
    lessons: tuple[str, ...]
    answers: int = 0
    """Every answer given, retries and practice included."""

    @property
    def accuracy(self) -> float:
        """Share of puzzles answered right at the first try."""
        return self.correct / self.attempts if self.attempts else 0.0

    @property
    def weak(self) -> tuple[str, ...]:
        """Themes flagged weak, worst first."""
        return tuple(t.theme for t in sorted(self.themes, key=lambda t: t.accuracy) if t.weak)


@dataclass(frozen=True, slots=True)
class Mark:
    """A puzzle's record: its first answer (the one that counts), its latest, how many answers."""

    first: bool
    latest: bool
    answers: int


@dataclass(frozen=True, slots=True)
class DailyAnswer:
    """The one answer scored as a date's daily: its row, the puzzle, right or not."""

    row: int
    puzzle_id: str
    correct: bool


def data_dir() -> Path:
    """Where sekwoo keeps the player's data: ``$SEKWOO_HOME`` or the platform's data directory."""
    home = os.environ.get("SEKWOO_HOME")
    if home:
        folder = Path(home).expanduser()
        if folder.exists() and not folder.is_dir():
            raise ProgressError(f"SEKWOO_HOME names a file, not a folder: {str(folder)!r}")
        return folder
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
        """Open (and create, unless ``read_only``) the database at ``path``, migrating an older
        schema. A file that is not sekwoo's progress database, one from a newer sekwoo, or one with
        a row edited by hand into something sekwoo cannot read is refused with a ``ProgressError``
        before anything is written to it. ``read_only`` opens it for reading only (a missing file
        reads as no progress; an older schema is migrated in memory), as on a read-only home."""
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
            with self._write() as cur:  # again under the lock: another sekwoo may have begun or migrated
                self._upgrade(cur, self._check_ours(self.conn))
        except (OSError, sqlite3.Error) as err:
            raise ProgressError(f"cannot open the progress database {str(self.path)!r}: {err}") from None

    def _upgrade(self, cur: sqlite3.Cursor, version: int) -> None:
        """Create the schema in a new database, or migrate an older one, in the open transaction."""
        if version == 0:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    cur.execute(statement)
        elif version == 1:
            for statement in _MIGRATE_1_TO_2.split(";"):
                if statement.strip():
                    cur.execute(statement)
        if version < SCHEMA_VERSION:
            cur.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _open_read_only(self) -> sqlite3.Connection:
        """A connection that never writes: to the file if there is one, else to an empty database."""
        if not self.path.exists():
            conn = sqlite3.connect(":memory:", isolation_level=None)
            conn.executescript(_SCHEMA)
            return conn
        uri = self.path.resolve().as_uri()
        try:
            conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
            version = self._check_ours(conn)
        except sqlite3.OperationalError:  # a WAL file in a folder we cannot write: read it as it stands
            conn = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)
            version = self._check_ours(conn)
        if version < SCHEMA_VERSION:  # read an older schema through a migrated copy in memory
            memory = sqlite3.connect(":memory:", isolation_level=None)
            conn.backup(memory)
            conn.close()
            conn = memory
            cur = conn.cursor()
            cur.execute("BEGIN")
            self._upgrade(cur, version)
            cur.execute("COMMIT")
        return conn

    def _check_ours(self, conn: sqlite3.Connection) -> int:
        """The schema version of the file, after checking (by reading only) that it is sekwoo's
        progress database, or a new empty one (version 0), with every row readable; raises
        ProgressError otherwise."""
        # one statement, so one snapshot: another sekwoo may create the schema (its tables, then
        # its version, in one transaction) between two reads, and its tables read with the version
        # read before would look like a foreign file's
        got, names = conn.execute(
            "SELECT (SELECT user_version FROM pragma_user_version),"
            " (SELECT group_concat(name, char(31)) FROM sqlite_master WHERE type = 'table')").fetchone()
        version = int(got)
        tables = set(str(names).split("\x1f")) if names else set()
        if version > SCHEMA_VERSION:
            raise ProgressError(
                f"{self.path} was written by a newer sekwoo (progress schema {version}; this one reads up to "
                f"{SCHEMA_VERSION}): upgrade sekwoo"
            )
        if version == 0 and tables:
            raise ProgressError(
                f"{self.path} is not a sekwoo progress database (it holds {', '.join(sorted(tables))}); "
                "sekwoo leaves it untouched: move it, or set SEKWOO_HOME to another folder"
            )
        if version > 0:
            self._check_rows(conn, tables)
        return version

    def _check_rows(self, conn: sqlite3.Connection, tables: set[str]) -> None:
        """Raise ProgressError naming the first table, column or row that sekwoo cannot read."""
        for table, columns in _COLUMNS.items():
            if table not in tables:
                raise ProgressError(
                    f"{self.path} has no table {table!r} (edited by hand?): restore it from a copy, "
                    "or move the file away to start afresh"
                )
            have = {str(r[1]) for r in conn.execute(f"PRAGMA table_info({table})")}
            for column, ok, expected in columns:
                if column not in have:
                    raise ProgressError(f"{self.path}: table {table!r} has no column {column!r} (edited by hand?)")
                bad = conn.execute(f"SELECT id, {column} FROM {table} WHERE NOT ({ok}) ORDER BY id LIMIT 1").fetchone()
                if bad is not None:
                    raise ProgressError(
                        f"{self.path}: row {bad[0]} of {table} has {column} = {bad[1]!r}, not {expected} "
                        "(edited by hand?): correct or delete that row"
                    )

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
        """Record one answer in its own transaction; returns its row id.

        ``daily`` is the date the answer would count for as that date's daily. Only the first
        answer given for a date is scored as its daily; a later one is kept as practice (its
        ``daily`` left empty), decided under the write lock, so two processes cannot both score."""
        day = daily.isoformat() if isinstance(daily, date) else daily
        try:
            with self._write() as cur:
                if day is not None and cur.execute("SELECT 1 FROM attempts WHERE daily = ?", (day,)).fetchone():
                    day = None
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

    def marks(self) -> dict[str, Mark]:
        """Each attempted puzzle: its first answer right or not, its latest, and how many answers."""
        rows = self._read(
            "SELECT puzzle_id, COUNT(*),"
            " (SELECT correct FROM attempts b WHERE b.puzzle_id = a.puzzle_id ORDER BY id LIMIT 1),"
            " (SELECT correct FROM attempts b WHERE b.puzzle_id = a.puzzle_id ORDER BY id DESC LIMIT 1)"
            " FROM attempts a GROUP BY puzzle_id"
        )
        return {str(r[0]): Mark(bool(r[2]), bool(r[3]), int(r[1])) for r in rows}

    def daily_answer(self, day: date) -> DailyAnswer | None:
        """The answer scored as the daily of ``day``, if there is one."""
        rows = self._read("SELECT id, puzzle_id, correct FROM attempts WHERE daily = ?", (day.isoformat(),))
        return DailyAnswer(int(rows[0][0]), str(rows[0][1]), bool(rows[0][2])) if rows else None

    def daily_days(self) -> set[date]:
        """The dates whose daily was solved on that date."""
        rows = self._read("SELECT daily FROM attempts WHERE daily IS NOT NULL AND correct = 1")
        return {date.fromisoformat(str(r[0])) for r in rows}

    def lessons_done(self) -> tuple[str, ...]:
        """Topics of the lessons finished at least once."""
        return tuple(str(r[0]) for r in self._read("SELECT DISTINCT topic FROM lessons ORDER BY topic"))

    def stats(self, today: date | None = None) -> Stats:
        """Totals over first answers (a retry is practice), the daily streak (up to today, or
        yesterday if today is still open), themes, lessons."""
        today = today or date.today()
        tried, right = self._read(f"SELECT COUNT(*), COALESCE(SUM(correct = 1), 0) FROM ({_FIRSTS})")[0]
        answers = self._read("SELECT COUNT(*) FROM attempts")[0][0]
        days = self.daily_days()
        themes = tuple(
            ThemeStats(str(t), int(n), int(c), int(n) >= WEAK_MIN_ATTEMPTS and int(c) / int(n) < WEAK_ACCURACY)
            for t, n, c in self._read(
                f"SELECT theme, COUNT(*), COALESCE(SUM(correct = 1), 0) FROM ({_FIRSTS}) GROUP BY theme ORDER BY theme"
            )
        )
        return Stats(
            int(tried), int(right), int(right), streak(days, today), best_streak(days),
            len(days), themes, self.lessons_done(), int(answers),
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
    "DailyAnswer", "Mark", "Progress", "ProgressError", "Stats", "ThemeStats", "best_streak", "data_dir", "db_path",
    "streak",
]
