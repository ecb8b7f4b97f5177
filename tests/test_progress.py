"""The progress store: nothing recorded is lost to a kill, and concurrent answers all land."""

from __future__ import annotations

import json
import os
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
    assert s.attempts == 12 and s.correct == 8
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
