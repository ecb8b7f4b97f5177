"""Views of the daily puzzle and of the player's marks: where the player stands with today's
daily (solved or not, the streak, the time until the next one), and the puzzle list with ✓ ✗.

Each ``show_*`` prints on a rich console; each ``*_dict`` is the plain data for ``--json``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from puzzles import LEVELS, THEMES, Puzzle
from tutor.core.words import plural
from tutor.render.flow import hanging

if TYPE_CHECKING:
    from rich.console import Console

    from tutor.teach.daily import DailyStatus
    from tutor.teach.progress import Mark

MARKS = {"solved": "✓", "failed": "✗", "new": "·"}
"""The mark of each puzzle state in ``puzzle list``."""


def wait_words(seconds: int) -> str:
    """A time left in words, to the minute: "7 h 12 min", "45 min", "under a minute"."""
    minutes = seconds // 60
    if minutes < 1:
        return "under a minute"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes} min" if hours else f"{minutes} min"


def daily_status_dict(s: DailyStatus) -> dict[str, Any]:
    """Today's daily as the player stands with it, as JSON."""
    return {
        "date": s.today.isoformat(), "id": s.puzzle_id, "answered": s.answered, "solved": s.solved,
        "answered_id": s.answered_id, "streak": s.streak, "best_streak": s.best_streak,
        "next_daily": s.next_at.isoformat(timespec="seconds"), "next_in_seconds": s.seconds_left,
    }


def status_lines(s: DailyStatus) -> tuple[str, str]:
    """Today's daily solved or not and the streak; then when the next daily comes."""
    if not s.answered:
        head = f"Today's daily {s.puzzle_id} is still open"
    else:
        head = f"Today's daily {s.answered_id}: {'solved ✓' if s.solved else 'not solved ✗'}"
    streak = f"streak {plural(s.streak, 'day')}" + (f" (best {s.best_streak})" if s.best_streak > s.streak else "")
    return f"{head} · {streak}", f"Next daily in {wait_words(s.seconds_left)}."


def show_daily_status(con: Console, s: DailyStatus, note: str | None = None) -> None:
    """Where the player stands with today's daily, after a note (why an answer was practice)."""
    if note:
        show_note(con, note)
    head, after = status_lines(s)
    con.print(hanging("  ", head, "bold green" if s.solved else "bold"))
    con.print(hanging("  ", after))


def show_note(con: Console, note: str) -> None:
    """A note on an answer (why it was practice)."""
    con.print(hanging("  ", note, "yellow"))


def practice_note(practice_date: str | None, scored: bool, today: str) -> str | None:
    """Why an answer to a daily did not count toward the streak, or None when it did. (A first
    answer to a puzzle moves the rating whatever the date: the rating line says so itself.)"""
    if scored or practice_date is None:
        return None
    if practice_date is not None and practice_date != today:
        return f"Practice: the daily of {practice_date} counts toward the streak only on its own date."
    return "Practice: today's daily was answered already; only the first answer counts toward the streak."


def puzzle_state(mark: Mark | None) -> str:
    """A puzzle's state for the list: solved or failed at the first try, or new."""
    if mark is None:
        return "new"
    return "solved" if mark.first else "failed"


def puzzle_list_dict(chosen: tuple[Puzzle, ...], marks: dict[str, Mark]) -> dict[str, Any]:
    """Puzzles by id, theme, level and the player's state on each, and every theme with its title."""
    rows = []
    for p in chosen:
        mark = marks.get(p.id)
        rows.append({
            "id": p.id, "theme": p.theme, "level": p.level, "status": puzzle_state(mark),
            "answers": mark.answers if mark else 0, "latest_correct": mark.latest if mark else None,
        })
    return {"puzzles": rows, "themes": [{"theme": k, "title": v} for k, v in THEMES.items()]}


def show_puzzle_list(con: Console, chosen: tuple[Puzzle, ...], marks: dict[str, Mark]) -> None:
    """One line per puzzle, never wrapped (its mark, id, theme, level, and the question cut to the
    width), then the count of each mark and the themes."""
    from rich.text import Text

    styles = {"solved": "green", "failed": "red", "new": "dim"}
    ids = max((len(p.id) for p in chosen), default=2)
    themes = max((len(p.theme) for p in chosen), default=5)
    levels = max(len(v) for v in LEVELS.values())
    con.print(Text(f"  {'id':<{ids}}  {'theme':<{themes}}  {'level':<{levels}}  question", style="bold"),
              no_wrap=True, overflow="ellipsis")
    for p in chosen:
        state = puzzle_state(marks.get(p.id))
        line = Text.assemble((MARKS[state], styles[state]), f" {p.id:<{ids}}  {p.theme:<{themes}}  "
                             f"{LEVELS[p.level]:<{levels}}  {p.question}")
        line.truncate(con.width, overflow="ellipsis")
        con.print(line, no_wrap=True, overflow="ellipsis")
    counts = {s: sum(puzzle_state(marks.get(p.id)) == s for p in chosen) for s in MARKS}
    con.print(hanging("", f"{plural(len(chosen), 'puzzle')}: ✓ {counts['solved']} solved, ✗ {counts['failed']} "
                          f"failed, · {counts['new']} new (the first answer counts; retries are practice)."))
    con.print(hanging("", f"Themes: {', '.join(THEMES)}", "dim"))


__all__ = [
    "MARKS", "daily_status_dict", "practice_note", "puzzle_list_dict", "puzzle_state", "show_daily_status", "show_note",
    "show_puzzle_list", "status_lines", "wait_words",
]
