"""``puzzle retry`` plays again the mistakes ``review --keep`` kept: answered right, a mistake is
settled (dropped); answered wrong, it stays, with the solver's best move named."""

from __future__ import annotations

import json
import os
from pathlib import Path

from support.terminal import in_terminal
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.core.words import plural
from tutor.table.mistakes import judge, kept, options, settle

READY = Path(__file__).parent / "records" / "ready.txt"


def _keep(home: Path) -> None:
    env = {"SEKWOO_HOME": str(home)}
    got = CliRunner().invoke(app, ["review", str(READY), "--keep"], env=env)
    assert got.exit_code == 0, got.output


def test_settle_drops_one_mistake(tmp_path: Path) -> None:
    _keep(tmp_path)
    found = kept(tmp_path)
    assert len(found) >= 2
    assert settle(found[0].id, tmp_path)
    assert [m.id for m in kept(tmp_path)] == [m.id for m in found[1:]]
    assert not settle(found[0].id, tmp_path)  # already gone


def test_retry_lists_them_without_a_terminal(tmp_path: Path) -> None:
    _keep(tmp_path)
    env = {"SEKWOO_HOME": str(tmp_path)}
    data = json.loads(CliRunner().invoke(app, ["puzzle", "retry", "--json"], env=env).output)
    assert [m["id"] for m in data["mistakes"]] == [m.id for m in kept(tmp_path)]
    assert all("played" not in m and "best" not in m for m in data["mistakes"])  # the answer is not given away
    text = CliRunner().invoke(app, ["puzzle", "retry", "--no-input"], env=env).output
    assert f"{plural(len(kept(tmp_path)), 'mistake')} kept from your reviews" in text


def test_retry_in_a_terminal_settles_a_right_answer(tmp_path: Path) -> None:
    _keep(tmp_path)
    first, second = kept(tmp_path)[:2]
    right = judge(first, first.best)[2].label  # the solver's best move, weighed again
    wrong = second.played  # the mistake made again
    assert judge(first, right)[0] and not judge(second, wrong)[0]
    env = dict(os.environ, SEKWOO_HOME=str(tmp_path), NO_COLOR="1", COLUMNS="100")
    code, screen = in_terminal(["puzzle", "retry"], f"{right}\n{wrong}\nq\n", env)
    assert code == 0, screen
    assert "Right:" in screen and "Not quite:" in screen
    assert first.id not in {m.id for m in kept(tmp_path)} and second.id in {m.id for m in kept(tmp_path)}



def test_a_discard_may_be_answered_with_its_card_alone(tmp_path: Path) -> None:
    """``9d`` names the option ``discard 9d`` (as the drill reads a move); other words are not moves."""
    _keep(tmp_path)
    turns = [m for m in kept(tmp_path) if m.kind != "claim"]
    assert turns
    for m in turns:
        for choice in options(m):
            if choice.label.startswith("discard "):
                assert judge(m, choice.label.removeprefix("discard "))[1] == choice
    assert judge(turns[0], "discard")[1] is None and judge(turns[0], "9x")[1] is None
