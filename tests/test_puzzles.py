"""The puzzle set: every puzzle loads, its answer is re-solved by the engine and is the only one."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace

import pytest

from puzzles import DRAW_THEMES, LEVELS, THEMES, Puzzle, dump_file, load_puzzles, parse_file
from tutor.core.hands import Hand, Meld
from tutor.engine.decide import solver
from tutor.engine.scoring.check import check
from tutor.errors import PuzzleError, TutorError
from tutor.rules.load import load_rules
from tutor.teach.answers import judge, read_answer
from tutor.teach.facts import fei_choices, shape_waits
from tutor.teach.rate import rate
from tutor.teach.solve import DISCARD_MARGIN_ABS, DISCARD_MARGIN_REL, solve
from tutor.teach.themes import ANSWER_KIND

PUZZLES = load_puzzles()
SEARCH = set(DRAW_THEMES)
"""Themes whose answer is an expected-FUN search: every puzzle is re-solved in the default run
(about 190 CPU s of the module's 220 on the 2-core machine), but making their files again takes
minutes (``-m slow``)."""


@pytest.fixture(autouse=True, scope="module")
def _one_search_per_question() -> Iterator[None]:
    """Each ``solver.discard`` question is searched once in this module: re-solving a puzzle and
    checking its answer against every option ask the engine the same thing (seconds a puzzle)."""
    real = solver.discard
    signature = inspect.signature(real)
    memo: dict[object, object] = {}

    def discard(*args: object, **kwargs: object) -> object:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()  # one question however it is asked (a default passed or left out)
        key = tuple(bound.arguments.items())
        try:
            hash(key)
        except TypeError:
            return real(*args, **kwargs)  # type: ignore[arg-type]
        if key not in memo:
            if len(memo) >= 1000:  # the generator's many hands (-m slow): keep memory bounded
                memo.clear()
            memo[key] = real(*args, **kwargs)  # type: ignore[arg-type]
        return memo[key]

    patch = pytest.MonkeyPatch()
    patch.setattr(solver, "discard", discard)
    yield
    patch.undo()


@pytest.fixture
def asked_for_slow(request: pytest.FixtureRequest) -> None:
    """Skip unless the run selects the slow tests (``-m slow``): they re-solve minutes of puzzles."""
    if "slow" not in (request.config.option.markexpr or ""):
        pytest.skip("run with -m slow: the search themes' files made again from their seeds")


def test_at_least_300_puzzles_across_every_theme_and_level() -> None:
    assert len(PUZZLES) >= 300
    themes = Counter(p.theme for p in PUZZLES)
    assert set(themes) == set(THEMES)
    assert all(n >= 12 for n in themes.values()), themes
    assert themes["is-a-set"] <= min(n for t, n in themes.items() if t != "is-a-set")  # the trivial theme is small
    assert {p.level for p in PUZZLES} == set(LEVELS)
    levels = Counter(p.level for p in PUZZLES)
    assert levels[2] + levels[3] >= 3 * levels[1], levels  # medium and hard favoured
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert len({(p.theme, p.hand, p.seat) for p in PUZZLES}) == len(PUZZLES)


def _check_solution(puzzle: Puzzle) -> None:
    sol = solve(puzzle)
    assert sol.unique, f"{puzzle.id}: several answers {sol.alternatives}"
    assert read_answer(puzzle.theme, puzzle.answer) == read_answer(puzzle.theme, sol.answer)
    assert sol.level == puzzle.level and sol.explanation == puzzle.explanation, puzzle.id
    assert judge(puzzle, puzzle.answer).correct
    for alt in ("no", "yes") if ANSWER_KIND[puzzle.theme] == "yesno" else ():
        assert judge(puzzle, alt).correct is (alt == puzzle.answer)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.id)
def test_answer_is_resolved_and_unique(puzzle: Puzzle) -> None:
    """Re-solved, the answer is the puzzle's and the only one; a best discard's beats every option
    the hand has, and a KONG or sinking question asks the best move. The checks of one puzzle in
    one test, so that they share its search (``_one_search_per_question``) whichever worker runs it."""
    _check_solution(puzzle)
    if puzzle.theme == "best-discard":
        _beats_every_option_the_hand_has(puzzle)
    elif puzzle.theme in ("kong-or-not", "sink-or-keep"):
        _does_not_already_win_and_asks_the_best_move(puzzle)


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.theme in SEARCH], ids=lambda p: p.id)
def test_search_puzzles_ask_a_decision_the_hand_offers(puzzle: Puzzle) -> None:
    """Without the search: the question is the theme's, the answer a move the hand can make, and
    the explanation argues for that answer."""
    from tutor.core.tiles import Tile
    from tutor.engine.decide.claim import legal_claims
    from tutor.engine.search.hand_moves import kongs, recalls
    from tutor.teach.themes import question_for

    p = puzzle
    rules = load_rules(p.rules)
    assert p.question == question_for(p.theme, p.seat, p.draws, p.on, p.source, p.drawn)
    if p.theme == "best-discard":
        assert Tile.parse(p.answer) in p.hand.concealed
        assert p.explanation.startswith(f"Discard {p.answer}: expected ")
    elif p.theme == "claim-or-pass":
        assert p.on is not None
        legal = {"pass"} | {claim_text(a, m) for a, m in legal_claims(p.hand, Tile.parse(p.on), rules, p.source)}
        if p.answer == "sek woo":
            assert check(Hand(p.hand.concealed + (Tile.parse(p.on),), p.hand.melds, p.hand.bonus), rules, p.seat).wins
        else:
            assert p.answer in legal, (p.id, legal)
    else:
        offered = {
            "kong-or-not": lambda: kongs(p.hand),
            "sink-or-keep": lambda: [t for t in p.hand.concealed if str(t) == "F*"],
            "recall-fei": lambda: recalls(p.hand, Tile.parse(p.drawn or ""), rules),
        }[p.theme]()
        assert offered, p.id
        assert p.explanation.startswith("Yes: " if p.answer == "yes" else "No: ")


def claim_text(action: str, meld: Meld) -> str:
    """A legal claim as a puzzle answer writes it (independently of ``solve.claim_answer``)."""
    if action == "kong":
        return "kong"
    if action == "pong":
        return "pong F*" if any(str(t) == "F*" for t in meld.cards) else "pong"
    return "chee " + " ".join(str(t) for t in meld.cards)


def test_round_horizon_puzzles_assume_the_seats_draws_in_a_round() -> None:
    """The long-horizon best-discard puzzles ask over the draws ``sekwoo discard`` assumes by default."""
    from tutor.core.hands import Seat
    from tutor.engine.search.horizon import draws_left

    rules = load_rules("3leg")
    long = [p for p in PUZZLES if p.id.startswith("best-discard-round-")]
    assert len(long) >= 30
    assert {p.draws for p in long} == {8, 9} and len({p.seat for p in long}) == 3
    for p in long:
        assert p.draws == draws_left(rules, Seat(p.seat), p.hand.size), p.id
    for p in long[:3]:  # the default horizon of 'discard' gives the same answer
        result = solver.discard(p.hand, rules, seat=p.seat)
        assert result.draws == p.draws and str(result.options[0].tile) == p.answer


def _by_theme(theme: str) -> list[Puzzle]:
    return [p for p in PUZZLES if p.theme == theme]


def test_waits_agree_with_the_solver() -> None:
    """Independent check of complete-shape and waits puzzles with ``tutor.engine.decide.solver.waits``."""
    rules = load_rules("3leg")
    for p in _by_theme("complete-shape") + _by_theme("waits"):
        found = {str(w.tile) for w in solver.waits(p.hand, rules, p.seat).waits} - {"F*"}
        assert found == set(p.answer.split()), p.id
        assert {str(t) for t in shape_waits(p.hand, rules)} == found


def test_fun_answers_agree_with_check() -> None:
    rules = load_rules("3leg")
    for p in _by_theme("count-fun"):
        assert check(p.hand, rules, p.seat).fun == int(p.answer), p.id
    for p in _by_theme("short-of-five"):
        result = check(p.hand, rules, p.seat)
        assert result.complete and (result.wins is (p.answer == "yes")), p.id
    answers = Counter(p.answer for p in _by_theme("short-of-five"))
    assert answers["no"] > answers["yes"] > 0


def test_use_fei_best_reading_uses_the_answer() -> None:
    """The best reading ``check`` finds puts the FEI where the puzzle says, for the same FUN."""
    rules = load_rules("3leg")
    for p in _by_theme("use-fei"):
        choices = fei_choices(p.hand, rules, p.seat)
        assert len(choices) >= 2
        result = check(p.hand, rules, p.seat)
        assert result.reading is not None
        stands = [g.tiles[j] for g in result.reading.groups if not g.declared for j in g.wild]
        assert [str(t) for t in stands] == [p.answer], p.id
        assert result.fun == choices[stands[0]] > max(f for t, f in choices.items() if t != stands[0])


def test_use_fei_best_choice_wins() -> None:
    """The FEI's best choice reaches the rule set's minimum: the hand can be declared, so scoring the
    most FUN with it is a question with a playable answer."""
    for p in _by_theme("use-fei"):
        result = check(p.hand, load_rules(p.rules), p.seat)
        assert result.wins and result.fun >= result.min_fun, (p.id, result.fun, result.min_fun)


def _clearly_below(best: float, other: float) -> bool:
    """``other`` is clearly worse than ``best``: by 0.05 expected FUN and 15% of ``best`` (solve.py's margin)."""
    return best - other >= max(DISCARD_MARGIN_ABS, DISCARD_MARGIN_REL * best)


def _beats_every_option_the_hand_has(puzzle: Puzzle) -> None:
    """Among ALL options (KONGs and sinking too, weighed inside the search), the answer's discard
    ranks first and every other option, declaring a win the hand already holds included, is clearly worse."""
    p = puzzle
    assert p.draws is not None
    result = solver.discard(p.hand, load_rules(p.rules), seat=p.seat, draws=p.draws, search_moves=True)
    assert result.draws == p.draws
    best, *rest = result.options
    assert (best.action, str(best.tile)) == ("discard", p.answer), p.id
    for o in rest:
        if (o.action, o.tile) != (best.action, best.tile):
            assert _clearly_below(best.expected_fun, o.expected_fun), (p.id, o.action, str(o.tile), o.expected_fun)
    if result.wins_now:
        assert _clearly_below(best.expected_fun, result.fun_now), p.id


def _does_not_already_win_and_asks_the_best_move(puzzle: Puzzle) -> None:
    """A KONG or sinking question is never about a hand that wins as it stands (declaring SEK WOO
    would be the answer), and the best option of all is the move asked about ("yes") or a discard ("no")."""
    p = puzzle
    rules = load_rules(p.rules)
    assert not check(p.hand, rules, p.seat).wins, p.id
    result = solver.discard(p.hand, rules, seat=p.seat, draws=p.draws, search_moves=True)
    asked = ("kong", "add-kong") if p.theme == "kong-or-not" else ("sink",)
    best = result.options[0]
    assert (best.action in asked) is (p.answer == "yes"), (p.id, best.action, p.answer)
    assert best.action in (*asked, "discard"), (p.id, best.action)


def test_ngan_answer_is_the_ngan_of_check() -> None:
    rules = load_rules("3leg")
    for p in _by_theme("find-ngan"):
        reading = check(p.hand, rules, p.seat).reading
        assert reading is not None and reading.ngan is not None
        assert str(reading.ngan.tiles[0]) == p.answer, p.id


def test_best_discard_puzzles_say_their_draws() -> None:
    for p in _by_theme("best-discard"):
        assert p.draws is not None and (p.draws <= 4 or p.id.startswith("best-discard-round-")), p.id


def test_puzzles_hold_parsed_hands_and_keep_the_text_as_written() -> None:
    """The loader parses each hand once; the text as the file writes it is what prints back."""
    for p in PUZZLES:
        assert isinstance(p.hand, Hand) and p.hand == Hand.parse(p.hand_text), p.id
        assert p.to_dict()["hand"] == p.hand_text
    spaced = next(p for p in PUZZLES if p.id == "is-a-set-001")
    assert spaced.hand_text == "1d 1d F*" and str(spaced.hand) == "11d F*"


def test_schema_is_validated_with_key_paths() -> None:
    good = "schema_version: 1\ntheme: waits\npuzzles:\n  - {id: w-1, level: 1, hand: 1d, question: q, answer: 1d, explanation: e}\n"
    assert parse_file(good, "f.yaml")[0].theme == "waits"
    cases = {
        good.replace("level: 1", "level: one"): r"^f.yaml:4:22: puzzles\[0\].level: Expected int",
        good.replace("level: 1", "level: 1, colour: red"): r"^f.yaml:4:5: puzzles\[0\]: Object contains unknown field `?colour",
        good.replace("theme: waits", "theme: chess"): "^f.yaml:2:8: theme: unknown theme 'chess'",
        good.replace("schema_version: 1", "schema_version: 9"): "^f.yaml:1:17: schema_version",
        good.replace("level: 1", "level: 7"): r"^f.yaml:4:22: puzzles\[0\].level: 7 is not a level",
        good.replace("id: w-1", "id: W 1"): r"^f.yaml:4:10: puzzles\[0\].id",
        good.replace("hand: 1d", "hand: 55x"): r"^f.yaml:4:31: puzzles\[0\].hand: ",
        good.replace("level: 1", "level: 1, draws: 40"): r"^f.yaml:4:32: puzzles\[0\].draws: 40 draws",
        good + "  - {id: w-2\n": r"^f.yaml:6:1: not valid YAML: ",
        "- a list": "a mapping",
    }
    for text, message in cases.items():
        with pytest.raises(PuzzleError, match=message):
            parse_file(text, "f.yaml")


def test_dump_round_trips() -> None:
    some = [p for p in PUZZLES if p.theme == "waits"]
    assert parse_file(dump_file("waits", some), "x") == tuple(some)
    spaced = [p for p in PUZZLES if p.theme == "is-a-set"]
    again = parse_file(dump_file("is-a-set", spaced), "x")
    assert again == tuple(spaced) and [p.hand_text for p in again] == [p.hand_text for p in spaced]


@pytest.mark.parametrize("theme", ["claim-or-pass", "kong-or-not", "sink-or-keep", "recall-fei"])
def test_the_decision_themes_hold_15_puzzles_each(theme: str) -> None:
    found = _by_theme(theme)
    assert len(found) >= 15
    assert all(p.draws for p in found)
    answers = Counter(p.answer.split()[0] for p in found)
    if theme == "recall-fei":  # the FEI taken back can stand for the card drawn: never worse (solve.py)
        return
    assert len(answers) >= 2, answers  # the answer is not always the same
    if theme != "claim-or-pass":  # yes and no about as often
        assert abs(answers["yes"] - answers["no"]) <= 2, answers


def test_claim_answers_are_read_leniently() -> None:
    from tutor.teach.answers import read_claim

    assert read_claim("Pong") == "pong" and read_claim("pong with a FEI") == "pong F*"
    assert read_claim("chi 9d,7d 8d") == read_claim("chee 789d") == "chee 7d 8d 9d"
    assert read_claim("sek woo") == read_claim("hu") == "sek woo" and read_claim("pass") == "pass"
    for bad in ("chee", "take it", ""):
        with pytest.raises(TutorError):
            read_claim(bad)


# --------------------------------------------------------------------------------------------
# The shipped files are what their seeds make


def _files() -> list[tuple[str, str]]:
    from importlib import resources

    folder = resources.files("puzzles")
    return [(e.name, e.read_text(encoding="utf-8")) for e in sorted(folder.iterdir(), key=lambda e: e.name)
            if e.name.endswith(".yaml")]


FILES = _files()


@pytest.mark.parametrize(("name", "text"), FILES, ids=[n for n, _ in FILES])
def test_each_file_records_its_generator_and_prints_back_byte_for_byte(name: str, text: str) -> None:
    from puzzles import read_file

    found, spec = read_file(text, name)
    assert spec.generator is not None, f"{name} does not say how it was made"
    assert all(p.seed is not None for p in found)
    assert dump_file(spec.theme, found, title=spec.title, generator=spec.generator) == text


@pytest.mark.parametrize(("name", "text"), FILES, ids=[n for n, _ in FILES])
def test_puzzles_are_rebuilt_from_their_seeds(name: str, text: str) -> None:
    """Every puzzle of the quick themes, and the first of a search theme, rebuilt alone from its seed."""
    from puzzles import read_file
    from tutor.teach.generate import one

    found, spec = read_file(text, name)
    gen = spec.generator
    assert gen is not None
    for p in found[:1] if spec.theme in SEARCH else found:
        assert p.seed is not None
        again = one(spec.theme, p.seed, rules=gen.rules, draws=gen.draws, puzzle_id=p.id)
        assert again is not None
        again = replace(again, rating=rate(again))  # as make stamps it
        assert dump_file(spec.theme, [again]) == dump_file(spec.theme, [p])


def _is_search(text: str) -> bool:
    return any(f"theme: {t}\n" in text for t in SEARCH)


@pytest.mark.parametrize(("name", "text"), [
    pytest.param(n, t, marks=[pytest.mark.slow] if _is_search(t) else [], id=n) for n, t in FILES])
def test_files_are_regenerated_byte_for_byte(name: str, text: str, request: pytest.FixtureRequest) -> None:
    """The whole file again from its ``generator`` record, the seeds passed over as well as those
    kept (for a search theme, minutes: with ``-m slow`` only)."""
    from puzzles import read_file
    from tutor.teach.generate import remake_file

    if read_file(text, name)[1].theme in SEARCH:
        request.getfixturevalue("asked_for_slow")
    assert remake_file(text, name) == text
