"""``sekwoo claim``: the legal claims of a discarded card against a brute-force enumeration, and
every answer's value against the independent reference of RULES §5.2/§5.4 in exact fractions."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from support import horizon_ref as hr
from test_horizon_ref import hide_all_but
from typer.testing import CliRunner

from tutor import Hand, check, load_rules
from tutor.cli.app import app
from tutor.core.hands import Meld, MeldKind
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine.decide.claim import after_claim, claim, legal_claims
from tutor.errors import TutorError


def brute_claims(hand: Hand, tile: Tile, rules_name: str, source: str) -> set[tuple[str, tuple[str, ...]]]:
    """Every set of the claimed card and two or three cards of the hand that the rules let a
    player lay down on a discard, found by trying every choice of cards held."""
    rules = load_rules(rules_name)
    spec = rules.spec
    mw = rules.max_wild_per_set if spec.tiles.wild else 0
    out: set[tuple[str, tuple[str, ...]]] = set()
    cards = list(hand.concealed)
    for k in (2, 3):
        for pick in {tuple(sorted(c)) for c in combinations(cards, k)}:
            meld = sorted((tile, *pick))
            wild = sum(1 for t in meld if t.id == FEI_ID)
            real = [t for t in meld if t.id != FEI_ID]
            if wild > mw or not real:
                continue
            if k == 3:
                if wild == 0 and all(t == tile for t in meld):
                    out.add(("kong", tuple(map(str, meld))))
                continue
            if all(t == tile for t in real):
                out.add(("pong", tuple(map(str, meld))))
            ids = sorted(t.id for t in real)
            chee_ok = source == "left" and spec.chee and spec.declared_chee and tile.id < 27
            if chee_ok and len(set(ids)) == len(ids) and all(i // 9 == tile.id // 9 for i in ids):
                lo = ids[0]
                # some window of three in a row holds every real card and is one the rules allow
                if any(s <= lo and ids[-1] <= s + 2 and s % 9 <= 6 and s // 9 == lo // 9 and rules.chee_ok[s]
                       for s in range(max(0, ids[-1] - 2), lo + 1)):
                    out.add(("chee", tuple(map(str, meld))))
    return out


@pytest.mark.parametrize("rules_name", ["3leg", "malaysian-3p", "kj-3p", "sanma", "singapore"])
def test_legal_claims_agree_with_brute_force(rules_name: str) -> None:
    rules = load_rules(rules_name)
    rng = random.Random(rules_name)
    playing = [t for t in sorted(rules.in_play) if t < 34]
    deck = [TILES[t] for t in playing for _ in range(rules.copies)] + [TILES[FEI_ID]] * rules.wild_copies
    kinds = Counter()
    for _ in range(150):
        # dense hands: few kinds, so PONG, KONG and CHEE all come up
        some = rng.sample(playing, 6)
        pool = [t for t in deck if t.id in some or t.id == FEI_ID]
        hand = Hand(tuple(rng.sample(pool, rules.hand_size - 1)))
        for tid in some:
            tile = TILES[tid]
            for source in ("left", "right"):
                got = {(a, tuple(map(str, m.cards))) for a, m in legal_claims(hand, tile, rules, source)}
                assert got == brute_claims(hand, tile, rules_name, source), (str(hand), str(tile), source)
                kinds.update(a for a, _ in got)
    assert kinds["pong"] and kinds["kong"]  # the hands did reach every kind the rules allow
    assert bool(kinds["chee"]) == (rules.spec.declared_chee and rules.spec.chee)


# (hand, card, from, seat, live kinds): small pools, so the exact reference finishes quickly
CASES = [
    ("123d 456d 78d EE RR N | a1", "R", "left", "east", ("R", "9d", "6d", "N", "E")),
    ("123d 456d 78d EE RR N | a1", "9d", "left", "east", ("9d", "6d", "R", "E", "N")),
    ("123d 456d 789d RRR N | a1", "R", "right", "east", ("R", "N", "E", "S")),
    ("123d 456d 789d EEE R | f1 a1", "R", "right", "east", ("R", "N", "S")),
    ("12d 456d 789d EE RR N | f1 a1", "3d", "left", "east", ("3d", "E", "R", "N", "S")),
]


def _reference(text: str, card: str, source: str, seat: str, live: tuple[str, ...], n: int, exact: int) -> dict:
    """Each answer's (expected FUN, win probability) by the reference, keyed by (action, meld),
    with the moves of RULES §5.4 after each exact draw but the last (``claim``'s default)."""
    hand = Hand.parse(text)
    tile = Tile.parse(card)
    seen = tuple(c for c in hide_all_but(hand, live))
    out: dict[tuple[str, str], tuple[float, float]] = {}
    ev, pw, _ = hr.horizon_value(hand, hr.not_in_sight(hand, (*seen, card)), n, exact, "3leg", seat, moves=True)
    out[("pass", "")] = (float(ev), float(pw))
    done = check(Hand(hand.concealed + (tile,), hand.melds, hand.bonus), load_rules("3leg"), seat)
    if done.wins:
        out[("sek-woo", "")] = (float(done.fun), 1.0)
    for action, meld in brute_claims(hand, tile, "3leg", source):
        m = Meld(MeldKind(action), tuple(Tile.parse(c) for c in meld))
        after = after_claim(hand, m, tile)
        if action == "kong":
            model = hr.Horizon(after, hr.concealed_of(after), hr.not_in_sight(after, seen), "3leg", seat, moves=True)
            ev, pw, _ = hr.replacement_value(model, hr.concealed_of(after), n, exact)
        else:
            ev, pw, _ = max(hr.discard_values(after, n, exact, seen, "3leg", seat, moves=True).values())
        out[(action, str(m))] = (float(ev), float(pw))
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]} on {c[1]}")
@pytest.mark.parametrize(("n", "exact"), [(3, 2), (5, 0)])
def test_every_answer_agrees_with_the_reference(case: tuple, n: int, exact: int) -> None:
    text, card, source, seat, live = case
    hand = Hand.parse(text)
    seen = [Tile.parse(c) for c in hide_all_but(hand, live)]
    got = claim(hand, Tile.parse(card), load_rules("3leg"), source, seat, n, seen, exact_draws=exact)
    want = _reference(text, card, source, seat, live, n, exact)
    have = {(o.action, "" if o.meld is None else str(o.meld)): (o.expected_fun, o.win_probability) for o in got.options}
    assert have.keys() == want.keys()
    for key, (ev, pw) in want.items():
        assert have[key][0] == pytest.approx(ev, abs=1e-9), key
        assert have[key][1] == pytest.approx(pw, abs=1e-9), key
    # ranked best first, and the best is never worse than passing
    evs = [(o.expected_fun, o.win_probability) for o in got.options]
    assert evs == sorted(evs, reverse=True)
    assert got.options[0].expected_fun >= want[("pass", "")][0] - 1e-12
    assert any(o.win_probability > 0 for o in got.options)


def test_a_claim_that_cannot_win_in_the_draws_left_is_a_dead_hand() -> None:
    """One draw left: only a claim that leaves the hand ready can still win."""
    hand = Hand.parse("123d 456d 78d EE RR N | a1")
    got = claim(hand, Tile.parse("R"), load_rules("3leg"), "left", "east", 1)
    by = {o.action: o for o in got.options}
    assert by["pong"].distance == 1 and by["pong"].dead and by["pong"].expected_fun == 0
    assert by["pass"].dead  # 13 cards two swaps from a win, one draw: no win
    assert "Dead hand" in by["pong"].explanation


def test_sek_woo_on_the_card_is_declared_first() -> None:
    got = claim(Hand.parse("123d 456d 789d EEE R | f1 a1"), Tile.parse("R"), load_rules("3leg"), "right", "east")
    best = got.options[0]
    assert (best.action, best.fun, best.wins, best.expected_fun) == ("sek-woo", 5, True, 5.0)
    short = claim(Hand.parse("123d 456d 789d EEE R | f2"), Tile.parse("R"), load_rules("3leg"), "right", "east", 2)
    last = short.options[-1]
    assert (last.action, last.wins) == ("sek-woo", False) and "short of the minimum" in last.explanation


def test_no_chee_from_the_player_after_you_nor_where_the_rules_forbid_it() -> None:
    hand = Hand.parse("45d 123c 456c 789c EE N")
    assert any(a == "chee" for a, _ in legal_claims(hand, Tile.parse("6d"), load_rules("3leg"), "left"))
    assert not any(a == "chee" for a, _ in legal_claims(hand, Tile.parse("6d"), load_rules("3leg"), "right"))
    kj = Hand.parse("45p 123m 456m 789m EE W")
    assert not any(a == "chee" for a, _ in legal_claims(kj, Tile.parse("6p"), load_rules("kj-3p"), "left"))


@pytest.mark.parametrize(("args", "message"), [
    (["123d 456d 789d EEE R | f1 a1", "F*"], "cannot be claimed"),
    (["123d 456d 789d EEE R | f1 a1", "f2"], "cannot be claimed"),
    (["123d 456d 789d EEE RR | f1 a1", "R"], "13 cards"),
    (["123d 456d 789d EEE R | f1 a1", "R R"], "one card"),
    (["123d 456d 789d EEE R | f1 a1", "R", "--from", "up"], "left or right"),
])
def test_bad_claims_are_one_clear_line(args: list[str], message: str) -> None:
    res = CliRunner().invoke(app, ["claim", *args])
    assert res.exit_code in (1, 2)
    assert message in res.output and "Traceback" not in res.output


def test_claim_json_and_terminal() -> None:
    res = CliRunner().invoke(app, ["claim", "123d 456d 78d EE RR N | a1", "R", "--json", "-n", "3"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["best"] == "pong" and data["options"][0]["meld"] == "[RRR]"
    assert data["options"][0]["then"] == {"tile": "N", "action": "discard"}
    assert {o["action"] for o in data["options"]} == {"pong", "pass"}
    res = CliRunner().invoke(app, ["claim", "123d 456d 78d EE RR N | a1", "R", "-n", "3"])
    assert res.exit_code == 0 and "PONG" in res.output and "pass" in res.output


def test_the_library_refuses_what_cannot_happen() -> None:
    with pytest.raises(TutorError):
        claim(Hand.parse("123d 456d 789d RRR N | a1"), Tile.parse("R"), load_rules("3leg"), "left", "east",
              seen=[Tile.parse("R")])  # the fourth R is the one claimed: none left to be seen


@pytest.mark.parametrize(("hand", "seen", "says"), [
    ("123d 456d 78d EEEE R", "", "the hand holds every copy of it"),
    ("123d 456d 78d EEE RR", "E", "the hand and the cards seen hold every copy of it"),
])
def test_a_card_whose_every_copy_is_in_sight_was_not_thrown(hand: str, seen: str, says: str) -> None:
    """The hand (or it and the cards seen) holding all four: a bad hand (exit 1), not a bad --seen."""
    res = CliRunner().invoke(app, ["claim", hand, "E", *(["--seen", seen] if seen else [])])
    assert res.exit_code == 1 and f"E cannot have been thrown: {says}" in res.stderr


def test_analyze_with_a_card_thrown_is_claim_or_pass() -> None:
    res = CliRunner().invoke(app, ["analyze", "123d 456d 78d EE RR N | a1", "--on", "R", "-n", "3", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["kind"] == "claim" and data["best"] == "pong"
    shown = CliRunner().invoke(app, ["analyze", "123d 456d 78d EE RR N | a1", "--on", "9d", "--from", "right", "-n", "2"])
    assert shown.exit_code == 0 and "pass" in shown.output and "CHEE" not in shown.output
    wrong = CliRunner().invoke(app, ["analyze", "123d 456d 789d EE RR N | a1", "--on", "R"])
    assert wrong.exit_code == 1 and "13 cards" in wrong.output


def test_a_claim_search_past_the_budget_stops_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.engine.search import budget

    monkeypatch.setattr(budget, "MAX_STATES", 50)
    res = CliRunner().invoke(app, ["claim", "135d 468d 99d EE RGW | a1", "7d", "-n", "4", "--exact-draws", "3"])
    assert res.exit_code == 2 and res.output.startswith("sekwoo: --exact-draws: weighing every discard over 3 of 4")


def test_a_sek_woo_short_of_the_minimum_shows_short_not_a_distance() -> None:
    """Listed last to say it cannot be declared: its 'to win' reads 'short', not -1 (a win)."""
    res = CliRunner().invoke(app, ["claim", "123d 456d 789d EEE R | f2", "R", "--from", "right", "-n", "2"],
                             env={"COLUMNS": "100", "NO_COLOR": "1"})
    assert res.exit_code == 0, res.output
    row = next(line for line in res.output.splitlines() if "SEK WOO" in line and "%" in line)
    assert row.split()[3:6] == ["short", "0.0%", "0.000"]
