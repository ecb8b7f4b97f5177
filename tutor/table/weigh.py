"""Each decision of a review weighed by the solver: its options as the record writes them, with
their expected FUN over the draws left (``tutor.engine.discard`` for a full hand, ``claim`` for a
card thrown). A decision stands alone: the review may weigh them in any order, in other processes,
and a move's discards in shares (``shares``, ``merged``), with the same answers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tutor.core.hands import Hand, Meld, MeldKind, Seat
from tutor.core.tiles import Tile
from tutor.table.events import Event

if TYPE_CHECKING:
    from tutor.engine.result_types import ClaimOption, ClaimResult, DiscardResult, Option
    from tutor.rules.load import RuleSet


@dataclass(frozen=True)
class Choice:
    """One option at a decision: what it is (``action``, its card or set) and what it is worth."""

    action: str  # discard, sink, kong, add-kong, recall, sek-woo, pass, pong, chee
    tile: Tile | None
    meld: Meld | None
    expected_fun: float
    win_probability: float
    win_by_draw: tuple[float, ...]
    distance: int  # draws from a win of the cards kept (-1: a win)
    acceptance: int = 0  # unseen cards that bring the hand closer (a discard's own count)
    accepts: tuple[tuple[Tile, int], ...] = ()
    aim_fun: int = 0  # what the nearest winning hands score
    then: tuple[Tile, str] | None = None  # the move that follows (a claim's discard, a recall's)
    shanten: int = 0  # of the cards kept (a move's options: the solver orders ties by it)

    @property
    def label(self) -> str:
        """The move as the record writes it: ``discard 9d``, ``pong [RRR]``, ``kong (EEEE)``, ``pass``."""
        if self.action in ("pass", "sek-woo"):
            return self.action
        if self.action in ("pong", "chee", "kong") and self.meld is not None:
            return f"{self.action} {self.meld}"
        if self.action == "recall":
            return f"recall {self.tile} {self.meld}"
        if self.action in ("kong", "add-kong") and self.tile is not None:  # in one's own turn
            return f"kong {Meld(MeldKind.KONG, (self.tile,) * 4, exposed=self.action == 'add-kong')}"
        return f"{self.action} {self.tile}"


@dataclass(frozen=True)
class Ask:
    """One decision as the record sets it, before the solver weighs it: the event's place, what
    the player did (``event``; a claim: the event that answers the card thrown), the hand, the card
    thrown or just drawn, the horizon and the cards in sight."""

    index: int
    line: int
    kind: str  # "move" or "claim"
    event: Event
    hand: Hand
    offered: Tile | None
    source: str
    draws: int
    wall: int
    seen: tuple[Tile, ...]
    after: str
    situations: frozenset[str]
    share: tuple[int, int] = (0, 1)  # a move weighed in parts: the i-th of k shares of its discards


Weighed = tuple[tuple[Choice, ...], int, float]
"""A decision's options best first, the hand states searched, the seconds it took."""


@dataclass(frozen=True)
class Passed:
    """A decision (or a share of it) whose search passed the solver's budget: its error, as data
    that crosses from a worker (``SearchBudgetError`` itself does not pickle back)."""

    argument: str
    message: str


Run = Callable[[Callable[[Ask], "Part | Passed"], Sequence[Ask]], Iterable["Part | Passed"]]
"""A way to weigh every decision (``weigh_within`` with the rule set bound), answers in order: the
CLI's ``workers.each`` weighs them on every core."""


Progress = Callable[[int, int, int], None]


def _win_now(hand: Hand, rules: RuleSet, seat: str | Seat, n: int, situations: frozenset[str]) -> Choice | None:
    """SEK WOO with these cards now, in the situations it is in (TIN WOO, DEI WOO: they hold for this
    win only, not for the wins the search looks ahead to), if the hand wins."""
    from tutor.engine.scoring.check import check

    won = check(hand, rules, seat, situations)
    return Choice("sek-woo", None, None, float(won.fun), 1.0, (1.0,) * n, -1) if won.wins else None


def _ranked(options: list[Choice], win: Choice | None) -> tuple[Choice, ...]:
    """The options with SEK WOO in its place, best first (ties: as they came)."""
    rest = [o for o in options if o.action != "sek-woo"]
    return tuple(sorted(rest + ([win] if win else []), key=lambda o: -o.expected_fun))


Part = tuple["DiscardResult | ClaimResult", float]
"""A decision weighed, or a share of it (with its options over every horizon it finished): the
solver's answer and the seconds it took."""


def weigh_claim(
    hand: Hand, card: Tile, source: str, rules: RuleSet, seat: str | Seat, n: int, seen: list[Tile],
    exact_draws: int | None = None, tick: Progress | None = None, situations: frozenset[str] = frozenset(),
    wall: int | None = None,
) -> tuple[tuple[Choice, ...], int]:
    """Every answer to ``card`` thrown (``seen``: the cards in sight but it), best first; the hand
    states searched. A SEK WOO short of the minimum is no option. ``situations``: the rule set's
    situation flags a win on the card is in (DEI WOO on the dealer's first discard). ``wall``: the
    playing cards left in the deck (with none, no move that draws a replacement)."""
    from tutor.engine.decide.claim import claim

    result: ClaimResult = claim(hand, card, rules, source, seat, n, seen, (), wall, exact_draws, tick)
    return _claim_choices(result, hand, card, rules, seat, situations), result.states


def weigh_move(
    hand: Hand, rules: RuleSet, seat: str | Seat, n: int, seen: list[Tile] | tuple[Tile, ...], drawn: Tile | None,
    after: str, exact_draws: int | None = None, tick: Progress | None = None,
    situations: frozenset[str] = frozenset(), wall: int | None = None,
) -> tuple[tuple[Choice, ...], int]:
    """Every move of a full hand (SEK WOO when it wins), best first; the hand states searched.
    ``drawn``: the card just drawn (a FEI may be recalled with it); after a claim, no KONG.
    ``situations``: the rule set's situation flags a win now is in (TIN WOO on the dealt hand).
    ``wall``: the playing cards left in the deck (with none, no sinking nor KONG: no replacement
    is left)."""
    from tutor.engine.decide.solver import discard

    result: DiscardResult = discard(hand, rules, seat, n, seen, (), wall, exact_draws, tick, drawn,
                                    kongs_now=after != "claim")
    return _move_choices(result, hand, rules, seat, situations), result.states


def _claim_choices(result: ClaimResult, hand: Hand, card: Tile, rules: RuleSet, seat: str | Seat,
                   situations: frozenset[str]) -> tuple[Choice, ...]:
    """A claim's answers as choices, SEK WOO on the card where it wins, best first."""
    win = _win_now(Hand((*hand.concealed, card), hand.melds, hand.bonus), rules, seat, result.draws, situations)
    return _ranked([_from_claim(o) for o in result.options], win)


def _move_choices(result: DiscardResult, hand: Hand, rules: RuleSet, seat: str | Seat,
                  situations: frozenset[str]) -> tuple[Choice, ...]:
    """A full hand's moves as choices, SEK WOO where it wins, best first."""
    return _ranked([_from_option(o) for o in result.options], _win_now(hand, rules, seat, result.draws, situations))


def exact_for(n: int, exact_draws: int | None) -> int:
    """The exact draws of a decision weighed over ``n`` draws (``exact_draws`` given, or the default)."""
    from tutor.engine.search.horizon import default_exact_draws

    return min(default_exact_draws(n) if exact_draws is None else exact_draws, n)


def shares(ask: Ask, k: int, rules: RuleSet) -> list[Ask]:
    """A decision's options in ``k`` shares to weigh apart: a move's discards (fewer shares where
    fewer kinds are held), a claim's answers (passing and the ways to claim)."""
    if ask.kind == "move":
        k = min(k, len(set(ask.hand.concealed)))
    else:
        from tutor.engine.decide.claim import legal_claims

        assert ask.offered is not None
        k = min(k, 1 + len(legal_claims(ask.hand, ask.offered, rules, ask.source)))
    return [replace(ask, share=(i, k)) for i in range(k)] if k > 1 else [ask]


def answered(ask: Ask, parts: Sequence[Part], rules: RuleSet, player: Seat,
             exact_draws: int | None = None) -> tuple[Ask, Weighed]:
    """A decision from its shares (``shares``), put together as one search gives them: the ask
    over the horizon the search stopped at (the draws asked for, unless the budget stopped it
    before), its options best first, the states searched and the seconds taken."""
    from tutor.engine.decide.claim import joined_claims
    from tutor.engine.decide.solver import joined
    from tutor.engine.result_types import DiscardResult

    results = [r for r, _ in parts]
    seconds = sum(t for _, t in parts)
    explicit = exact_draws is not None
    if isinstance(results[0], DiscardResult):
        move = results[0] if len(results) == 1 else joined(results, explicit)  # type: ignore[arg-type]
        ask = replace(ask, draws=move.draws, share=(0, 1))
        return ask, (_move_choices(move, ask.hand, rules, player, ask.situations), move.states, seconds)
    found = results[0] if len(results) == 1 else joined_claims(results, explicit)  # type: ignore[arg-type]
    card = ask.offered
    assert card is not None
    ask = replace(ask, draws=found.draws, share=(0, 1))
    return ask, (_claim_choices(found, ask.hand, card, rules, player, ask.situations), found.states, seconds)


def weigh_within(ask: Ask, rules: RuleSet, player: Seat, exact_draws: int | None = None,
                 tick: Progress | None = None) -> Part | Passed:
    """``weigh_ask``, or ``Passed`` where its search passes the solver's budget at its first horizon."""
    from tutor.errors import SearchBudgetError

    try:
        return weigh_ask(ask, rules, player, exact_draws, tick)
    except SearchBudgetError as err:
        return Passed(err.argument, err.message)


def weigh_ask(ask: Ask, rules: RuleSet, player: Seat, exact_draws: int | None = None,
              tick: Progress | None = None) -> Part:
    """The solver's answer to a decision (or its share: its options over every horizon it
    finished, for ``answered``), and the seconds taken."""
    from tutor.engine.decide.claim import claim
    from tutor.engine.decide.solver import discard

    t0 = time.monotonic()
    result: DiscardResult | ClaimResult
    if ask.kind == "claim":
        assert ask.offered is not None
        result = claim(ask.hand, ask.offered, rules, ask.source, player, ask.draws, list(ask.seen), (), ask.wall,
                       exact_draws, tick, share=ask.share)
    else:
        result = discard(ask.hand, rules, player, ask.draws, ask.seen, (), ask.wall, exact_draws, tick, ask.offered,
                         kongs_now=ask.after != "claim", share=ask.share)
    return result, time.monotonic() - t0


def _from_option(o: Option) -> Choice:
    return Choice(o.action, o.tile, o.meld, o.expected_fun, o.win_probability, o.win_by_draw, o.distance,
                  o.acceptance, o.accepts, o.aim_fun, o.then, o.shanten)


def _from_claim(o: ClaimOption) -> Choice:
    return Choice(o.action, None, o.meld, o.expected_fun, o.win_probability, o.win_by_draw, o.distance,
                  aim_fun=o.aim_fun, then=o.then)


__all__ = ["Ask", "Choice", "Part", "Progress", "Run", "Weighed", "answered", "exact_for", "shares", "weigh_ask",
           "weigh_claim", "weigh_move"]
