"""``sekwoo batch`` in worker processes writes what one process writes, byte for byte."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from bench import complete_hands
from support.cli import run

from notation import format_hand
from tutor.cli import analyze, workers
from tutor.errors import TutorError

BAD = ["123d 55x", "eee 123d", "[12d] 456d", "123d | f5", "55555d 123d", "123d 456d 789d EEE R", "|", "[F* F*]"]


def _lines(n: int, seed: int) -> list[str]:
    """Batch lines: complete hands (FEI in some, bonus cards), 13-card hands, bad lines, blanks and comments."""
    rng = random.Random(seed)
    out = []
    for hand in complete_hands(n, seed):
        text = format_hand(hand)
        roll = rng.random()
        if roll < 0.05:
            text = rng.choice(BAD)
        elif roll < 0.08:
            text = rng.choice(["", "# a comment", "   "])
        elif roll < 0.2:
            text = text.split(" | ")[0][1:]  # a card short: waits has answers
        out.append(text)
    return out


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 40 lines, so that a few hundred lines make many blocks, more than are in flight."""
    monkeypatch.setattr(workers, "BLOCK", 40)


@pytest.mark.usefixtures("small_blocks")
@pytest.mark.parametrize("kind", sorted(workers.QUICK_KINDS))
@pytest.mark.parametrize("rules", ["3leg", "singapore"])
def test_workers_write_what_one_process_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, rules: str
) -> None:
    source = tmp_path / "hands.txt"
    source.write_bytes("\n".join(_lines(400, 7)).encode() + b"\n12\xffd 456d\n" + b"1" * 20_000 + b"\nEEE RR\n")
    monkeypatch.setattr(workers, "cores", lambda: 1)
    alone = run("batch", str(source), "--kind", kind, "--rules", rules)
    monkeypatch.setattr(workers, "cores", lambda: 2)
    shared = run("batch", str(source), "--kind", kind, "--rules", rules)
    assert shared == alone
    assert alone[0] == 1 and alone[1].count("\n") > 300  # errors among them, and answers


def _judge(lines: list[tuple[str, str | None]], first: int) -> tuple[str, int]:
    return analyze._judge_block("check", "3leg", "east", None, lines, first)


def _broken_reader(lines: list[str], stop: int) -> Iterator[tuple[str, str | None]]:
    """The lines, then at line ``stop`` a reading error (as an endless line gives)."""
    for number, text in enumerate(lines, 1):
        if number == stop:
            raise TutorError("a line runs on past 10 MB without ending; stopped reading")
        yield text, None


@pytest.mark.usefixtures("small_blocks")
@pytest.mark.parametrize("stop", [1, 30, 41, 300])
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_reading_error_comes_after_the_lines_before_it(stop: int, jobs: int) -> None:
    lines = _lines(320, 3)
    expected, _ = _judge([(t, None) for t in lines[: stop - 1]], 1)
    got = []
    with pytest.raises(TutorError, match="stopped reading"):
        for text, _failed in workers.in_order(_broken_reader(lines, stop), _judge, jobs):
            got.append(text)
    assert "".join(got) == expected


_PARENT = os.getpid()


def _dies_in_a_worker(lines: list[tuple[str, str | None]], first: int) -> tuple[str, int]:
    """A worker killed on its third block (as the out-of-memory killer would)."""
    if os.getpid() != _PARENT and first > 80:
        os._exit(9)
    return _judge(lines, first)


@pytest.mark.usefixtures("small_blocks")
def test_a_worker_that_dies_costs_no_line() -> None:
    lines = [(t, None) for t in _lines(400, 5)]
    expected = _judge(lines, 1)
    blocks = list(workers.in_order(iter(lines), _dies_in_a_worker, 2))
    assert ("".join(t for t, _ in blocks), sum(f for _, f in blocks)) == expected


def test_only_quick_kinds_and_long_inputs_use_workers() -> None:
    assert workers.QUICK_KINDS == {"check", "parse", "shanten", "waits"}
    calls = []

    def judge(lines: list[tuple[str, str | None]], first: int) -> tuple[str, int]:
        calls.append((len(lines), first))
        return "", 0

    lines = [("1d", None)] * workers.BLOCK
    assert list(workers.in_order(iter(lines), partial(judge), 2)) == [("", 0)]
    assert calls == [(workers.BLOCK, 1)]  # one block: judged here, no worker started


@pytest.mark.usefixtures("small_blocks")
def test_stopping_early_leaves_no_worker() -> None:
    """A batch stopped mid-way (Ctrl-C, a closed output) ends its workers rather than waiting for them."""
    import multiprocessing
    import time

    blocks = workers.in_order(iter([(t, None) for t in _lines(400, 9)]), _judge, 2)
    next(blocks)
    next(blocks)
    assert multiprocessing.active_children()  # the workers run
    blocks.close()
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()
