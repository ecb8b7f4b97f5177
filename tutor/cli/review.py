"""``sekwoo review FILE``: every decision of a hand record's player graded by the solver
(docs/records.md). Reads the record, calls the library, hands the answer to a renderer."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tutor.cli.analyze import ExactOpt
from tutor.cli.common import JsonOpt, edge, emit, progress_bar, show
from tutor.errors import RecordError, TutorError

FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="The hand record to review ('-' reads standard input).",
                                         show_default=False)]
HtmlOpt = Annotated[Path | None, typer.Option("--html", help="Also write one self-contained HTML page of the review "
                                                            "(the hand drawn at each decision, a chart of the chance to win).",
                                              show_default=False)]
ReviewRulesOpt = Annotated[str | None, typer.Option(
    "--rules", "-r", help="Rule set: a built-in name or a YAML file (default: the record's 'rules' line, else 3leg).",
    show_default=False)]
ReviewSeatOpt = Annotated[str | None, typer.Option(
    "--seat", "-s", help="Whose decisions to grade (default: the record's 'player' line, else the one seat whose hand "
                            "is written).", show_default=False)]
KeepOpt = Annotated[bool, typer.Option(
    "--keep", help="Keep the mistakes and blunders found, to play them again (docs/records.md).")]
HorizonOpt = Annotated[int | None, typer.Option(
    "--draws", "-n", min=0, help="At most this many own draws in each search (default: every draw left in the round).",
    show_default=False)]


def _read(path: Path) -> str:
    import sys

    if str(path) == "-":
        return sys.stdin.read().removeprefix("\ufeff")
    try:
        return path.read_text(encoding="utf-8-sig")  # a byte-order mark, as some editors write, is no card
    except UnicodeDecodeError:
        raise TutorError(f"cannot read {str(path)!r}: a record is UTF-8 text") from None
    except OSError as err:
        raise TutorError(f"cannot read {str(path)!r}: {err.strerror}") from None


def review(
    file: FileArg,
    html: HtmlOpt = None,
    rules: ReviewRulesOpt = None,
    seat: ReviewSeatOpt = None,
    draws: HorizonOpt = None,
    exact_draws: ExactOpt = None,
    keep: KeepOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Grade every decision in a hand record: the best move and yours, their expected FUN, the FUN
    given up (inaccuracy, mistake, blunder), what it was about, and a summary with the worst three."""
    from functools import partial

    from tutor.cli import workers
    from tutor.rules.load import load_rules
    from tutor.table.record import parse_record
    from tutor.table.review import NO_EVENT
    from tutor.table.review import review as grade_record

    with progress_bar(as_json) as tick, edge(as_json):
        text = _read(file)
        try:
            record = parse_record(text, rules)
        except RecordError as err:
            raise TutorError(f"bad record {str(file)!r}: {err}") from None
        if not record.events:
            raise TutorError(f"bad record {str(file)!r}: {NO_EVENT}")
        jobs = workers.cores()  # the decisions are independent: weighed on every core, in the record's order
        run = partial(workers.each, jobs=jobs) if jobs > 1 else None
        result = grade_record(record, load_rules(record.rules), seat, draws, exact_draws, tick, run)
        if html is not None:
            from tutor.render.review_html import review_html

            try:
                html.write_text(review_html(result), encoding="utf-8")
            except OSError as err:
                raise TutorError(f"cannot write {str(html)!r}: {err.strerror}") from None
        added = None
        if keep:
            from tutor.table.mistakes import keep as keep_mistakes
            from tutor.table.mistakes import path

            added = (len(keep_mistakes(result)), str(path()))
    if as_json:
        from tutor.render.review import review_dict

        data = review_dict(result)
        if html is not None:
            data["html"] = str(html)
        if added is not None:
            data["kept"] = {"added": added[0], "file": added[1]}
        emit(data)
        return
    from tutor.render.review import review_view

    show(review_view(result))
    if html is not None:
        print(f"Page written to {html}")
    if added is not None:
        print(f"Kept {added[0]} new mistake{'s' if added[0] != 1 else ''} in {added[1]}")


def register(app: typer.Typer) -> None:
    """Add ``review`` to the ``sekwoo`` app."""
    app.command()(review)


__all__ = ["register", "review"]
