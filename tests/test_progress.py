"""The progress store: nothing recorded is lost to a kill, and concurrent answers all land."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import pytest

from tutor.teach.progress import Progress, ProgressError, best_streak, data_dir, db_path, streak

WRITER = r"""
import sys
from tutor.teach.progress import Progress
prog = Progress(sys.argv[1])
tag = sys.argv[2]
n = int(sys.argv[3])
print("ready", flush=True)
for i in range(n):
    rid = prog.record(f"{tag}-{i:05d}", "waits", 1, "3d 6d " * 40, i % 3 == 0, None)
    print(rid, i, flush=True)
"""


def _writer(path: Path, tag: str, n: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), tag, str(n)], stdout=subprocess.PIPE, text=True,
    )


def test_data_dir_follows_sekwoo_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home"
    assert db_path() == tmp_path / "home" / "progress.db"
    with Progress() as prog:
        prog.record("waits-001", "waits", 1, "3d", True)
    assert (tmp_path / "home" / "progress.db").exists()
    monkeypatch.delenv("SEKWOO_HOME")
    assert "sekwoo" in str(data_dir())


def test_wal_and_busy_timeout(tmp_path: Path) -> None:
    with Progress(tmp_path / "p.db") as prog:
        assert prog.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert prog.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000


def test_sigkill_mid_write_loses_nothing_recorded(tmp_path: Path) -> None:
    """Kill writers at random moments; every answer they reported committed is still there, intact."""
    path = tmp_path / "p.db"
    committed: dict[str, int] = {}
    for round_ in range(4):
        proc = _writer(path, f"r{round_}", 100_000)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + 0.3 + 0.1 * round_
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            rid, i = line.split()
            committed[f"r{round_}-{int(i):05d}"] = int(rid)
        os.kill(proc.pid, signal.SIGKILL)  # most likely inside a transaction: the writer never pauses
        proc.wait()
        proc.stdout.close()
        assert proc.returncode == -signal.SIGKILL
    assert len(committed) > 50
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    rows = {r[0]: r for r in conn.execute("SELECT id, puzzle_id, theme, answer, correct FROM attempts")}
    for pid, rid in committed.items():
        assert rid in rows, f"answer {pid} was reported committed but is missing"
        _, got_pid, theme, answer, correct = rows[rid]
        assert (got_pid, theme, answer, correct) == (pid, "waits", "3d 6d " * 40, int(int(pid[-5:]) % 3 == 0))
    # No half-written row: every row is complete and the ids of each round run without holes.
    for round_ in range(4):
        ids = sorted(int(r[1][-5:]) for r in rows.values() if r[1].startswith(f"r{round_}-"))
        assert ids == list(range(len(ids)))
    conn.close()
    with Progress(path) as prog:  # and the store still works afterwards
        prog.record("after", "waits", 1, "x", True)
        assert prog.stats().attempts == len(rows) + 1


def test_concurrent_answers_are_all_recorded(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    Progress(path).close()
    procs = [_writer(path, f"w{k}", 60) for k in range(4)]
    for proc in procs:
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0
        assert len(out.splitlines()) == 61
    with Progress(path) as prog:
        assert prog.stats().attempts == 240
        assert set(prog.status()) == {f"w{k}-{i:05d}" for k in range(4) for i in range(60)}


def test_concurrent_cli_answers(tmp_path: Path) -> None:
    env = dict(os.environ, SEKWOO_HOME=str(tmp_path))
    from puzzles import load_puzzles

    ps = [p for p in load_puzzles() if p.theme == "count-fun"][:3]
    procs = [
        subprocess.Popen([sys.executable, "-m", "tutor", "puzzle", "answer", p.id, p.answer, "--json"],
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for p in ps
    ]
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert json.loads(out)["recorded"] is True
    with Progress(tmp_path / "progress.db") as prog:
        assert prog.status() == {p.id: True for p in ps}
        assert prog.stats().attempts == len(ps)


def test_stats_streak_and_weak_themes(tmp_path: Path) -> None:
    with Progress(tmp_path / "p.db") as prog:
        for k, ok in enumerate([True, False, False, False]):
            prog.record(f"waits-00{k}", "waits", 1, "x", ok)
        for k in range(3):
            prog.record(f"count-fun-00{k}", "count-fun", 1, "5", True)
        for day in ("2025-01-01", "2025-01-02", "2025-01-03", "2025-01-05"):
            prog.record("find-ngan-001", "find-ngan", 1, "R", True, day)
        prog.record("find-ngan-002", "find-ngan", 1, "R", False, "2025-01-06")
        prog.record_lesson("chee", 3, 3)
        s = prog.stats(today=date(2025, 1, 6))
        assert prog.failed()[0] == "find-ngan-002"
        assert "waits-001" in prog.failed() and "waits-000" not in prog.failed()
    assert s.attempts == 9 and s.correct == 5 and s.answers == 12  # first answers only
    assert s.daily_streak == 1  # the 5th; the 6th was failed, and today is still open
    assert s.best_streak == 3 and s.dailies == 4
    assert s.weak == ("waits",)
    assert s.lessons == ("chee",)
    assert streak({date(2025, 1, 6)}, date(2025, 1, 6)) == 1
    assert streak(set(), date(2025, 1, 6)) == 0
    assert best_streak(set()) == 0


def test_unwritable_store_is_a_clean_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ProgressError, match="cannot open"):
        Progress(blocker / "sub" / "p.db")


V1_SCHEMA = """
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY, puzzle_id TEXT NOT NULL, theme TEXT NOT NULL, level INTEGER NOT NULL,
    answer TEXT NOT NULL, correct INTEGER NOT NULL CHECK (correct IN (0, 1)), daily TEXT, at TEXT NOT NULL
);
CREATE INDEX attempts_puzzle ON attempts (puzzle_id, id);
CREATE INDEX attempts_daily ON attempts (daily) WHERE daily IS NOT NULL;
CREATE TABLE lessons (
    id INTEGER PRIMARY KEY, topic TEXT NOT NULL, exercises INTEGER NOT NULL, correct INTEGER NOT NULL, at TEXT NOT NULL
);
PRAGMA user_version = 1;
"""
V1_ROWS = [  # (puzzle_id, theme, level, answer, correct, daily, at), as version 1 wrote them
    ("waits-001", "waits", 3, "5d", 0, "2026-11-20", "2026-11-20T09:00:00+00:00"),  # the daily, failed
    ("waits-001", "waits", 3, "3d 6d", 1, "2026-11-20", "2026-11-20T09:01:00+00:00"),  # re-answered
    ("count-fun-002", "count-fun", 2, "5", 1, "2026-11-21", "2026-11-21T23:30:00+00:00"),  # late UTC, fine
    ("find-ngan-003", "find-ngan", 2, "R", 1, "2026-10-01", "2026-11-22T10:00:00+00:00"),  # back-filled
    ("find-ngan-003", "find-ngan", 2, "R", 1, None, "2026-11-22T10:05:00+00:00"),
]


def _v1_db(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(V1_SCHEMA)
    conn.executemany("INSERT INTO attempts (puzzle_id, theme, level, answer, correct, daily, at)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?)", V1_ROWS)
    conn.execute("INSERT INTO lessons (topic, exercises, correct, at) VALUES ('chee', 3, 2, '2026-11-20T08:00:00+00:00')")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("read_only", [False, True])
def test_a_version_1_database_migrates_keeping_every_answer(tmp_path: Path, read_only: bool) -> None:
    path = tmp_path / "progress.db"
    _v1_db(path)
    before = path.read_bytes()
    with Progress(path, read_only=read_only) as prog:
        rows = prog.conn.execute("SELECT puzzle_id, theme, level, answer, correct, at FROM attempts ORDER BY id").fetchall()
        assert rows == [r[:5] + r[6:] for r in V1_ROWS]  # every answer, as it was
        scored = [r[0] for r in prog.conn.execute("SELECT daily FROM attempts ORDER BY id")]
        # only the first answer given on its own date stays scored
        assert scored == ["2026-11-20", None, "2026-11-21", None, None]
        assert prog.lessons_done() == ("chee",)
        s = prog.stats(date(2026, 11, 21))
        assert (s.attempts, s.correct, s.answers, s.dailies, s.daily_streak) == (3, 2, 5, 1, 1)
        assert int(prog.conn.execute("PRAGMA user_version").fetchone()[0]) == 2
    if read_only:  # read through a copy in memory: the file is as it was
        assert path.read_bytes() == before
    else:
        conn = sqlite3.connect(path)
        assert int(conn.execute("PRAGMA user_version").fetchone()[0]) == 2
        conn.close()
        with Progress(path) as prog:  # and once migrated, one scored answer per date is enforced
            prog.record("x-001", "waits", 1, "x", True, "2026-11-20")
            assert prog.conn.execute("SELECT COUNT(*) FROM attempts WHERE daily = '2026-11-20'").fetchone()[0] == 1
            with pytest.raises(sqlite3.IntegrityError):
                prog.conn.execute("UPDATE attempts SET daily = '2026-11-20' WHERE id = 3")


def test_accuracy_and_solved_count_first_answers_only(tmp_path: Path) -> None:
    with Progress(tmp_path / "p.db") as prog:
        for answer in (False, True, True, True):  # failed, then retried right three times
            prog.record("waits-001", "waits", 3, "x", answer)
        for answer in (True, False):  # right, then a wrong retry
            prog.record("waits-002", "waits", 2, "x", answer)
        prog.record("count-fun-001", "count-fun", 1, "5", True)
        s = prog.stats(date(2026, 11, 25))
        marks = prog.marks()
    assert (s.attempts, s.correct, s.solved, s.answers) == (3, 2, 2, 7)
    assert {t.theme: (t.attempts, t.correct) for t in s.themes} == {"waits": (2, 1), "count-fun": (1, 1)}
    assert {k: (m.first, m.latest, m.answers) for k, m in marks.items()} == {
        "waits-001": (False, True, 4), "waits-002": (True, False, 2), "count-fun-001": (True, True, 1),
    }


HAND_EDITS = [
    ("UPDATE attempts SET daily = 'yesterday' WHERE id = 1", "row 1 of attempts has daily = 'yesterday'"),
    ("UPDATE attempts SET daily = '2024-02-30' WHERE id = 1", "row 1 of attempts has daily = '2024-02-30'"),
    ("UPDATE attempts SET daily = 20240101 WHERE id = 1", "row 1 of attempts has daily = '20240101'"),
    ("UPDATE attempts SET level = 'x' WHERE id = 2", "row 2 of attempts has level = 'x', not a whole number"),
    ("UPDATE attempts SET at = 'garbage' WHERE id = 2", "row 2 of attempts has at = 'garbage'"),
    ("UPDATE attempts SET puzzle_id = x'00ff' WHERE id = 1", "row 1 of attempts has puzzle_id = b'\\x00\\xff', not text"),
    ("UPDATE attempts SET at = '2024-02-30T10:00:00+00:00' WHERE id = 2", "row 2 of attempts has at = '2024-02-30T"),
    ("UPDATE lessons SET exercises = 'three'", "row 1 of lessons has exercises = 'three'"),
    ("DROP TABLE lessons", "has no table 'lessons'"),
    ("ALTER TABLE attempts DROP COLUMN answer", "table 'attempts' has no column 'answer'"),
    ("PRAGMA user_version = 9", "written by a newer sekwoo (progress schema 9"),
]


@pytest.mark.parametrize(("edit", "says"), HAND_EDITS)
def test_a_database_edited_by_hand_is_a_one_line_error(tmp_path: Path, edit: str, says: str) -> None:
    path = tmp_path / "progress.db"
    with Progress(path) as prog:
        prog.record("count-fun-001", "count-fun", 2, "7", True, "2024-05-01")
        prog.record("count-fun-002", "count-fun", 2, "7", False)
        prog.record_lesson("chee", 3, 3)
    conn = sqlite3.connect(path)
    conn.execute(edit)
    conn.commit()
    conn.close()
    for read_only in (True, False):
        with pytest.raises(ProgressError, match=re.escape(says)) as err:
            Progress(path, read_only=read_only)
        assert "\n" not in str(err.value)
    got = subprocess.run([sys.executable, "-m", "tutor", "stats"], capture_output=True, text=True, check=False,
                         env=dict(os.environ, SEKWOO_HOME=str(tmp_path)))
    assert got.returncode == 1 and got.stdout == ""
    assert got.stderr.count("\n") == 1 and says in got.stderr and "Traceback" not in got.stderr


def test_a_file_that_is_not_sqlite_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "progress.db").write_bytes(b"not a database at all\n" * 100)
    for args in (["stats"], ["puzzle", "list"], ["puzzle", "answer", "count-fun-001", "5"]):
        got = subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, check=False,
                             env=dict(os.environ, SEKWOO_HOME=str(tmp_path)))
        assert got.returncode == 1 and got.stderr.count("\n") == 1, got.stderr
        assert "progress database" in got.stderr and "Traceback" not in got.stderr
    assert (tmp_path / "progress.db").read_bytes() == b"not a database at all\n" * 100


def test_a_lesson_on_a_store_that_cannot_keep_it_says_so_before_it_starts(tmp_path: Path) -> None:
    """Not after the whole lesson has been played: at once, in one line, the file left as it was."""
    from support.terminal import in_terminal

    (tmp_path / "progress.db").write_bytes(b"not a database at all\n" * 100)
    code, screen = in_terminal(["learn", "ngan"], "\n" * 40, dict(os.environ, SEKWOO_HOME=str(tmp_path), NO_COLOR="1"))
    assert code == 1 and "progress database" in screen and "NGAN" not in screen, screen
    assert (tmp_path / "progress.db").read_bytes() == b"not a database at all\n" * 100


SCORER = r"""
import sys
from tutor.teach.progress import Progress
with Progress(sys.argv[1]) as prog:
    print("ready", flush=True)
    sys.stdin.readline()
    for k in range(20):
        prog.record("waits-001", "waits", 3, sys.argv[2], True, "2026-11-25")
"""


def test_concurrent_answers_to_one_daily_score_once(tmp_path: Path) -> None:
    """Four processes answer the same day's daily at once: every answer is kept, one is scored."""
    path = tmp_path / "p.db"
    Progress(path).close()
    procs = [subprocess.Popen([sys.executable, "-c", SCORER, str(path), f"p{k}"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True) for k in range(4)]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:  # all at once
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for proc in procs:
        proc.communicate(timeout=60)
        assert proc.returncode == 0
    with Progress(path) as prog:
        rows = prog.conn.execute("SELECT COUNT(*), COUNT(daily) FROM attempts").fetchone()
        assert rows == (80, 1)
        assert prog.stats(date(2026, 11, 25)).daily_streak == 1


def test_sekwoo_home_that_is_a_file_is_said_in_one_line(tmp_path: Path) -> None:
    home = tmp_path / "f"
    home.write_text("mine\n", encoding="utf-8")
    for args in (["stats"], ["puzzle", "answer", "count-fun-001", "5"]):
        got = subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, check=False,
                             env=dict(os.environ, SEKWOO_HOME=str(home)))
        assert got.returncode == 1 and got.stderr == f"sekwoo: SEKWOO_HOME names a file, not a folder: {str(home)!r}\n"
    assert home.read_text(encoding="utf-8") == "mine\n"


def test_a_database_another_sekwoo_creates_meanwhile_is_not_taken_for_a_foreign_file(tmp_path: Path) -> None:
    """Three ``puzzle answer`` at once on a new home: one checks the file is sekwoo's (or empty)
    while another creates the schema. The check reads the schema's version and its tables in one
    statement, so it never sees the new tables with the version read before them (which reads
    as a foreign file's: "not a sekwoo progress database")."""
    path = tmp_path / "progress.db"
    sqlite3.connect(path).close()  # an empty file, as a first sekwoo has it before its schema
    conn = sqlite3.connect(path, isolation_level=None)

    class Rows(list):  # type: ignore[type-arg]
        def fetchone(self) -> object:
            return self[0] if self else None

    class Racing:
        """A connection on which another sekwoo creates the schema just after the first read."""

        calls = 0

        def execute(self, sql: str, *args: object) -> Rows:
            rows = Rows(conn.execute(sql, *args).fetchall())
            Racing.calls += 1
            if Racing.calls == 1:
                Progress(path).close()
            return rows

    checking = Progress.__new__(Progress)
    checking.path = path
    assert checking._check_ours(Racing()) == 0  # type: ignore[arg-type]  # empty when it looked: a new file
    assert Racing.calls >= 1
    with Progress(path) as prog:  # and the schema the other made is whole
        assert prog.stats().attempts == 0
    conn.close()
