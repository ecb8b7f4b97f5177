"""The drill: a scripted session through stdin finishes and grades; the graded best option is the
solver's own; typed moves are read; results and the record are written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core.hands import Hand, Seat
from tutor.core.tiles import TILES
from tutor.engine.claim import claim, legal_claims
from tutor.engine.solver import discard
from tutor.rules.load import load_rules
from tutor.table.drill import Player, Question, play_hand, read_move
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
    run = _run(["--seed", "2", "--seat", "south", "--json", "--blind", "--budget", "300", "--record", str(record)],
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


def test_the_commands_default_budget_is_the_librarys() -> None:
    import inspect

    from tutor.cli.drill import drill
    from tutor.table.grading import BUDGET

    assert inspect.signature(drill).parameters["budget"].default == BUDGET


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
    policy = Policy(RULES)
    asked: list[Question] = []
    graded: list[Graded] = []

    def ask(q: Question) -> Move:
        asked.append(q)
        if q.kind == "turn":
            return policy.turn(q.view, list(q.legal), q.tile)
        return policy.claim(q.view, q.tile, q.source, list(q.legal))

    player = Player(RULES, Seat.WEST, ask, graded.append, budget=400)
    hand = play_hand(RULES, 4, player)
    assert hand.decisions and len(asked) == len(graded)
    for q, g in list(zip(asked, graded))[:4]:
        seen = list(q.view.seen.elements())
        if q.kind == "claim":
            seen.remove(q.tile)
        _agree(g, q, seen)


def test_a_drill_record_reviews_with_the_same_grades() -> None:
    """The record the drill writes is reviewed without error, with a decision for each one the drill
    graded and the same best value (over the one draw the drill falls back to with a budget of 1 state)."""
    policy = Policy(RULES)

    def ask(q: Question) -> Move:
        return policy.turn(q.view, list(q.legal), q.tile) if q.kind == "turn" else \
            policy.claim(q.view, q.tile, q.source, list(q.legal))

    hand = play_hand(RULES, 4, Player(RULES, Seat.SOUTH, ask, lambda g: None, budget=1))
    assert hand.record is not None
    graded = review(parse_record(write_record(hand.record)), draws=1)
    assert len(graded.decisions) == len(hand.decisions) > 3
    for mine, theirs in zip(hand.decisions, graded.decisions, strict=True):
        assert mine.draws == 1
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
