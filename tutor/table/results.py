"""The drill's results in the progress database: one row a hand played, in the table ``drill_hands``
of the same file as the puzzle answers (``tutor.teach.progress.db_path()``).

The progress module owns the file and its schema version; this module only adds its own table
(``CREATE TABLE IF NOT EXISTS``) once the file is known to be sekwoo's, and reads it back.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tutor.teach.progress import Progress, ProgressError

_TABLE = """
CREATE TABLE IF NOT EXISTS drill_hands (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    rules TEXT NOT NULL,
    seat TEXT NOT NULL,
    seed INTEGER NOT NULL,
    decisions INTEGER NOT NULL,
    best INTEGER NOT NULL,
    fun_lost REAL NOT NULL,
    won INTEGER NOT NULL CHECK (won IN (0, 1)),
    fun INTEGER NOT NULL,
    ready_after INTEGER
)
"""


@dataclass(frozen=True)
class DrillRow:
    """One hand played at the drill."""

    at: str
    rules: str
    seat: str
    seed: int
    decisions: int
    best: int
    fun_lost: float
    won: bool
    fun: int
    ready_after: int | None


@dataclass(frozen=True)
class DrillStats:
    """Every hand played at the drill, in all: what ``stats`` may show."""

    hands: int
    decisions: int
    best: int
    fun_lost: float
    wins: int

    @property
    def best_share(self) -> float:
        return self.best / self.decisions if self.decisions else 0.0


def save(row: DrillRow, path: Path | str | None = None) -> None:
    """Add one hand to the progress database (created if it does not exist)."""
    with Progress(path) as progress:
        try:
            cur = progress.conn.cursor()
            cur.execute("BEGIN IMMEDIATE")
            cur.execute(_TABLE)
            cur.execute(
                "INSERT INTO drill_hands (at, rules, seat, seed, decisions, best, fun_lost, won, fun, ready_after) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.at, row.rules, row.seat, row.seed, row.decisions, row.best, row.fun_lost, int(row.won), row.fun,
                 row.ready_after),
            )
            cur.execute("COMMIT")
        except sqlite3.Error as err:
            raise ProgressError(f"cannot write the drill's result to {progress.path}: {err}") from None


def rows(path: Path | str | None = None) -> list[DrillRow]:
    """Every hand played at the drill, oldest first (none when the database or the table is missing)."""
    with Progress(path, read_only=True) as progress:
        try:
            found = progress.conn.execute(
                "SELECT at, rules, seat, seed, decisions, best, fun_lost, won, fun, ready_after FROM drill_hands ORDER BY id"
            ).fetchall()
        except sqlite3.OperationalError:  # no drill played yet: no table
            return []
    return [DrillRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8], r[9]) for r in found]


def stats(path: Path | str | None = None) -> DrillStats:
    """The drill's totals over every hand played."""
    found = rows(path)
    return DrillStats(len(found), sum(r.decisions for r in found), sum(r.best for r in found),
                      sum(r.fun_lost for r in found), sum(r.won for r in found))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


__all__ = ["DrillRow", "DrillStats", "now", "rows", "save", "stats"]
