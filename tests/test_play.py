"""Playing puzzles: the queue's order, from what the player got right and wrong."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from puzzles import load_puzzles
from tutor.teach.answers import judge
from tutor.teach.play import play_order, queue, record
from tutor.teach.progress import Progress

PUZZLES = load_puzzles()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_new_puzzles_come_first_easiest_level_first_then_failed_then_solved() -> None:
    pool = [p for p in PUZZLES if p.theme == "waits"]
    failed, solved = pool[0], pool[1]
    order = play_order(pool, [failed.id], {failed.id: False, solved.id: True}, retry=False, rng=random.Random(1))
    assert sorted(p.id for p in order) == sorted(p.id for p in pool)
    fresh = order[:-2]
    assert [p.level for p in fresh] == sorted(p.level for p in fresh)
    assert order[-2:] == [failed, solved]


def test_retry_serves_the_failed_then_new_ones_by_level_and_id() -> None:
    pool = list(PUZZLES[:6])
    failed = [pool[3].id, pool[1].id]  # the most recently failed first
    status = {pool[3].id: False, pool[1].id: False, pool[0].id: True}
    order = play_order(pool, failed + ["gone-001"], status, retry=True, rng=random.Random(1))
    assert order[:2] == [pool[3], pool[1]]
    assert order[2:] == sorted((pool[2], pool[4], pool[5]), key=lambda p: (p.level, p.id))


def test_recorded_answers_reorder_the_queue(home: Path) -> None:
    p = next(p for p in PUZZLES if p.theme == "short-of-five")
    record(judge(p, "no" if p.answer == "yes" else "yes"), None)
    assert queue(retry=True)[0] == p
    assert queue("short-of-five")[-1] == p  # failed and nothing solved: it comes last
    record(judge(p, p.answer), "2025-01-01")
    assert p not in queue(retry=True)
    with Progress() as prog:
        assert prog.status() == {p.id: True} and prog.stats().dailies == 1
