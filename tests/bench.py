"""Benchmark (not a test): prints medians, and ratios against what runs beside it in the same process.

    python tests/bench.py            # everything
    python tests/bench.py --quick    # fewer hands and repeats

Cold CLI time is compared with a bare ``python -c "import typer, rich, lark, yaml"`` measured in
the same run; shanten, acceptance, waits and check with the PyPI ``mahjong`` package on the same
FEI-free Dots + honours hands, new to both (so the ratios do not depend on the machine's speed);
``discard`` at the default horizon (the whole round) in-process, with the peak memory.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from importlib.metadata import version
from typing import Any

from tutor import Hand, check, discard, load_rules
from tutor.core.tiles import TILES
from tutor.engine.search.kept_tables import forget_tables

HANDS = {
    "1-shanten": "123d 456d 789d EE RG N",
    "1-shanten, FEI": "123d 456d 78d EE RG N F* | a1",
    "2-shanten": "1234d 567d 99d EE RG N | f1",
    "2-shanten, FEI": "124d 568d 99d EE RG N F* | a1",
    "3-shanten": "135d 468d 99d EE RGW Wh | a1",
    "3-shanten, FEI": "135d 469d EE RGW Wh N F* | a1",
}
SEARCHES = [  # (hand, options, target ratio to bare imports) of whole ``sekwoo discard`` processes
    ("1245d 339d EE RRG N F*", ["--draws", "3"], 3),
    ("1258d 339d EE RG SN F*", ["--draws", "3"], 15),
    ("1245d 339d EE RRG N F*", [], 8),
    ("1258d 339d EE RG SN F*", [], 15),
    ("135d 469d EE RGW Wh N F* | a1", [], 30),
]
# rule sets with special shapes, each hand 1-shanten and near one of them (a FEI where the rule set has one)
SPECIAL_HANDS = {
    "kj-3p": "11d 33d 55d 77c 99c E S R G",  # seven pairs
    "sanma": "11p 33p 55s 77s 99s E S R G",  # seven pairs
    "singapore": "19p 19s 19m ESWN RG 5p 6p",  # thirteen orphans
    "malaysian-3p": "1112345d 78d 99d E S F* | f1",  # nine gates two swaps away, a FEI
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


def complete_hands(n: int, seed: int, fei: bool = True) -> list[Hand]:
    """Random complete hands (four sets and a NGAN), so check scores them, with random flowers
    (and a FEI in three hands of ten, unless ``fei`` is false)."""
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
        if fei and rng.random() < 0.3:
            cards[rng.randrange(14)] = 34
        bonus = tuple(TILES[b] for b in rng.sample(range(35, 51), rng.randint(0, 3)))
        out.append(Hand(tuple(TILES[t] for t in cards), (), bonus))
    return out


def batch_lines(n: int, seed: int) -> list[str]:
    """Hand strings for ``sekwoo batch``: complete hands as a person writes them, FEI in three of
    ten, bonus cards, a PONG laid down in one of five, groups in any order in one of five, and one
    line in fifty invalid (a syntax error, a set that is none, a fifth copy, too few cards)."""
    from tutor.core.hands import Meld, MeldKind

    rng = random.Random(seed)
    bad = ["123d 55x", "eee 123d 456d", "[12d] 456d 789d EEE", "123d 456d | f5", "55555d 123d 456d EE",
           "123d 456d 789d EEE R"]
    out = []
    for h in complete_hands(n, 1000 + seed):
        if rng.random() < 0.02:
            out.append(rng.choice(bad))
            continue
        concealed = list(h.concealed)
        melds: tuple[Meld, ...] = ()
        triple = [t for t in set(concealed) if t.id != 34 and concealed.count(t) >= 3]
        if triple and rng.random() < 0.2:
            for _ in range(3):
                concealed.remove(triple[0])
            melds = (Meld(MeldKind.PONG, (triple[0],) * 3),)
        text = str(Hand(tuple(concealed), melds, h.bonus))
        if rng.random() < 0.2:
            main, bar, bonus = text.partition(" | ")
            groups = main.split()
            rng.shuffle(groups)
            text = " ".join(groups) + (bar + bonus if bar else "")
        out.append(text)
    return out


def batch_rate(py: str, n: int, seed: int) -> tuple[float, float]:
    """Lines a second of a fresh ``sekwoo batch --kind check`` over ``n`` new lines, start-up
    included: by the clock, and by the CPU time of the process and its workers (which other
    programs on a loaded machine do not take)."""
    import resource
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8") as f:
        f.write("\n".join(batch_lines(n, seed)) + "\n")
        f.flush()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run([py, "-m", "tutor", "batch", f.name, "--kind", "check"], capture_output=True, check=False)
        seconds = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1) or done.stdout.count(b"\n") != n:
        raise SystemExit(f"sekwoo batch failed: {done.stderr.decode()[-500:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return n / seconds, n / cpu


def _median_rate(fn: object, items: list, repeats: int) -> float:
    """Median CPU seconds per item of ``fn(item)`` over ``repeats`` passes (each pass on every item).
    The tables ``waits`` keeps are forgotten before each pass, so that every hand is new to them
    (the process-wide component tables stay warm after a pass, as in the shanten figure)."""
    times = []
    for _ in range(repeats):
        forget_tables()
        t0 = time.process_time()  # CPU time: what other work on a loaded machine does not take
        for it in items:
            fn(it)  # type: ignore[operator]
        times.append((time.process_time() - t0) / len(items))
    return statistics.median(times)


def against_mahjong(n: int, repeats: int) -> None:
    """Shanten, acceptance of every discard, waits and check, beside mahjong on the same hands.
    Both sides are timed in CPU seconds of this process (``time.process_time``): on a shared
    machine the load moves the wall clock of a 2 ms pass by more than the difference measured."""
    from mahjong.agari import Agari
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.shanten import Shanten

    from tutor import shanten, waits

    rules = load_rules("3leg")
    mj_shanten = Shanten()
    mj_agari = Agari()
    calc = HandCalculator()

    def to34(t: int) -> int:  # our Dots 0-8 as mahjong's pin 9-17; honours keep 27-33
        return t + 9 if t < 9 else t

    def counts34(tiles: list[int]) -> list[int]:
        c = [0] * 34
        for t in tiles:
            c[to34(t)] += 1
        return c

    def deals(k: int, size: int, seed: int) -> list[list[int]]:
        deck = [t for t in sorted(rules.in_play) if t != 34 for _ in range(4)]
        rng = random.Random(seed)
        return [sorted(rng.sample(deck, size)) for _ in range(k)]

    print(f"beside mahjong {version('mahjong')} in this process, the same FEI-free Dots + honours hands, each new")
    # shanten through the public API (``tutor.shanten``), a new Hand each call and new deals each
    # pass, against mahjong's regular-hand shanten of the same 14 cards
    ours_t: list[float] = []
    theirs_t: list[float] = []
    for r in range(repeats):
        dealt = deals(n, 14, 100 + r)
        hands = [Hand(tuple(TILES[t] for t in h)) for h in dealt]
        t0 = time.process_time()
        for hand in hands:
            shanten(hand, rules)
        ours_t.append((time.process_time() - t0) / n)
        c34 = [counts34(h) for h in dealt]
        t0 = time.process_time()
        for c in c34:
            mj_shanten.calculate_shanten_for_regular_hand(c)
        theirs_t.append((time.process_time() - t0) / n)
    a, b = statistics.median(ours_t), statistics.median(theirs_t)
    print(f"  tutor.shanten, 14 cards     {a * 1e6:8.1f} us   mahjong {b * 1e6:8.1f} us   {b / a:6.1f}x faster (target 20x)")

    # shanten and acceptance of every discard through the public API (``tutor.discard`` with no
    # draw: every discard's shanten, distance and the cards that lower it), against mahjong's
    # shanten of each 13 cards kept and of each card added to them
    ours_t, theirs_t = [], []
    for r in range(repeats):
        h14 = deals(max(n // 20, 20), 14, 8 + r)
        hands = [Hand(tuple(TILES[t] for t in h)) for h in h14]
        t0 = time.process_time()
        for hand in hands:
            discard(hand, rules, draws=0)
        ours_t.append((time.process_time() - t0) / len(h14))
        t0 = time.process_time()
        for h in h14:
            c = counts34(h)
            for x in set(h):
                c[to34(x)] -= 1
                base = mj_shanten.calculate_shanten_for_regular_hand(c)
                for t in range(34):
                    if c[t] < 4 and (t >= 27 or 9 <= t < 18):
                        c[t] += 1
                        _ = mj_shanten.calculate_shanten_for_regular_hand(c) < base
                        c[t] -= 1
                c[to34(x)] += 1
        theirs_t.append((time.process_time() - t0) / len(h14))
    a, b = statistics.median(ours_t), statistics.median(theirs_t)
    print(f"  tutor.discard, draws=0      {a * 1e3:8.2f} ms   mahjong {b * 1e3:8.2f} ms   {b / a:6.1f}x faster (target 50x)")

    # waits (ours with FUN, theirs shape only) of 13-card hands one card short of complete
    near = [sorted([t.id for t in h.concealed][:13]) for h in complete_hands(max(n // 10, 100), 3, fei=False)]
    hands = [Hand(tuple(TILES[t] for t in h)) for h in near]
    a = _median_rate(lambda h: waits(h, rules, with_distance=False), hands, repeats)

    def mj_waits(h: list[int]) -> list[int]:
        c = counts34(h)
        out = []
        for t in list(range(9, 18)) + list(range(27, 34)):
            if c[t] < 4:
                c[t] += 1
                if mj_agari.is_agari(c):
                    out.append(t)
                c[t] -= 1
        return out

    b = _median_rate(mj_waits, near, repeats)
    print(f"  waits, a 13-card hand       {a * 1e6:8.1f} us   mahjong {b * 1e6:8.1f} us   {b / a:6.2f}x (target >= 1x; ours with FUN)")
    # the same with each wait's reading read, as ``sekwoo waits`` shows it (``waits`` makes it when
    # first read); and the hands with a flower, so that no FUN is settled without the readings
    # (without a bonus card, No Flower Mahjong makes every complete hand the limit)
    a = _median_rate(lambda h: [w.reading for w in waits(h, rules, with_distance=False).waits], hands, repeats)
    print(f"    with each reading read    {a * 1e6:8.1f} us                      {b / a:6.2f}x")
    flowered = [Hand(h.concealed, (), (TILES[35 + i % 16],)) for i, h in enumerate(hands)]  # one bonus card each
    a = _median_rate(lambda h: waits(h, rules, with_distance=False), flowered, repeats)
    print(f"    a flower held             {a * 1e6:8.1f} us                      {b / a:6.2f}x")
    a = _median_rate(lambda h: [w.reading for w in waits(h, rules, with_distance=False).waits], flowered, repeats)
    print(f"    a flower, readings read   {a * 1e6:8.1f} us                      {b / a:6.2f}x")

    # check of complete hands: ours (readings, FUN) against mahjong's win check + hand calculator
    full = complete_hands(max(n // 10, 100), 4, fei=False)
    a = _median_rate(lambda h: check(h, rules, "east"), full, repeats)
    tiles136 = []
    for h in full:
        used: dict[int, int] = {}
        ids = []
        for t in sorted([t.id for t in h.concealed]):
            k = to34(t)
            ids.append(4 * k + used.get(k, 0))
            used[k] = used.get(k, 0) + 1
        tiles136.append(ids)

    def mj_check(ids: list[int]) -> None:
        c = [0] * 34
        for i in ids:
            c[i // 4] += 1
        if mj_agari.is_agari(c):
            calc.estimate_hand_value(ids, ids[-1])

    b = _median_rate(mj_check, tiles136, repeats)
    print(f"  check, a complete hand      {a * 1e6:8.1f} us   mahjong {b * 1e6:8.1f} us   {b / a:6.2f}x faster (target 2x)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--moves", action="store_true", help="only the moves inside the search, with and without")
    args = ap.parse_args()
    if args.moves:
        in_search_moves(3 if args.quick else 5)
        return
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

    # whole processes of the solver, as a player meets it (each run on every core)
    for text, extra, target in SEARCHES:
        took = cold([py, "-m", "tutor", "discard", text, *extra, "--json"], 1 if args.quick else 3)
        print(f"cold  sekwoo discard {text!r} {' '.join(extra) or '(whole round)'}: {took:6.2f} s, "
              f"ratio {took / bare:5.1f}x  (target <= {target}x)", flush=True)

    rules = load_rules("3leg")
    n = 2000 if args.quick else 10000
    against_mahjong(n, 3 if args.quick else 5)

    full = complete_hands(n, 2)
    t0 = time.perf_counter()
    for h in full:
        check(h, rules, "east")
    rate = n / (time.perf_counter() - t0)
    print(f"check in-process (pre-built hands, FEI in 3 of 10) {rate:9.0f} hands/s")
    lines = 20000
    rates = [batch_rate(py, lines, seed) for seed in range(3)]
    wall, cpu = (statistics.median(r[i] for r in rates) for i in (0, 1))
    print(f"sekwoo batch --kind check, a fresh process over {lines:,} new lines {wall:9.0f} hands/s "
          f"(median of 3, start-up included; target 5,000); {cpu:.0f} a CPU-second")

    import resource

    for name, text in HANDS.items():
        hand = Hand.parse(text)
        reps = []
        for _ in range(1 if args.quick else 3):
            forget_tables()  # each search cold, as a new hand in a new process
            t0 = time.perf_counter()
            res = discard(hand, rules)
            reps.append(time.perf_counter() - t0)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"discard {name:16s} {statistics.median(reps):7.3f} s (median, draws={res.draws}, "
              f"exact draws {res.exact_draws}, shanten {res.shanten}, {res.states} states, peak {peak:.0f} MB)   {text}")
    for name, text in SPECIAL_HANDS.items():  # each in its own rule set
        hand = Hand.parse(text)
        t0 = time.perf_counter()
        res = discard(hand, load_rules(name))
        took = time.perf_counter() - t0
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"discard {name:16s} {took:7.3f} s (one run, draws={res.draws}, exact draws {res.exact_draws}, "
              f"shanten {res.shanten}, {res.states} states, peak {peak:.0f} MB)   {text}")
    review_rounds(rules)


def review_rounds(rules: Any) -> None:
    """``sekwoo review`` of whole rounds (test_record's random rounds 0 to 3, East's view, at the
    round horizon): CPU s in one process, and on every core the CPU s of the busiest process (what
    the wall time is on an idle machine) and the wall time."""
    import os

    from test_record import random_round

    from tutor.cli import workers
    from tutor.core.hands import Seat
    from tutor.table.review import review

    def timed(fn: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, int, float]]:
        def run(item: Any) -> tuple[Any, int, float]:
            c0 = time.process_time()
            out = fn(item)
            return out, os.getpid(), time.process_time() - c0
        return run

    for seed in (0, 1, 2, 3):  # round 3 holds two slow decisions (about 8 and 15 CPU s each)
        record = random_round(seed, Seat.EAST)
        forget_tables()
        c0 = time.process_time()
        one = review(record, rules)
        alone = time.process_time() - c0
        forget_tables()
        busy: dict[int, float] = {}

        def shared(fn: Callable[[Any], Any], items: list[Any], busy: dict[int, float] = busy) -> Iterator[Any]:
            for out, pid, cpu in workers.each(timed(fn), items, workers.cores()):
                busy[pid] = busy.get(pid, 0.0) + cpu
                yield out

        t0, c0 = time.perf_counter(), time.process_time()
        review(record, rules, run=shared)
        wall, here = time.perf_counter() - t0, time.process_time() - c0
        print(f"review round {seed} from East, {len(one.decisions)} decisions: one process {alone:6.2f} CPU s; "
              f"{workers.cores()} cores: busiest {max(busy.values()) + here:6.2f} CPU s, all {sum(busy.values()) + here:6.2f}, "
              f"wall {wall:6.2f} s (target 10 s)")


def in_search_moves(repeats: int) -> None:
    """``discard`` with and without the moves inside the search (sinking, KONGs, recalls after
    each exact draw), on HANDS at 3 draws (2 exact) and at the default horizon: states and CPU
    seconds (``time.process_time``, the median of ``repeats``, the two interleaved, each cold)."""
    from tutor.errors import ArgumentError

    rules = load_rules("3leg")
    for draws in (3, None):
        for name, text in HANDS.items():
            hand = Hand.parse(text)
            got: dict[bool, list[float]] = {False: [], True: []}
            states: dict[bool, object] = {}
            for _ in range(repeats):
                for moves in (False, True):
                    forget_tables()
                    t0 = time.process_time()
                    try:
                        res = discard(hand, rules, draws=draws, search_moves=moves)
                        states[moves] = res.states
                    except ArgumentError:
                        states[moves] = "over the state budget"
                    got[moves].append(time.process_time() - t0)
            a, b = (statistics.median(got[m]) for m in (False, True))
            print(f"moves {name:16s} draws={draws or 'default'}: states {states[False]} -> {states[True]}, "
                  f"CPU {a:.3f} -> {b:.3f} s (median of {repeats})", flush=True)


if __name__ == "__main__":
    main()
