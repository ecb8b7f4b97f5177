"""The lessons of ``sekwoo learn``: short steps with example hands, then exercises.

A lesson is data: steps of text, each with an optional hand to draw (and, for complete hands, the
engine's verdict) and a question a step may ask about its hand; and exercises written as a theme
and a kind of hand. No answer is written here: a step's question is answered by the engine
(``questions``, through ``tutor.teach.solve.build``), and the exercises are new puzzles drawn
from the generator each time (``exercises``, through ``tutor.teach.generate.make``), each proven
to have one answer, so the lessons cannot teach a wrong answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from puzzles import Puzzle
from tutor.core.hands import Hand
from tutor.core.tiles import FEI_ID, Tile
from tutor.errors import ChoiceError, PuzzleError, TutorError

if TYPE_CHECKING:
    from tutor.engine.result_types import Check


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a lesson: a paragraph, and a hand to show (``check`` to show its verdict)."""

    text: str
    hand: str | None = None
    check: bool = False
    ask: str | None = None  # the theme of the question asked about the hand (its answer shown after)
    draws: int | None = None  # the draws a question about a decision assumes


@dataclass(frozen=True, slots=True)
class Exercise:
    """Exercises of one theme, drawn from the generator: how many, and which of its hands fit
    (``where``, a key of ``FITS``)."""

    theme: str
    count: int = 1
    where: str = "any"
    draws: int | None = None


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson: its topic key, title, steps and exercises."""

    topic: str
    title: str
    summary: str
    steps: tuple[Step, ...]
    exercises: tuple[Exercise, ...]


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "chee", "CHEE: three Dots in a row", "Runs of three consecutive Dots.",
        (
            Step("A CHEE is three consecutive cards of Dots, like 3-4-5. Only Dots are numbered, so "
                 "only Dots make a CHEE: winds and dragons never run.", "345d", ask="is-a-set"),
            Step("Runs do not wrap around: 8-9-1 is not a CHEE. A FEI (the wild card) may fill one "
                 "gap of a CHEE, at most one FEI per set.", "46d F*", ask="is-a-set"),
            Step("Only the player whose turn is next may CHEE a discard (any player may PONG it). "
                 "A claimed CHEE is laid down face up, like this one:", "[789d]"),
        ),
        (Exercise("is-a-set", 2, "dots"), Exercise("is-a-set", 1, "honours")),
    ),
    Lesson(
        "pong", "PONG: three identical cards", "Three of a kind: Dots, winds or dragons.",
        (
            Step("A PONG is three identical cards: Dots, winds or dragons.", "777d", ask="is-a-set"),
            Step("A PONG of dragons or of the right wind scores FUN (see the flowers-fun lesson). "
                 "A FEI may stand for one card of a PONG, never two.", "RR F*", ask="is-a-set"),
            Step("Any player may PONG any discard, even out of turn; PONG beats CHEE.", "[GGG]"),
        ),
        (Exercise("is-a-set", 2, "alike"), Exercise("is-a-set", 1, "honours")),
    ),
    Lesson(
        "kong", "KONG: four identical cards", "Four of a kind: one set, and a replacement card.",
        (
            Step("A KONG is four identical cards. It counts as one set (three cards' worth of the "
                 "shape) and, when you declare it, you draw a replacement card.", "[5555d]"),
            Step("A KONG never holds a FEI. Four identical cards hidden in your hand are just four "
                 "cards until you declare them; a declared concealed KONG is written in round brackets.",
                 "(EEEE)"),
            Step("A KONG scores like a PONG: a KONG of Red is worth what a PONG of Red is worth.",
                 "123d 456d 789d [RRRR] 99d | f1", check=True, ask="count-fun"),
        ),
        (Exercise("is-a-set", 2, "four"), Exercise("count-fun", 1, "easy")),
    ),
    Lesson(
        "ngan", "NGAN: the pair", "Every winning hand has exactly one pair.",
        (
            Step("A NGAN is a pair: two identical cards. A winning hand has exactly one.", "SS"),
            Step("A FEI can pair with any card to make the NGAN.", "9d F*"),
            Step("Finding the NGAN is the first step to reading a hand: take it out and the rest "
                 "must split into sets.", "11123d 456d 789d RRR", check=True, ask="find-ngan"),
        ),
        (Exercise("find-ngan", 2),),
    ),
    Lesson(
        "winning-shape", "The winning shape: four sets and a NGAN", "SEK WOO: 14 cards, four sets and a pair.",
        (
            Step("You win (SEK WOO!) with four sets (CHEE, PONG or KONG) and one NGAN: 14 cards, "
                 "a KONG counting as three. Sets laid down count too.", "123d [555d] EEE 789d RR | f4 a1", check=True, ask="count-fun"),
            Step("There is no other winning shape in 3-Leg: seven pairs do not win.",
                 "1133557799d EE NN", check=True),
            Step("In the advanced game a complete hand also needs at least 5 FUN; in the beginner's "
                 "game (--rules 3leg-beginner) any complete hand wins.", "123d 456d 789d 234d NN | f4", check=True, ask="short-of-five"),
        ),
        (Exercise("complete-shape", 2),),
    ),
    Lesson(
        "fei", "The FEI: wild card, flower, recall", "Substitution, sinking, recall.",
        (
            Step("A FEI stands for any card in a CHEE, a PONG or the NGAN, one FEI per set at most. "
                 "sekwoo tries every card it could stand for and scores the best reading.",
                 "123d 456d 78d F* EEE RR | f1 a2", check=True),
            Step("Sinking: you may reveal a FEI as a flower for 1 FUN and draw a replacement. It "
                 "never comes back. Written after '|'. Sink when you are short of FUN, not of shape.",
                 "123d 456d 789d EEE RR | F* f4", check=True, ask="count-fun"),
            Step("Recall: if you laid down a set with a FEI, you may swap in the real card when you "
                 "draw it (not from a discard) and take the FEI back into your hand.", "[RR F*]"),
            Step("A FEI held in the hand is not a flower: a win with one in hand and no flower card "
                 "is still a No Flower Mahjong (10 FUN).", "123d 456d 789d EEE R F*", check=True, ask="count-fun"),
        ),
        (Exercise("use-fei", 2),),
    ),
    Lesson(
        "flowers-fun", "Flowers and FUN", "Counting FUN: flowers, honours, the advanced table.",
        (
            Step("Only the winner scores. Every win is worth 1 FUN (Basic win). Flowers add 1 each: "
                 "Animals and Faces for anyone, Nature/Season 4 for anyone, Nature/Season 1, 2, 3 only "
                 "for East, South, West.", "123d 456d 789d 234d 55d | a1 k2 f1", check=True, ask="count-fun"),
            Step("PONG/KONG of a dragon or of North: 1 FUN each. East wind: 2 for East, 1 for the "
                 "others; South only for South, West only for West.", "123d RRR EEE 789d 55d | a1", check=True, ask="count-fun"),
            Step("DUI DUI PONG (all PONG/KONG) adds 2, PENG WOO (four CHEE, all Dots) adds 3. "
                 "Limit hands score 10, for example PONGs of all three dragons, of all four winds, or a win "
                 "with no flower at all. 10 is the most any hand scores.",
                 "111d 555d GGG NNN 99d | a3", check=True, ask="count-fun"),
        ),
        (Exercise("count-fun", 2), Exercise("short-of-five", 1)),
    ),
    Lesson(
        "waits", "Waits: which cards finish the hand", "Reading the cards a ready hand needs.",
        (
            Step("With 13 cards one away from complete, your hand waits on the cards that finish it. "
                 "An open two-sided run waits on both ends.", "123d 456d EEE 45d 99d", ask="waits"),
            Step("A single card waits on its pair; two pairs wait on either card (one becomes a PONG).",
                 "123d 456d 789d EE RR", ask="waits"),
            Step("A FEI completes almost any ready hand, so we list the other cards. `sekwoo waits HAND` "
                 "lists them with the FUN each win is worth and how many are unseen.", "1112345678999d", ask="waits"),
        ),
        (Exercise("waits", 2, "few"),),
    ),
    Lesson(
        "discard", "Choosing a discard", "Keep what works, throw what does not, count the FUN.",
        (
            Step("After you draw you hold 14 cards and must discard one. The booklet's tip: throw the "
                 "card least likely to form a set. A lone wind or dragon with no pair is a good start.",
                 "123d 456d 789d 45d RR N", ask="best-discard", draws=2),
            Step("Count the cards that improve the hand after each discard (acceptance), and what a "
                 "win would be worth: a faster hand short of 5 FUN may never win at all. "
                 "`sekwoo discard HAND` ranks every discard by expected FUN.", "123d 456d 78d 99d EE RN"),
        ),
        (Exercise("best-discard", 1, draws=2),),
    ),
)
"""Every lesson, in the order to take them."""

ALIASES = {"shape": "winning-shape", "flowers": "flowers-fun", "fun": "flowers-fun", "discards": "discard",
           "wait": "waits", "pair": "ngan"}
# Other games' words for the same sets, offered as "did you mean" (not taken as the topic itself).
LOOKALIKES = {"chi": "chee", "chow": "chee", "pung": "pong", "pon": "pong", "kan": "kong", "eyes": "ngan",
              "wild": "fei", "joker": "fei", "flower": "flowers-fun"}


def get_lesson(topic: str) -> Lesson:
    """The lesson on ``topic`` (a key, an alias, a unique prefix, or its number in the list
    ``sekwoo learn`` shows, from 1); ``ChoiceError`` if none."""
    key = ALIASES.get(topic.strip().lower(), topic.strip().lower())
    if key.isdigit() and 1 <= int(key) <= len(LESSONS):
        return LESSONS[int(key) - 1]
    for lesson in LESSONS:
        if lesson.topic == key:
            return lesson
    starts = [lesson for lesson in LESSONS if lesson.topic.startswith(key)]
    if len(starts) == 1:
        return starts[0]
    topics = [lesson.topic for lesson in LESSONS]
    raise ChoiceError("topic", topic, topics, f"no lesson {topic!r}: choose {', '.join(topics)}", ALIASES | LOOKALIKES)


@dataclass(frozen=True, slots=True)
class Picture:
    """What a lesson step draws: its hand, and the engine's verdict on it when the step asks."""

    hand: Hand
    check: Check | None = None


def pictures(lesson: Lesson, rules: str = "3leg") -> tuple[Picture | None, ...]:
    """What each step of the lesson draws (None for a step of text only), judged under ``rules``."""
    from tutor.engine.scoring.check import check
    from tutor.rules.load import load_rules

    rule_set = load_rules(rules)
    out: list[Picture | None] = []
    for step in lesson.steps:
        if not step.hand:
            out.append(None)
            continue
        hand = Hand.parse(step.hand)
        out.append(Picture(hand, check(hand, rule_set) if step.check else None))
    return tuple(out)


def questions(lesson: Lesson) -> tuple[Puzzle | None, ...]:
    """The question each step asks about its hand, as a puzzle the engine answered (None for a
    step that asks nothing)."""
    from tutor.teach.solve import build

    return tuple(
        None if step.ask is None or step.hand is None
        else build(step.ask, step.hand, f"lesson-{lesson.topic}-step-{k + 1}", draws=step.draws)
        for k, step in enumerate(lesson.steps)
    )


def _cards(p: Puzzle) -> list[Tile]:
    return [t for t in p.hand.concealed if t.id != FEI_ID]


FITS: dict[str, Callable[[Puzzle], bool]] = {
    "any": lambda p: True,
    "dots": lambda p: len(p.hand.concealed) == 3 and all(t.is_suited for t in _cards(p)),
    "honours": lambda p: len(p.hand.concealed) == 3 and any(not t.is_suited for t in _cards(p)),
    "alike": lambda p: len(p.hand.concealed) == 3 and len(set(_cards(p))) == 1,
    "four": lambda p: len(p.hand.concealed) == 4,
    "easy": lambda p: p.level == 1,
    "few": lambda p: len(p.answer.split()) <= 3,
}
"""Which generated puzzles fit an exercise, by the ``where`` of ``Exercise``."""

DRAWN = 12
"""Puzzles the generator deals at a time for an exercise that keeps only some (a ``where``) ..."""
ROUNDS = 20
"""... and how many such deals it tries before giving up."""


def exercises(lesson: Lesson, seed: int | None = None) -> tuple[Puzzle, ...]:
    """Exercises for the lesson: new puzzles from the generator (``tutor.teach.generate.make``),
    each proven to have one answer; the same for the same ``seed``, fresh each time without one."""
    import random

    from tutor.teach.generate import SEEDS_PER_PUZZLE, make

    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    out: list[Puzzle] = []
    for k, ex in enumerate(lesson.exercises):
        fits, picked = FITS[ex.where], list[Puzzle]()
        for r in range(ROUNDS if ex.where != "any" else 1):
            # each round from seeds no earlier round used (``make`` walks ``start``, ``start + 1``, ...)
            start = seed * 1000 + k * ROUNDS + r * SEEDS_PER_PUZZLE * DRAWN
            dealt = make(ex.theme, DRAWN if ex.where != "any" else ex.count, start,
                         prefix=f"lesson-{lesson.topic}", draws=ex.draws or 3)
            picked += [p for p in dealt if fits(p) and p.hand_text not in {q.hand_text for q in picked}]
            if len(picked) >= ex.count:
                break
        if len(picked) < ex.count:
            raise PuzzleError(f"the generator dealt no {ex.where} {ex.theme} exercise for seed {seed}")
        out += picked[: ex.count]
    return tuple(replace(p, id=f"lesson-{lesson.topic}-{n}") for n, p in enumerate(out, 1))


def following(lesson: Lesson) -> Lesson | None:
    """The lesson to take after this one; None after the last."""
    k = LESSONS.index(lesson) + 1
    return LESSONS[k] if k < len(LESSONS) else None


def done_topics() -> frozenset[str]:
    """Topics of the lessons the player has finished; none when the progress store cannot be read."""
    from tutor.teach.progress import Progress

    try:
        with Progress(read_only=True) as prog:
            return frozenset(prog.lessons_done())
    except TutorError:
        return frozenset()


def record_lesson(lesson: Lesson, count: int, right: int) -> None:
    """Keep a finished lesson of ``count`` exercises, ``right`` of them answered right, in the progress."""
    from tutor.teach.progress import Progress

    with Progress() as prog:
        prog.record_lesson(lesson.topic, count, right)


__all__ = [
    "ALIASES", "FITS", "LESSONS", "Exercise", "Lesson", "Picture", "Step", "done_topics", "exercises",
    "following", "get_lesson", "pictures", "questions", "record_lesson",
]
