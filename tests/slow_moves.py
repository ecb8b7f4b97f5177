"""Time every decision of the bench's reviews and of the drill, and write what they answered.

    python tests/slow_moves.py [--review] [--drill] [--seeds 1-15] [--out answers.txt] [--top 12]

CPU seconds per decision (``time.thread_time`` in the thread the drill's search runs in,
``time.process_time`` for a review's decision weighed here), the slowest listed, and the
distribution (median, 90th percentile, the most, how many over 2 s). ``--out`` writes the repr of
every decision's options, in order, so that two versions of the code can be compared to the byte.
Not a test: a tool for finding the slow decisions (``docs/solver.md``, "Figures").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from tutor.core.hands import Seat
from tutor.engine.search.kept_tables import forget_tables
from tutor.rules.load import load_rules

RULES = load_rules("3leg")
SEATS = (Seat.EAST, Seat.SOUTH, Seat.WEST)


def review_decisions(seeds: list[int], out: list[str]) -> list[tuple[float, str]]:
    """Every decision of test_record's random rounds from East, weighed here one share at a time."""
    from test_record import random_round

    from tutor.table.review import review

    times: list[tuple[float, str]] = []
    for seed in seeds:
        record = random_round(seed, Seat.EAST)
        forget_tables()
        per: list[tuple[float, str]] = []

        def serial(fn: Callable[[Any], Any], items: list[Any], per: list[tuple[float, str]] = per,
                   seed: int = seed) -> Iterator[Any]:
            for item in items:
                c0 = time.process_time()
                got = fn(item)
                name = f"review {seed} #{item.index} {item.kind} {item.hand} share {item.share} draws {item.draws}"
                per.append((time.process_time() - c0, name))
                yield got

        c0 = time.process_time()
        got = review(record, RULES, run=serial)
        total = time.process_time() - c0
        merged: dict[str, float] = {}
        for cpu, name in per:
            key = name.rsplit(" share ", 1)[0]
            merged[key] = merged.get(key, 0.0) + cpu
        times.extend((cpu, name) for name, cpu in merged.items())
        print(f"review round {seed}: {len(got.decisions)} decisions, {total:.2f} CPU s", flush=True)
        for d in got.decisions:
            out.append(f"review {seed} {d.index} {d.kind} {d.hand} draws={d.draws} {d.explanation!r} {d.options!r}")
    return times


def drill_moves(seeds: list[int], out: list[str]) -> list[tuple[float, str]]:
    """Every decision of the drill's hands of ``seeds`` (the seat by the seed, in turn), the moves
    chosen by the opponents' policy; each search timed in its own thread."""
    from tutor.table import drill
    from tutor.table.drill import Player, Question, play_hand
    from tutor.table.game import Policy
    from tutor.table.moves import Move

    times: list[tuple[float, str]] = []
    clock: dict[str, float] = {}

    def timed(fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kw: Any) -> Any:
            c0 = time.thread_time()
            got = fn(*args, **kw)
            clock["last"] = time.thread_time() - c0
            return got
        return run

    drill.search_turn = timed(drill.search_turn)  # type: ignore[assignment]
    drill.search_claim = timed(drill.search_claim)  # type: ignore[assignment]
    for seed in seeds:
        seat = SEATS[seed % 3]
        policy = Policy(RULES)
        forget_tables()

        def ask(q: Question, policy: Policy = policy) -> Move:
            if q.kind == "turn":
                return policy.turn(q.view, list(q.legal), q.tile)
            return policy.claim(q.view, q.tile, q.source, list(q.legal))

        count = [0]

        def graded(g: Any, seed: int = seed, seat: Seat = seat, count: list[int] = count) -> None:
            name = f"drill {seed} {seat.value} #{count[0]} {g.kind} {g.hand} {g.tile} draws {g.draws}"
            count[0] += 1
            times.append((clock["last"], name))
            out.append(f"{name} {g.options!r}")

        c0 = time.process_time()
        play_hand(RULES, seed, Player(RULES, seat, ask, graded))
        print(f"drill seed {seed} {seat.value}: {count[0]} moves, {time.process_time() - c0:.2f} CPU s", flush=True)
    return times


def summary(label: str, times: list[tuple[float, str]], top: int) -> None:
    cpu = sorted(t for t, _ in times)
    if not cpu:
        return
    p90 = cpu[min(len(cpu) - 1, int(0.9 * len(cpu)))]
    print(f"{label}: {len(cpu)} decisions, {sum(cpu):.1f} CPU s in all, median {statistics.median(cpu):.2f}, "
          f"90th pct {p90:.2f}, max {cpu[-1]:.2f}, over 2 s {sum(t > 2 for t in cpu)}")
    for t, name in sorted(times, reverse=True)[:top]:
        print(f"  {t:7.2f}  {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--review", action="store_true")
    ap.add_argument("--drill", action="store_true")
    ap.add_argument("--rounds", default="0-3")
    ap.add_argument("--seeds", default="1-15")
    ap.add_argument("--out")
    ap.add_argument("--top", type=int, default=12)
    args = ap.parse_args()

    def span(text: str) -> list[int]:
        a, _, b = text.partition("-")
        return list(range(int(a), int(b or a) + 1))

    out: list[str] = []
    if args.review:
        summary("review", review_decisions(span(args.rounds), out), args.top)
    if args.drill:
        summary("drill", drill_moves(span(args.seeds), out), args.top)
    if args.out:
        Path(args.out).write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
