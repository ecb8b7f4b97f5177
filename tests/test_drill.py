"""The drill: a scripted session through stdin finishes and grades; the graded best option is the
solver's own; typed moves are read; results and the record are written; a grade slow to come
follows (in a terminal, and in the library with ``Later``), the same and in order."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import TILES, Tile
from tutor.engine.decide.claim import claim, legal_claims
from tutor.engine.decide.solver import discard
from tutor.rules.load import load_rules
from tutor.table.drill import HandSummary, Player, Question, play_hand, read_move
from tutor.table.game import Policy
from tutor.table.grading import Graded, claim_options, turn_options
from tutor.table.moves import Move, turn_moves
from tutor.table.record import parse_record, write_record
from tutor.table.results import stats
from tutor.table.review import review

RULES = load_rules("3leg")
ROOT = Path(__file__).parent.parent
# every line a player could type, "pass" first: at a turn the first card held is thrown, at a claim
# the next "pass" answers it; repeated, it plays any hand to its end
SCRIPT = ("pass\n" + "\n".join(str(TILES[t]) for t in sorted(RULES.in_play)) + "\n") * 40


def _run(args: list[str], stdin: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SEKWOO_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "tutor", "drill", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=300, check=False)


def test_a_scripted_session_through_stdin_finishes_grades_and_records(tmp_path: Path) -> None:
    record = tmp_path / "hand.txt"
    run = _run(["--seed", "2", "--seat", "south", "--json", "--blind", "--record", str(record)],
               SCRIPT, tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    # --blind: the grades (on stderr with --json) come only once the hand is over
    views = run.stderr.splitlines()
    end = views.index("your decisions, graded:")
    assert not any("given up" in line or "a best move" in line for line in views[:end])
    assert sum("given up" in line or "a best move" in line for line in views[end:]) == data["decisions"]
    hand = data["hands"][0]
    assert hand["result"] != "stopped" and hand["decisions"]
    for d in hand["decisions"]:
        values = {o["option"]: o["expected_fun"] for o in d["options"]}
        assert d["best_expected_fun"] == max(values.values())
        assert d["loss"] == pytest.approx(d["best_expected_fun"] - values[d["chosen"]])
        assert d["is_best"] == (d["loss"] <= 1e-9)
    assert data["decisions"] == len(hand["decisions"])
    assert data["best"] == sum(d["is_best"] for d in hand["decisions"])
    # the record of the hand is one the record's checker accepts, from the player's seat
    text = record.read_text(encoding="utf-8")
    assert parse_record(text).player == Seat.SOUTH
    # the result is in the progress database
    assert stats(tmp_path / "progress.db").hands == 1
    assert stats(tmp_path / "progress.db").decisions == data["decisions"]


def test_the_same_seed_deals_the_same_hand_and_q_stops(tmp_path: Path) -> None:
    first = _run(["--seed", "11", "--no-save"], "q\n", tmp_path)
    again = _run(["--seed", "11", "--no-save"], "", tmp_path)  # the end of the input stops too
    assert first.returncode == again.returncode == 0
    hand = [line for line in first.stdout.splitlines() if line.startswith("your hand")]
    assert hand and hand[0] in again.stdout
    assert "stopped" in first.stdout and not (tmp_path / "drills").exists()


def test_no_budget_of_work_can_change_a_grade(tmp_path: Path) -> None:
    """The grades never depend on the work a search took: the drill has no ``--budget``, and the
    library's searches take none."""
    import inspect

    from tutor.table import grading

    run = _run(["--seed", "1", "--budget", "300"], "q\n", tmp_path)
    assert run.returncode == 2 and "--budget" in run.stderr
    for fn in (grading.search_turn, grading.search_claim, grading.grade_turn, grading.grade_claim, Player):
        assert "budget" not in inspect.signature(fn).parameters


def _policy_ask(asked: list[Question]) -> Callable[[Question], Move]:
    """The player's answers: the opponents' policy's, each question kept in ``asked``."""
    policy = Policy(RULES)

    def ask(q: Question) -> Move:
        asked.append(q)
        if q.kind == "turn":
            return policy.turn(q.view, list(q.legal), q.tile)
        return policy.claim(q.view, q.tile, q.source, list(q.legal))

    return ask


@functools.cache
def _south_of_seed_4() -> HandSummary:
    """Seed 4 played from South by the opponents' policy, every grade waited for: the reference
    of the tests that grade it another way (kept: a hand takes seconds to grade)."""
    return play_hand(RULES, 4, Player(RULES, Seat.SOUTH, _policy_ask([]), lambda g: None))


def test_a_move_the_old_budget_cut_is_graded_in_full_with_distinct_values() -> None:
    """West's first move of seed 3 searches some 9,760 hand states at its 9 draws. The old budget
    of 1,500 states graded it over one draw instead, where every option is worth the same and each
    was "a best move"; now it is graded over its 9 draws, and the options' values differ."""
    from contextlib import contextmanager

    asked: list[Question] = []
    graded: list[Graded] = []
    states: list[int] = []  # what the first decision's search says while the player waits for it

    @contextmanager
    def waiting() -> Iterator[Callable[[int, int, int], None] | None]:
        yield (lambda searched, _done, _total: states.append(searched)) if not graded else None

    play_hand(RULES, 3, Player(RULES, Seat.WEST, _policy_ask(asked), graded.append, waiting))
    g, q = graded[0], asked[0]
    assert g.kind == "turn" and g.draws == g.round_draws == q.view.draws_left == 9
    assert max(states) > 1_500  # past the old budget
    seen = list(q.view.seen.elements())
    over_one = turn_options(discard(q.view.hand, RULES, q.view.seat, draws=1, seen=seen, drawn=q.tile))
    assert len({c.expected_fun for c in over_one}) == 1  # the old grade: every option a best move
    values = [c.expected_fun for c in g.options]
    assert len(set(values)) > len(values) // 2 and values == sorted(values, reverse=True)
    assert sum(c.expected_fun >= g.best.expected_fun - 1e-9 for c in g.options) == 1


def test_bad_options_are_usage_errors_and_a_bad_record_path_one_line(tmp_path: Path) -> None:
    run = _run(["--seat", "north"], "", tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    run = _run(["--seed", "1", "--record", str(tmp_path)], "q\n", tmp_path)  # a folder, not a file
    assert run.returncode == 1 and "cannot write the record" in run.stderr and "Traceback" not in run.stderr


def test_typed_moves_are_read() -> None:
    legal = [Move("discard", TILES[0]), Move("discard", TILES[31]), Move("sink", TILES[34]), Move("kong", TILES[4])]
    assert read_move("1d", legal) == legal[0]
    assert read_move(" R ", legal) == legal[1]
    assert read_move("sink", legal) == legal[2]
    assert read_move("kong 5d", legal) == legal[3]
    assert isinstance(read_move("2d", legal), str)
    assert isinstance(read_move("pong", legal), str)
    hand = Hand.parse("34d 55d F* 9d EE S W N")
    claims = [Move("pass")] + [Move(a, None, m) for a, m in legal_claims(hand, TILES[4], RULES, "left")]
    assert read_move("pass", claims) == Move("pass")
    pongs = [m for m in claims if m.action == "pong"]
    assert read_move("pong", claims) == next(m for m in pongs if not m.meld.wild_count)
    chee = next(m for m in claims if m.action == "chee" and not m.meld.wild_count)
    assert read_move("chee 345d", claims) == chee


def _agree(g: Graded, q: Question, seen: list) -> None:
    """The graded ranking is the solver's own answer at the same horizon."""
    if g.kind == "turn":
        res = discard(q.view.hand, RULES, q.view.seat, draws=g.draws, seen=seen, drawn=q.tile)
        mine = turn_options(res)
    else:
        res = claim(q.view.hand, q.tile, RULES, q.source, q.view.seat, draws=g.draws, seen=seen)
        mine = claim_options(res)
    best = max(c.expected_fun for c in mine)
    assert g.best.expected_fun == pytest.approx(best)
    assert {c.label for c in g.options} == {c.label for c in mine}
    assert {m.label for m in q.legal} <= {c.label for c in g.options} | {"SEK WOO"}


def test_the_graded_best_option_is_the_solvers_answer() -> None:
    asked: list[Question] = []
    graded: list[Graded] = []
    player = Player(RULES, Seat.WEST, _policy_ask(asked), graded.append)
    hand = play_hand(RULES, 4, player)
    assert hand.decisions and len(asked) == len(graded)
    for q, g in list(zip(asked, graded))[:4]:
        seen = list(q.view.seen.elements())
        if q.kind == "claim":
            seen.remove(q.tile)
        _agree(g, q, seen)


def test_a_drill_record_reviews_with_the_same_grades() -> None:
    """The record the drill writes is reviewed without error, with a decision for each one the drill
    graded, at the same horizon (the round's) and with the same best value."""
    hand = _south_of_seed_4()
    assert hand.record is not None
    graded = review(parse_record(write_record(hand.record)))
    assert len(graded.decisions) == len(hand.decisions) > 3
    for mine, theirs in zip(hand.decisions, graded.decisions, strict=True):
        assert mine.draws == mine.round_draws == theirs.draws
        assert theirs.best.expected_fun == pytest.approx(mine.best.expected_fun)


def test_results_share_the_progress_database(tmp_path: Path) -> None:
    """Drill rows go into their own table of the progress file, which the puzzles' progress still
    opens as its own; the totals add up."""
    from tutor.table.results import DrillRow, rows, save
    from tutor.teach.progress import Progress

    db = tmp_path / "progress.db"
    assert stats(db).hands == 0  # no file yet: nothing played, nothing created
    save(DrillRow("2026-01-01T00:00:00+00:00", "3leg", "east", 3, 10, 7, 1.5, True, 6, 4), db)
    save(DrillRow("2026-01-02T00:00:00+00:00", "3leg", "south", 4, 5, 5, 0.0, False, 0, None), db)
    total = stats(db)
    assert (total.hands, total.wins, total.decisions, total.best) == (2, 1, 15, 12)
    assert total.fun_lost == pytest.approx(1.5)
    assert [r.seed for r in rows(db)] == [3, 4] and rows(db)[1].ready_after is None
    with Progress(db) as p:  # the puzzles' progress still opens the file, and finds it its own
        assert p.stats().attempts == 0


@pytest.mark.parametrize(("text", "drawn", "actions"), [
    ("5555d 123d 7d E R F* [RR F*]", "R", {"discard", "sink", "kong", "recall"}),
    ("5d 123d 789d EE WhWh [555d]", "5d", {"discard", "add-kong"}),
    ("123d 456d 789d EE RRR", "R", {"win", "discard"}),
])
def test_every_legal_move_is_weighed(text: str, drawn: str, actions: set[str]) -> None:
    """Each move the drill accepts (a KONG, a card added to a PONG, a recall, sinking, SEK WOO) is
    among the options the solver weighs, so every answer can be graded."""
    hand = Hand.parse(text)
    tile = TILES[[str(t) for t in TILES].index(drawn)]
    legal = turn_moves(hand, RULES, Seat.EAST, tile)
    assert {m.action for m in legal} == actions
    options = turn_options(discard(hand, RULES, "east", draws=1, drawn=tile))
    assert {m.label for m in legal} <= {c.label for c in options}


def test_a_slow_grade_follows_in_a_terminal_and_the_drill_plays_on(tmp_path: Path) -> None:
    """East's first move of seed 12 takes the solver seconds: answered at once in a terminal, the
    drill says its grade follows and asks the next question; quitting there waits for the grade,
    which comes headed by its hand, before the hand's end."""
    from support.terminal import in_terminal

    env = {**os.environ, "SEKWOO_HOME": str(tmp_path), "COLUMNS": "200"}
    code, screen = in_terminal(["drill", "--seed", "12", "--no-save"], "W\nq\n", env)
    assert code == 0 and "Traceback" not in screen, screen
    note = screen.index("W: still weighing; its grade follows")
    asked = screen.index("> ", note)  # the next question came before the grade
    late = screen.index("earlier, your move with 3667899d EE W N R G Wh | f2 a3:")
    assert note < asked < late < screen.index("  W: ", late) < screen.index("decisions: 1,"), screen


def test_a_long_wait_for_a_grade_shows_a_bar_in_a_terminal_and_ctrl_c_stops_it(tmp_path: Path) -> None:
    """Quitting at the question after a slow grade's (East's first move of seed 12) waits for it:
    the wait shows the progress bar (past a second), and Ctrl-C then ends the drill, exit 130."""
    from support.terminal import in_terminal

    env = {**os.environ, "SEKWOO_HOME": str(tmp_path), "COLUMNS": "100"}
    code, screen = in_terminal(["drill", "--seed", "12", "--no-save"], "W\nq\n", env,
                               interrupt_at="weighing the options")
    assert "still weighing" in screen and "weighing the options" in screen and "interrupted" in screen, screen
    assert "Traceback" not in screen, screen
    assert code == 130, screen


class _Screen:
    """A terminal's output as the drill sees it: it says it is a terminal, and keeps what is written."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, s: str) -> int:
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("loss", "colour"), [(0.0, "32"), (0.05, "33"), (0.2, "33"), (0.3, "31"), (1.5, "31")])
def test_drill_grades_in_colour_on_a_terminal(monkeypatch: pytest.MonkeyPatch, loss: float, colour: str) -> None:
    """On a terminal that takes colour, a graded decision is green when best, yellow for a small
    loss, red from a mistake (review's thresholds); with NO_COLOR, and through a pipe, plain text."""
    from tutor.cli.drill import grade_style, painter

    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    screen = _Screen()
    painter(screen)("  you: 5d", grade_style(loss))  # type: ignore[arg-type]
    assert f"\x1b[{colour}m  you: 5d" in screen.text
    monkeypatch.setenv("NO_COLOR", "1")
    plain = _Screen()
    painter(plain)("  you: 5d", grade_style(loss))  # type: ignore[arg-type]
    assert plain.text == "  you: 5d\n"


def test_moves_that_name_nothing_say_why() -> None:
    legal = [Move("discard", TILES[0]), Move("discard", TILES[30])]
    assert read_move("n", legal) == "'n' is not a card or a move: did you mean N? (? lists the moves)"
    hand = Hand.parse("12d 23d 9d EE S W N")
    claims = [Move("pass")] + [Move(a, None, m) for a, m in legal_claims(hand, TILES[2], RULES, "left")]
    said = read_move("chee 345d", claims)
    assert isinstance(said, str) and said.startswith("chee 345d is not possible now: ") and "chee [123d]" in said


def test_a_win_asked_for_in_vain_says_why() -> None:
    from tutor.table.drill import NO_WIN, why_no_win
    from tutor.table.game import View

    def asked(hand: str, kind: str = "turn", tile: str | None = None) -> str:
        view = View(Seat.EAST, Hand.parse(hand), Counter(), (), (), 20, 5)
        q = Question(kind, view, (Move("pass"),), None if tile is None else Tile.parse(tile), "left")
        assert read_move("win", q.legal) == NO_WIN
        return why_no_win(q, RULES)

    # 3 FUN of PONG of East and the flower, and the basic win: short of the 5
    assert asked("123d 456d 789d EEE NN | f1") == f"{NO_WIN}: complete, but 4 FUN is short of the minimum of 5"
    assert asked("123d 456d 789d EE NN S | f1") == f"{NO_WIN}: not a complete hand"
    assert asked("123d 456d 789d EEE N | f1", "claim", "F*").endswith("a FEI thrown away is never claimed")


def test_piped_moves_that_go_astray_exit_1(tmp_path: Path) -> None:
    run = _run(["--seed", "1", "--no-save"], "N\n", tmp_path)  # East holds no N; then the input ends
    assert run.returncode == 1 and "1 line named no move, the first 'N'" in run.stderr
    run = _run(["--seed", "1", "--no-save"], "q\n", tmp_path)  # stopped on purpose
    assert run.returncode == 0, run.stderr


def test_the_table_view_tells_what_happened_since_the_last_move(tmp_path: Path) -> None:
    """Seed 5 from South: East throws Wh, West claims it for a PONG; bonus cards drawn are named."""
    run = _run(["--seed", "5", "--seat", "south", "--no-save"], "G\nq\n", tmp_path)
    assert run.returncode == 0, run.stderr
    first = next(line for line in run.stdout.splitlines() if line.startswith("since your last move: "))
    assert "east threw Wh; west claimed east's Wh for [WhWhWh]; west threw G" in first
    assert "(a bonus card, replaced)" in first
    # the same cards the view lists as thrown: a claimed one is gone from the discards, and said
    assert "west: [WhWhWh]" in run.stdout


def test_grades_that_follow_later_are_the_same_in_the_same_order() -> None:
    """With ``Later`` (no grace: the drill goes on at once), each answer's grade is handed over
    when its search is done: to ``late`` where the game went on first (after the drill said so),
    and the grades are those of a drill that waits for each, in order."""
    from tutor.table.drill import Later

    waited = _south_of_seed_4().decisions
    events: list[tuple[str, object]] = []
    asked: list[Question] = []
    policy = _policy_ask(asked)

    def ask(q: Question) -> Move:
        events.append(("ask", q))
        return policy(q)

    later = Later(0.0, lambda q, m: events.append(("deferred", (q, m))), lambda g: events.append(("late", g)))
    hand = play_hand(RULES, 4, Player(RULES, Seat.SOUTH, ask, lambda g: events.append(("graded", g)), later=later))
    grades = [g for kind, g in events if kind in ("graded", "late")]
    assert grades == hand.decisions == waited and len(waited) > 3
    deferred = [x for kind, x in events if kind == "deferred"]
    late = [g for kind, g in events if kind == "late"]
    assert deferred and len(deferred) == len(late)
    for (q, m), g in zip(deferred, late, strict=True):  # each late grade after its answer was put off
        assert (g.hand, g.chosen) == (q.view.hand, m.label)
        said = next(i for i, e in enumerate(events) if e[0] == "deferred" and e[1][0] is q)
        assert next(i for i, e in enumerate(events) if e[1] is g) > said


def test_a_player_who_quits_still_gets_the_grades_owed() -> None:
    """Quitting at a question waits for the grades of the answers before it (none is lost, late or
    not), and the question quit is not graded."""
    from tutor.table.drill import Later, QuitDrill

    policy = _policy_ask([])
    asked: list[Question] = []
    late: list[Graded] = []

    def ask(q: Question) -> Move:
        asked.append(q)
        if len(asked) == 4:
            raise QuitDrill
        return policy(q)

    player = Player(RULES, Seat.SOUTH, ask, lambda g: None, later=Later(0.0, lambda q, m: None, late.append))
    with pytest.raises(QuitDrill):
        play_hand(RULES, 4, player)
    assert len(player.hand.decisions) == 3 and not player.owed and late
    assert [g.hand for g in player.hand.decisions] == [q.view.hand for q in asked[:3]]


def test_the_hands_end_is_told_before_the_grades_still_owed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every search held back until the hand ends: the end (its result) is told first, after the
    last question, then every grade follows, late, in order, as a drill that waits gives them."""
    import threading

    from tutor.table import drill
    from tutor.table.drill import Later

    waited = _south_of_seed_4().decisions
    release = threading.Event()

    def held(search: Callable[..., object]) -> Callable[..., object]:
        def run(*args: object) -> object:
            release.wait()
            return search(*args)
        return run

    monkeypatch.setattr(drill, "search_turn", held(drill.search_turn))
    monkeypatch.setattr(drill, "search_claim", held(drill.search_claim))
    events: list[tuple[str, object]] = []
    policy = _policy_ask([])

    def ask(q: Question) -> Move:
        events.append(("ask", q))
        return policy(q)

    def ended(h: object) -> None:
        events.append(("ended", h))
        release.set()

    later = Later(0.0, lambda q, m: events.append(("deferred", q)), lambda g: events.append(("late", g)), ended)
    hand = play_hand(RULES, 4, Player(RULES, Seat.SOUTH, ask, lambda g: events.append(("graded", g)), later=later))
    kinds = [kind for kind, _ in events]
    end = kinds.index("ended")
    assert events[end][1] is hand and hand.result is not None
    assert kinds[end + 1:] == ["late"] * len(waited) and kinds[:end].count("ask") == len(waited)
    assert [g for _, g in events[end + 1:]] == hand.decisions == waited
