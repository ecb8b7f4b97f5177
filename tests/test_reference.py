"""``tutor.engine.scoring.check.check`` and ``sekwoo check --json`` against the brute-force reference."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache

import pytest
from support.reference import BONUS, DOTS, FEI, PLAYING, Verdict, invalid_reason, judge

from tutor import Hand, InvalidHandError, check, load_rules

FLAGS = ("tin_woo", "dei_woo", "four_fei")
SEATS = ("east", "south", "west")
HONOURS = tuple(c for c in PLAYING if c not in DOTS)
BATCHES = 8
PER_BATCH = 80  # 640 hands in all


@dataclass(frozen=True)
class Case:
    """One random hand to judge: its text, the seat, the situations set, the rule set."""

    kind: str
    text: str
    seat: str
    flags: frozenset[str]
    rules: str

    def cli_args(self) -> list[str]:
        """The ``sekwoo check`` arguments for this case."""
        args = ["check", self.text, "--json", "--seat", self.seat, "--rules", self.rules]
        return args + [f"--{f.replace('_', '-')}" for f in sorted(self.flags)]


def _take(rng: random.Random, left: Counter[str]) -> str:
    """One real card drawn from what is left of the 64 real cards."""
    card = rng.choice(sorted(c for c in PLAYING if left[c] > 0))
    left[card] -= 1
    return card


Shape = tuple[list[str], list[str], Counter[str], int]


def build_shape(rng: random.Random, honours: bool = False) -> Shape:
    """Four random legal sets and a NGAN: concealed cards, declared groups, cards left, FEI left.

    With ``honours`` the sets are mostly PONG/KONG of winds and dragons (the limit hands).
    """
    left: Counter[str] = Counter({c: 4 for c in PLAYING})
    fei_left = 4
    concealed: list[str] = []
    declared: list[str] = []
    for size in (3, 3, 3, 3, 2):
        while True:
            kind = "ngan"
            if size == 3:
                kind = rng.choices(["chee", "pong", "kong"], [1 if honours else 5, 4, 1])[0]
            if kind == "chee":
                low = rng.randint(1, 7)
                cards = [f"{low + k}d" for k in range(3)]
            else:
                pool = HONOURS if honours and rng.random() < 0.8 else PLAYING
                cards = [rng.choice(pool)] * {"pong": 3, "kong": 4, "ngan": 2}[kind]
            if all(left[c] >= n for c, n in Counter(cards).items()):
                break
        for c in cards:
            left[c] -= 1
        if kind != "kong" and fei_left and rng.random() < 0.3:  # one FEI stands in for a card
            k = rng.randrange(len(cards))
            left[cards[k]] += 1
            cards[k] = FEI
            fei_left -= 1
        if kind == "kong":
            written = " ".join(cards)
            declared.append(f"({written})" if rng.random() < 0.5 else f"[{written}]")
        elif kind != "ngan" and rng.random() < 0.25:
            declared.append(f"[{' '.join(cards)}]")
        else:
            concealed.extend(cards)
    return concealed, declared, left, fei_left


def random_case(rng: random.Random) -> Case:
    """A random hand: complete, honours, broken, 13 cards, random cards, four FEI, or invalid."""
    kinds = ["complete", "complete", "honours", "broken", "thirteen", "random", "four_fei"]
    kinds.append("invalid")
    kind = rng.choice(kinds)
    concealed, declared, left, fei_left = build_shape(rng, honours=kind == "honours")
    if kind == "broken":  # one concealed card swapped for another: mostly incomplete
        if concealed:
            gone = concealed.pop(rng.randrange(len(concealed)))
            if gone != FEI:
                left[gone] += 1
            concealed.append(_take(rng, left))
    elif kind == "thirteen" and concealed:
        concealed.pop(rng.randrange(len(concealed)))
    elif kind in ("random", "four_fei"):
        left = Counter({c: 4 for c in PLAYING})
        fei = 4 if kind == "four_fei" else rng.choice([0, 0, 1, 2])
        fei_left = 4 - fei
        declared = []
        concealed = [FEI] * fei + [_take(rng, left) for _ in range(rng.choice([13, 14]) - fei)]
    bonus = rng.sample(BONUS, rng.choice([0, 0, 1, 1, 2, 2, 3, 4]))
    if fei_left and rng.random() < 0.2:
        bonus.append(FEI)
    if kind == "invalid":
        corrupt = rng.choice(["fifth", "fei", "bonus_twice", "too_many"])
        if corrupt == "fifth":
            concealed += [c for c in PLAYING if left[c] == 0][:1] or ["1d"] * 5
        elif corrupt == "fei":
            bonus += [FEI] * (fei_left + 1)
        elif corrupt == "bonus_twice":
            bonus += [rng.choice(BONUS)] * 2
        else:
            concealed.append(_take(rng, left))
    rng.shuffle(concealed)
    text = " ".join(concealed + declared)
    if bonus:
        text += " | " + " ".join(bonus)
    flags = frozenset(f for f in FLAGS if rng.random() < (0.6 if kind == f else 0.12))
    rules = "3leg-beginner" if rng.random() < 0.2 else "3leg"
    return Case(kind, text, rng.choice(SEATS), flags, rules)


@cache
def cases(batch: int) -> tuple[Case, ...]:
    """The random hands of one batch (seeded, so every run judges the same hands)."""
    rng = random.Random(f"sekwoo-reference-{batch}")
    return tuple(random_case(rng) for _ in range(PER_BATCH))


def reference(case: Case) -> Verdict | None:
    """The reference's verdict, or None where the hand is invalid."""
    hand = Hand.parse(case.text)
    return None if invalid_reason(hand) else judge(hand, case.seat, case.flags, case.rules)


@pytest.mark.parametrize("batch", range(BATCHES))
def test_check_agrees_with_reference(batch: int) -> None:
    """On every random hand, check gives the reference's complete, wins and fun (or rejects it)."""
    for case in cases(batch):
        hand = Hand.parse(case.text)
        want = reference(case)
        rules = load_rules(case.rules)
        if want is None:
            with pytest.raises(InvalidHandError):
                check(hand, rules, case.seat, case.flags)
            continue
        got = check(hand, rules, case.seat, case.flags)
        assert (got.complete, got.wins, got.fun) == (want.complete, want.wins, want.fun), case


def test_sample_covers_every_kind_of_hand() -> None:
    """The random hands include wins, short and incomplete hands, FEI, laid-down sets, all seats."""
    seen: Counter[str] = Counter()
    for batch in range(BATCHES):
        for case in cases(batch):
            want = reference(case)
            hand = Hand.parse(case.text)
            seen[case.seat] += 1
            seen.update(case.flags)
            seen[case.rules] += 1
            if want is None:
                seen["invalid"] += 1
                continue
            seen["win" if want.wins else "short" if want.complete else "incomplete"] += 1
            seen["limit win" if want.wins and want.fun == 10 and hand.bonus else ""] += 1
            seen["fei held"] += FEI in map(str, hand.concealed)
            seen["fei sunk"] += FEI in map(str, hand.bonus)
            seen["bonus"] += bool(hand.bonus)
            for m in hand.melds:
                seen[f"{m.kind.value} {'exposed' if m.exposed else 'concealed'}"] += 1
                seen["declared with fei"] += m.wild_count
            seen["instant claim"] += want.wins and not want.complete
            seen["four fei win"] += "four_fei" in case.flags and want.wins
            seen["dots"] += any(str(t) in DOTS for t in hand.concealed)
    for key in (
        *SEATS, *FLAGS, "3leg", "3leg-beginner", "invalid", "win", "short", "incomplete",
        "limit win", "fei held", "fei sunk", "bonus", "pong exposed", "chee exposed",
        "kong exposed", "kong concealed", "declared with fei", "instant claim", "four fei win",
    ):
        assert seen[key] >= 5, (key, seen)
    assert seen["win"] >= 100 and seen["short"] >= 50 and seen["incomplete"] >= 100, seen


def _cli_sample() -> list[Case]:
    """A few hands of every kind for the command line (each run starts a Python process)."""
    picked: dict[str, list[Case]] = {}
    for case in cases(0) + cases(1):
        picked.setdefault(case.kind, [])
        if len(picked[case.kind]) < 2:
            picked[case.kind].append(case)
    return [c for group in picked.values() for c in group]


@pytest.mark.parametrize("case", _cli_sample(), ids=lambda c: f"{c.kind}:{c.text}")
def test_cli_json_agrees_with_reference(case: Case) -> None:
    """``sekwoo check --json`` gives the reference's answer, or exit 1 and an error object."""
    cmd = [sys.executable, "-m", "tutor", *case.cli_args()]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    want = reference(case)
    data = json.loads(out.stdout)
    if want is None:
        assert out.returncode == 1 and "error" in data and out.stderr.startswith("sekwoo: ")
        return
    assert out.returncode == 0, out.stderr
    assert (data["complete"], data["wins"], data["fun"]) == (want.complete, want.wins, want.fun)
    assert data["min_fun"] == (5 if case.rules == "3leg" else 0)


def test_reference_on_worked_examples() -> None:
    """The reference itself scores a few hands worked out by hand from the booklet."""
    # 1 (Animal) + 1 (basic win) + 2 (East PONG of East) = 4: complete but short.
    assert judge(Hand.parse("123d 456d 789d EEE RR | a1")) == Verdict(True, False, 4)
    # 1 (f2) + 1 (basic win) + 3 (PENG WOO) = 5 for South; f2 is worth nothing to East: 4.
    assert judge(Hand.parse("123d 456d 789d 234d 55d | f2"), "south") == Verdict(True, True, 5)
    assert judge(Hand.parse("123d 456d 789d 234d 55d | f2"), "east") == Verdict(True, False, 4)
    # Two FEI can never make a NGAN on their own, so this hand is not complete.
    assert judge(Hand.parse("[EEE] [SSS] [WWW] [NNN] F* F*")) == Verdict(False, False, 0)
    # ... but a FEI can stand in each set and the NGAN: 1 FEI + 9 cards of 1-9 Dots + 4 more.
    assert judge(Hand.parse("123d 456d 789d 234d F* F*")).complete
