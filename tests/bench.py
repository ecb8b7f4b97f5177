"""Benchmark (not a test): prints medians for the figures issue 3 asks for.

    python tests/bench.py            # everything
    python tests/bench.py --quick    # fewer repeats

Cold CLI time is compared with a bare ``python -c "import typer, rich, lark, yaml"`` measured in
the same run, so the ratio does not depend on the machine's speed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from tutor import Hand, load_rules
from tutor.engine.score import check
from tutor.engine.solver import discard
from tutor.engine.table import Table

HANDS = {
    "1-shanten": "123d 456d 789d EE RG N",
    "1-shanten, FEI": "123d 456d 78d EE RG N F* | a1",
    "2-shanten": "1234d 567d 99d EE RG N | f1",
    "2-shanten, FEI": "124d 568d 99d EE RG N F* | a1",
    "3-shanten": "135d 468d 99d EE RGW Wh | a1",
    "3-shanten, FEI": "135d 469d EE RGW Wh N F* | a1",
}


def cold(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def random_hands(n: int, size: int, seed: int) -> list[Hand]:
    rules = load_rules("3leg")
    deck = [t for t in sorted(rules.in_play) for _ in range(4)]
    rng = random.Random(seed)
    from tutor.core.tiles import TILES

    return [Hand(tuple(TILES[t] for t in rng.sample(deck, size))) for _ in range(n)]


def complete_hands(n: int, seed: int) -> list[Hand]:
    """Random complete hands (four sets and a NGAN), so check scores them, with random flowers."""
    from tutor.core.tiles import TILES

    rng = random.Random(seed)
    out = []
    while len(out) < n:
        cards: list[int] = []
        for _ in range(4):
            if rng.random() < 0.5:
                s = rng.randrange(7)
                cards += [s, s + 1, s + 2]
            else:
                cards += [rng.choice(list(range(9)) + list(range(27, 34)))] * 3
        cards += [rng.choice(list(range(9)) + list(range(27, 34)))] * 2
        if any(cards.count(t) > 4 for t in cards):
            continue
        if rng.random() < 0.3:
            cards[rng.randrange(14)] = 34
        bonus = tuple(TILES[b] for b in rng.sample(range(35, 51), rng.randint(0, 3)))
        out.append(Hand(tuple(TILES[t] for t in cards), (), bonus))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    runs = 5 if args.quick else 15
    py = sys.executable
    # pip byte-compiles a package when it installs it; an editable install with
    # PYTHONDONTWRITEBYTECODE set would recompile every module on every call instead.
    import compileall
    from pathlib import Path

    import notation
    import puzzles
    import tutor

    for pkg in (tutor, notation, puzzles):
        compileall.compile_dir(str(Path(pkg.__file__).parent), quiet=1)
    print(f"python {sys.version.split()[0]}, {runs} runs per cold figure")

    bare = cold([py, "-c", "import typer, rich, lark, yaml"], runs)
    chk = cold([py, "-m", "tutor", "check", "123d 456d 789d EEE R F* | f1 a2", "--json"], runs)
    print(f"cold  bare imports          {bare * 1000:7.1f} ms (median)")
    print(f"cold  sekwoo check --json   {chk * 1000:7.1f} ms (median)   ratio {chk / bare:.2f}x  (target <= 1.6x)")

    rules = load_rules("3leg")
    n = 2000 if args.quick else 10000
    hands = random_hands(n, 13, 1)
    table = Table(rules, "east", frozenset(), Hand())
    keys = [table.pack(h.concealed) for h in hands]
    t0 = time.perf_counter()
    for k in keys:  # every hand is new to the memo (per-suit tables fill as they go)
        table.shanten(k)
    rate = n / (time.perf_counter() - t0)
    print(f"batch shanten (random 13)   {rate:9.0f} hands/s (target 200,000)")

    full = complete_hands(n, 2)
    t0 = time.perf_counter()
    for h in full:
        check(h, rules, "east")
    rate = n / (time.perf_counter() - t0)
    print(f"batch check (complete hands){rate:9.0f} hands/s (target 20,000)")

    for name, text in HANDS.items():
        hand = Hand.parse(text)
        reps = []
        for _ in range(1 if args.quick else 3):
            t0 = time.perf_counter()
            res = discard(hand, rules)
            reps.append(time.perf_counter() - t0)
        print(f"discard {name:16s} {statistics.median(reps):7.3f} s (median, draws={res.draws}, "
              f"shanten {res.shanten}, {res.states} states)   {text}")


if __name__ == "__main__":
    main()
