"""The hand record: a round of play written one event a line, in the hand notation (docs/records.md).

The model (a stable API: ``tutor.table`` builds on it)::

    Record(rules: str, player: Seat | None = None, events: tuple[Event, ...] = ())
    Event = Deal | Draw | Discard | Claim | Kong | Sink | Recall | Pass | Win | Drawn
    Deal(seat, cards: tuple[Tile, ...] | None, bonus=())  # None: the concealed cards are not seen
    Draw(seat, card: Tile | None)       # None: a card drawn and not seen; a bonus card is revealed
    Discard(seat, card)
    Claim(seat, action, meld)           # "pong", "chee" or "kong", of the last card discarded
    Kong(seat, meld)                    # in one's own turn: (5555d) concealed, [5555d] added to a PONG
    Sink(seat)                          # a FEI sunk (revealed as a flower)
    Recall(seat, card, meld=None)       # the card just drawn takes a FEI's place in ``meld``
    Pass(seat)                          # no claim of the last card discarded (optional: implied)
    Win(seat, fun: int | None = None)   # SEK WOO, on one's own draw or the last card discarded
    Drawn()                             # the deck ran out

    parse_record(text, rules=None) -> Record   # reads and checks it card by card: RecordError
    write_record(record) -> str                # the text, which parse_record reads back equal
    check_record(record, rules=None) -> Board  # the card-by-card check alone: the table at the end
    walk(record, rules=None)                   # (tutor.table.replay) each event with the Board before it

A ``Board`` (``tutor.table.replay``) is the table during the round: ``hand(seat)`` (the cards seen),
``cards[seat].hidden`` (those not seen), ``seen(seat)`` (the cards in sight outside that hand),
``wall`` (playing cards left in the deck), ``turn`` (who must move), ``to_draw`` (who draws next),
``last_discard`` (open to claims), ``apply(event)`` (checks and plays one event).

Every event is a frozen dataclass; ``line`` and ``column`` (where it was read, 0 when built in
code) take no part in equality. A replacement card (after a KONG, a sunk FEI or a bonus card) is
the seat's next ``Draw``. ``rules`` is a rule set's name (``3leg`` when the record names none);
``player`` is the seat whose view the record is (whose own draws are all known) and whose
decisions ``sekwoo review`` grades.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.core.hands import MeldKind, Seat
from tutor.core.tiles import FEI, Tile
from tutor.errors import RecordError

if TYPE_CHECKING:
    from notation.record import RecordLine

from tutor.table.events import (
    Claim,
    Deal,
    Discard,
    Draw,
    Drawn,
    Event,
    Kong,
    Pass,
    Recall,
    Record,
    Sink,
    Win,
)
from tutor.table.replay import check_record


def _event(line: RecordLine, before: list[Event]) -> Event:
    """The event a line says; a KONG is a claim when it takes the card just discarded by another."""
    seat = Seat(line.seat) if line.seat else Seat.EAST
    at = {"line": line.line, "column": line.column}
    cards = line.cards
    one = cards[0] if cards else None
    if line.verb in ("discard", "draw", "recall") and cards is not None and len(cards) != 1:
        raise RecordError(line.line, line.column, f"one card here, not {len(cards)}: write each {line.verb} on its own line")
    if line.verb == "deal":
        return Deal(seat, cards, line.bonus, **at)
    if line.verb == "draw":
        return Draw(seat, one, **at)
    if line.verb == "discard":
        assert one is not None
        return Discard(seat, one, **at)
    if line.verb in ("pong", "chee"):
        assert line.meld is not None
        kind = MeldKind.PONG if line.verb == "pong" else MeldKind.CHEE
        if line.meld.kind is not kind:
            raise RecordError(line.line, line.column, f"{line.meld} is a {line.meld.kind.label}, not a {kind.label}")
        return Claim(seat, line.verb, line.meld, **at)
    if line.verb == "kong":
        assert line.meld is not None
        if line.meld.kind is not MeldKind.KONG:
            raise RecordError(line.line, line.column, f"{line.meld} is a {line.meld.kind.label}, not a KONG of four cards")
        last = next((e for e in reversed(before) if not isinstance(e, Pass)), None)
        taken = isinstance(last, Discard) and last.seat != seat and last.card == line.meld.cards[0]
        if line.meld.exposed and taken:
            return Claim(seat, "kong", line.meld, **at)
        return Kong(seat, line.meld, **at)
    if line.verb == "sink":
        if cards and (len(cards) != 1 or cards[0] != FEI):
            raise RecordError(line.line, line.column, "only a FEI is sunk: write 'sink F*'")
        return Sink(seat, **at)
    if line.verb == "recall":
        assert one is not None
        return Recall(seat, one, line.meld, **at)
    if line.verb == "pass":
        return Pass(seat, **at)
    if line.verb == "sek-woo":
        return Win(seat, line.number, **at)
    assert line.verb == "drawn", line.verb
    return Drawn(**at)


def read_record(text: str, rules: str | None = None, default: str = "3leg") -> Record:
    """A record from its text, its syntax checked but not its play (``parse_record`` checks both).
    ``rules`` overrides the record's ``rules`` line; ``default`` is the rule set of a record with none."""
    from notation.record import parse_record_lines
    from tutor.errors import TutorError
    from tutor.rules.load import load_rules

    lines = parse_record_lines(text)
    name: str | None = None
    player: Seat | None = None
    events: list[Event] = []
    at: dict[str, tuple[int, int | None]] = {}  # where the rules and player lines are
    for line in lines:
        if line.verb == "rules":
            if name is not None or events or player is not None:
                raise RecordError(line.line, line.column, "the rules line comes once, first")
            name = line.name
            at["rules"] = line.line, line.column
        elif line.verb == "player":
            if player is not None or events:
                raise RecordError(line.line, line.column, "the player line comes once, before the deal")
            player = Seat(line.seat or "")
            at["player"] = line.line, line.column
        else:
            events.append(_event(line, events))
    record = Record(rules or name or default, player, tuple(events))
    if rules is None and name is not None:  # a rule set the record names: an error is the record's, at its line
        try:
            load_rules(name)
        except TutorError as err:
            raise RecordError(*at["rules"], str(err)) from None
    if player is not None:
        known = load_rules(record.rules)
        if player not in known.seats:
            raise RecordError(*at["player"], f"{known.name} has no seat {player}: its seats are {', '.join(known.seats)}")
    return record


def parse_record(text: str, rules: str | None = None) -> Record:
    """Read a record and check it card by card (copies, whose turn, claims, wins): ``RecordError``
    with the line and column of the first event that cannot have happened. ``rules`` (a rule set's
    name or file) overrides the record's ``rules`` line."""
    record = read_record(text, rules)
    check_record(record)
    return record


def _cards(cards: tuple[Tile, ...]) -> str:
    from notation import format_cards

    return format_cards(cards)


def write_line(event: Event) -> str:
    """One event as a line of the record."""
    if isinstance(event, Drawn):
        return "drawn"
    seat = str(event.seat)
    if isinstance(event, Deal):
        text = f"{seat} deal {'?' if event.cards is None else _cards(event.cards)}"
        return text + (f" | {' '.join(map(str, event.bonus))}" if event.bonus else "")
    if isinstance(event, Draw):
        return f"{seat} draw {'?' if event.card is None else event.card}"
    if isinstance(event, Discard):
        return f"{seat} discard {event.card}"
    if isinstance(event, Claim | Kong):
        return f"{seat} {getattr(event, 'action', 'kong')} {event.meld}"
    if isinstance(event, Sink):
        return f"{seat} sink F*"
    if isinstance(event, Recall):
        return f"{seat} recall {event.card}" + (f" {event.meld}" if event.meld else "")
    if isinstance(event, Pass):
        return f"{seat} pass"
    return f"{seat} sek-woo" + (f" {event.fun}" if event.fun is not None else "")


def write_record(record: Record) -> str:
    """The text of a record, one event a line: ``parse_record`` reads it back equal."""
    lines = [f"rules {record.rules}"]
    if record.player is not None:
        lines.append(f"player {record.player}")
    lines.extend(write_line(e) for e in record.events)
    return "\n".join(lines) + "\n"


__all__ = [
    "Claim", "Deal", "Discard", "Draw", "Drawn", "Event", "Kong", "Pass", "Recall", "Record", "Sink", "Win",
    "check_record", "parse_record", "read_record", "write_line", "write_record",
]
