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
    "claim-or-pass": "claim",
    "kong-or-not": "yesno",
    "sink-or-keep": "yesno",
    "recall-fei": "yesno",
}
"""What sort of answer each theme expects: ``yesno``, ``tile``, ``tiles``, ``number`` or ``claim``."""

ANSWER_HINT: dict[str, str] = {
    "yesno": "yes or no",
    "tile": "one card, e.g. 5d, E or Wh",
    "tiles": "cards in any order, e.g. 3d 6d",
    "number": "a number",
    "claim": "pass, sek woo, pong, pong F*, kong, or chee with its cards (chee 7d 8d 9d)",
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
    "claim-or-pass": "The player {source} throws the {on}. Claim it or pass? You will draw {draws} more times; aim for the most FUN. Answer pass, sek woo, pong, pong F* (with a FEI), kong, or chee with its cards (chee 7d 8d 9d).",
    "kong-or-not": "Do you declare the KONG (a replacement card is drawn, then you discard)? You will draw {draws} more times; aim for the most FUN. Answer yes or no.",
    "sink-or-keep": "Do you sink the FEI as a flower (+1 FUN, a replacement card is drawn) rather than discard a card? You will draw {draws} more times; aim for the most FUN. Answer yes or no.",
    "recall-fei": "You have just drawn the {drawn}. Do you take back the FEI that stands for it in your set laid down (the {drawn} goes in its place)? You will draw {draws} more times; aim for the most FUN. Answer yes or no.",
}
"""The question each theme asks (``{seat}`` and ``{draws}`` are filled in)."""


def answer_hint(theme: str) -> str:
    """How to write an answer to a puzzle of ``theme``, for prompts."""
    return ANSWER_HINT[ANSWER_KIND[theme]]


def question_for(
    theme: str, seat: str = "east", draws: int | None = None, on: str | None = None, source: str = "left",
    drawn: str | None = None,
) -> str:
    """The question a theme asks, filled in for a seat, a number of draws, and the card thrown
    ``on`` the hand by the player on ``source`` or the card just ``drawn``."""
    who = "before you" if source == "left" else "after you"
    return QUESTIONS[theme].format(seat=seat.capitalize(), draws=draws or 3, on=on, source=who, drawn=drawn)


__all__ = ["ANSWER_HINT", "ANSWER_KIND", "QUESTIONS", "answer_hint", "question_for"]
