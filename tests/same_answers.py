"""Write what ``sekwoo discard --json`` and ``sekwoo review --json`` answer on a fixed set of inputs,
so that two versions of the code can be compared to the byte (a speed-up must change no answer).

    python tests/same_answers.py OUT [--random 200] [--skip-reviews]   # each line written as it is answered

The inputs: the bench's hands (``tests/bench.py``), ``--random`` random 3leg hands (FEI, bonus
cards, a set laid down, seats, cards seen, the default horizon and some shorter), ``review
--json`` of every record under ``tests/records/`` and of the bench's review rounds. Each line is
the command, its exit code and its output; the seconds a review took are left out (they are the
machine's). Not a test: slow at the default horizon (about an hour for all of it on a loaded
2-core machine); the lines are written as they are answered, so a prefix can be compared.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.engine.search.kept_tables import forget_tables

ROOT = Path(__file__).parent


def _strip(x: Any) -> Any:
    """The JSON without the seconds taken."""
    if isinstance(x, dict):
        return {k: _strip(v) for k, v in x.items() if k not in ("seconds", "elapsed")}
    if isinstance(x, list):
        return [_strip(v) for v in x]
    return x


def answer(args: list[str]) -> str:
    """One line: the command, its exit code and its JSON (or its error)."""
    forget_tables()
    got = CliRunner().invoke(app, args)
    try:
        body = json.dumps(_strip(json.loads(got.stdout)), sort_keys=True)
    except ValueError:
        body = repr(got.stdout) + " " + repr(got.stderr)
    return f"{args!r} -> {got.exit_code} {body}"


def random_commands(n: int, seed: int) -> list[list[str]]:
    """``discard --json`` on ``n`` random 3leg hands: FEI, bonus cards, a PONG laid down in one of
    five, seats, cards seen; most at the default horizon, one in four at 3 draws or a wall."""
    from tutor.core.tiles import FEI_ID, TILES
    from tutor.rules.load import load_rules

    rules = load_rules("3leg")
    playing = [t for t in sorted(rules.in_play) if not TILES[t].is_bonus]
    bonus = list(rules.spec.tiles.bonus)
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = [t for t in playing for _ in range(rules.wild_copies if t == FEI_ID else rules.copies)]
        rng.shuffle(deck)
        text = ""
        size = 14
        if rng.random() < 0.2:  # a PONG laid down
            kinds = [t for t in playing if deck.count(t) >= 3 and t != FEI_ID]
            k = rng.choice(kinds)
            for _ in range(3):
                deck.remove(k)
            text = f"[{TILES[k]}{TILES[k]}{TILES[k]}] "
            size = 11
        cards = sorted(deck[:size])
        text += " ".join(str(TILES[t]) for t in cards)
        flowers = rng.sample(bonus, rng.choice((0, 0, 1, 1, 2, 3)))
        if flowers:
            text += " | " + " ".join(sorted(flowers))
        args = ["discard", text, "--json", "--seat", rng.choice(("east", "south", "west"))]
        seen = deck[size:size + rng.choice((0, 0, 3, 8))]
        if seen:
            args += ["--seen", " ".join(str(TILES[t]) for t in seen)]
        r = rng.random()
        if r < 0.15:
            args += ["--draws", "3"]
        elif r < 0.25:
            args += ["--wall", str(rng.randrange(6, 28))]
        out.append(args)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out")
    ap.add_argument("--random", type=int, default=200)
    ap.add_argument("--skip-reviews", action="store_true")
    args = ap.parse_args()
    from bench import HANDS, SPECIAL_HANDS

    commands: list[list[str]] = []
    with tempfile.TemporaryDirectory() as tmp, Path(args.out).open("w", encoding="utf-8") as out:
        if not args.skip_reviews:
            from test_record import random_round

            from tutor.core.hands import Seat
            from tutor.table.record import write_record

            for path in sorted((ROOT / "records").glob("*.txt")):
                commands.append(["review", str(path), "--json"])
            for seed in (0, 1, 2, 3):
                path = Path(tmp) / f"round{seed}.txt"
                path.write_text(write_record(random_round(seed, Seat.EAST)), encoding="utf-8")
                commands.append(["review", str(path), "--json"])
        commands += [["discard", h, "--json"] for h in HANDS.values()]
        commands += [["discard", h, "--json", "--rules", r] for r, h in SPECIAL_HANDS.items()]
        commands += random_commands(args.random, 12)
        for k, cmd in enumerate(commands):  # each line written as it is answered
            t0 = time.process_time()
            out.write(answer(cmd).replace(tmp, "TMP") + "\n")
            out.flush()
            print(f"{k:4d} {time.process_time() - t0:7.2f} CPU s  {' '.join(cmd[:2])}", flush=True)


if __name__ == "__main__":
    main()
