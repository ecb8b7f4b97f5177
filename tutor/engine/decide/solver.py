"""The solver: shanten, waits, and discards ranked by exact expected FUN.

The search walks packed hands (``tutor.engine.search.hand_table``). ``docs/solver.md`` states the model;
``tests/test_shanten.py``, ``tests/test_waits.py`` and ``tests/test_discard.py`` check it against
brute force and simulation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Protocol, TypeVar

from tutor.core.hands import Hand, Meld
from tutor.core.tiles import FEI, FEI_ID, TILES, Tile
from tutor.engine.decide.explain import explain
from tutor.engine.decide.layers import (
    Layer,
    Weighing,
    Worth,
    horizons,
    last_within,
    shorter_note,
    weigh_layers,
)
from tutor.engine.distance.to_win import Distance
from tutor.engine.garbage import collector_paused
from tutor.engine.result_types import DiscardResult, Option, Wait, WaitsResult
from tutor.engine.scoring.check import check, known_situations, sight_counts, validate
from tutor.engine.scoring.payout import kong_payment
from tutor.engine.search.budget import budget, too_many_states
from tutor.engine.search.closer import seed
from tutor.engine.search.equivalent import swapped
from tutor.engine.search.hand_moves import KONGS, kongs, recalls
from tutor.engine.search.horizon import horizon
from tutor.engine.search.kept_tables import READERS, shanten_reader, table_for
from tutor.errors import ArgumentError, InvalidHandError

if TYPE_CHECKING:
    from tutor.core.hands import Seat
    from tutor.core.readings import Reading
    from tutor.engine.search.hand_table import Table
    from tutor.rules.load import RuleSet


R = TypeVar("R")
UNREACHED = 99  # the distance to a win of a part of ``discard`` that weighs no discard (``share``, ``barred``)
NO_MOVES_NOTE = "after each draw only the discards are weighed, not sinking a FEI, KONGs or recalls (--no-moves-in-search)"
"""The note of a search without the moves after its exact draws (RULES §5.4 weighs them)."""


def unseen_counts(rules: RuleSet, hand: Hand, seen: Sequence[Tile]) -> dict[int, int]:
    """Copies of each card kind not in sight: 4 minus the hand (sets and sunk FEI too) and ``seen``."""
    sight = sight_counts(hand)
    for card in seen:
        sight[card.id] += 1
    out: dict[int, int] = {}
    for t in rules.in_play:
        copies = rules.wild_copies if t == FEI_ID else rules.copies
        left = copies - sight[t]
        if left < 0:
            raise ArgumentError("seen", f"{sight[t]} copies of {TILES[t]} in sight with the cards seen: there are only {copies}")
        out[t] = left
    return out


def setup(
    hand: Hand, rules: RuleSet, seat: str | Seat, situations: Iterable[str], seen: Sequence[Tile]
) -> tuple[Seat, frozenset[str]]:
    seat_name = rules.seat(seat)
    flags = known_situations(rules, situations)
    validate(hand, rules)
    for t in seen:
        if t.is_bonus or t.id not in rules.in_play:
            raise ArgumentError("seen", f"{t} is not a card that can be drawn in {rules.name}")
    return seat_name, flags


def shanten(hand: Hand, rules: RuleSet) -> int:
    """Shanten of a hand of 3n+1 or 3n+2 cards (sets laid down count): -1 complete, 0 a wait; read
    with the kept table of its fixed parts (``table_for``; ``shanten_reader`` for concealed cards
    alone), concealed cards checked as packed."""
    if not (hand.melds or hand.bonus):
        most, read = READERS.get(rules) or shanten_reader(rules)  # (the lookup inline: most calls end here)
        ids = hand.ids
        if len(ids) == most or len(ids) == most - 1:
            s = read(ids)
            if s is not None:
                return s
    if hand.melds or hand.bonus:
        validate(hand, rules)
    table = table_for(rules, rules.spec.seats[0], frozenset(), hand)  # shapes depend on no seat
    key, size, most = table.held(hand), hand.size, rules.hand_size
    if key is None or size > most:
        validate(hand, rules)  # says what is wrong with the hand
    if size != most and size != most - 1:
        raise InvalidHandError(f"shanten needs {most - 1} or {most} cards, not {size}")
    return table.shanten(table.pack(hand.concealed) if key is None else key)


def waits(
    hand: Hand,
    rules: RuleSet,
    seat: str | Seat = "east",
    situations: Iterable[str] = (),
    seen: Sequence[Tile] = (),
    with_distance: bool = True,
) -> WaitsResult:
    """Every card that completes a hand of 3n+1 cards, with the FUN it would score, and (unless
    ``with_distance`` is false: it costs most on hands far from a win) the distance to a win."""
    seat_name, flags = setup(hand, rules, seat, situations, seen)
    if hand.size != rules.hand_size - 1:
        hint = "; use 'sekwoo discard' for a hand that has just drawn" if hand.size == rules.hand_size else ""
        raise InvalidHandError(f"waits needs {rules.hand_size - 1} cards (a KONG counting three), not {hand.size}{hint}")
    table = table_for(rules, seat_name, flags, hand)
    key = table.pack(hand.concealed)
    # copies not in sight: what the table allows beside the sets laid down and sunk FEI, less those held and seen
    left = [c - (key >> (3 * i) & 7) for i, c in enumerate(table.cap_local)]
    if seen:
        got = unseen_counts(rules, hand, seen)
        left = [got[t] for t in table.kinds]
    found = []
    ready = False  # a card of which a copy is left completes the hand: shanten 0, no search needed
    standard = table.completing(key)  # the kinds that complete it, where only the standard shape exists
    for i in range(len(table.kinds)) if standard is None else standard:
        t = table.kinds[i]
        w = table.win(key + table.unit_of[i], None if standard is None else True)
        if w is None:
            continue
        ready = ready or table.count(key, i) < table.cap_local[i]
        if left[i] > 0:  # its reading is read when shown (the FUN is known without it)
            found.append(Wait.later(TILES[t], w[0], w[1], left[i], partial(_reading, table, key + table.unit_of[i])))
    notes = []
    sh = 0 if ready else table.shanten(key)
    if not found and sh == 0:
        notes.append("every card this hand waits on is already in sight")
    distance = Distance(table, key, left).of(key) if with_distance else None
    return WaitsResult(hand, rules, seat_name, sh, distance, tuple(found), rules.minimum, rules.unit, tuple(notes))


def _reading(table: Table, key: int) -> Reading:
    """The best reading of the complete packed hand ``key``, shown with a wait."""
    reading = table.reading(key)
    assert reading is not None
    return reading


def discard(
    hand: Hand,
    rules: RuleSet,
    seat: str | Seat = "east",
    draws: int | None = None,
    seen: Sequence[Tile] = (),
    situations: Iterable[str] = (),
    wall: int | None = None,
    exact_draws: int | None = None,
    progress: Callable[[int, int, int], None] | None = None,
    drawn: Tile | None = None,
    kongs_now: bool = True,
    barred: frozenset[Tile] = frozenset(),
    search_moves: bool = True,
    share: tuple[int, int] = (0, 1),
    hand_change: bool = False,
) -> DiscardResult:
    """Every discard of a 3n+2-card hand (and sinking a FEI, declaring a KONG, adding to a PONG,
    and, with the card just ``drawn``, recalling a FEI it stands for), ranked by expected FUN over the
    player's own draws left in the round: ``draws``, or the seat's share of ``wall`` (the playing
    cards left in the deck), or by default the seat's draws after the deal. Over the first
    ``exact_draws`` draws every discard is weighed; after them the player keeps the draws that
    bring a win closer. By default that is every draw of a horizon of at most 3 (the exact
    optimum), and none of a longer one (``default_exact_draws``). ``progress`` is called now and
    then with the number of states searched so far. ``kongs_now`` false: no KONG may be declared
    now (the discard that follows a claim); ``barred``: cards that may not be thrown now (swap
    calling, after a CHEE); ``search_moves``: weigh sinking, KONGs and recalls after each exact
    draw but the last inside the search too (RULES §5.4, the default; false: discards alone after
    the root, and a note says so); ``hand_change``: after the exact draws, a draw that brings no
    win closer may also be kept, once along the way, for a discard that keeps the distance to a
    win (``docs/solver.md``, "The hand change"). The options are weighed over 1, 2, ... draws in turn
    (``layers``): past the state budget, the answer is over the longest horizon finished, and a
    note says so (with ``exact_draws`` given, the budget's error).

    ``share`` (i, k): the i-th of k parts of the answer, to weigh apart (on other cores): some of
    the discards, dealt so that the parts take about as long (``_dealt``), and for the last the
    moves beside a discard; each part keeps its options over every horizon it finished
    (``layers``), and ``joined`` puts the k parts together as the whole, at the horizon the whole
    stops at."""
    return _discard(hand, rules, seat, draws, seen, situations, wall, exact_draws, progress, drawn, kongs_now, barred,
                    search_moves, share, hand_change)


@collector_paused
def _discard(
    hand: Hand, rules: RuleSet, seat: str | Seat, draws: int | None, seen: Sequence[Tile], situations: Iterable[str],
    wall: int | None, exact_draws: int | None, progress: Callable[[int, int, int], None] | None, drawn: Tile | None,
    kongs_now: bool, barred: frozenset[Tile], search_moves: bool, share: tuple[int, int] = (0, 1),
    hand_change: bool = False,
) -> DiscardResult:
    """``discard`` over the longest horizon within the budget (``layers``), or the budget's error."""
    seat_name, flags = setup(hand, rules, seat, situations, seen)
    n, exact = horizon(rules, seat_name, hand.size, draws, wall, exact_draws)
    prep = prepare(hand, rules, seat_name, flags, n, seen, wall, drawn, kongs_now, barred, search_moves, share, exact,
                   hand_change)
    counter = [0]
    within = budget(n, exact, exact_draws is not None)
    plan = horizons(n, exact_draws)
    items, same_as = prep.flat()
    at = [0]  # options weighed so far, over every horizon (for ``progress``)

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

    layers = weigh_layers(items, same_as, plan, counter, tick, told)
    m, ex, states, values = layers[-1]
    if share[1] > 1:  # a part: its options over every horizon it finished, for ``joined``; its draws those asked
        done = tuple((lm, lex, ls, tuple(prep.read(lm, lvalues))) for lm, lex, ls, lvalues in layers)
        return prep.result(n, exact, prep.read(m, values), states, [], search_moves, done)
    notes = [] if m == n else [shorter_note(n, m, ex, hand_change)]
    return prep.result(m, ex, prep.read(m, values), states, notes, search_moves)


class Prepared:
    """A 3n+2-card hand's options ready to weigh over each horizon (``layers.Weighing``), with the
    hand's own answers (shanten, does it win now), and those of the hands a recall leaves (each
    option there weighed with the rest, its best the recall's value)."""

    def __init__(self, hand: Hand, rules: RuleSet, seat: Seat, shanten: int, wins_now: bool, fun_now: int,
                 notes: list[str], items: list[Weighing], same_as: list[int | None],
                 recalled: list[tuple[Tile, Meld, Prepared]]) -> None:
        self.hand, self.rules, self.seat, self.shanten = hand, rules, seat, shanten
        self.wins_now, self.fun_now, self.notes = wins_now, fun_now, notes
        self.items, self.same_as, self.recalled = items, same_as, recalled

    def flat(self) -> tuple[list[Weighing], list[int | None]]:
        """Every option to weigh, those of the recalls' hands after the hand's own, and the option
        each takes its value from (``weigh_layers``'s ``same_as``)."""
        items, same = list(self.items), list(self.same_as)
        for _tile, _meld, inner in self.recalled:
            more, also = inner.flat()
            same.extend(None if k is None else k + len(items) for k in also)
            items.extend(more)
        return items, same

    def read(self, m: int, values: Sequence[Worth]) -> list[Option]:
        """The options over ``m`` draws from the values of ``flat``'s options, in its order."""
        rules = self.rules
        options = [w.option(m, v) for w, v in zip(self.items, values, strict=False)]
        # a KONG laid down now is paid for at once where the rule set says so (an added one is exposed)
        options = [replace(o, instant=kong_payment(rules, concealed=o.action == "kong")) if o.action in KONGS else o
                   for o in options]
        at = len(self.items)
        for tile, meld, inner in self.recalled:
            size = len(inner.flat()[0])
            options.append(_recalled(inner, inner.read(m, values[at:at + size]), m, tile, meld))
            at += size
        return options

    def result(self, m: int, exact: int, options: list[Option], states: int, notes: list[str],
               search_moves: bool, layers: tuple[Layer[Option], ...] = ()) -> DiscardResult:
        """The answer over ``m`` draws (``exact`` of them weighed at every draw)."""
        options.sort(key=option_order)
        options = explain(options, m, self.rules.unit)
        notes = list(notes)
        if not search_moves and min(exact, m) > 1:
            notes.append(NO_MOVES_NOTE)
        notes.extend(self.notes)
        distance = -1 if self.wins_now else min((o.distance for o in options if o.action == "discard"),
                                                default=UNREACHED)
        return DiscardResult(self.hand, self.rules, self.seat, m, min(exact, m), self.shanten, distance, self.wins_now,
                             self.fun_now, tuple(options), states, self.rules.unit, tuple(notes), layers)


def prepare(
    hand: Hand, rules: RuleSet, seat_name: Seat, flags: frozenset[str], n: int, seen: Sequence[Tile],
    wall: int | None, drawn: Tile | None, kongs_now: bool, barred: frozenset[Tile], search_moves: bool,
    share: tuple[int, int] = (0, 1), exact: int = 0, hand_change: bool = False,
) -> Prepared:
    """The options of a 3n+2-card hand (``discard``'s, checked and read), ready to weigh: every
    discard (the ``share`` of them), sinking a FEI, each KONG and, with the card just ``drawn``,
    each recall (in the last share). ``n``, ``exact``: the horizon, to deal the shares by;
    ``search_moves``, ``hand_change``: as in ``discard``."""
    if hand.size != rules.hand_size:
        hint = "; use 'sekwoo waits' for a hand waiting to draw" if hand.size == rules.hand_size - 1 else ""
        raise InvalidHandError(f"discard needs {rules.hand_size} cards (a KONG counting three), not {hand.size}{hint}")
    table = table_for(rules, seat_name, flags, hand)
    key14 = table.pack(hand.concealed)
    unseen = unseen_counts(rules, hand, seen)
    pool0 = [unseen[t] for t in table.kinds]
    # a hand that wins now, or is complete and short of the minimum (a hand that is not complete
    # wins only by an instant claim, which its situation flag names: ``check`` needs not score it)
    now = check(hand, rules, seat_name, flags) if flags or hand.melds or table.complete(key14) else None
    tasks: list[tuple[Table, int, Tile, str, bool]] = []
    part, parts = share
    held = [i for i, t in enumerate(table.kinds) if key14 >> (3 * i) & 7 and TILES[t] not in barred]
    sinkable = bool(table.has_fei and key14 >> (3 * table.fei_index) & 7 and rules.spec.tiles.wild
                    and rules.spec.tiles.wild.sinkable and wall != 0)  # (a replacement needs a card left)
    laid = kongs(hand) if kongs_now and wall != 0 else []
    alike = swapped(table, key14, pool0)  # discards that leave hands worth the same (``swapped``)
    if drawn is not None and drawn not in hand.concealed:
        raise ArgumentError("drawn", f"{drawn} is not among the cards held")
    recalled = recalls(hand, drawn, rules) if drawn is not None else []
    if parts > 1:
        moves = sinkable or bool(laid) or bool(recalled)
        held = _dealt(table, key14, held, parts, moves, n, min(exact, n), alike)[part]
    moves_now = part == parts - 1  # sinking, KONGs and recalls: in the last part
    for i in held:
        tasks.append((table, key14 - table.unit_of[i], TILES[table.kinds[i]], "discard", False))
    if moves_now and sinkable:
        sunk = table_for(rules, seat_name, flags, hand, hand.bonus + (FEI,))
        tasks.append((sunk, key14 - sunk.unit_of[sunk.fei_index], FEI, "sink", True))
    for action, tile, after in laid if moves_now else ():  # the four laid down, then a replacement
        kt = table_for(rules, seat_name, flags, after)
        tasks.append((kt, kt.pack(after.concealed), tile, action, True))
    root = Distance(table, key14, pool0)  # one structure search for the discards (``seed``)
    items: list[Weighing] = []
    same_as: list[int | None] = []
    first: dict[int, int] = {}  # per hand kept (its key as ``alike`` gives it), the option weighed for it
    for tab, h0, tile, action, replacement in tasks:
        dist = Distance(tab, h0, pool0)
        if tab is table:
            seed(root, key14, dist, table.index[tile.id])
        key = -1 if tab is not table else h0 if alike is None else alike(h0)
        same_as.append(first.get(key) if key >= 0 else None)  # honours swapped: the first one's value
        if key >= 0:
            first.setdefault(key, len(items))
        items.append(Weighing(tab, dist, h0, pool0, tile, action, replacement, search_moves, n, hand_change))
    inner = [(drawn, meld, prepare(after, rules, seat_name, flags, n, seen, None, None, True, frozenset(),
                                   search_moves, hand_change=hand_change))
             for meld, after in (recalled if moves_now else ()) if drawn is not None]
    wins_now, fun_now = (now.wins, now.fun) if now is not None else (False, 0)
    notes = []
    if wins_now:
        notes.append(f"this hand already wins: SEK WOO for {fun_now} {rules.unit}")
    elif now is not None and now.complete:  # why a complete hand is played on: the check says what it lacks
        notes.extend(note for note in now.notes if note.startswith("complete, but"))
    return Prepared(hand, rules, seat_name, table.shanten(key14), wins_now, fun_now, notes, items, same_as, inner)


DEARER = 8
"""About how many times longer a discard's search takes over the whole round for each step further
from ready it leaves the hand (measured: 3,900 and 8,200 hand states for the near discards of two
early hands, 17,000 to 52,000 for those one step further)."""
NEARER = 3
"""About how many times longer a discard's search takes where every draw is weighed (``--draws`` 3
or fewer) for each step nearer to ready it leaves the hand: a hand that needs every draw to come
closer is soon ruled out, one with a draw to spare is weighed after each (measured at 3 draws:
0.1-0.25 s for the discards two swaps from ready of three hands holding a FEI, 0.3-0.7 s for those
one swap, about 1 ms for those three)."""


def cost(shanten: int, n: int, exact: int) -> int:
    """About how long one option's search takes, by the shanten of the hand it keeps: ``DEARER``
    to that power over a long horizon, ``NEARER`` to the power of the draws to spare where every
    draw is weighed (``exact`` the exact draws of ``n``)."""
    if n and exact >= n - 1:
        return NEARER ** (n - 1 - shanten) if shanten < n else 0
    return DEARER ** max(0, shanten)


def _dealt(table: Table, key14: int, held: list[int], parts: int, moves: bool, n: int, exact: int,
           alike: Callable[[int], int] | None = None) -> list[list[int]]:
    """The discards of the kinds ``held`` dealt to ``parts`` parts that take about as long: each,
    the dearest first (``cost``, by the shanten it leaves), to the part with the least so far (the
    last part starts with the ``moves`` beside a discard, where there are any, weighed as the
    dearest discard, or as two where every draw is weighed: a replacement card comes first).
    Discards that leave hands worth the same (``alike``: honours swapped) go to one part
    together, which searches one of them."""
    together: dict[int, list[int]] = {}
    for i in held:
        h0 = key14 - table.unit_of[i]
        together.setdefault(h0 if alike is None else alike(h0), []).append(i)
    costs = {i: cost(table.shanten(key14 - table.unit_of[i]), n, exact) for i in held}
    load = [0] * parts
    if moves:
        load[-1] = max(costs.values(), default=0) * (2 if n and exact >= n - 1 else 1)
    groups = list(together.values())  # in the order of their first kind
    dealt = balanced([costs[kinds[0]] for kinds in groups], load)
    return [sorted(i for j in js for i in groups[j]) for js in dealt]


def balanced(costs: Sequence[int], load: list[int]) -> list[list[int]]:
    """The indices of ``costs`` dealt to parts that take about as long (``load``: what each part
    starts with, updated): the dearest first (ties: the first), each to the part with the least so
    far (ties: the first); each part's indices in order."""
    out: list[list[int]] = [[] for _ in load]
    for j in sorted(range(len(costs)), key=lambda j: (-costs[j], j)):
        k = min(range(len(load)), key=lambda k: (load[k], k))
        out[k].append(j)
        load[k] += costs[j]
    return [sorted(js) for js in out]


class Valued(Protocol):
    """An option's worth as the orders of options read it."""

    @property
    def action(self) -> str: ...
    @property
    def expected_fun(self) -> float: ...
    @property
    def win_probability(self) -> float: ...
    @property
    def distance(self) -> int: ...


class Ranked(Valued, Protocol):
    """What ``option_order`` reads of an option (``Option``, or a review's ``Choice``)."""

    @property
    def shanten(self) -> int: ...
    @property
    def acceptance(self) -> int: ...
    @property
    def tile(self) -> Tile | None: ...


def option_order(o: Ranked) -> tuple[object, ...]:
    """The order ``discard`` ranks its options in: expected FUN, then the win chance, the distance
    to a win, shanten, acceptance, and the action and card (so that ties always fall the same way)."""
    return (-o.expected_fun, -o.win_probability, o.distance, o.shanten, -o.acceptance, o.action, o.tile)


def joined(parts: Sequence[DiscardResult], explicit_exact: bool = False, hand_change: bool = False) -> DiscardResult:
    """The parts of one ``discard`` weighed apart (``share``) as the whole gives it: the options in
    its order over the horizon the whole stops at (``layers.last_within``), the states summed.
    Each option is its own search and the parts count their states horizon by horizon, so the
    parts are the whole to the last bit; past the budget at the first horizon, its error
    (``hand_change``: the parts weighed it, for the note)."""
    from tutor.engine.search.budget import MAX_STATES  # read now: a test may lower it

    first = parts[0]
    n = first.draws  # (a part's: the horizon asked for)
    found = last_within([p.layers for p in parts], MAX_STATES)
    if found is None:
        raise too_many_states(n, first.exact_draws, explicit_exact)
    m, exact, states, options = found
    notes = (shorter_note(n, m, exact, hand_change),) if m < n else ()
    options = sorted((replace(o, explanation="") for o in options), key=option_order)
    return replace(first, draws=m, exact_draws=exact, options=tuple(explain(options, m, first.rules.unit)),
                   states=states, distance=min(p.distance for p in parts), notes=notes + first.notes, layers=())


def _recalled(after: Prepared, options: list[Option], m: int, drawn: Tile, meld: Meld) -> Option:
    """Recalling the FEI of ``meld`` with the card ``drawn``: a win at once if the hand it leaves
    (``after``, its ``options`` over ``m`` draws) wins, else that hand's best move."""
    if after.wins_now:
        return Option(drawn, "recall", -1, -1, 0, (), 1.0, float(after.fun_now), (1.0,) * m, meld=meld)
    best = min(options, key=option_order)
    return replace(best, tile=drawn, action="recall", explanation="", meld=meld, then=(best.tile, best.action))
