"""A drill decision weighed on two cores (``tutor.table.halves``): the two halves put together are
one search's answer to the last bit, in its order, whatever the hand holds (a FEI to sink or
recall, a KONG to declare; for a claim: a SEK WOO on the card, a KONG, CHEE and PONG with a FEI);
a worker that dies costs nothing; a drill played on two cores grades every decision as on one; and
``sekwoo discard``, ``claim`` and ``analyze`` on two cores print what one core prints."""

from __future__ import annotations

import os
import random

import pytest
from test_drill import _policy_ask

from tutor import Hand, load_rules
from tutor.core.hands import Seat
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine.decide.claim import claim, joined_claims
from tutor.engine.decide.solver import discard, joined
from tutor.engine.search import budget
from tutor.errors import SearchBudgetError
from tutor.table import halves
from tutor.table.drill import Player, Question, play_hand
from tutor.table.grading import (
    Graded,
    claim_options,
    ranked,
    search_claim,
    search_turn,
    turn_options,
)

RULES = load_rules("3leg")
if "fork" not in __import__("multiprocessing").get_all_start_methods():  # pragma: no cover - not Linux
    pytest.skip("the second half is forked", allow_module_level=True)

# (hand, card just drawn, draws): a FEI to sink and a recall (F* stands in the exposed PONG of 4d),
# a concealed KONG, a FEI held with honours, a far hand
HANDS = [
    ("[44d F*] 4d 1235679d E S N | f1", "4d", 5),
    ("2222456d 79d E S R G N", None, 3),
    ("1357d 2468d EE W R Wh F*", None, 5),
    ("3667899d EE W N R G Wh | f2 a3", None, 5),
]

# (hand, card thrown, from, draws, rule set): PONG and CHEE with a FEI beside them; a SEK WOO on the
# card, a KONG, a PONG and a CHEE; swap calling after a CHEE (its note)
CLAIMS = [
    (Hand.parse("1334577d SS F* N R G | f2"), Tile.parse("3d"), "left", 4, "3leg"),
    (Hand.parse("999d 234d 567d 78d EE"), Tile.parse("9d"), "left", 2, "3leg"),
    (Hand.parse("1234589p 2345p WW"), Tile.parse("3p"), "left", 2, "singapore"),
]


def _random_hands(k: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    deck = [t for t in sorted(RULES.in_play) for _ in range(RULES.wild_copies if t == FEI_ID else 4)]
    out: list[Hand] = []
    while len(out) < k:
        cards = sorted(rng.sample(deck, 14))
        if cards.count(FEI_ID) <= 2:
            out.append(Hand(tuple(TILES[t] for t in cards)))
    return out


@pytest.mark.parametrize(("text", "drawn", "n"), HANDS)
def test_the_halves_joined_are_one_search(text: str, drawn: str | None, n: int) -> None:
    hand = Hand.parse(text)
    card = Tile.parse(drawn) if drawn else None
    whole = discard(hand, RULES, "east", draws=n, drawn=card)
    turn = halves.Turn(hand, RULES, Seat.EAST, card, [], n)
    first, second = turn.half(0), turn.half(1)
    assert {o.tile for o in first.options}.isdisjoint(
        {o.tile for o in second.options if o.action == "discard"})  # each discard weighed once,
    assert all(o.action == "discard" for o in first.options)  # the moves beside it in the second
    together = joined([first, second])
    assert together.options == whole.options  # explanations included
    assert (together.distance, together.wins_now, together.states) == (whole.distance, whole.wins_now, whole.states)


@pytest.mark.parametrize(("hand", "tile", "source", "n", "rules"), CLAIMS)
def test_the_claim_halves_joined_are_one_search(hand: Hand, tile: Tile, source: str, n: int, rules: str) -> None:
    ruleset = load_rules(rules)
    whole = claim(hand, tile, ruleset, source, "east", draws=n)
    half = halves.Claim(hand, tile, source, ruleset, Seat.EAST, [], n)
    first, second = half.half(0), half.half(1)
    answers = [(o.action, o.meld) for p in (first, second) for o in p.options]
    assert sorted(answers, key=str) == sorted(((o.action, o.meld) for o in whole.options), key=str)  # each once
    assert all(o.action != "sek-woo" for o in second.options)  # SEK WOO with the first
    assert first.options and second.options  # both halves have work
    together = joined_claims([first, second])
    assert together == whole  # explanations, notes and states included
    assert half.whole(first, second, lambda *a: None) == (ranked(claim_options(whole)), n)  # as ``search_claim``


def test_claim_halves_past_the_budget_together_fall_back_as_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A claim counts its states over every answer, horizon by horizon: where each half is within
    the budget but the two are not, the halves joined stop where the whole claim stops."""
    hand, tile = Hand.parse("12356d 78d EE RG NN"), Tile.parse("4d")
    half = halves.Claim(hand, tile, "left", RULES, Seat.EAST, [], 6)
    first, second = half.half(0), half.half(1)
    monkeypatch.setattr(budget, "MAX_STATES", max(first.states, second.states) + 1)
    assert first.states + second.states > budget.MAX_STATES
    one = search_claim(hand, tile, "left", RULES, Seat.EAST, [], 6)
    assert one[1] < 6  # one search falls back
    assert half.whole(first, second, lambda *a: None) == one
    assert halves.meanwhile(half, lambda *a: None)(None) == one
    assert joined_claims([first, second]).draws == one[1]
    monkeypatch.setattr(budget, "MAX_STATES", -1)  # past the budget at the first horizon: no answer
    with pytest.raises(SearchBudgetError):
        joined_claims([first, second])


def test_random_hands_split_the_same_way() -> None:
    """14 dealt cards, two draws: the drill's answer from the halves is the one search's."""
    for hand in _random_hands(12, 5):
        one = ranked(turn_options(discard(hand, RULES, "south", draws=2)))
        turn = halves.Turn(hand, RULES, Seat.SOUTH, None, [], 2)
        two = turn.whole(turn.half(0), turn.half(1), lambda *a: None)
        assert two == (one, 2), str(hand)


def test_halves_past_the_budget_together_fall_back_as_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """One search counts its states over every option, horizon by horizon: where each half is
    within the budget but the two are not, the halves joined stop where the one search stops."""
    hand = Hand.parse(HANDS[2][0])
    turn = halves.Turn(hand, RULES, Seat.EAST, None, [], 5)
    first, second = turn.half(0), turn.half(1)
    monkeypatch.setattr(budget, "MAX_STATES", max(first.states, second.states) + 1)
    one = search_turn(hand, RULES, Seat.EAST, None, [], 5)
    assert one[1] < 5  # one search falls back
    assert halves.meanwhile(turn, lambda *a: None)(None) == one
    assert joined([first, second]).draws == one[1]
    monkeypatch.setattr(budget, "MAX_STATES", -1)  # past the budget at the first horizon: no answer
    with pytest.raises(SearchBudgetError):
        joined([first, second])


def test_the_forked_half_and_the_wait() -> None:
    hand = Hand.parse(HANDS[0][0])
    heard: list[tuple[int, int, int]] = []
    wait = halves.meanwhile(halves.Turn(hand, RULES, Seat.EAST, Tile.parse("4d"), [], 5), lambda *a: heard.append(a))
    polled: list[int] = []
    got = wait(lambda: polled.append(1))
    assert got == search_turn(hand, RULES, Seat.EAST, Tile.parse("4d"), [], 5)
    assert heard and max(h[2] for h in heard) > 0  # the halves' options counted as they were weighed


def test_a_worker_that_dies_costs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def dies(*_args: object) -> None:
        os._exit(3)

    monkeypatch.setattr(halves, "_second_half", dies)
    hand = Hand.parse(HANDS[2][0])
    wait = halves.meanwhile(halves.Turn(hand, RULES, Seat.EAST, None, [], 5), lambda *a: None)
    assert wait(None) == search_turn(hand, RULES, Seat.EAST, None, [], 5)
    wait = halves.meanwhile(halves.Claim(*CLAIMS[0][:2], "left", RULES, Seat.EAST, [], 4), lambda *a: None)
    assert wait(None) == search_claim(*CLAIMS[0][:2], "left", RULES, Seat.EAST, [], 4)


def test_which_turns_are_split() -> None:
    far = Hand.parse(HANDS[3][0])
    near = Hand.parse("123d 456d 789d EE RG N")
    assert halves.worth_splitting(far, RULES, Seat.EAST, halves.MIN_DRAWS)
    assert not halves.worth_splitting(far, RULES, Seat.EAST, halves.MIN_DRAWS - 1)
    assert not halves.worth_splitting(near, RULES, Seat.EAST, 9)  # 1 from ready
    late = Hand.parse("123d 456d 78d EE RG N F* | a1")  # 1 from ready, a FEI: seconds over 3 exact draws
    assert halves.worth_splitting(late, RULES, Seat.EAST, 3)
    assert not halves.worth_splitting(late, RULES, Seat.EAST, 2) and not halves.worth_splitting(late, RULES, Seat.EAST, 4)
    assert not halves.worth_splitting(near, RULES, Seat.EAST, 3)  # no FEI: under a second
    feis = Hand.parse("1334557d SS N F* F* F* F* | f2")  # complete, not a win: 4 FEI, many structures
    assert halves.worth_splitting(feis, RULES, Seat.EAST, halves.MIN_DRAWS)
    assert not halves.worth_splitting(feis, RULES, Seat.EAST, halves.MIN_DRAWS - 1)
    fei, tile = CLAIMS[0][:2]
    assert halves.claim_worth_splitting(fei, tile, "left", RULES, Seat.EAST, 3)  # a FEI held
    assert not halves.claim_worth_splitting(fei, Tile.parse("E"), "left", RULES, Seat.EAST, 9)  # only passing
    plain = Hand.parse("1335d 79d EE W N R G Wh")  # 3 from ready, no FEI
    assert halves.claim_worth_splitting(plain, tile, "left", RULES, Seat.EAST, halves.MIN_DRAWS)
    assert not halves.claim_worth_splitting(plain, tile, "left", RULES, Seat.EAST, halves.MIN_DRAWS - 1)


def test_a_drill_on_two_cores_grades_as_on_one() -> None:
    graded: dict[int, list[Graded]] = {1: [], 2: []}
    asked: list[Question] = []
    for cores in (1, 2):
        play_hand(RULES, 9, Player(RULES, Seat.SOUTH, _policy_ask(asked if cores == 2 else []), graded[cores].append,
                                   cores=cores))
    split = [q for q in asked if q.kind == "turn"
             and halves.worth_splitting(q.view.hand, RULES, Seat.SOUTH, q.view.draws_left)]
    assert split  # some turns were weighed on two cores
    assert any(q.kind == "claim" and q.tile is not None
               and halves.claim_worth_splitting(q.view.hand, q.tile, q.source, RULES, Seat.SOUTH, q.view.draws_left)
               for q in asked)  # and some claims
    assert graded[2] == graded[1]


def test_ctrl_c_is_the_parents(monkeypatch: pytest.MonkeyPatch) -> None:
    """The forked half ignores SIGINT (a Ctrl-C reaches the whole process group): the parent stops
    the drill and ends it, and no traceback comes from the worker."""
    import signal

    seen: list[object] = []

    def record(*args: object, **kw: object) -> object:
        seen.append(signal.getsignal(signal.SIGINT))
        raise RuntimeError("stop here")

    monkeypatch.setattr(halves.Turn, "half", record)

    class Conn:
        def send(self, message: object) -> None:
            seen.append(message)

        def close(self) -> None:
            pass

    before = signal.getsignal(signal.SIGINT)
    try:
        halves._second_half(Conn(), halves.Turn(Hand.parse(HANDS[2][0]), RULES, Seat.EAST, None, [], 5))  # type: ignore[arg-type]
    finally:
        signal.signal(signal.SIGINT, before)
    assert seen == [signal.SIG_IGN, ("failed",)]


# ``sekwoo discard``, ``claim`` and ``analyze`` (a 14-card hand; a card thrown ``--on`` 13)
FAR = "1258d EE S W N RR G Wh Wh | f1"  # two steps from ready: its discards weighed in halves at 5 draws
COMMANDS = [
    ["discard", FAR, "--draws", "5"],
    ["claim", str(CLAIMS[0][0]), str(CLAIMS[0][1]), "--draws", "4"],
    ["analyze", str(CLAIMS[0][0]), "--on", str(CLAIMS[0][1]), "--draws", "4"],
    ["analyze", FAR, "--draws", "5", "--seen", "5d 5d W"],
]


def _on(monkeypatch: pytest.MonkeyPatch, cores: int, args: list[str]) -> tuple[int, str, int]:
    """``sekwoo ARGS --json`` on ``cores`` cores: its exit code, its output, and the searches
    weighed in halves."""
    from typer.testing import CliRunner

    from tutor.cli import workers
    from tutor.cli.app import app

    split = []
    in_halves = halves.in_halves

    def spy(*args: object, **kw: object) -> object:
        split.append(args)
        return in_halves(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(workers, "cores", lambda: cores)
    monkeypatch.setattr(halves, "in_halves", spy)
    result = CliRunner().invoke(app, [*args, "--json"])
    return result.exit_code, result.output, len(split)


@pytest.mark.parametrize("args", COMMANDS, ids=["discard", "claim", "analyze-on", "analyze"])
def test_the_commands_on_two_cores_print_what_one_core_does(monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    """A long ``discard`` or ``claim`` (and ``analyze``, which asks them) is weighed in halves on
    two cores, and prints what one core prints, byte for byte."""
    one = _on(monkeypatch, 1, args)
    two = _on(monkeypatch, 2, args)
    assert one[0] == 0 and one[2] == 0 and two[2] == 1, one[1]
    assert two[:2] == one[:2]


@pytest.mark.parametrize("exact", [None, "0"])
def test_the_commands_on_two_cores_pass_the_budget_as_one_does(monkeypatch: pytest.MonkeyPatch,
                                                               exact: str | None) -> None:
    """A search past the budget on two cores: the answer over fewer draws, with the note, as one
    core gives it; with the exact draws asked for, the same error."""
    hand = halves.Turn(Hand.parse(FAR), RULES, Seat.EAST, None, [], 5)
    monkeypatch.setattr(budget, "MAX_STATES", hand.half(0).states + hand.half(1).states - 1)
    args = COMMANDS[0] + (["--exact-draws", exact] if exact else [])
    one = _on(monkeypatch, 1, args)
    two = _on(monkeypatch, 2, args)
    assert two[2] == 1 and two[:2] == one[:2]
    if exact:
        assert one[0] != 0 and "passes the search's budget" in one[1]
    else:
        assert one[0] == 0 and "passes its budget for this hand" in one[1]


def test_the_commands_hear_the_halves_in_their_own_thread() -> None:
    """A two-core search's progress reaches the caller in the caller's thread only: a terminal's
    bar is drawn from one thread (two threads drawing it at once made two bars, and an internal
    error), summed over both halves. The handler of Ctrl-C it sets for the search is put back."""
    import signal
    import threading

    heard: list[tuple[int, tuple[int, int, int]]] = []
    before = signal.getsignal(signal.SIGINT)
    result = halves.discard_on(2, Hand.parse(FAR), RULES, "east", 5,
                               progress=lambda *p: heard.append((threading.get_ident(), p)))
    assert signal.getsignal(signal.SIGINT) is before  # Ctrl-C is as it was once the search is done
    assert heard and {ident for ident, _ in heard} == {threading.get_ident()}
    assert max(p[0] for _, p in heard) <= result.states and max(p[2] for _, p in heard) > 1


def test_a_long_discard_in_a_terminal_shows_one_bar_and_ctrl_c_stops_it(tmp_path: object) -> None:
    """``sekwoo discard`` of a far hand at 8 draws, in a real terminal on two cores: the progress
    bar shows, and Ctrl-C ends it with exit 130 and one line, no internal error."""
    import re

    from support.terminal import in_terminal

    if len(os.sched_getaffinity(0)) < 2:  # pragma: no cover - CI and this machine have two
        pytest.skip("one core: no halves")
    env = {**os.environ, "SEKWOO_HOME": str(tmp_path), "COLUMNS": "100"}
    code, screen = in_terminal(["discard", "3667899d EE W N R G Wh | f2 a3 k1", "--draws", "8"], "", env,
                               interrupt_at="weighing the options")
    text = re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", screen)
    assert code == 130 and "sekwoo: interrupted" in text, text[-500:]
    assert "internal error" not in text and "Traceback" not in text, text[-500:]
