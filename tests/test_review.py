"""``sekwoo review``: hand-made records with known mistakes get the grades an independent
reference gives, the JSON has its documented shape, and the HTML page parses.

The reference works at a horizon of one draw (``--draws 1``), where the expected FUN of keeping 13
cards is plain counting: each card not in sight, weighted by its copies left, and the FUN of the
hand it completes when that hand wins (``check``). A discard is worth that; a claim is worth the
best discard after it; passing, the 13 cards as they are; SEK WOO, its FUN.
"""

from __future__ import annotations

import json
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tutor.cli.app import app
from tutor.core.hands import Hand, Meld, Seat
from tutor.core.tiles import FEI_ID, TILES, Tile
from tutor.engine.decide.claim import legal_claims
from tutor.engine.scoring.check import check
from tutor.errors import ArgumentError
from tutor.render.review import ending
from tutor.rules.load import load_rules
from tutor.table.events import Claim, Discard, Win
from tutor.table.record import parse_record, write_record
from tutor.table.replay import walk
from tutor.table.review import SINK_LATER, Decision, Review, own_draws, review

RULES = load_rules("3leg")
DOCUMENTED = ((1.0, "blunder"), (0.3, "mistake"), (0.1, "inaccuracy"))  # docs/records.md

READY = (Path(__file__).parent / "records" / "ready.txt").read_text(encoding="utf-8")
# No bonus card: a win is No Flower Mahjong, the 10-FUN limit, so breaking the wait costs more.
FLOWERLESS = READY.replace(" | f1", "").replace("sek-woo 5", "sek-woo 10")
# East PONGs a thrown East, then passes on the G it waits on, then breaks its hand.
CLAIMS = """\
rules 3leg
player east
east deal 123456d EE RRR W G 9d
south deal ?
west deal ?
east discard 9d
south draw ?
south discard G
west draw ?
west discard E
east pong [EEE]
east discard W
south draw ?
south discard G
west draw ?
west discard N
east draw 4d
east discard 4d
"""
KNOWN = {  # (line, grade) of each decision (a claim's line is the discard's), from the reference below
    "READY": [(6, "mistake"), (12, "good"), (16, "best")],
    "FLOWERLESS": [(6, "blunder"), (12, "inaccuracy"), (16, "best")],
    "CLAIMS": [(6, "best"), (10, "best"), (12, "inaccuracy"), (14, "blunder"), (18, "blunder")],
}
RECORDS = {"READY": READY, "FLOWERLESS": FLOWERLESS, "CLAIMS": CLAIMS}


def _pool(hand: Hand, seen: tuple[Tile, ...]) -> dict[int, int]:
    sight = hand.in_sight() + Counter(seen)
    return {k: (RULES.wild_copies if k == FEI_ID else RULES.copies) - sight[TILES[k]] for k in sorted(RULES.in_play)}


def _one_draw(kept: Hand, pool: dict[int, int], seat: Seat) -> float:
    """Expected FUN of 13 cards with one draw left: each card's chance times the FUN it wins."""
    total = won = 0.0
    for k, copies in pool.items():
        total += copies
        after = check(Hand((*kept.concealed, TILES[k]), kept.melds, kept.bonus), RULES, seat)
        if copies and after.wins:
            won += copies * after.fun
    return won / total


def _best_discard(hand: Hand, seen: tuple[Tile, ...], seat: Seat) -> dict[str, float]:
    """Each discard of a 14-card hand and its value (the 14 cards in sight before it)."""
    pool = _pool(hand, seen)
    out = {}
    for card in sorted(set(hand.concealed)):
        kept = list(hand.concealed)
        kept.remove(card)
        out[f"discard {card}"] = _one_draw(Hand(tuple(kept), hand.melds, hand.bonus), pool, seat)
    return out


def _reference(text: str) -> list[tuple[int, dict[str, float], str]]:
    """Each decision of the record's player: its line, every option's value, the option played."""
    record = parse_record(text)
    player = record.player
    assert player is not None
    out: list[tuple[int, dict[str, float], str]] = []
    open_claim: tuple[int, dict[str, float]] | None = None
    for event, board in walk(record):
        if open_claim is not None and not isinstance(event, Claim | Win) or open_claim and event.seat == player:
            line, values = open_claim
            played = "pass"
            if isinstance(event, Claim) and event.seat == player:
                played = f"{event.action} {event.meld}"
            elif isinstance(event, Win) and event.seat == player:
                played = "sek-woo"
            out.append((line, values, played))
            open_claim = None
        if isinstance(event, Discard) and event.seat != player:
            hand = board.hand(player)
            seen = [*board.seen(player), event.card]  # the card thrown is in sight (the board is before it)
            values = {"pass": _one_draw(hand, _pool(hand, tuple(seen)), player)}
            won = check(Hand((*hand.concealed, event.card), hand.melds, hand.bonus), RULES, player)
            if won.wins:
                values["sek-woo"] = float(won.fun)
            source = board.source(player, event.seat)
            for action, meld in legal_claims(hand, event.card, RULES, source):
                values[f"{action} {meld}"] = _after_claim(hand, meld, event.card, tuple(seen), player)
            if len(values) > 1:
                open_claim = (event.line, values)
        if getattr(event, "seat", None) == player and board.turn == player:
            hand = board.hand(player)
            values = _best_discard(hand, board.seen(player), player)
            won = check(hand, RULES, player)
            if won.wins:
                values["sek-woo"] = float(won.fun)
            out.append((event.line, values, f"discard {event.card}" if isinstance(event, Discard) else "sek-woo"))
    return out


def _after_claim(hand: Hand, meld: Meld, card: Tile, seen: tuple[Tile, ...], seat: Seat) -> float:
    rest = list(hand.concealed)
    taken = list(meld.cards)
    taken.remove(card)
    for t in taken:
        rest.remove(t)
    after = Hand(tuple(rest), (*hand.melds, meld), hand.bonus)
    left = list(seen)
    left.remove(card)  # now in the set laid down
    return max(_best_discard(after, tuple(left), seat).values())


def _grade(loss: float) -> str:
    if loss < 1e-6:
        return "best"
    return next((name for least, name in DOCUMENTED if loss >= least - 1e-6), "good")


@pytest.fixture(scope="module")
def reviews() -> dict[str, Review]:
    return {name: review(parse_record(text), draws=1) for name, text in RECORDS.items()}


@pytest.mark.parametrize("name", list(RECORDS))
def test_grades_match_an_independent_reference(name: str, reviews: dict[str, Review]) -> None:
    got = reviews[name]
    ref = _reference(RECORDS[name])
    assert [d.line for d in got.decisions] == [line for line, _, _ in ref]
    for d, (line, values, played) in zip(got.decisions, ref, strict=True):
        solver = {o.label: o.expected_fun for o in d.options}
        assert solver.keys() == values.keys(), line
        for label, value in values.items():
            assert solver[label] == pytest.approx(value, abs=1e-9), (line, label)
        assert d.played.label == played
        loss = max(values.values()) - values[played]
        assert d.loss == pytest.approx(loss, abs=1e-9)
        assert d.grade == _grade(loss)
        assert d.best.expected_fun == pytest.approx(max(values.values()), abs=1e-9)
    assert [(d.line, d.grade) for d in got.decisions] == KNOWN[name]


def test_summary_figures(reviews: dict[str, Review]) -> None:
    r = reviews["CLAIMS"]
    losses = [d.loss for d in r.decisions]
    assert r.fun_lost == pytest.approx(sum(losses))
    assert r.match_rate == pytest.approx(2 / 5)
    assert r.bad_move_rate == pytest.approx(2 / 5)
    assert [d.line for d in r.worst] == [14, 18, 12]  # the largest losses, largest first
    assert [d.loss for d in r.worst] == sorted((x for x in losses if x > 0), reverse=True)[:3]


def test_categories_and_explanations(reviews: dict[str, Review]) -> None:
    by_line = {d.line: d for d in reviews["CLAIMS"].decisions}
    assert by_line[10].kind == "claim" and by_line[10].category == "claim" and by_line[10].played.label == "pong [EEE]"
    assert by_line[14].category == "claim" and by_line[14].best.label == "sek-woo" and by_line[14].played.label == "pass"
    assert by_line[12].after == "claim"  # the discard that follows the PONG
    assert by_line[18].category == "efficiency" and by_line[18].offered == Tile.parse("4d")
    text = by_line[18].explanation
    assert "discard 4d" in text and f"{by_line[18].loss:.2f} FUN given up" in text
    assert "sek-woo: the best move" in reviews["READY"].decisions[-1].explanation


def test_a_card_someone_else_takes_first_is_no_decision() -> None:
    """West throws 4d, which East could only CHEE: South's PONG comes first, so East had no choice;
    with no PONG, East passed, and that is graded."""
    head = READY.split("west draw ?\nwest discard 9d")[0]
    taken = head + "west draw ?\nwest discard 4d\nsouth pong [444d]\nsouth discard 9d\nwest draw ?\nwest discard 9d\n"
    passed = head + "west draw ?\nwest discard 4d\neast draw 7d\neast discard 7d\n"
    thrown = 10  # the line of west's 4d
    assert parse_record(taken).events[thrown - 3] == Discard(Seat.WEST, Tile.parse("4d"))
    assert [d.line for d in review(parse_record(taken), draws=1).decisions] == [6]
    graded = review(parse_record(passed), draws=1).decisions
    assert [(d.line, d.kind, d.played.label) for d in graded][:2] == [(6, "move", "discard 4d"), (thrown, "claim", "pass")]
    assert {o.label for o in graded[1].options} == {"pass", "chee [234d]", "chee [345d]", "chee [456d]"}


def test_a_record_without_the_opponents_draws_reviews_the_same(reviews: dict[str, Review]) -> None:
    short = "".join(line + "\n" for line in READY.splitlines() if not line.endswith("draw ?"))
    got = review(parse_record(short), draws=1)
    full = reviews["READY"]
    assert [(d.grade, d.wall, d.draws) for d in got.decisions] == [(d.grade, d.wall, d.draws) for d in full.decisions]
    assert [d.loss for d in got.decisions] == pytest.approx([d.loss for d in full.decisions], abs=1e-12)


@pytest.mark.slow
def test_a_random_round_reviews_without_error() -> None:
    """A round played at random from a shuffled deck (PONGs, KONGs, sunk FEI, bonus cards, a FEI
    thrown away), from South's view: every move of the player is among the solver's options."""
    from test_record import random_round

    got = review(random_round(2, Seat.SOUTH), draws=1)
    assert len(got.decisions) > 10 and all(d.played in d.options and d.loss >= 0 for d in got.decisions)
    assert {d.kind for d in got.decisions} == {"move", "claim"}


def test_own_draws_count_the_deck_dealt_round_in_turn() -> None:
    """The player's draws left: the deck drawn one card a seat in turn from the next to draw."""
    board = next(b for e, b in walk(parse_record(READY)) if isinstance(e, Win))
    seats = list(RULES.seats)
    for wall in range(29):
        board.wall = wall
        for first in seats:
            for player in seats:
                turns = [seats[(seats.index(first) + k) % 3] for k in range(wall)]
                assert own_draws(board, player, first) == turns.count(player), (wall, first, player)


def test_tin_woo_counts_for_the_win_on_the_dealt_hand_only() -> None:
    """East's dealt hand wins by TIN WOO (10 FUN; 4 FUN, short of the minimum, any later): throwing
    9d gives up 10 FUN less what the hand is worth without the limit."""
    got = review(parse_record("player east\neast deal 123456789d EEE RR | f1\neast discard 9d\n"), draws=1)
    (d,) = got.decisions
    assert d.best.label == "sek-woo" and d.best.expected_fun == 10.0 and d.grade == "blunder"
    assert d.played.expected_fun == pytest.approx(
        _best_discard(d.hand, (), Seat.EAST)["discard 9d"], abs=1e-9)  # no limit in the draws ahead


def test_the_player_is_needed_and_must_match() -> None:
    with pytest.raises(ArgumentError, match="no event"):
        review(parse_record("rules 3leg\n# nothing yet\n"), draws=1)
    south = "south deal 1234555d E SS W F* F* | f3 s1 k4\n"  # two hands written, no player named
    with pytest.raises(ArgumentError, match="names no player"):
        review(parse_record(READY.replace("player east\n", "").replace("south deal ?\n", south)), draws=1)
    record = parse_record(READY.replace("player east\n", ""))  # East's is the only hand written
    assert [d.line for d in review(record, draws=1).decisions] == [5, 11, 15]
    assert [d.line for d in review(record, seat="east", draws=1).decisions] == [5, 11, 15]
    with pytest.raises(ArgumentError, match="east's view"):
        review(parse_record(READY), seat="south", draws=1)


# --- The command ---------------------------------------------------------------------------

runner = CliRunner()


def _write(tmp_path: Path, text: str, name: str = "hand.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_json_shape(tmp_path: Path) -> None:
    result = runner.invoke(app, ["review", str(_write(tmp_path, CLAIMS)), "--draws", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"rules", "player", "unit", "thresholds", "decisions", "summary", "result"} <= data.keys()
    assert data["thresholds"] == {name: least for least, name in DOCUMENTED}
    assert data["summary"]["decisions"] == len(data["decisions"]) == 5
    for d in data["decisions"]:
        assert {"index", "line", "kind", "hand", "played", "best", "options", "loss", "grade", "category",
                "explanation", "draws", "wall"} <= d.keys()
        assert d["kind"] in ("move", "claim") and d["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert d["category"] in ("efficiency", "value", "FEI", "claim", "KONG")
        assert d["best"] == d["options"][0] and d["played"] in d["options"]
        assert d["loss"] == pytest.approx(d["best"]["expected_fun"] - d["played"]["expected_fun"])
        assert Hand.parse(d["hand"]).size == (14 if d["kind"] == "move" else 13)
        assert isinstance(d["options"][0]["win_by_draw"], list) and d["draws"] == 1
    assert data["summary"]["worst"] == [data["decisions"][k]["index"] for k in (3, 4, 2)]
    assert data["result"] is None


class _Page(HTMLParser):
    """What the review page holds: sections, their cards, the chart's series."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[dict[str, str]] = []
        self.cards: list[int] = []
        self.series: dict[str, list[float]] = {}
        self.tags: Counter[str] = Counter()
        self.text: list[str] = []
        self.svg = ""
        self.offered: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags[tag] += 1
        if tag == "section":
            self.sections.append(a)
            self.cards.append(0)
        if tag == "svg":
            self.svg = a.get("class", "")
            if self.svg == "sekwoo-card" and self.sections:
                self.offered.append((len(self.sections) - 1, a["data-card"]))
        if tag == "g" and "data-card" in a and self.cards and self.svg == "sekwoo-hand":
            self.cards[-1] += 1
        if tag == "g" and "data-series" in a:
            self.series[a["data-series"]] = [float(x) for x in a["data-values"].split()]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_page_parses_and_draws_each_decision(tmp_path: Path) -> None:
    page = tmp_path / "review.html"
    result = runner.invoke(app, ["review", str(_write(tmp_path, CLAIMS)), "--draws", "1", "--html", str(page)])
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    parser = _Page()
    parser.feed(html)
    parser.close()
    got = review(parse_record(CLAIMS), draws=1)
    assert [s["data-line"] for s in parser.sections] == [str(d.line) for d in got.decisions]
    assert [s["data-grade"] for s in parser.sections] == [d.grade for d in got.decisions]
    # each hand drawn card by card: its concealed cards, sets laid down and bonus cards
    assert parser.cards == [len(d.hand.concealed) + sum(len(m.cards) for m in d.hand.melds) + len(d.hand.bonus)
                            for d in got.decisions]
    assert parser.offered == [(k, str(d.offered)) for k, d in enumerate(got.decisions) if d.offered is not None]
    assert len(parser.offered) >= 3
    assert parser.series["your move"] == pytest.approx([d.played.win_probability for d in got.decisions], abs=1e-6)
    assert parser.series["best move"] == pytest.approx([d.best.win_probability for d in got.decisions], abs=1e-6)
    assert parser.tags["script"] == 0 and parser.tags["link"] == 0 and "src=" not in html  # self-contained
    assert "40%" in "".join(parser.text)  # the match rate
    assert ending(got, "FUN") in "".join(parser.text)  # how the round ended


def test_a_byte_order_mark_and_a_unit_after_the_fun_are_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(READY.replace("sek-woo 5", "SEK WOO 5 FUN").encode("utf-8-sig"))
    result = runner.invoke(app, ["review", str(path), "--draws", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["result"] == {"kind": "sek-woo", "seat": "east", "fun": 5}


def test_terminal_view_says_how_the_round_ends(tmp_path: Path) -> None:
    result = runner.invoke(app, ["review", str(_write(tmp_path, READY)), "--draws", "1"], terminal_width=200)
    assert result.exit_code == 0 and "The round  you won, SEK WOO for 5 FUN" in result.stdout
    lost = READY.replace("east sek-woo 5", "east draw 9d\neast discard 9d\nsouth draw ?\nsouth sek-woo")
    result = runner.invoke(app, ["review", str(_write(tmp_path, lost)), "--draws", "1"], terminal_width=200)
    assert result.exit_code == 0 and "The round  south won, SEK WOO\n" in result.stdout
    cut = READY.replace("east sek-woo 5\n", "")
    result = runner.invoke(app, ["review", str(_write(tmp_path, cut)), "--draws", "1"], terminal_width=200)
    assert result.exit_code == 0 and "The round  the record stops before the round ends" in result.stdout


def test_a_loss_too_small_to_show_is_not_written_as_none() -> None:
    from tutor.core.words import given_up

    assert [given_up(x) for x in (0.0, 0.001, 0.0049, 0.005, 0.25)] == ["0.00", "<0.01", "<0.01", "0.01", "0.25"]


def test_terminal_view(tmp_path: Path) -> None:
    result = runner.invoke(app, ["review", str(_write(tmp_path, CLAIMS)), "--draws", "1"])
    assert result.exit_code == 0, result.output
    assert "Worst decisions" in result.stdout and "blunder" in result.stdout and "Summary" in result.stdout


@pytest.mark.parametrize(("text", "message"), [
    (READY.replace("east pong", "x").replace("south discard G", "south discard G\neast pong [G F* G]"),
     "bad record '{path}': line 9, column 11: east cannot claim G for [GG F*]"),
    (READY.replace("east sek-woo 5", "east sek-woo 6"), "line 17, column 14: east's hand"),
    (READY.replace("east deal 123456d", "east deal 11111d 6d"), "line 3, column 11: one 1d too many"),
    (READY.replace("south draw ?\nsouth discard G", "south draw ?\nsouth discard G\nsouth discard 5d"),
     "line 9, column 15: south cannot discard now"),
    ("# a round to write later\n\n", "bad record '{path}': it holds no event: write at least the player's dealt hand"),
])
def test_bad_records_exit_1_with_line_and_column(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path, text)
    result = runner.invoke(app, ["review", str(path), "--draws", "1"])
    assert result.exit_code == 1
    assert message.format(path=path) in result.stderr
    assert "Traceback" not in result.output


def test_the_documented_error_is_what_the_command_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = (Path(__file__).parent.parent / "docs" / "records.md").read_text(encoding="utf-8")
    said = page.split("$ sekwoo review bad.txt\n", 1)[1].split("\n", 1)[0]
    first = page.split("```text\n", 1)[1].split("```", 1)[0]  # "the first record above", its comment line too
    _write(tmp_path, first.replace("south discard G\n", "south discard R\neast pong [R F* R]\n"), "bad.txt")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["review", "bad.txt"])
    assert result.exit_code == 1 and result.stderr.strip() == said


def test_usage_errors(tmp_path: Path) -> None:
    result = runner.invoke(app, ["review", str(tmp_path / "none.txt")])
    assert result.exit_code == 1 and "cannot read" in result.stderr
    result = runner.invoke(app, ["review", str(_write(tmp_path, READY)), "--seat", "south", "--draws", "1"])
    assert result.exit_code == 2 and "--seat" in result.stderr
    result = runner.invoke(app, ["review", str(_write(tmp_path, READY)), "--seat", "nowhere", "--draws", "1"])
    assert result.exit_code == 2


def test_decision_fields_are_a_stable_shape() -> None:
    """The values the renderers are handed (``Decision``) carry what the docs promise."""
    names = set(Decision.__dataclass_fields__)
    assert {"line", "kind", "hand", "options", "played", "loss", "grade", "category", "explanation", "draws",
            "wall"} <= names


# --- Mistakes kept to be played again ------------------------------------------------------

def test_mistakes_are_kept_once_and_judged_again(tmp_path: Path, reviews: dict[str, Review]) -> None:
    from tutor.table.mistakes import judge, keep, kept

    r = reviews["CLAIMS"]
    added = keep(r, tmp_path)
    assert [m.grade for m in added] == [d.grade for d in r.decisions if d.grade in ("mistake", "blunder")]
    assert keep(r, tmp_path) == [] and kept(tmp_path) == added  # each once, read back equal
    claim, move = added
    assert (claim.kind, claim.offered, claim.played, claim.best) == ("claim", "G", "pass", "sek-woo")
    assert judge(claim, "SEK-WOO")[0] and not judge(claim, "pass")[0]
    assert judge(claim, "win")[0] and judge(claim, "hu")[0]  # the drill's words for a win
    assert move.kind == "move" and move.played == "discard 4d"
    right, named, best = judge(move, move.best)
    assert right and named == best and best.expected_fun == pytest.approx(r.decisions[-1].best.expected_fun)
    assert judge(move, "discard  4D")[1] is not None and not judge(move, "discard 4d")[0]
    assert judge(move, "discard 7d") == (False, None, best)  # a card not held: no such option


def test_keep_from_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEKWOO_HOME", str(tmp_path / "home"))
    args = ["review", str(_write(tmp_path, CLAIMS)), "--draws", "1", "--keep", "--json"]
    first = json.loads(runner.invoke(app, args).stdout)["kept"]
    again = json.loads(runner.invoke(app, args).stdout)["kept"]
    assert (first["added"], again["added"]) == (2, 0)
    assert Path(first["file"]) == tmp_path / "home" / "review-mistakes.jsonl"


# --- On every core ------------------------------------------------------------------------------

class _Clock:
    """A clock that never moves: every time taken reads 0, so two runs can be compared byte for byte."""

    @staticmethod
    def monotonic() -> float:
        return 0.0


def _reviewed(monkeypatch: pytest.MonkeyPatch, cores: int, *args: str) -> tuple[str, int]:
    """``sekwoo review ARGS`` on ``cores`` cores: its output, and how many items went to workers."""
    from tutor.cli import workers

    sent = []
    ordered = workers.ordered

    def spy(fn, items, jobs, ahead=None):  # type: ignore[no-untyped-def]
        items = list(items)
        sent.extend(items)
        return ordered(fn, items, jobs, ahead)

    monkeypatch.setattr(workers, "cores", lambda: cores)
    monkeypatch.setattr(workers, "ordered", spy)
    result = runner.invoke(app, ["review", *args])
    assert result.exit_code == 0, result.output
    return result.stdout, len(sent)


def test_a_review_on_every_core_is_the_one_process_review_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each decision weighed in a forked worker, the answers taken in the record's order: the JSON,
    the terminal view and the HTML page are those of one process (the clock stopped, so the
    seconds shown agree too)."""
    from test_record import random_round

    monkeypatch.setattr("tutor.table.review.time", _Clock)
    monkeypatch.setattr("tutor.table.weigh.time", _Clock)
    records = {**RECORDS, "ROUND": write_record(random_round(1, Seat.EAST))}
    for name, text in records.items():
        path, html = _write(tmp_path, text, f"{name}.txt"), tmp_path / f"{name}.html"
        args = (str(path), "--draws", "2" if name == "ROUND" else "1", "--json", "--html", str(html))
        alone, none_sent = _reviewed(monkeypatch, 1, *args)  # the JSON and the page of one review
        page = html.read_bytes()
        html.unlink()
        shared, sent = _reviewed(monkeypatch, 2, *args)
        assert shared == alone
        assert html.read_bytes() == page
        assert none_sent == 0 and sent > len(json.loads(alone)["decisions"]) > 1  # moves in shares


def test_ctrl_c_during_a_review_on_every_core_exits_130_and_leaves_no_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import multiprocessing
    import os
    import time

    from tutor.cli import workers
    from tutor.table import weigh as module

    parent = os.getpid()
    weigh = module.weigh_ask

    def interrupted(ask, *args, **kwargs):  # type: ignore[no-untyped-def]
        if os.getpid() != parent and ask.index > 6:  # a worker on a later decision: Ctrl-C reaches the parent
            raise KeyboardInterrupt
        return weigh(ask, *args, **kwargs)

    monkeypatch.setattr(module, "weigh_ask", interrupted)  # what the review's weigh_within calls
    monkeypatch.setattr(workers, "cores", lambda: 2)
    result = runner.invoke(app, ["review", str(_write(tmp_path, CLAIMS)), "--draws", "1"])
    assert result.exit_code == 130 and "interrupted" in result.stderr
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()


@pytest.mark.parametrize("seed", [1, 5])
def test_a_decision_weighed_in_shares_is_the_decision_weighed_whole(seed: int) -> None:
    """Each share of the discards weighed apart, the other moves (SEK WOO, sink, KONG, recall) with
    the first: put together, the options and their order are the whole search's, to the bit. The
    same for a claim's answers, SEK WOO on the card with the first."""
    from test_record import random_round

    from tutor.table.review import _asks
    from tutor.table.weigh import answered, shares, weigh_ask

    record = random_round(seed, Seat.EAST)
    asks, stop = _asks(record, RULES, Seat.EAST, 2)
    moves = [a for a in asks if a.kind == "move"]
    assert stop is None and len(moves) > 5
    actions = set()
    split_claims = 0
    for ask in asks:
        _, (whole, states, _) = answered(ask, [weigh_ask(ask, RULES, Seat.EAST)], RULES, Seat.EAST)
        actions |= {o.action for o in whole}
        for k in (2, 3):
            parts = shares(ask, k, RULES)
            answers = len([o for o in whole if o.action != "sek-woo"])  # passing and each claim
            assert len(parts) == (k if ask.kind == "move" else min(k, answers))
            split_claims += ask.kind == "claim" and len(parts) > 1
            _, (got, got_states, _) = answered(ask, [weigh_ask(p, RULES, Seat.EAST) for p in parts], RULES, Seat.EAST)
            assert (got, got_states) == (whole, states)
    assert "discard" in actions and len(actions) > 2  # a sink, a KONG: weighed with the last share; a claim
    assert split_claims


def test_a_review_runs_its_weighing_to_the_end() -> None:
    """With ``run`` (the workers, in ``sekwoo review``), the review takes every answer and then lets
    ``run`` finish, so that its workers are shut down in order rather than when it is collected."""
    record = parse_record((Path(__file__).parent / "records" / "ready.txt").read_text(encoding="utf-8"))
    finished: list[int] = []

    def run(fn, items):  # type: ignore[no-untyped-def]
        n = 0
        for item in items:
            n += 1
            yield fn(item)
        finished.append(n)

    mine = review(record, load_rules("3leg"), run=run)
    assert finished and finished[0] >= len(mine.decisions) == 3
    alone = review(record, load_rules("3leg"))
    assert [(d.options, d.played, d.grade) for d in mine.decisions] == [(d.options, d.played, d.grade) for d in alone.decisions]


@pytest.mark.parametrize("cores", [1, 2])
def test_a_decision_past_the_budget_is_weighed_whole_over_fewer_draws_and_says_so(
        cores: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """As ``discard`` and ``claim`` answer such a hand: the longest horizon that fits, the same
    options as a review asked for that horizon, a note in the explanation; on workers too, where a
    move is weighed in shares (one horizon for the whole decision, never a share's own)."""
    from functools import partial

    from tutor.cli import workers
    from tutor.engine.search import budget

    record = parse_record(READY)
    run = partial(workers.each, jobs=cores) if cores > 1 else None
    monkeypatch.setattr(budget, "MAX_STATES", 2)  # a move fits at one draw, a claim at two
    cut = review(record, run=run)
    monkeypatch.setattr(budget, "MAX_STATES", 10**9)
    whole = review(record)
    shortened = [(c, w) for c, w in zip(cut.decisions, whole.decisions, strict=True) if c.draws < w.draws]
    assert shortened
    for c, w in shortened:
        assert c.explanation.startswith(f"Weighed over {c.draws} draw") and f"of the {w.draws} left" in c.explanation
        asked = next(d for d in review(record, draws=c.draws).decisions if d.index == c.index)
        assert (c.options, c.played, c.grade) == (asked.options, asked.played, asked.grade)
    with pytest.raises(ArgumentError, match="budget"):  # the exact draws asked for: no other horizon
        monkeypatch.setattr(budget, "MAX_STATES", 2)
        review(record, exact_draws=1, run=run)


def test_shares_past_the_budget_together_are_weighed_as_one_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """One search counts its states over every option, horizon by horizon, so a move whose shares
    are each within the budget but not together is weighed over fewer draws in shares too, the
    horizon the one search stops at."""
    from test_record import random_round

    from tutor.engine.search import budget
    from tutor.table.review import SHARES, _asks
    from tutor.table.weigh import shares, weigh_ask

    record = random_round(1, Seat.EAST)
    asks, _ = _asks(record, RULES, Seat.EAST, 2)
    ask = max((a for a in asks if a.kind == "move"), key=lambda a: weigh_ask(a, RULES, Seat.EAST)[0].states)
    parts = [weigh_ask(p, RULES, Seat.EAST)[0].states for p in shares(ask, SHARES, RULES)]
    monkeypatch.setattr(budget, "MAX_STATES", max(parts) + 1)  # each share fits, the whole does not
    assert sum(parts) > budget.MAX_STATES
    one = review(record, draws=2)
    shared = review(record, draws=2, run=lambda fn, items: (fn(i) for i in items))
    assert next(d for d in one.decisions if d.index == ask.index).draws < 2
    assert [(d.options, d.draws, d.explanation) for d in shared.decisions] == \
        [(d.options, d.draws, d.explanation) for d in one.decisions]


def test_a_ready_hand_says_its_cards_complete_it_and_a_far_one_that_they_help() -> None:
    from tutor.table.review import explain
    from tutor.table.weigh import Choice

    five, six = Tile.parse("5d"), Tile.parse("6d")
    ready = Choice("discard", Tile.parse("N"), None, 1.0, 0.5, (0.5,), 0, 7, ((five, 4), (six, 3)), 5, None, 0)
    far = Choice("discard", Tile.parse("W"), None, 0.5, 0.2, (0.2,), 2, 7, ((five, 4), (six, 3)), 5, None, 2)
    assert "ready (one card wins), 7 cards complete it (5d 6d)" in explain(ready, ready, 0.0, 1, "FUN")
    assert "3 draws from a win, 7 cards help (5d 6d)" in explain(far, far, 0.0, 1, "FUN")


SINKS_NOW = """player west
east deal ? | k2
west deal 134668d NN RR G F* F* | s3
east discard R
west pong [RRR]
west discard 1d
"""


def test_keeping_a_fei_that_sinking_now_beats_says_a_later_sinking_is_left_out() -> None:
    """West keeps two FEI and discards 1d where sinking one now is best: over 4 draws the search has
    no exact draw, so no later sinking is weighed, and the explanation says so; over 2 draws (the
    moves weighed after the first) it does not."""
    record = parse_record(SINKS_NOW)
    *before, far = review(record, draws=4).decisions
    assert far.played.label == "discard 1d" and far.best.action == "sink" and far.grade != "best"
    assert far.explanation.endswith(SINK_LATER)
    assert all(SINK_LATER not in d.explanation for d in before)
    near = review(record, draws=2).decisions[-1]
    assert near.best.action == "sink" and near.grade != "best" and SINK_LATER not in near.explanation
