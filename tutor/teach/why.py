"""Why a wrong answer to a puzzle fails, in cards and rules, worked out by the engine.

``why_wrong(puzzle, given)`` answers one wrong answer (in the canonical form of
``tutor.teach.answers.read_answer``) with a finished sentence about *that* answer: the set the
cards do or do not make, what the hand reads as with the card named, the FUN line left out, the
expected FUN the discard gives up and the set it breaks. Nothing is written per puzzle: every
reason comes from the rules and the engine (``tutor.teach.facts``, ``tutor.engine``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from puzzles import Puzzle
from tutor.core.hands import Hand, MeldKind
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.core.words import plural
from tutor.teach.facts import all_readings, score_text, set_kind
from tutor.teach.partial import group_of, short_of, split_text, with_card

if TYPE_CHECKING:
    from tutor.core.readings import RawReading
    from tutor.core.score import Score
    from tutor.engine.result_types import ClaimOption, Option
    from tutor.rules.load import RuleSet


def why_wrong(puzzle: Puzzle, given: str, named: MeldKind | None = None) -> str:
    """Why ``given`` (read as the puzzle files write answers) is not the puzzle's answer.

    ``named`` is the set a yes to an is-a-set puzzle named (``pong``), checked too."""
    from tutor.rules.load import load_rules

    rules = load_rules(puzzle.rules)
    rules.seat(puzzle.seat)
    return _WHY[puzzle.theme](puzzle, given, named, rules)


# --------------------------------------------------------------------------------------------
# The themes about shape


_SET_WHAT = {MeldKind.CHEE: "a CHEE, three Dots in a row", MeldKind.PONG: "a PONG, three identical cards",
             MeldKind.KONG: "a KONG, four identical cards"}


def _why_set(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    cards = list(p.hand.concealed)
    shown = " ".join(map(str, cards))
    kind = set_kind(p.hand, rules)
    if kind is not None:
        stand = ""
        if any(c.id == FEI_ID for c in cards) and kind is not MeldKind.KONG:
            stand = f", the F* standing for {_set_reading(cards, rules)}"
        if given == "yes" and named is not None:
            return f"{shown} is a set, but {_SET_WHAT[kind]}{stand}; not a {named.value.upper()}: {_rule_of(named, rules)}"
        return f"{shown} does make a set: {_rule_of(kind, rules)}{stand}"
    return f"{shown} is not a set: {set_refusal(cards, rules)}"


def _set_reading(cards: list[Tile], rules: RuleSet) -> str:
    from tutor.engine.shapes.standard import concealed_readings

    counts = [0] * FEI_ID
    for c in cards:
        if c.id != FEI_ID:
            counts[c.id] += 1
    fei = sum(1 for c in cards if c.id == FEI_ID)
    found = concealed_readings(counts, fei, 1, False, rules.max_wild_per_set, rules.chee_ok)
    _, tile, wild, _ = found[0][0]
    shift = wild.bit_length() - 1 if found[0][0][0] == 0 else 0  # a CHEE: the position filled
    return str(TILES[tile + shift])


def _rule_of(kind: MeldKind, rules: RuleSet) -> str:
    return {
        MeldKind.CHEE: "a CHEE is three consecutive Dots",
        MeldKind.PONG: "a PONG is three identical cards",
        MeldKind.KONG: "a KONG is four identical cards, never a FEI among them",
        MeldKind.NGAN: "a NGAN is a pair",
    }[kind]


def set_refusal(cards: list[Tile], rules: RuleSet) -> str:
    """The rule three or four loose cards break, named with the cards."""
    from tutor.teach.facts import why_not_set

    real = [c for c in cards if c.id != FEI_ID]
    fei = len(cards) - len(real)
    if len(cards) == 4:
        return ("a FEI cannot make a KONG: " if fei else "") + why_not_set(cards, rules)
    if fei > rules.max_wild_per_set:
        return f"a FEI fills only one gap: {why_not_set(cards, rules)}, and this one would need {fei}"
    honours = [c for c in real if not c.is_suited]
    if honours and len(set(real)) > 1:
        if len(honours) < len(real):
            return f"{honours[0]} is an honour and a set never mixes honours with Dots"
        return "winds and dragons never run: only three identical honours make a set (a PONG)"
    ids = sorted(c.id for c in real)
    if 8 in ids and 0 in ids and len(set(ids)) > 1:
        return "runs do not wrap around: 9d and 1d are not neighbours"
    if len(set(ids)) < len(ids):
        return "two cards are the same and the third differs: neither a PONG nor a CHEE"
    gaps = ids[-1] - ids[0] + 1 - len(ids)
    if fei:
        return (f"{' and '.join(map(str, sorted(real)))} are too far apart for one CHEE: a FEI fills only one gap, "
                f"and {gaps} are missing")
    return f"{' '.join(map(str, sorted(real)))} are not three in a row: {plural(gaps, 'card')} missing between them"


def _why_complete(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    if given == "F*":
        return "a FEI completes almost any ready hand: the question asks for a real card"
    return with_card(p.hand, Tile.parse(given), rules)


def _why_waits(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    from tutor.teach.facts import wait_detail

    said = {Tile.parse(t) for t in given.split() if t != "F*"}
    right = {Tile.parse(t) for t in p.answer.split()}
    bits = [with_card(p.hand, t, rules) for t in sorted(said - right)[:2]]
    missed = sorted(right - said)
    if missed:
        bits.append(f"you left out {' '.join(map(str, missed))} ({wait_detail(p.hand, rules, missed[:2])})")
    return "; ".join(bits)


def _why_ngan(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    card = Tile.parse(given)
    held = Counter(p.hand.concealed)
    fei = held[TILES[FEI_ID]]
    if card.id == FEI_ID or held[card] == 0:
        return f"there is no {card} in your hand to make the NGAN" if card.id != FEI_ID else \
            "the NGAN is named by the card it pairs: a FEI stands in for one card of it"
    if held[card] == 1 and not fei:
        return f"you hold one {card} and no FEI to pair it: a NGAN is two identical cards"
    rest = list(p.hand.concealed)
    rest.remove(card)
    rest.remove(card if held[card] >= 2 else TILES[FEI_ID])
    text, sets, _ = split_text(Hand(tuple(rest), p.hand.melds, p.hand.bonus), rules, pair=False)
    pair = f"{card} {card}" if held[card] >= 2 else f"{card} F*"
    return f"with {pair} as the NGAN, the rest reads {text}: {short_of(sets, True)}"


# --------------------------------------------------------------------------------------------
# The themes about FUN


def _why_fun(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    from tutor.engine.scoring.check import check

    said = int(given)
    result = check(p.hand, rules, p.seat)
    score = result.score
    right = result.fun
    lines = f"the lines are {score_text(result)}"
    if score is None:
        return lines
    if score.capped and said == score.total:
        return f"{said} is the total before the cap: {result.fun} is the most a hand scores"
    for seat in rules.spec.seats:
        if seat != p.seat and check(p.hand, rules, seat).fun == said:
            return f"{said} is what the hand is worth to {seat.capitalize()}, not to {p.seat.capitalize()}: {lines}"
    for line in score.lines:  # a line's FUN is its whole worth, every time it applies (Animal x2 +2)
        if not line.limit and said == right - line.fun:
            return f"{said} leaves out {line.name} (+{line.fun}): {lines}"
    for line in score.lines:
        if not line.limit and line.count > 1 and said == right - line.fun + line.fun // line.count:
            return f"{said} counts {line.name} once, but it applies {line.count} times: {lines}"
    other = _other_reading(p.hand, rules, p.seat, said)
    if other:
        return f"{said} is the score of another reading ({other}); the reading that scores most counts: {lines}"
    return f"{said} is {abs(said - right)} {'too many' if said > right else 'too few'}: {lines}"


def _other_reading(hand: Hand, rules: RuleSet, seat: str, fun: int) -> str:
    """A reading of the hand that scores ``fun`` (words), if there is one."""
    from tutor.engine.scoring.check import scorer_for
    from tutor.teach.facts import reading_text

    scorer = scorer_for(rules)
    held = sum(1 for t in hand.concealed if t.id == FEI_ID)
    bonus = tuple(t.id for t in hand.bonus)
    for raw in all_readings(hand, rules):
        got = scorer.best([raw], [], bonus, held, frozenset(), rules.seat(seat), hand.melds)
        if got is not None and got[1].fun == fun:
            return reading_text(raw)
    return ""


def _why_short(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    from tutor.engine.scoring.check import check

    result = check(p.hand, rules, p.seat)
    who = p.seat.capitalize()
    if given == "yes":
        return (f"the hand is complete but worth only {result.fun} {rules.unit} to {who} ({score_text(result)}): "
                f"SEK WOO needs at least {result.min_fun}, and a complete shape is not enough")
    return (f"the hand is worth {result.fun} {rules.unit} to {who} ({score_text(result)}), "
            f"at least the {result.min_fun} needed: {who} may declare SEK WOO")


def _fei_scores(hand: Hand, rules: RuleSet, seat: str) -> dict[Tile, Score]:
    """For each card the hand's FEI can stand for, the best score with it standing so."""
    from tutor.core.readings import CHEE
    from tutor.engine.scoring.check import scorer_for

    scorer = scorer_for(rules)
    bonus = tuple(t.id for t in hand.bonus)
    by_card: dict[Tile, list[RawReading]] = {}
    for raw in all_readings(hand, rules):
        for kind, tile, wild, declared in raw:
            if wild and not declared:
                card = TILES[tile + (wild.bit_length() - 1 if kind == CHEE else 0)]
                by_card.setdefault(card, []).append(raw)
    out = {}
    for card, raws in by_card.items():
        got = scorer.best(raws, [], bonus, 1, frozenset(), rules.seat(seat), hand.melds)
        if got is not None:
            out[card] = got[1]
    return out


def _lines(score: Score) -> str:
    return ", ".join(ln.name + (f" x{ln.count}" if ln.count > 1 else "") + f" +{ln.fun}" for ln in score.lines)


def _why_fei(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    card = Tile.parse(given)
    if card.id == FEI_ID:
        return "the question is which card the F* stands for: name that card, not the F*"
    scores = _fei_scores(p.hand, rules, p.seat)
    if card not in scores:
        swapped = list(p.hand.concealed)
        swapped[swapped.index(TILES[FEI_ID])] = card
        text, sets, has_pair = split_text(Hand(tuple(swapped), p.hand.melds, p.hand.bonus), rules)
        return (f"the F* cannot stand for {card}: a FEI fills only one gap, and with {card} in its place "
                f"the hand reads {text}: {short_of(sets, has_pair)}")
    best = scores[Tile.parse(p.answer)]
    mine = scores[card]
    names = {ln.name for ln in mine.lines}
    missed = [ln for ln in best.lines if ln.name not in names]
    text = f"F* as {card} scores only {mine.fun} {rules.unit} ({_lines(mine)}) against {best.fun} as {p.answer}"
    if missed:
        text += f": as {card} it loses " + ", ".join(f"{ln.name} (+{ln.fun})" for ln in missed)
    return text


# --------------------------------------------------------------------------------------------
# The themes about decisions (the solver's expected FUN)


def _why_discard(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    from tutor.engine.decide import solver
    from tutor.engine.decide.explain import compare

    draws = p.draws or 3
    result = solver.discard(p.hand, rules, seat=p.seat, draws=draws, search_moves=True)  # as solve weighs it
    sinking = given.split()[0].lower() == "sink"  # "sink F*"; "F*" alone is the FEI thrown
    card = Tile.parse(given.split()[-1])
    right = p.answer.split()[-1]
    mine = _option(result.options, card, ("sink",) if sinking else ("discard",))
    best = _option(result.options, Tile.parse(right), ("sink",) if p.answer.startswith("sink") else ("discard",))
    if mine is None or best is None:
        return f"{given} is not among the moves this hand offers"
    text = (f"{'sinking' if sinking else 'discarding'} {card} leaves {mine.expected_fun:.2f} expected {rules.unit} "
            f"over {plural(draws, 'draw')} (wins {mine.win_probability:.0%}) against {best.expected_fun:.2f} for {right}")
    kept = list(p.hand.concealed)
    kept.remove(best.tile)
    broken = group_of(Hand(tuple(kept), p.hand.melds, p.hand.bonus), card, rules)
    if broken:
        text += f"; it breaks the {broken}"
    return text + ". " + _beats(compare(best, mine, rules.unit), f"Discarding {right}")


def _option(options: tuple[Option, ...], card: Tile, actions: tuple[str, ...]) -> Option | None:
    return next((o for o in options if o.tile == card and o.action in actions), None)


def _beats(sentence: str, subject: str) -> str:
    """The engine's comparison ("It beats ...") with its subject named."""
    return subject + sentence.removeprefix("It")


_MOVE = {"kong-or-not": ("kong", "add-kong"), "sink-or-keep": ("sink",), "recall-fei": ("recall",)}
_MOVE_NAME = {"kong-or-not": "the KONG", "sink-or-keep": "sinking the FEI", "recall-fei": "taking back the FEI"}


def _why_move(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    from tutor.engine.decide import solver
    from tutor.engine.decide.explain import compare

    draws = p.draws or 3
    drawn = None if p.drawn is None else Tile.parse(p.drawn)
    result = solver.discard(p.hand, rules, seat=p.seat, draws=draws, drawn=drawn, search_moves=True)  # as solve does
    yes = next(o for o in result.options if o.action in _MOVE[p.theme])
    no = next(o for o in result.options if o.action not in _MOVE[p.theme])  # the best other option, as solve's "no"
    move = _MOVE_NAME[p.theme]
    if result.wins_now and result.fun_now > no.expected_fun:  # "no" is declaring the win the hand holds
        if given == "yes":
            return (f"{move} expects {yes.expected_fun:.2f} {rules.unit} over {plural(draws, 'draw')} "
                    f"(wins {yes.win_probability:.0%}) against {result.fun_now} for declaring SEK WOO now.")
        return (f"declaring SEK WOO now scores {result.fun_now} {rules.unit}, less than {move}, which expects "
                f"{yes.expected_fun:.2f} over {plural(draws, 'draw')} (wins {yes.win_probability:.0%}).")
    named_no = f"discarding {no.tile}" if no.action == "discard" else f"{no.action} {no.tile}"
    said, other = (yes, no) if given == "yes" else (no, yes)
    said_name = move if given == "yes" else (
        f"the best discard instead, {no.tile}," if no.action == "discard" else f"the best other move instead, {named_no},")
    other_name = named_no if given == "yes" else move
    text = (f"{said_name} expects {said.expected_fun:.2f} {rules.unit} over {plural(draws, 'draw')} "
            f"(wins {said.win_probability:.0%}) against {other.expected_fun:.2f} for {other_name} "
            f"(wins {other.win_probability:.0%})")
    return text + ". " + _beats(compare(other, said, rules.unit), other_name[0].upper() + other_name[1:])


def _why_claim(p: Puzzle, given: str, named: MeldKind | None, rules: RuleSet) -> str:
    from tutor.engine.decide.claim import claim
    from tutor.teach.solve import claim_answer

    assert p.on is not None
    on = Tile.parse(p.on)
    draws = p.draws or 3
    result = claim(p.hand, on, rules, p.source, p.seat, draws)
    found: dict[str, ClaimOption] = {}
    for o in result.options:
        found.setdefault(claim_answer(o), o)
    best = found[p.answer]
    mine = found.get(given)
    if mine is None:
        return claim_refusal(p.hand, on, given, p.source, rules)
    if mine.action == "sek-woo" and not mine.wins:
        return mine.explanation
    return (f"{given} expects {mine.expected_fun:.2f} {rules.unit} against {best.expected_fun:.2f} for {p.answer}. "
            + mine.explanation)


def claim_refusal(hand: Hand, on: Tile, given: str, source: str, rules: RuleSet) -> str:
    """Why the claim ``given`` of the card ``on`` cannot be made with this hand."""
    held = Counter(hand.concealed)
    fei = held[TILES[FEI_ID]]
    words = given.split()
    if words[0] == "sek":
        text, sets, has_pair = split_text(Hand((*hand.concealed, on), hand.melds, hand.bonus), rules)
        return f"the {on} does not complete your hand: with it the hand reads {text}: {short_of(sets, has_pair)}"
    if words[0] == "kong":
        text = f"a KONG takes three {on} in your hand and the one thrown; you hold {held[on]}"
        return text + (": a FEI cannot make a KONG" if fei else "")
    if words[0] == "pong":
        if given == "pong F*" and not fei:
            return "you hold no FEI to stand in the PONG"
        if given == "pong F*":
            return f"a PONG F* takes one {on} and a FEI from your hand; you hold no {on}"
        return (f"a PONG takes two {on} from your hand and the one thrown; you hold {held[on]}"
                + (" (with a FEI, answer pong F*)" if held[on] == 1 and fei else ""))
    if source != "left":
        return "only the next player may CHEE a discard: this one comes from the player after you"
    if not on.is_suited:
        return f"{on} is an honour: winds and dragons never make a CHEE"
    cards = [Tile.parse(w) for w in words[1:]]
    if on not in cards:
        return f"a CHEE claimed on the {on} must hold the {on}"
    real = sorted(c.id for c in cards if c.id != FEI_ID)
    if real[-1] - real[0] > 2 or len(set(real)) < len(real):
        return f"{' '.join(words[1:])} is not three Dots in a row"
    need = Counter(cards)
    need[on] -= 1
    missing = [str(c) for c, n in need.items() if n > held[c]]
    if missing:
        return f"you hold no {' '.join(missing)} for that CHEE"
    return f"that CHEE cannot be laid down under {rules.name}"


_WHY = {
    "is-a-set": _why_set,
    "complete-shape": _why_complete,
    "waits": _why_waits,
    "find-ngan": _why_ngan,
    "use-fei": _why_fei,
    "count-fun": _why_fun,
    "short-of-five": _why_short,
    "best-discard": _why_discard,
    "claim-or-pass": _why_claim,
    "kong-or-not": _why_move,
    "sink-or-keep": _why_move,
    "recall-fei": _why_move,
}


__all__ = ["claim_refusal", "set_refusal", "why_wrong"]
