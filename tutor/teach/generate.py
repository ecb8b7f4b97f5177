"""New puzzles from random deals, each kept only when the engine proves it has one answer."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from puzzles import DRAW_THEMES, THEMES, Generator, Puzzle, check_theme, dump_file, read_file
from tutor.core.hands import Hand, Meld, MeldKind, Seat
from tutor.core.tiles import FEI_ID, FIRST_BONUS, FIRST_DRAGON, FIRST_WIND, N_TILES, TILES
from tutor.errors import PuzzleError, TutorError
from tutor.teach.rate import rate
from tutor.teach.solve import build

if TYPE_CHECKING:
    from tutor.rules.load import RuleSet


class _Deal:
    """Cards drawn so far for one random hand, with the copies left of each."""

    def __init__(self, rules: RuleSet) -> None:
        self.left = Counter({i: rules.copies for i in rules.in_play if i != FEI_ID})
        self.left[FEI_ID] = rules.wild_copies

    def take(self, ids: list[int]) -> bool:
        need = Counter(ids)
        if any(self.left[i] < n for i, n in need.items()):
            return False
        self.left.subtract(need)
        return True


def _random_tile(rng: random.Random, honours: float) -> int:
    if rng.random() < honours:
        return rng.randrange(FIRST_WIND, FEI_ID)
    return rng.randrange(0, 9)


def random_complete(
    rng: random.Random, rules: RuleSet, *, chee: float = 0.5, honours: float = 0.4, fei: float = 0.0,
    declared: float = 0.0, bonus: tuple[int, int] = (0, 3), sunk: float = 0.0, max_fei: int = 4,
) -> Hand | None:
    """A random complete hand built set by set from the 3-Leg cards (None if a deal fails)."""
    deal = _Deal(rules)
    concealed: list[int] = []
    melds: list[Meld] = []
    n_fei = 0
    for _ in range(rules.sets):
        if rng.random() < chee:
            start = rng.randrange(0, 7)
            ids, kind = [start, start + 1, start + 2], MeldKind.CHEE
        else:
            t = _random_tile(rng, honours)
            ids, kind = [t, t, t], MeldKind.PONG
        if n_fei < max_fei and rng.random() < fei:
            ids[rng.randrange(3)] = FEI_ID
            n_fei += 1
        if not deal.take(ids):
            return None
        if rng.random() < declared:
            melds.append(Meld(kind, tuple(sorted(TILES[i] for i in ids))))
        else:
            concealed.extend(ids)
    t = _random_tile(rng, honours)
    pair = [t, t]
    if n_fei < max_fei and rng.random() < fei / 2:
        pair[1] = FEI_ID
        n_fei += 1
    if not deal.take(pair):
        return None
    concealed.extend(pair)
    bonus_ids = rng.sample(range(FIRST_BONUS, N_TILES), rng.randint(*bonus))
    if rng.random() < sunk and deal.take([FEI_ID]):
        bonus_ids.append(FEI_ID)
    return Hand(tuple(TILES[i] for i in concealed), tuple(melds), tuple(TILES[i] for i in bonus_ids))


def _candidate_set(rng: random.Random) -> tuple[str, str]:
    """Three or four loose cards, as an is-a-set puzzle writes them (``1d 1d F*``), and the seat."""
    r = rng.random()
    if r < 0.25:  # a CHEE, maybe with a FEI
        s = rng.randrange(0, 7)
        ids = [s, s + 1, s + 2]
    elif r < 0.45:  # a PONG
        t = _random_tile(rng, 0.5)
        ids = [t, t, t]
    elif r < 0.6:  # three honours of one kind but different cards: no CHEE of winds or dragons
        base = rng.choice([FIRST_WIND, FIRST_DRAGON])
        pool = list(range(base, base + (4 if base == FIRST_WIND else 3)))
        ids = rng.sample(pool, 3)
    elif r < 0.8:  # near misses in Dots
        s = rng.randrange(0, 9)
        ids = sorted({s, rng.randrange(0, 9), rng.randrange(0, 9)})
        while len(ids) < 3:
            ids.append(ids[-1])
    elif r < 0.9:  # wrap-arounds and mixed kinds
        ids = rng.choice([[7, 8, 0], [8, 0, 1], [0, 1, FIRST_WIND], [5, 6, rng.randrange(FIRST_WIND, FEI_ID)]])
    else:  # four cards
        t = _random_tile(rng, 0.4)
        ids = [t, t, t, t if rng.random() < 0.6 else FEI_ID]
    if len(ids) == 3 and rng.random() < 0.35:
        ids[rng.randrange(3)] = FEI_ID
        if rng.random() < 0.2:
            ids[rng.randrange(3)] = FEI_ID
    hand = Hand(tuple(TILES[i] for i in ids))
    return " ".join(str(t) for t in hand.concealed), "east"


_SEATS = ("east", "south", "west")
DEALS_PER_SEED = 200
"""Random deals ``one`` tries for a seed before it gives up ..."""
SEARCH_DEALS_PER_SEED = 12
"""... or, for a theme whose answer is an expected-FUN search (seconds a deal), this many."""
SEEDS_PER_PUZZLE = 60
"""Seeds ``make`` tries, for each puzzle asked, before it settles for fewer ..."""
SEARCH_SEEDS_PER_PUZZLE = 10
"""... or, for a search theme, this many."""


def _candidates(
    theme: str, rng: random.Random, rules: RuleSet, any_seat: bool = False
) -> Iterator[tuple[str, str, dict[str, str]]]:
    """Endless (hand, seat, what else the puzzle says) candidates for a theme, from random deals
    (a search theme's at any seat with ``any_seat``, else at East)."""
    while True:
        if theme == "is-a-set":
            yield (*_candidate_set(rng), {})
            continue
        if theme in DECISIONS:
            got = _decision_deal(theme, rng, rules)
            if got is not None:
                yield str(got[0]), rng.choice(_SEATS) if any_seat else "east", got[1]
            continue
        seat = "east"
        if theme == "find-ngan":
            hand = random_complete(rng, rules, chee=0.65, honours=0.25, fei=0.15, declared=0.1, bonus=(0, 2))
        elif theme in ("complete-shape", "waits"):
            hand = random_complete(rng, rules, chee=0.65, honours=0.2, fei=0.1, declared=0.1, bonus=(0, 2))
            if hand is not None:
                cut = [t for t in hand.concealed if t.id != FEI_ID]
                if not cut:
                    continue
                drop = rng.choice(cut)
                rest = list(hand.concealed)
                rest.remove(drop)
                hand = Hand(tuple(rest), hand.melds, hand.bonus)
        elif theme in ("count-fun", "short-of-five"):
            seat = rng.choice(_SEATS)
            hand = random_complete(rng, rules, chee=0.5, honours=0.45, fei=0.1, declared=0.2, bonus=(1, 3), sunk=0.1)
            if hand is not None and rng.random() < 0.08:
                hand = Hand(hand.concealed, hand.melds, ())
        elif theme == "use-fei":
            seat = rng.choice(_SEATS)
            hand = random_complete(rng, rules, chee=0.5, honours=0.5, fei=1.0, max_fei=1, declared=0.0,
                                   bonus=(1, 3))
        elif theme == "best-discard":
            hand = _discard_deal(rng, rules)
            seat = rng.choice(_SEATS) if any_seat else "east"
        else:
            raise PuzzleError(f"unknown theme {theme!r} (known: {', '.join(THEMES)})")
        if hand is not None:
            yield str(hand), seat, {}


DECISIONS = ("claim-or-pass", "kong-or-not", "sink-or-keep", "recall-fei")


def _decision_deal(theme: str, rng: random.Random, rules: RuleSet) -> tuple[Hand, dict[str, str]] | None:
    """A hand near complete that meets the decision the theme asks about: a card it may claim,
    a KONG it may declare, a FEI it may sink, a FEI laid down it may take back."""
    from tutor.engine.decide.claim import legal_claims

    base = _discard_deal(rng, rules)
    if base is None:
        return None
    cards = list(base.concealed)
    rng.shuffle(cards)
    real = [c for c in cards if c.id != FEI_ID]
    t = rng.choice(real)
    others = [c for c in cards if c != t]
    if theme == "claim-or-pass":
        hand = Hand(tuple(cards[:13]), (), base.bonus)
        held = Counter(c.id for c in hand.concealed)
        thrown = t.id + rng.choice((-1, 1)) if t.id < 9 and 0 < t.id < 8 and rng.random() < 0.5 else t.id
        source = "right" if rng.random() < 0.3 else "left"
        if held[thrown] >= rules.copies or not legal_claims(hand, TILES[thrown], rules, source):
            return None  # only passing is possible: no question
        return hand, {"on": str(TILES[thrown]), "source": source}
    if theme == "kong-or-not":
        if rng.random() < 0.5:  # four held
            return Hand(tuple([t] * 4 + others[:10]), (), base.bonus), {}
        return Hand(tuple([t] + others[:10]), (Meld(MeldKind.PONG, (t, t, t)),), base.bonus), {}
    if theme == "sink-or-keep":
        if not any(c.id == FEI_ID for c in cards):
            cards[0] = TILES[FEI_ID]
        return Hand(tuple(cards), (), base.bonus), {}
    fei = TILES[FEI_ID]
    if rng.random() < 0.5:
        return _recall_deal(rng, rules)
    if t.id < 9 and 0 < t.id < 8 and rng.random() < 0.4:
        meld = Meld(MeldKind.CHEE, (TILES[t.id - 1], TILES[t.id + 1], fei))
    else:
        meld = Meld(MeldKind.PONG, (t, t, fei))
    return Hand(tuple([t] + others[:10]), (meld,), base.bonus), {"drawn": str(t)}


def _recall_deal(rng: random.Random, rules: RuleSet) -> tuple[Hand, dict[str, str]] | None:
    """A recall that may cost the hand: the card drawn completes a group held with a FEI already
    (a NGAN or a CHEE), so taking back the FEI of the set laid down leaves two FEI where one fits."""
    fei = TILES[FEI_ID]
    t = _random_tile(rng, 0.35)
    chee = t < 7 and rng.random() < 0.5  # the drawn card and the next make a CHEE with the FEI held ...
    held: list[int] = [t + 1, FEI_ID] if chee else [FEI_ID]  # ... or a NGAN with it
    for _ in range(rules.sets - (2 if chee else 1)):
        if rng.random() < 0.55:
            start = rng.randrange(0, 7)
            held += [start, start + 1, start + 2]
        else:
            held += [_random_tile(rng, 0.3)] * 3
    if chee:
        held += [_random_tile(rng, 0.3)] * 2
    if rng.random() < 0.5:  # one card off: the hand is not complete, only near
        held[rng.randrange(2 if chee else 1, len(held))] = _random_tile(rng, 0.2)
    bonus = rng.sample(range(FIRST_BONUS, N_TILES), rng.randint(0, 3))
    meld = Meld(MeldKind.PONG, (TILES[t], TILES[t], fei))
    try:
        hand = Hand(tuple(TILES[i] for i in [t, *held]), (meld,), tuple(TILES[i] for i in bonus))
    except TutorError:
        return None
    return hand, {"drawn": str(TILES[t])}


def _discard_deal(rng: random.Random, rules: RuleSet) -> Hand | None:
    """A 14-card concealed hand one or two cards away from complete."""
    hand = random_complete(rng, rules, chee=0.6, honours=0.3, fei=0.05, declared=0.0, bonus=(0, 3))
    if hand is None:
        return None
    cards = list(hand.concealed)
    rng.shuffle(cards)
    n = 1 if rng.random() < 0.6 else 2
    kept = cards[n:]
    seen = Counter(t.id for t in kept) + Counter(t.id for t in hand.bonus if t.id == FEI_ID)
    while len(kept) < 14:
        t = _random_tile(rng, 0.1)
        if seen[t] < rules.copies:
            kept.append(TILES[t])
            seen[t] += 1
    return Hand(tuple(kept), (), hand.bonus)


def one(
    theme: str, seed: int, *, rules: str = "3leg", draws: int | Literal["round"] = 3, puzzle_id: str | None = None,
) -> Puzzle | None:
    """The puzzle of ``theme`` that ``seed`` makes: the first of its random deals that the engine
    proves to have one answer (None if none of ``DEALS_PER_SEED`` does).

    ``draws`` is the number of draws a search theme's answer assumes, or ``"round"``: the seat's
    draws left in a whole round for the hand (``sekwoo discard``'s default horizon). The puzzle records ``seed``.
    """
    from tutor.engine.search.horizon import draws_left
    from tutor.rules.load import load_rules

    check_theme(theme)
    rule_set = load_rules(rules)
    rng = random.Random(f"{theme}:{seed}")
    search = theme in DRAW_THEMES
    pid = puzzle_id or f"{theme}-{seed}"
    for k, (hand, seat, extra) in enumerate(_candidates(theme, rng, rule_set, draws == "round")):
        if k >= (SEARCH_DEALS_PER_SEED if search else DEALS_PER_SEED):
            return None
        n = None
        if search:
            n = draws_left(rule_set, Seat(seat), Hand.parse(hand).size) if draws == "round" else draws
        try:
            puzzle = build(theme, hand, pid, seat=seat, rules=rules, draws=n, budget=theme == "best-discard", **extra)
        except TutorError:
            continue
        return replace(puzzle, seed=seed)
    return None


def make(
    theme: str, count: int, seed: int, *, rules: str = "3leg", prefix: str | None = None, start: int = 1,
    level: int | None = None, draws: int | Literal["round"] = 3, progress: Callable[[int, int], None] | None = None,
) -> list[Puzzle]:
    """Up to ``count`` new puzzles of ``theme``, from seeds ``seed``, ``seed + 1``, ... (see ``one``);
    ``progress`` hears (puzzles kept, deals tried) after each deal.

    Deterministic for its arguments, which ``generator`` records. A seed whose puzzle repeats a
    hand already kept, is of another ``level``, or would make the set lopsided is passed over: easy
    puzzles are at most a fifth of the set, each answer of a yes/no theme at most half (for
    ``short-of-five`` a third are "yes"), and so on (``_balanced``). Each puzzle kept carries its
    starting rating (``tutor.teach.rate``).
    """
    check_theme(theme)
    if count < 1:
        raise PuzzleError("ask for at least one puzzle")
    prefix = prefix or theme
    seen: set[str] = set()
    out: list[Puzzle] = []
    answers: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    last = seed + (SEARCH_SEEDS_PER_PUZZLE if theme in DRAW_THEMES else SEEDS_PER_PUZZLE) * count
    for s in range(seed, last):
        if len(out) >= count:
            break
        if progress is not None:
            progress(len(out), s - seed)
        puzzle = one(theme, s, rules=rules, draws=draws, puzzle_id=f"{prefix}-{start + len(out):03d}")
        if puzzle is None or puzzle.hand_text in seen:
            continue
        if level is not None and puzzle.level != level:
            continue
        if level is None and not _level_fits(puzzle.level, levels, count, (s - seed) / (last - seed)):
            continue
        if not _balanced(theme, puzzle, answers, count):
            continue
        seen.add(puzzle.hand_text)
        answers[puzzle.answer] += 1
        levels[puzzle.level] += 1
        out.append(replace(puzzle, rating=rate(puzzle)))  # its starting rating, from the solver
    return out


def generator(
    count: int, seed: int, *, rules: str = "3leg", prefix: str | None = None, start: int = 1,
    level: int | None = None, draws: int | Literal["round"] = 3,
) -> Generator:
    """The record a file keeps of the ``make`` call that wrote it."""
    return Generator(seed=seed, count=count, rules=rules, draws=draws, level=level, prefix=prefix, start=start)


def remake(theme: str, gen: Generator) -> list[Puzzle]:
    """The puzzles a file's ``generator`` record makes: the file again, if nothing changed."""
    return make(theme, gen.count, gen.seed, rules=gen.rules, prefix=gen.prefix, start=gen.start, level=gen.level,
                draws=gen.draws)


def remake_file(text: str, where: str) -> str:
    """A generated puzzle file's text made again from its ``generator`` record (minutes for a
    search theme): the same text byte for byte, unless the generator or the engine changed."""
    spec = read_file(text, where)[1]
    if spec.generator is None:
        raise PuzzleError(f"{where}: no generator record: the file was not made by 'sekwoo puzzle make'")
    return dump_file(spec.theme, remake(spec.theme, spec.generator), title=spec.title, generator=spec.generator)


def _level_fits(level: int, levels: Counter[int], count: int, spent: float) -> bool:
    """Favour medium and hard puzzles: easy ones at most a fifth of the set, each other level at
    most half of it, until half the seeds are spent (then whatever comes)."""
    if spent >= 0.5:
        return True
    cap = max(1, count // 5) if level == 1 else (count + 1) // 2
    return levels[level] < cap


def _balanced(theme: str, puzzle: Puzzle, answers: Counter[str], count: int) -> bool:
    """Keep yes/no themes from having one answer almost always, and waits varied."""
    if theme == "short-of-five":
        cap = {"yes": max(1, count // 3), "no": count - max(1, count // 3)}
        return answers[puzzle.answer] < cap[puzzle.answer]
    if theme in ("is-a-set", "kong-or-not", "sink-or-keep"):
        return answers[puzzle.answer] < (count + 1) // 2
    if theme == "claim-or-pass":  # pass, PONG, CHEE, ... each at most a third
        kind = puzzle.answer.split()[0]
        return sum(n for a, n in answers.items() if a.split()[0] == kind) < max(1, (count + 2) // 3)
    if theme == "waits":
        return answers[puzzle.answer] < 1
    if theme == "best-discard" and not puzzle.answer[0].isdigit():  # a lone honour is the easy case
        return sum(n for a, n in answers.items() if not a[0].isdigit()) < max(1, count // 3)
    return True


__all__ = [
    "DEALS_PER_SEED", "SEARCH_DEALS_PER_SEED", "SEARCH_SEEDS_PER_PUZZLE", "SEEDS_PER_PUZZLE", "generator", "make", "one", "random_complete", "remake",
    "remake_file",
]
