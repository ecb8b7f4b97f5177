"""An independent brute-force judge of 3-Leg hands, written from docs/rules/3leg.md alone.

It shares no code with ``tutor.engine.shapes.standard`` or ``tutor.engine.scoring.check``: it splits the hand's physical
cards (a FEI is a card like any other) into groups by trying every choice, checks each group
against the rules of §1, tries every meaning of every FEI, and scores each reading with the FUN
tables of §1 typed out below (not read from the rule-set YAML). Cards are plain strings in the
notation (``5d``, ``E``, ``Wh``, ``F*``, ``f1``), so nothing of the engine's encoding is reused.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import product

from tutor.core.hands import Hand, MeldKind

FEI = "F*"
DOTS = tuple(f"{n}d" for n in range(1, 10))
WINDS = ("E", "S", "W", "N")
DRAGONS = ("R", "G", "Wh")
PLAYING = (*DOTS, *WINDS, *DRAGONS)  # the 16 real kinds of card of 3leg, 4 copies each
BONUS = tuple(f"{g}{n}" for g in "fsak" for n in range(1, 5))  # one of each
SEAT_NUMBER = {"east": 1, "south": 2, "west": 3}
LIMIT = 10  # what a limit hand scores, and the cap on any win
MINIMUM = {"3leg": 5, "3leg-beginner": 0}

# The basic table: FUN for a PONG or KONG of each honour, by seat (a seat not named scores 0).
PONG_FUN: dict[str, dict[str, int]] = {
    "E": {"east": 2, "south": 1, "west": 1},
    "S": {"south": 1},
    "W": {"west": 1},
    "N": {"east": 1, "south": 1, "west": 1},
    "R": {"east": 1, "south": 1, "west": 1},
    "G": {"east": 1, "south": 1, "west": 1},
    "Wh": {"east": 1, "south": 1, "west": 1},
}

# A meaning: ("chee", lowest card), ("pong", card), ("kong", card) or ("ngan", card).
Meaning = tuple[str, str]


@dataclass(frozen=True)
class Verdict:
    """The reference's answer: complete shape? a win? how many FUN (0 for an incomplete hand)."""

    complete: bool
    wins: bool
    fun: int


def dot_rank(card: str) -> int:
    """The number on a Dots card, 0 for any other card."""
    return int(card[0]) if card in DOTS else 0


def cards_of(hand: Hand) -> tuple[list[str], list[tuple[str, list[str], bool]], list[str]]:
    """The hand as strings: concealed cards, declared sets (kind, cards, exposed), bonus cards."""
    melds = [(m.kind.value, [str(t) for t in m.cards], m.exposed) for m in hand.melds]
    return [str(t) for t in hand.concealed], melds, [str(t) for t in hand.bonus]


def invalid_reason(hand: Hand) -> str | None:
    """Why ``hand`` cannot exist in 3leg (docs/rules/3leg.md, "invalid"), or None if it can."""
    concealed, melds, bonus = cards_of(hand)
    for c in concealed:
        if c in BONUS:
            return "a bonus card among the concealed cards"
        if c not in PLAYING and c != FEI:
            return f"{c} is not a 3leg card"
    for kind, cs, _ in melds:
        if any(c not in PLAYING and c != FEI for c in cs):
            return "a set of cards not in 3leg"
        if cs.count(FEI) > 1:
            return "two FEI in one set"
        if kind not in ("pong", "chee", "kong") or not declared_meanings(kind, cs):
            return f"a set laid down as a {kind} that is not one"
    for b in bonus:
        if b not in BONUS and b != FEI:
            return f"{b} is not a bonus card"
    if any(n > 1 for b, n in Counter(bonus).items() if b != FEI):
        return "a bonus card twice"
    seen = Counter(concealed) + Counter(c for _, cs, _ in melds for c in cs) + Counter(bonus)
    if seen[FEI] > 4:
        return "more than four FEI"
    if any(seen[c] > 4 for c in PLAYING):
        return "five copies of a card"
    if len(concealed) + 3 * len(melds) > 14:
        return "more than 14 cards"
    return None


def group_meanings(group: tuple[str, ...]) -> list[Meaning]:
    """Every meaning of a group of concealed cards: a NGAN of two, a PONG or CHEE of three."""
    real = sorted((c for c in group if c != FEI), key=PLAYING.index)
    fei = len(group) - len(real)
    if not real or fei > 1:  # a group holds a real card, and at most one FEI
        return []
    if len(group) == 2:
        return [("ngan", real[0])] if len(set(real)) == 1 else []
    out: list[Meaning] = []
    if len(set(real)) == 1:
        out.append(("pong", real[0]))
    ranks = [dot_rank(c) for c in real]
    if all(ranks) and len(set(ranks)) == len(ranks):  # distinct Dots: a CHEE, FEI filling a gap
        for low in range(1, 8):
            if all(low <= r <= low + 2 for r in ranks):
                out.append(("chee", f"{low}d"))
    return out


def declared_meanings(kind: str, cards: list[str]) -> list[Meaning]:
    """What a set laid down as ``kind`` can stand for (a CHEE with a FEI may mean several runs)."""
    real = [c for c in cards if c != FEI]
    if kind == MeldKind.KONG.value:
        ok = len(cards) == 4 and len(set(real)) == 1 and FEI not in cards
        return [("kong", real[0])] if ok else []
    return [m for m in group_meanings(tuple(cards)) if m[0] == kind and len(cards) == 3]


@cache
def splits(cards: tuple[str, ...], sets: int, pair: bool) -> frozenset[tuple[Meaning, ...]]:
    """Every reading of ``cards`` as ``sets`` groups of three (and one NGAN if ``pair``)."""
    if len(cards) != 3 * sets + 2 * pair:
        return frozenset()
    if not cards:
        return frozenset({()})
    first, rest = cards[0], cards[1:]
    found: set[tuple[Meaning, ...]] = set()
    partners: set[tuple[str, ...]] = set()
    if pair:
        partners |= {(c,) for c in rest}
    if sets:
        n = len(rest)
        partners |= {tuple(sorted((rest[i], rest[j]))) for i in range(n) for j in range(i + 1, n)}
    for partner in partners:
        left = list(rest)
        for c in partner:
            left.remove(c)
        size = 1 + len(partner)
        for meaning in group_meanings((first, *partner)):
            for more in splits(tuple(left), sets - (size == 3), pair and size == 3):
                found.add(tuple(sorted((meaning, *more))))
    return frozenset(found)


def readings(hand: Hand) -> list[tuple[Meaning, ...]]:
    """Every reading of a 14-card hand as four sets and a NGAN; [] if it has none."""
    concealed, melds, _ = cards_of(hand)
    if len(concealed) + 3 * len(melds) != 14 or len(melds) > 4:
        return []
    order = {c: k for k, c in enumerate((*PLAYING, FEI))}  # FEI last: a group opens on a real card
    inner = splits(tuple(sorted(concealed, key=order.__getitem__)), 4 - len(melds), True)
    laid = [declared_meanings(kind, cs) for kind, cs, _ in melds]
    return [tuple(sorted((*r, *ms))) for r in inner for ms in product(*laid)]


def score(
    reading: tuple[Meaning, ...], bonus: list[str], seat: str, flags: frozenset[str], fei_held: int
) -> int:
    """FUN of one reading by the basic and advanced tables of docs/rules/3leg.md."""
    n = SEAT_NUMBER[seat]
    fun = 0
    for b in bonus:
        # A sunk FEI, an Animal, a Face: 1 for anyone; a Nature/Season: the seat's number, or 4.
        if b == FEI or b[0] in "ak" or int(b[1]) in (n, 4):
            fun += 1
    sets = [m for m in reading if m[0] != "ngan"]
    pair = next(t for k, t in reading if k == "ngan")
    pongs = {t for k, t in sets if k in ("pong", "kong")}
    for k, t in sets:
        if k in ("pong", "kong"):
            fun += PONG_FUN.get(t, {}).get(seat, 0)
    fun += 1  # basic win
    if all(k in ("pong", "kong") for k, _ in sets):
        fun += 2  # DUI DUI PONG
    if all(k == "chee" for k, _ in sets) and pair in DOTS:
        fun += 3  # PENG WOO
    dragons = pongs & set(DRAGONS)
    limit = (
        dragons == set(DRAGONS)  # DAI SAM YUEN
        or (len(dragons) == 2 and pair in DRAGONS and pair not in dragons)  # SIU SAM YUEN
        or set(WINDS) <= pongs  # DAI SEI HEY
        or not bonus  # No Flower Mahjong (a FEI held is no flower; a sunk one is)
        or ("tin_woo" in flags and seat == "east")
        or ("dei_woo" in flags and seat in ("south", "west"))
        or ("four_fei" in flags and fei_held >= 4)
    )
    return LIMIT if limit else min(fun, LIMIT)


def judge(
    hand: Hand, seat: str = "east", flags: frozenset[str] = frozenset(), rules: str = "3leg"
) -> Verdict:
    """The reference verdict on a valid hand: the best reading's FUN against the minimum."""
    concealed, melds, bonus = cards_of(hand)
    fei_held = concealed.count(FEI)
    all_readings = readings(hand)
    size = len(concealed) + 3 * len(melds)
    instant = "four_fei" in flags and fei_held >= 4 and size >= 13  # claimed on the dealt hand
    if not all_readings:
        return Verdict(False, instant, LIMIT if instant else 0)
    fun = max(score(r, bonus, seat, flags, fei_held) for r in all_readings)
    return Verdict(True, fun >= MINIMUM[rules], fun)
