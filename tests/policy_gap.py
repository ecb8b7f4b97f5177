"""What the whole round's default policy gives up (not a test: a study, like ``bench.py``).

    python tests/policy_gap.py run --out gap.jsonl [--count 200] [--seed 34] [--policies L0,hc,L1,L2]
    python tests/policy_gap.py report gap.jsonl [more.jsonl ...]

``run`` weighs each hand of a seeded, reproducible set (``case``: 1-, 2- and 3-shanten, with and
without a FEI held, bonus cards, sets laid down, every seat; mostly ``3leg``) with ``discard``
under each policy: ``L0`` (no exact draw, the default of a long horizon), ``L1`` and ``L2`` (one
or two exact draws; ``L2`` only on the hands marked for it, ``L2_DRAWS`` draws at most), ``hc``
(no exact draw, with the hand change: ``hand_change=True``). The search's budget is ``CAP``
states (``budget.MAX_STATES``, read at call time): a search past it is written as such and left
out of the figures. The kept tables are made again before each search (before its clock
starts), and each search's CPU seconds (``time.process_time``) and states are written with its
options, one JSON line a hand and policy, appended as they finish (a run that stops goes on
where it left off). ``--part i/k`` draws and weighs the hands whose number is i modulo k, for k
processes, each with its own ``--out``; ``report`` reads them together.

``report`` prints the table of ``docs/solver.md`` ("What the default gives up"): per class of
hands (shanten of the 14 cards, a FEI held or not), how often the best option of ``L0`` is not
one of ``L1``'s (``L2``'s), and the expected FUN lost by playing ``L0``'s choice, valued by
``L1`` (``L2``): ``V1(best of L1) - V1(first option of L0)``; options whose values tie count as
one choice. Then the same for ``hc``, and the share of ``L0``'s loss it closes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import signal
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tutor import Hand, TutorError, check, discard, load_rules, shanten
from tutor.engine.search import budget
from tutor.engine.search.kept_tables import forget_tables
from tutor.errors import SearchBudgetError

FEI = "F*"
DOTS = [f"{n}d" for n in range(1, 10)]
PLAYING = [*DOTS, "E", "S", "W", "N", "R", "G", "Wh"]
BONUS = [f"{k}{n}" for k in "fsak" for n in range(1, 5)]
SEATS = ("east", "south", "west")
L2_DRAWS = 3  # the horizon weighed with two exact draws (over 4, one hand one swap from ready takes 20 CPU minutes)
TIE = 1e-9  # values closer than this are one value
MOST_STATES = 3_000  # a hand whose L0 search takes more is drawn again (L1 takes some 300 times L0's)
MOST_SECONDS = 3  # or more seconds
MOST_TRIES = 30  # a 3leg-beginner hand not found in so many tries is one of 3leg (3-shanten with a FEI: none wins in time)
CAP = 60_000  # the states a policy's search may take (up to 2 CPU minutes with a FEI): past it, the hand is left out of its figures


def _shape(rng: random.Random, laid: int, fei_rate: float) -> tuple[list[str], list[str], Counter[str]]:
    """A complete 14-card shape of 3leg: concealed cards, ``laid`` sets laid down, and the cards
    left; FEI stand in for a card of a group at ``fei_rate``."""
    left = Counter({c: 4 for c in PLAYING})
    fei_left = 4
    conc: list[str] = []
    sets: list[str] = []
    for size in (3, 3, 3, 3, 2):
        while True:
            kind = "ngan" if size == 2 else rng.choice(["chee", "chee", "pong"])
            if kind == "chee":
                low = rng.randint(1, 7)
                cards = [f"{low + j}d" for j in range(3)]
            else:
                cards = [rng.choice(PLAYING)] * size
            if all(left[c] >= n for c, n in Counter(cards).items()):
                break
        left.subtract(cards)
        if fei_left and rng.random() < fei_rate:
            cards[rng.randrange(len(cards))] = FEI
            fei_left -= 1
        if size == 3 and len(sets) < laid and FEI not in cards[1:]:
            sets.append(f"[{' '.join(cards)}]")
        else:
            conc.extend(cards)
    left[FEI] = fei_left
    return conc, sets, left


def _hand(rng: random.Random, want: int, fei: bool) -> Hand:
    """A valid 14-card 3leg hand of shanten ``want``, holding a FEI or not: a complete shape with
    concealed cards swapped at random for cards left, bonus cards added."""
    rules = load_rules("3leg")
    while True:
        conc, sets, left = _shape(rng, rng.choice([0, 0, 0, 1, 1, 2]), 0.25 if fei else 0.0)
        for _ in range(rng.randint(want + 1, want + 4)):
            j = rng.randrange(len(conc))
            deck = [c for c in left.elements() if fei or c != FEI]
            new = rng.choice(deck)
            left[conc[j]] += 1
            left[new] -= 1
            conc[j] = new
        if (FEI in conc) != fei:
            continue
        bonus = rng.sample(BONUS, rng.choice([0, 1, 1, 2, 2, 3]))
        if left[FEI] and rng.random() < 0.1:
            bonus.append(FEI)
        text = " ".join(conc + sets) + (" | " + " ".join(bonus) if bonus else "")
        try:
            hand = Hand.parse(text)
            if check(hand, rules).complete or shanten(hand, rules) != want:
                continue
        except TutorError:  # two FEI in a set laid down, and the like: draw again
            continue
        return hand


def _timeout(signum: int, frame: object) -> None:
    raise TimeoutError


def case(k: int, seed: int) -> dict[str, Any]:
    """Hand ``k`` of the set ``seed``, drawn by its own generator (so k processes draw their shares
    at once): shanten 1, 2, 3 and FEI or none in turn with ``k``, the seats in turn, one hand in
    ten of ``3leg-beginner`` (of ``3leg`` where ``MOST_TRIES`` find none). The horizon: one hand in
    five, if 1- or 2-shanten, ``L2_DRAWS`` draws, weighed with ``L2`` too; else 4 draws (``wall``
    12 to 14), the first past the exact ones, where ``L1`` takes some 10 CPU s (over 5 draws it
    passed 200,000 states on half the hands). A hand no option of which can win in its draws,
    or whose L0 search takes more than ``MOST_STATES`` or ``MOST_SECONDS``, is drawn again."""
    rng = random.Random(f"{seed}/{k}")
    signal.signal(signal.SIGALRM, _timeout)
    want = 1 + k % 3
    fei = k % 6 >= 3
    seat = SEATS[k // 6 % 3]
    l2 = k % 5 == 4 and want < 3
    for tries in itertools.count(1):
        rules_name = "3leg-beginner" if k % 10 == 9 and tries <= MOST_TRIES else "3leg"
        hand = _hand(rng, want, fei)
        wall = (3 * L2_DRAWS if l2 else 12) + rng.randrange(3)
        rules = load_rules(rules_name)
        budget.MAX_STATES = MOST_STATES
        signal.alarm(MOST_SECONDS)  # (a distance search far from a win is not counted in states)
        try:
            first = discard(hand, rules, seat, wall=wall, exact_draws=0)
        except (SearchBudgetError, TimeoutError):
            continue
        finally:
            signal.alarm(0)
            budget.MAX_STATES = CAP
        if first.options[0].expected_fun > 0:
            return {"id": k, "hand": str(hand), "rules": rules_name, "seat": seat, "wall": wall,
                    "draws": first.draws, "shanten": want, "fei": fei, "l2": l2}
    raise AssertionError("unreachable")


POLICIES: dict[str, dict[str, Any]] = {"L0": {"exact_draws": 0}, "L1": {"exact_draws": 1}, "L2": {"exact_draws": 2},
            "hc": {"exact_draws": 0, "hand_change": True}}


def weigh(case: dict[str, Any], policy: str) -> dict[str, Any]:
    """One hand under one policy: its options (action, card, expected FUN, win chance) in the
    engine's order, the states searched and the CPU seconds."""
    hand = Hand.parse(case["hand"])
    rules = load_rules(case["rules"])
    forget_tables()
    discard(hand, rules, case["seat"], draws=0)  # the tables made before the clock starts: the search's time alone
    c0 = time.process_time()
    try:
        got = discard(hand, rules, case["seat"], wall=case["wall"], **POLICIES[policy])
    except SearchBudgetError:
        return {"id": case["id"], "policy": policy, "cpu": round(time.process_time() - c0, 3), "over": True}
    cpu = time.process_time() - c0
    return {"id": case["id"], "policy": policy, "cpu": round(cpu, 3), "states": got.states,
            "options": [[o.action, str(o.tile), o.expected_fun, o.win_probability] for o in got.options]}


def run(out: Path, count: int, seed: int, policies: list[str], part: tuple[int, int] = (0, 1)) -> None:
    budget.MAX_STATES = CAP
    budget.MAX_MEMORY_MB = 10**6
    done: set[tuple[int, str]] = set()
    known: dict[int, dict[str, Any]] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done.add((row["id"], row["policy"]))
            if row["policy"] == "case":
                known[row["id"]] = row
    with out.open("a") as f:
        for k in range(part[0], count, part[1]):
            if k not in known:  # drawn and written first, so that a run that goes on reads it back
                known[k] = {**case(k, seed), "policy": "case"}
                f.write(json.dumps(known[k]) + "\n")
            for policy in policies:
                if (k, policy) in done or (policy == "L2" and not known[k]["l2"]):
                    continue
                row = weigh(known[k], policy)
                f.write(json.dumps(row) + "\n")
                f.flush()
                print(f"{k:4} {policy:3} {row['cpu']:9.2f} s {row.get('states', 'over'):9} states  {known[k]['hand']}",
                      file=sys.stderr, flush=True)


def _values(row: dict[str, Any]) -> dict[tuple[str, str], float]:
    return {(a, t): ev for a, t, ev, _ in row["options"]}


def loss(choice: dict[str, Any], judge: dict[str, Any]) -> float:
    """The expected FUN lost, valued by ``judge``'s policy, by playing ``choice``'s first option
    instead of ``judge``'s best (0 where they tie)."""
    values = _values(judge)
    a, t = choice["options"][0][:2]
    lost = judge["options"][0][2] - values[(a, t)]
    return lost if lost > TIE else 0.0


def _row(name: str, losses: list[float], cpu: list[float]) -> str:
    changed = sum(1 for x in losses if x > 0)
    return (f"| {name} | {len(losses)} | {changed} ({100 * changed / len(losses):.0f}%) | "
            f"{statistics.mean(losses):.4f} | {max(losses):.3f} | {statistics.median(cpu):.2f} |")


def report(paths: list[Path]) -> None:
    rows: dict[int, dict[str, Any]] = {}
    over: Counter[str] = Counter()
    for line in (line for path in paths for line in path.read_text().splitlines()):
        row = json.loads(line)
        if row.get("over") or row.get("states", 0) > CAP:  # past ``CAP`` (a run with a larger one): counted, not weighed
            over[row["policy"]] += 1
            continue
        rows.setdefault(row["id"], {})[row["policy"]] = row
    complete = [r for r in rows.values() if "L0" in r and "L1" in r]
    print(f"{len(rows)} hands; past {CAP:,} states (left out): "
          + (", ".join(f"{p} {k}" for p, k in sorted(over.items())) or "none"))
    def klass(r: dict[str, Any]) -> str:
        c = r["case"]
        return f"{c['shanten']}-shanten, {'FEI' if c['fei'] else 'no FEI'}"
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in sorted(complete, key=klass):
        groups.setdefault(klass(r), []).append(r)
    groups["all"] = complete
    print("| hands | n | best option changes | mean FUN lost | worst | median CPU s of L1 |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, rs in groups.items():
        print(_row(name, [loss(r["L0"], r["L1"]) for r in rs], [r["L1"]["cpu"] for r in rs]))
    if complete:
        best = [r["L1"]["options"][0][2] for r in complete]
        higher = [r["L1"]["options"][0][2] - r["L0"]["options"][0][2] for r in complete]
        print(f"the best option's expected FUN (L1): mean {statistics.mean(best):.3f}, median "
              f"{statistics.median(best):.3f}; L1's best above L0's: mean {statistics.mean(higher):.4f}")
    with2 = [r for r in complete if "L2" in r]
    if with2:
        print()
        print("L2 (the hands marked for it), judged by L2: L0's choice, then L1's")
        print(_row("L0 vs L2", [loss(r["L0"], r["L2"]) for r in with2], [r["L2"]["cpu"] for r in with2]))
        print(_row("L1 vs L2", [loss(r["L1"], r["L2"]) for r in with2], [r["L2"]["cpu"] for r in with2]))
    print()
    for p in ("L0", "L1", "L2", "hc"):
        rs = [r for r in complete if p in r]
        if rs:
            cpu = [r[p]["cpu"] for r in rs]
            states = [r[p]["states"] for r in rs]
            print(f"{p}: {len(rs)} hands, CPU s mean {statistics.mean(cpu):.2f} median {statistics.median(cpu):.2f} "
                  f"max {max(cpu):.2f}; states mean {statistics.mean(states):,.0f} max {max(states):,}")
    with_hc = [r for r in complete if "hc" in r]
    if with_hc:
        l0 = [loss(r["L0"], r["L1"]) for r in with_hc]
        hc = [loss(r["hc"], r["L1"]) for r in with_hc]
        print()
        print(_row("hc vs L1", hc, [r["hc"]["cpu"] for r in with_hc]))
        gap, left = sum(l0), sum(hc)
        print(f"L0's loss {gap / len(l0):.4f}, hc's {left / len(hc):.4f}: closes "
              f"{100 * (1 - left / gap) if gap else 0:.0f}% of the gap")
        c0 = sum(r["L0"]["cpu"] for r in with_hc)
        ch = sum(r["hc"]["cpu"] for r in with_hc)
        s0 = sum(r["L0"]["states"] for r in with_hc)
        sh = sum(r["hc"]["states"] for r in with_hc)
        print(f"cost: CPU {ch / c0:.2f}x L0's, states {sh / s0:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--count", type=int, default=200)
    r.add_argument("--seed", type=int, default=34)
    r.add_argument("--policies", default="L0,hc,L1,L2")
    r.add_argument("--part", default="0/1", help="i/k: the i-th of k shares of the hands, for k processes")
    p = sub.add_parser("report")
    p.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "run":
        i, k = args.part.split("/")
        run(args.out, args.count, args.seed, args.policies.split(",") if args.policies else [], (int(i), int(k)))
    else:
        report(args.paths)


if __name__ == "__main__":
    main()
