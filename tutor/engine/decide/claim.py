"""Claim or pass: every legal claim of a card just discarded, ranked with passing on one scale
(RULES.md §5.4, ``docs/solver.md``).

At a hand of 3n+1 cards with ``N`` draws left and a card ``c`` just thrown by another player:

- passing is worth ``V(h, N)`` (the search of ``discard``, with ``c`` in sight);
- SEK WOO on ``c`` is worth the FUN of the completed hand, when it wins;
- a PONG (with or without a FEI), a CHEE (from the player before you only, each position, with
  or without a FEI) lays the set down, then the player makes the best discard and goes on with
  ``N`` draws (a claim leaves the deck as it is);
- an exposed KONG lays four down, draws a replacement at once (a win if it completes a winning
  hand), then the player discards and goes on with ``N`` draws.

Which claims exist is the rule set's: CHEE only where sets of three in a row may be laid down
(``declared_chee``), FEI in a set only up to ``max_per_set``, never in a KONG.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from tutor.core.hands import Hand, Meld, MeldKind
from tutor.core.tiles import FEI, FEI_ID, TILES, Tile
from tutor.engine.decide.explain import explain_claims
from tutor.engine.decide.layers import (
    Weighing,
    Worth,
    horizons,
    last_within,
    shorter_note,
    weigh_layers,
)
from tutor.engine.decide.solver import (
    NO_MOVES_NOTE,
    Prepared,
    Valued,
    balanced,
    cost,
    option_order,
    prepare,
    setup,
    unseen_counts,
)
from tutor.engine.distance.to_win import Distance
from tutor.engine.garbage import collector_paused
from tutor.engine.result_types import ClaimOption, ClaimResult, Option
from tutor.engine.scoring.check import check
from tutor.engine.scoring.payout import kong_payment
from tutor.engine.search.budget import budget, too_many_states
from tutor.engine.search.horizon import horizon
from tutor.engine.search.kept_tables import table_for
from tutor.errors import ArgumentError, InvalidHandError

if TYPE_CHECKING:
    from tutor.core.hands import Seat
    from tutor.rules.load import RuleSet

SOURCES = ("left", "right")  # left: the player before you, whose discard a CHEE may take

# ties are broken towards the simpler choice: a win first, then passing, then the claims
_ORDER = {"sek-woo": 0, "pass": 1, "pong": 2, "kong": 3, "chee": 4}


def legal_claims(hand: Hand, tile: Tile, rules: RuleSet, source: str) -> list[tuple[str, Meld]]:
    """Every set the hand may lay down by claiming ``tile`` from ``source``: (action, meld)."""
    held = Counter(t.id for t in hand.concealed)
    fei = held[FEI_ID] if rules.spec.tiles.wild else 0
    mw = rules.max_wild_per_set
    t = tile.id
    out: list[tuple[str, Meld]] = []
    for wild in range(min(fei, mw, 2) + 1):  # a PONG: the card, and two more from the hand
        if held[t] >= 2 - wild:
            out.append(("pong", Meld(MeldKind.PONG, (tile,) * (3 - wild) + (FEI,) * wild)))
    if held[t] >= 3:  # a FEI never makes a KONG
        out.append(("kong", Meld(MeldKind.KONG, (tile,) * 4)))
    if source == "left" and rules.spec.chee and rules.spec.declared_chee and t < 27:
        seen: set[Meld] = set()
        for start in (t - 2, t - 1, t):
            if start < 0 or start // 9 != t // 9 or start % 9 > 6 or not rules.chee_ok[start]:
                continue
            others = [x for x in (start, start + 1, start + 2) if x != t]
            for mask in range(4):  # which of the two others a FEI stands for
                wild = mask.bit_count()
                real = [x for k, x in enumerate(others) if not mask >> k & 1]
                if wild > min(fei, mw) or wild == 2 and mw < 2 or any(held[x] < 1 for x in real):
                    continue
                meld = Meld(MeldKind.CHEE, tuple(sorted((tile, *(TILES[x] for x in real)))) + (FEI,) * wild)
                if meld not in seen:
                    seen.add(meld)
                    out.append(("chee", meld))
    return out


def swap_barred(meld: Meld, tile: Tile) -> frozenset[Tile]:
    """Swap calling: the cards that may not be thrown right after a CHEE of ``tile``: the card
    claimed and, where it ends the run, the card at the other end (a 4 claimed for 4-5-6 bars 4 and
    6; a 5 claimed for it bars the 5 alone). Where a FEI leaves the run open (``[45d F*]``), the
    claimed card alone."""
    real = sorted({t.id for t in meld.cards if t.id != FEI_ID})
    if real[-1] - real[0] != 2:
        return frozenset({tile})
    other = {real[0]: real[0] + 2, real[0] + 2: real[0]}.get(tile.id)
    return frozenset({tile} if other is None else {tile, TILES[other]})


def after_claim(hand: Hand, meld: Meld, tile: Tile) -> Hand:
    """The hand once ``meld`` (holding the claimed ``tile``) is laid down."""
    left = list(hand.concealed)
    taken = list(meld.cards)
    taken.remove(tile)
    for card in taken:
        left.remove(card)
    return Hand(tuple(left), hand.melds + (meld,), hand.bonus)


def claim(
    hand: Hand,
    tile: Tile,
    rules: RuleSet,
    source: str = "left",
    seat: str | Seat = "east",
    draws: int | None = None,
    seen: Sequence[Tile] = (),
    situations: Iterable[str] = (),
    wall: int | None = None,
    exact_draws: int | None = None,
    progress: Callable[[int, int, int], None] | None = None,
    search_moves: bool = True,
    share: tuple[int, int] = (0, 1),
    hand_change: bool = False,
) -> ClaimResult:
    """Every legal answer to ``tile`` thrown by the player on ``source`` ("left": the one before
    you; "right"), ranked by expected FUN over the draws left, passing included. ``search_moves``:
    in the search after each answer, weigh sinking, KONGs and recalls after each exact draw but
    the last (RULES §5.4, the default), as ``discard`` does; ``hand_change`` as in ``discard``.

    The answers are weighed over 1, 2, ... draws in turn (``layers``), the hand states counted
    over every answer: past the budget, the answer is over the longest horizon finished and a
    note says so (with ``exact_draws`` given, the budget's error). ``share`` (i, k): the i-th of k
    parts of the answers, to weigh apart (on other cores), dealt so that the parts take about as
    long (``_dealt``), SEK WOO in the first; each keeps its answers over every horizon it finished,
    and ``joined_claims`` puts the parts together as the whole, at the horizon the whole stops at."""
    return _claim(hand, tile, rules, source, seat, draws, seen, situations, wall, exact_draws, progress,
                  search_moves, share, hand_change)


@collector_paused
def _claim(
    hand: Hand, tile: Tile, rules: RuleSet, source: str, seat: str | Seat, draws: int | None, seen: Sequence[Tile],
    situations: Iterable[str], wall: int | None, exact_draws: int | None,
    progress: Callable[[int, int, int], None] | None, search_moves: bool, share: tuple[int, int] = (0, 1),
    hand_change: bool = False,
) -> ClaimResult:
    """``claim`` over the longest horizon within the budget (``layers``), or the budget's error."""
    if source not in SOURCES:
        raise ArgumentError("from", f"left or right, not {source!r}")
    seat_name, flags = setup(hand, rules, seat, situations, seen)
    if hand.size != rules.hand_size - 1:
        raise InvalidHandError(f"claim needs a hand of {rules.hand_size - 1} cards (a KONG counting three), not {hand.size}")
    if tile.is_bonus or tile.id == FEI_ID or tile.id not in rules.in_play:
        raise ArgumentError("tile", f"{tile} cannot be claimed: a claim takes a playing card of {rules.name}, not a bonus card or a {rules.wild_name}")
    n, exact = horizon(rules, seat_name, hand.size, draws, wall, exact_draws)
    within = budget(n, exact, exact_draws is not None)
    unseen = unseen_counts(rules, hand, seen)
    if not unseen[tile.id]:
        where = "the hand and the cards seen hold" if seen else "the hand holds"
        raise InvalidHandError(f"{tile} cannot have been thrown: {where} every copy of it")
    unseen[tile.id] -= 1  # the claimed card is in sight
    table = table_for(rules, seat_name, flags, hand)
    key = table.pack(hand.concealed)
    answers: list[tuple[str, Meld | None]] = [("pass", None), *(  # a KONG's replacement needs a card left
        (a, m) for a, m in legal_claims(hand, tile, rules, source) if a != "kong" or wall != 0)]
    part, parts = share
    if parts > 1:
        answers = _dealt(answers, hand, tile, rules, seat_name, flags, parts, n, min(exact, n))[part]
    won = check(Hand(hand.concealed + (tile,), hand.melds, hand.bonus), rules, seat_name, flags)
    sek_woo = won.complete and part == 0
    pool0 = [unseen[t] for t in table.kinds]
    items: list[Weighing] = []
    same_as: list[int | None] = []
    after_claims: list[tuple[str, Meld, Prepared]] = []
    for action, meld in answers:
        if meld is None:  # passing: the 13 cards over the draws left, the card thrown in sight
            items.append(Weighing(table, Distance(table, key, pool0), key, pool0, tile, "pass", False, search_moves, n,
                                  hand_change))
            same_as.append(None)
        elif action == "kong":  # four laid down: a replacement at once, then a discard
            after = after_claim(hand, meld, tile)
            t2 = table_for(rules, seat_name, flags, after)
            h0 = t2.pack(after.concealed)
            p2 = [unseen_counts(rules, after, seen)[t] for t in t2.kinds]
            items.append(Weighing(t2, Distance(t2, h0, p2), h0, p2, tile, "kong", True, search_moves, n, hand_change))
            same_as.append(None)
        else:  # a claim is followed by a discard at once: a KONG waits for the player's own turn
            after = after_claim(hand, meld, tile)
            barred = swap_barred(meld, tile) if action == "chee" and rules.spec.swap_calling else frozenset()
            after_claims.append((action, meld, prepare(after, rules, seat_name, flags, n, seen, wall, None, False,
                                                       barred, search_moves, hand_change=hand_change)))
    own = [a for a in answers if a[0] in ("pass", "kong")]
    for _action, _meld, prep in after_claims:
        more, also = prep.flat()
        same_as.extend(None if k is None else k + len(items) for k in also)
        items.extend(more)
    counter = [0]
    at = [0]
    plan = horizons(n, exact_draws)

    total = len(items) * len(plan)  # (the searches keep ``tick``: it holds no search in turn, so no cycle)

    def tick(states: int = 1) -> None:
        counter[0] += states
        within(counter[0])
        if progress is not None and not counter[0] & 255:
            progress(counter[0], at[0], total)

    def told(_k: int) -> None:
        at[0] += 1
        if progress is not None:
            progress(counter[0], at[0], total)

    def read(m: int, values: Sequence[Worth]) -> tuple[ClaimOption, ...]:
        options: list[ClaimOption] = []
        if sek_woo:
            options.append(ClaimOption("sek-woo", None, float(won.fun) if won.wins else 0.0, 1.0 if won.wins else 0.0,
                                       (1.0 if won.wins else 0.0,) * m, -1, -1, None, won.fun, won.wins))
        for (action, meld), item, value in zip(own, items, values, strict=False):
            if action == "pass":
                options.append(_from_option("pass", None, item.option(m, value), None, m))
            else:
                paid = kong_payment(rules, concealed=False, claimed=True)
                options.append(replace(_from_option(action, meld, item.option(m, value), None, m + 1), instant=paid))
        at = len(own)
        for action, meld, prep in after_claims:
            size = len(prep.flat()[0])
            best = min(prep.read(m, values[at:at + size]), key=option_order)
            options.append(_from_option(action, meld, best, best, m))
            at += size
        return tuple(options)

    layers = weigh_layers(items, same_as, plan, counter, tick, told)
    m, ex, states, values = layers[-1]
    extra = (NO_MOVES_NOTE,) if not search_moves and min(exact, m) > 1 else ()
    if parts > 1:  # a part: its answers over every horizon it finished, for ``joined_claims``; its draws those asked
        done = tuple((lm, lex, ls, read(lm, lvalues)) for lm, lex, ls, lvalues in layers)
        return ClaimResult(hand, tile, source, rules, seat_name, n, min(exact, n), read(m, values), rules.unit, extra,
                           states, done)
    notes = (shorter_note(n, m, ex, hand_change),) if m < n else ()
    return _ranked(ClaimResult(hand, tile, source, rules, seat_name, m, min(ex, m), read(m, values), rules.unit,
                               notes + extra, states))


def joined_claims(parts: Sequence[ClaimResult], explicit_exact: bool = False, hand_change: bool = False) -> ClaimResult:
    """The parts of one ``claim`` weighed apart (``share``) as the whole gives it: the answers in
    its order over the horizon the whole stops at (``layers.last_within``), explained, the states
    summed. Each answer is its own search and the parts count their states horizon by horizon, so
    the parts are the whole to the last bit; past the budget at the first horizon, its error
    (``explicit_exact``: the exact draws were asked for; ``hand_change``: the parts weighed it)."""
    from tutor.engine.search.budget import MAX_STATES  # read now: a test may lower it

    first = parts[0]
    n = first.draws  # (a part's: the horizon asked for)
    found = last_within([p.layers for p in parts], MAX_STATES)
    if found is None:
        raise too_many_states(n, first.exact_draws, explicit_exact)
    m, exact, states, options = found
    notes = (shorter_note(n, m, exact, hand_change),) if m < n else ()
    extra = (NO_MOVES_NOTE,) if NO_MOVES_NOTE in first.notes and min(exact, m) > 1 else ()
    return _ranked(replace(first, draws=m, exact_draws=min(exact, m), options=tuple(options), states=states,
                           notes=notes + extra, layers=()))


class Answer(Valued, Protocol):
    """What ``answer_order`` reads of an answer (``ClaimOption``, or a review's ``Choice``)."""

    @property
    def meld(self) -> Meld | None: ...


def answer_order(o: Answer) -> tuple[object, ...]:
    """The order ``claim`` ranks the answers that may be declared in: expected FUN, the win
    chance, the distance to a win, and ties to the simpler answer (a win, then passing, then the
    claims), then the set."""
    return (-o.expected_fun, -o.win_probability, o.distance, _ORDER[o.action], str(o.meld))


def claim_order(o: ClaimOption) -> tuple[object, ...]:
    """``answer_order``, with a SEK WOO short of the minimum (it cannot be declared) last."""
    return (o.action == "sek-woo" and not o.wins, *answer_order(o))


def _ranked(result: ClaimResult) -> ClaimResult:
    """The answers in ``claim``'s order, each explained against passing, with the notes they call for."""
    options = sorted(result.options, key=claim_order)
    rules = result.rules
    swap = "swap calling: right after a CHEE, neither the card claimed nor the card at the other end of the run may be thrown"
    notes = (swap,) if rules.spec.swap_calling and any(o.action == "chee" for o in options) else ()
    return replace(result, options=tuple(explain_claims(options, result.tile, result.draws, rules.unit)),
                   notes=notes + result.notes)


def _dealt(answers: list[tuple[str, Meld | None]], hand: Hand, tile: Tile, rules: RuleSet, seat: Seat,
           flags: frozenset[str], parts: int, n: int, exact: int) -> list[list[tuple[str, Meld | None]]]:
    """The answers dealt to ``parts`` parts that take about as long, each in the order given: the
    dearest first to the part with the least so far. An answer costs as ``discard`` deals its
    discards (``cost``, by the shanten each leaves, over ``n`` draws, ``exact`` of them weighed
    at every draw), summed over the discards that follow a claim; passing and a KONG cost as
    one such."""
    costs = []
    for action, meld in answers:
        after = hand if meld is None else after_claim(hand, meld, tile)
        table = table_for(rules, seat, flags, after)
        key = table.pack(after.concealed)
        if action in ("pass", "kong"):
            costs.append(cost(table.shanten(key), n, exact))
        else:
            costs.append(sum(cost(table.shanten(key - table.unit_of[i]), n, exact)
                             for i in range(len(table.kinds)) if key >> 3 * i & 7))
    return [[answers[j] for j in js] for js in balanced(costs, [0] * parts)]


def _from_option(action: str, meld: Meld | None, o: Option, then: Option | None, reach: int) -> ClaimOption:
    """A claim's entry from the search's option for the cards it keeps (``reach``: the draws it has
    to win in, a KONG's replacement included)."""
    return ClaimOption(
        action, meld, o.expected_fun, o.win_probability, o.win_by_draw, o.distance, o.shanten,
        None if then is None else (then.tile, then.action), 0, False, o.distance >= reach, o.aim, o.aim_fun,
    )
