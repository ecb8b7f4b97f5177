"""What each puzzle theme asks and what sort of answer it expects.

The themes themselves (keys and titles) are listed with the puzzle files, in ``puzzles.THEMES``.
"""

from __future__ import annotations

ANSWER_KIND: dict[str, str] = {
    "is-a-set": "yesno",
    "find-ngan": "tile",
    "complete-shape": "tile",
    "waits": "tiles",
    "best-discard": "tile",
    "count-fun": "number",
    "use-fei": "tile",
    "short-of-five": "yesno",
}
"""What sort of answer each theme expects: ``yesno``, ``tile``, ``tiles`` or ``number``."""

ANSWER_HINT: dict[str, str] = {
    "yesno": "yes or no",
    "tile": "one card, e.g. 5d, E or Wh",
    "tiles": "cards in any order, e.g. 3d 6d",
    "number": "a number",
}
"""How to write each sort of answer, for prompts."""

QUESTIONS: dict[str, str] = {
    "is-a-set": "Is this a set (a CHEE, PONG or KONG)? Answer yes or no.",
    "find-ngan": "This hand is complete: four sets and a NGAN. Which card makes the NGAN (the pair)?",
    "complete-shape": "One card (besides a FEI) completes this hand: four sets and a NGAN. Which card?",
    "waits": "Which cards complete this hand's shape? Name them all (leave out F*, which fits almost anywhere).",
    "best-discard": "Which card do you discard? You will draw {draws} more times; aim for the most FUN.",
    "count-fun": "This hand is complete. How many FUN is it worth to {seat}?",
    "use-fei": "The FEI could stand for more than one card here. Which card should it stand for, to score the most FUN for {seat}?",
    "short-of-five": "This hand is complete. Can {seat} declare SEK WOO in the advanced game (at least 5 FUN)? Answer yes or no.",
}
"""The question each theme asks (``{seat}`` and ``{draws}`` are filled in)."""


def answer_hint(theme: str) -> str:
    """How to write an answer to a puzzle of ``theme``, for prompts."""
    return ANSWER_HINT[ANSWER_KIND[theme]]


def question_for(theme: str, seat: str = "east", draws: int | None = None) -> str:
    """The question a theme asks, filled in for a seat (and a number of draws)."""
    return QUESTIONS[theme].format(seat=seat.capitalize(), draws=draws or 3)


__all__ = ["ANSWER_HINT", "ANSWER_KIND", "QUESTIONS", "answer_hint", "question_for"]
