"""Why a wrong answer fails: for every theme, the reason given is checked against the rules and
the engine, worked out here independently of ``tutor.teach.why``."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from puzzles import THEMES, Puzzle, load_puzzles
from tutor.core.hands import Hand
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine.decide import solver
from tutor.engine.decide.claim import claim
from tutor.engine.scoring.check import check
from tutor.rules.load import load_rules
from tutor.teach.answers import judge
from tutor.teach.facts import all_readings, fei_choices, shape_waits
from tutor.teach.solve import build, claim_answer
from tutor.teach.why import claim_refusal, why_wrong

PUZZLES = load_puzzles()
RULES = load_rules("3leg")


def first(theme: str) -> Puzzle:
    return next(p for p in PUZZLES if p.theme == theme)


def wrong(p: Puzzle, text: str) -> str:
    v = judge(p, text)
    assert not v.correct and v.why, (p.id, text)
    return v.why


_GROUP = re.compile(r"CHEE (\d)d \d?d? ?\d?d?|(PONG|NGAN) of (\w+)")


def cards_of_reading(text: str) -> Counter[str]:
    """The physical cards a partial reading in words names: its groups (a FEI where it stands in)
    and the cards left over, as counts of card names."""
    out: Counter[str] = Counter()
    body, _, left = text.partition(", with ")
    for part in re.split(r", (?=CHEE|PONG|NGAN|\[)", body):
        if part.startswith("["):  # a set laid down: not a concealed card
            continue
        m = re.match(r"(CHEE) (\S+) (\S+) (\S+)|(PONG|NGAN) of (\S+)", part)
        assert m, part
        names = list(m.group(2, 3, 4)) if m.group(1) else [m.group(6)] * (3 if m.group(5) == "PONG" else 2)
        stands = re.search(r"\(F\* as (\S+)\)", part)
        if stands:
            names.remove(stands.group(1))
            names.append("F*")
        out.update(names)
    if left:
        out.update(left.split(" left over")[0].split())
    return out


def test_is_a_set_names_the_rule_broken() -> None:
    assert "a FEI cannot make a KONG" in wrong(build("is-a-set", "999d F*", "s"), "yes")
    assert "a FEI fills only one gap" in wrong(build("is-a-set", "F* F* 5d", "s"), "yes")
    assert "do not wrap around" in wrong(build("is-a-set", "891d", "s"), "yes")
    assert "winds and dragons never run" in wrong(build("is-a-set", "E S W", "s"), "yes")
    why = wrong(build("is-a-set", "555d", "s"), "chee")
    assert "a PONG" in why and "not a CHEE" in why
    assert judge(build("is-a-set", "555d", "s"), "chee").given == "chee"
    why = wrong(build("is-a-set", "46d F*", "s"), "no")
    assert "does make a set" in why and "F* standing for 5d" in why


def test_a_card_that_completes_nothing_is_shown_with_the_hand_it_makes() -> None:
    p = first("complete-shape")
    held = sorted({t for t in p.hand.concealed if t.id != FEI_ID and p.hand.in_sight()[t] < 4})
    for card in held[:4]:
        if str(card) == p.answer:
            continue
        why = wrong(p, str(card))
        more = Hand((*p.hand.concealed, card), p.hand.melds, p.hand.bonus)
        assert not all_readings(more, RULES)  # the engine agrees: no complete reading with it
        m = re.fullmatch(rf"{card} is not a wait: with {card} the hand reads (.+): still (.+)", why)
        assert m, why
        assert cards_of_reading(m.group(1)) == Counter(str(t) for t in more.concealed)


def test_waits_left_out_and_wrongly_named() -> None:
    p = first("waits")
    waits = p.answer.split()
    why = wrong(p, waits[0])
    assert "you left out " + " ".join(waits[1:]) in why
    extra = next(t for t in (TILES[i] for i in range(9)) if t not in shape_waits(p.hand, RULES)
                 and p.hand.in_sight()[t] < 4)
    why = wrong(p, p.answer + f" {extra}")
    assert why.startswith(f"{extra} is not a wait: with {extra} the hand reads")


def test_find_ngan_takes_the_pair_out() -> None:
    for p in [q for q in PUZZLES if q.theme == "find-ngan"][:4]:
        counts = Counter(t for t in p.hand.concealed if t.id != FEI_ID)
        for card, n in counts.items():
            if str(card) == p.answer:
                continue
            why = wrong(p, str(card))
            if n >= 2:
                m = re.fullmatch(rf"with {card} {card} as the NGAN, the rest reads (.+): still (.+)", why)
                assert m, why
                rest = Counter(str(t) for t in p.hand.concealed)
                rest[str(card)] -= 2
                assert cards_of_reading(m.group(1)) == +rest
            elif FEI_ID not in {t.id for t in p.hand.concealed}:
                assert why == f"you hold one {card} and no FEI to pair it: a NGAN is two identical cards"


def test_use_fei_gives_the_fun_of_each_choice() -> None:
    checked = 0
    for p in (q for q in PUZZLES if q.theme == "use-fei"):
        choices = fei_choices(p.hand, RULES, p.seat)
        for card, fun in choices.items():
            if str(card) != p.answer:
                why = wrong(p, str(card))
                assert why.startswith(f"F* as {card} scores only {fun} FUN"), why
                assert f"against {choices[Tile.parse(p.answer)]} as {p.answer}" in why
                checked += 1
        bad = next(t for t in (TILES[i] for i in range(9)) if t not in choices and p.hand.in_sight()[t] < 4)
        assert wrong(p, str(bad)).startswith(f"the F* cannot stand for {bad}: a FEI fills only one gap")
        assert "name that card, not the F*" in wrong(p, "F*")
    assert checked >= 3


def test_count_fun_names_the_line_or_the_seat() -> None:
    for p in [q for q in PUZZLES if q.theme == "count-fun"][:6]:
        result = check(p.hand, RULES, p.seat)
        assert result.score is not None
        for said in (result.fun - 1, result.fun + 1):
            why = wrong(p, str(said))
            assert why.endswith((f"total {result.fun}", f"capped at {result.fun}")), why
            m = re.match(r"\d+ is what the hand is worth to (\w+)", why)
            if m:
                assert check(p.hand, RULES, m.group(1).lower()).fun == said
            m = re.match(r"\d+ leaves out (.+) \(\+(\d+)\)", why)
            if m:
                assert any(ln.name == m.group(1) and ln.fun == int(m.group(2)) for ln in result.score.lines)
                assert said == result.fun - int(m.group(2))


def test_a_line_that_applies_twice_is_left_out_for_its_whole_worth() -> None:
    """count-fun-004 (6 FUN: f1 +1, Animal x2 +2, Basic win +1, DUI DUI PONG +2): 4 leaves out the
    two Animals (+2, the line's whole worth); 2 leaves out no one line."""
    p = next(q for q in PUZZLES if q.id == "count-fun-004")
    animals = next(ln for ln in check(p.hand, RULES, p.seat).score.lines if ln.name == "Animal")  # type: ignore[union-attr]
    assert (animals.count, animals.fun) == (2, 2)
    assert wrong(p, "4").startswith("4 leaves out Animal (+2): ")
    assert wrong(p, "2").startswith("2 is 4 too few: ")  # it said "2 leaves out Animal (+4)"


def test_short_of_five_says_the_fun_and_the_minimum() -> None:
    for p in [q for q in PUZZLES if q.theme == "short-of-five"][:4]:
        result = check(p.hand, RULES, p.seat)
        why = wrong(p, "no" if p.answer == "yes" else "yes")
        assert f" {result.fun} FUN to {p.seat.capitalize()}" in why and str(RULES.minimum) in why


def test_best_discard_gives_the_solvers_values_and_the_set_broken() -> None:
    p = build("best-discard", "123d 456d 789d 45d RR N", "d", draws=1)
    options = solver.discard(p.hand, RULES, seat=p.seat, draws=1, search_moves=True).options
    value = {o.tile: o.expected_fun for o in options if o.action == "discard"}
    why = wrong(p, "5d")
    assert why.startswith(f"discarding 5d leaves {value[Tile.parse('5d')]:.2f} expected FUN over 1 draw")
    assert f"against {value[Tile.parse(p.answer)]:.2f} for {p.answer}" in why
    assert "it breaks the CHEE 4d 5d 6d" in wrong(p, "6d")


def test_claims_that_cannot_be_made_and_claims_that_expect_less() -> None:
    p = first("claim-or-pass")
    assert p.on is not None
    on = Tile.parse(p.on)
    held = Counter(p.hand.concealed)[on]
    if held < 3:
        why = wrong(p, "kong")
        assert f"a KONG takes three {on} in your hand and the one thrown; you hold {held}" in why
    result = claim(p.hand, on, RULES, p.source, p.seat, p.draws)
    values = {}
    for o in result.options:
        values.setdefault(claim_answer(o), o.expected_fun)
    other = next(a for a in values if a != p.answer and a != "sek woo")
    assert wrong(p, other).startswith(f"{other} expects {values[other]:.2f} FUN against {values[p.answer]:.2f}")
    hand = Hand.parse("123d 46d 789d EE SS N")
    assert claim_refusal(hand, Tile.parse("5d"), "chee 4d 5d 6d", "right", RULES).startswith("only the next player may CHEE")
    assert claim_refusal(hand, Tile.parse("E"), "kong", "left", RULES).endswith("you hold 2")
    assert "does not complete your hand" in claim_refusal(hand, Tile.parse("7d"), "sek woo", "left", RULES)


@pytest.mark.parametrize(("theme", "actions"), [("kong-or-not", ("kong", "add-kong")), ("sink-or-keep", ("sink",)),
                                                 ("recall-fei", ("recall",))])
def test_decisions_compare_with_the_solver(theme: str, actions: tuple[str, ...]) -> None:
    # a hand that does not win as it stands: "no" is the best option other than the move, as solve weighs it
    p = min((q for q in PUZZLES if q.theme == theme and not check(q.hand, RULES, q.seat).wins),
            key=lambda q: (q.draws or 3, len(q.hand_text)))
    drawn = None if p.drawn is None else Tile.parse(p.drawn)
    options = solver.discard(p.hand, RULES, seat=p.seat, draws=p.draws or 3, drawn=drawn, search_moves=True).options
    move = next(o for o in options if o.action in actions)
    keep = next(o for o in options if o.action not in actions)
    said = "no" if p.answer == "yes" else "yes"
    why = wrong(p, said)
    mine, other = (move, keep) if said == "yes" else (keep, move)
    assert f"expects {mine.expected_fun:.2f} FUN" in why and f"against {other.expected_fun:.2f}" in why
    assert ("beats" in why) and str(keep.tile) in why


def test_every_theme_has_a_reason() -> None:
    from tutor.teach import why

    assert set(why._WHY) == set(THEMES)
    assert why_wrong(first("count-fun"), "99")


def test_the_partial_reading_uses_as_many_cards_as_any_sets_and_ngan_can() -> None:
    """Brute force: over every part of the hand, the most cards that k sets and a NGAN (or none)
    can use exactly, against the partial reading that the reasons show."""
    import itertools
    import random

    from tutor.engine.shapes.standard import concealed_readings
    from tutor.teach.partial import best_groups, group_ids

    rng = random.Random(11)
    for _ in range(12):
        ids = rng.sample([i for i in range(9) for _ in range(4)] + [FEI_ID], 11)
        hand = Hand(tuple(TILES[i] for i in ids))
        counts, fei, groups = best_groups(hand, RULES, True)
        used = sum(len(group_ids(g)) + g[2].bit_count() for g in groups)
        best = 0
        ranges = [range(n + 1) for n in counts[:9]]
        for part in itertools.product(*ranges, range(fei + 1)):
            size = sum(part)
            if size <= best:
                continue
            sets, pair = divmod(size, 3)
            if pair not in (0, 2):
                continue
            sub = list(part[:9]) + [0] * (FEI_ID - 9)
            if concealed_readings(sub, part[9], sets, pair == 2, RULES.max_wild_per_set, RULES.chee_ok):
                best = size
        assert used == best, (hand, groups)


def _discard_puzzle(hand: str, answer: str, seat: str, draws: int) -> Puzzle:
    """A best-discard question about ``hand`` answered ``answer``, as a user met it (once a shipped
    puzzle; since refused for a KONG worth more, but the reasons given for a wrong card still hold)."""
    return Puzzle("x", "best-discard", 3, Hand.parse(hand), hand, "?", answer, "?", seat=seat, draws=draws)


def test_a_fei_thrown_is_weighed_as_thrown_not_as_sunk() -> None:
    """Once best-discard-round-001, answered F*: the figures are those of throwing the FEI, not of sinking it."""
    from tutor.engine.decide.solver import discard

    p = _discard_puzzle("1122558888d WhWhWh F* | f1 k1", "8d", "south", 9)
    result = discard(p.hand, RULES, seat=p.seat, draws=p.draws, search_moves=True)
    thrown, sunk = (next(o for o in result.options if o.tile.id == FEI_ID and o.action == a) for a in ("discard", "sink"))
    assert thrown.expected_fun != sunk.expected_fun
    why = wrong(p, "F*")
    assert why.startswith(f"discarding F* leaves {thrown.expected_fun:.2f} expected FUN") and "sinking" not in why


@pytest.mark.parametrize(("hand", "answer", "card"), [("14556677889999d | s3 a2", "1d", "9d"),
                                                      ("2344445555666d G", "G", "4d")])
def test_throwing_a_fourth_copy_breaks_no_set(hand: str, answer: str, card: str) -> None:
    """Four held, three stay: the CHEE through the card is whole after the throw, so no set is broken
    (once best-discard-010 and -007; one draw, as the set broken does not depend on the draws)."""
    p = _discard_puzzle(hand, answer, "east", 1)
    assert sum(1 for t in p.hand.concealed if str(t) == card) == 4
    assert "breaks" not in wrong(p, card)
