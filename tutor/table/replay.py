"""A record played through, card by card: the table at each event, and the check that each event
could have happened (``check_record``).

``walk(record)`` yields each event with the ``Board`` as it stands just before it, then applies the
event (raising ``RecordError`` at the event's line and column if it cannot happen). The board knows
each seat's cards (those seen, and how many are not), the sets laid down, the bonus cards, the
discards on the table, the playing cards left in the deck, and whose move it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tutor.core.hands import Hand, Meld, MeldKind, Seat
from tutor.core.tiles import FEI, FEI_ID, Tile
from tutor.core.words import plural
from tutor.errors import RecordError, TutorError
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

if TYPE_CHECKING:
    from tutor.rules.load import RuleSet


@dataclass
class SeatCards:
    """What is known of one seat's cards: the concealed cards seen, how many are not, sets, bonus."""

    known: Counter[Tile] = field(default_factory=Counter)
    hidden: int = 0
    melds: list[Meld] = field(default_factory=list)
    bonus: list[Tile] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(self.known.values()) + self.hidden + 3 * len(self.melds)

    def hand(self) -> Hand:
        """The seat's hand as far as it is known (the cards not seen left out)."""
        return Hand(tuple(self.known.elements()), tuple(self.melds), tuple(self.bonus))


class Board:
    """The table during a round: every seat's cards, the discards, the deck, whose move it is."""

    def __init__(self, rules: RuleSet, player: Seat | None) -> None:
        from tutor.engine.search.horizon import wall_after_deal

        self.rules = rules
        self.player = player
        self.seats: tuple[Seat, ...] = rules.seats
        self.cards: dict[Seat, SeatCards] = {}
        self.discards: list[tuple[Seat, Tile]] = []  # those lying on the table (claimed ones leave)
        self.wall = wall_after_deal(rules)  # playing cards left in the deck
        self.turn: Seat | None = None  # who holds a full hand and must move
        self.to_draw: Seat | None = None  # who draws next (a replacement too)
        self.last_discard: tuple[Seat, Tile] | None = None  # open to claims
        self.last_draw: tuple[Seat, Tile | None] | None = None  # the card the seat on turn just drew
        self.over = False
        self.dealt = False
        self.thrown = 0  # cards discarded so far (claimed ones too)
        self._copies: Counter[Tile] = Counter()

    # --- what a seat sees ------------------------------------------------------------------

    def hand(self, seat: Seat) -> Hand:
        return self.cards[seat].hand()

    def seen(self, seat: Seat) -> tuple[Tile, ...]:
        """The cards in sight to ``seat`` outside its own hand: discards on the table, the other
        seats' sets laid down and their sunk FEI."""
        out = [t for _, t in self.discards]
        for s, c in self.cards.items():
            if s != seat:
                out.extend(t for m in c.melds for t in m.cards)
                out.extend(t for t in c.bonus if t.id == FEI_ID)
        return tuple(out)

    def situations(self, seat: Seat) -> frozenset[str]:
        """The situations a win by ``seat`` now would be in, of those the rule set knows: on the dealt
        hand (``tin_woo``: the dealer, before any discard) or on the dealer's first discard
        (``dei_woo``)."""
        known = {s.flag for s in self.rules.spec.situations}
        dealer = self.seats[0]
        if seat == dealer and self.turn == seat and not self.thrown and self.last_draw is None:
            return frozenset({"tin_woo"} & known)
        if seat != dealer and self.thrown == 1 and self.last_discard is not None and self.last_discard[0] == dealer:
            return frozenset({"dei_woo"} & known)
        return frozenset()

    def next_seat(self, seat: Seat) -> Seat:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def source(self, seat: Seat, thrower: Seat) -> str:
        """Where the thrower sits for ``seat``: "left" (the player before, from whom a CHEE may come)."""
        return "left" if self.next_seat(thrower) == seat else "right"

    # --- applying events -------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Play one event, or raise ``RecordError`` at its line and column if it cannot happen."""
        try:
            self._apply(event)
        except _Wrong as wrong:
            raise RecordError(event.line or 1, event.column or None, str(wrong)) from None
        except RecordError:
            raise
        except TutorError as err:
            raise RecordError(event.line or 1, event.column or None, str(err)) from None

    def _apply(self, event: Event) -> None:
        if self.over:
            raise _Wrong("the round is over: nothing follows SEK WOO or a drawn round")
        if isinstance(event, Deal):
            return self._deal(event)
        if not self.dealt:
            self._close_deal()
        if isinstance(event, Draw):
            self._draw(event)
        elif isinstance(event, Discard):
            self._discard(event)
        elif isinstance(event, Claim):
            self._claim(event)
        elif isinstance(event, Kong):
            self._kong(event)
        elif isinstance(event, Sink):
            self._sink(event)
        elif isinstance(event, Recall):
            self._recall(event)
        elif isinstance(event, Pass):
            self._open(event.seat, "pass")
        elif isinstance(event, Win):
            self._win(event)
        elif isinstance(event, Drawn):
            if self.wall:
                raise _Wrong(f"a round is drawn when the deck runs out, and it still holds {plural(self.wall, 'playing card')}")
            self.over = True
        return None

    def begin(self, event: Event) -> None:
        """Close the deal before ``event``, the first of the play (``RecordError`` at its line)."""
        try:
            self._close_deal()
        except _Wrong as wrong:
            raise RecordError(event.line or 1, event.column or None, str(wrong)) from None

    def _identify(self, card: Tile) -> None:
        """A card seen for the first time: no more copies than the rule set has."""
        self._copies[card] += 1
        if card.is_bonus:
            if card.id not in self.rules.bonus_in_play:
                raise _Wrong(f"{card} is not a bonus card of {self.rules.name}")
            if self._copies[card] > 1:
                raise _Wrong(f"the bonus card {card} is seen twice: there is one of each")
            return
        if card.id not in self.rules.in_play:
            raise _Wrong(f"{card.long_name} ({card}) is not a card of {self.rules.name}")
        most = self.rules.wild_copies if card.id == FEI_ID else self.rules.copies
        if self._copies[card] > most:
            raise _Wrong(f"one {card} too many: {self.rules.name} has {most}, and this is the {_nth(self._copies[card])} in sight")

    def _deal(self, event: Deal) -> None:
        if self.dealt:
            raise _Wrong("the deal comes first: every 'deal' line before the play")
        if event.seat not in self.seats:
            raise _Wrong(f"{self.rules.name} has no seat {event.seat}: its seats are {', '.join(self.seats)}")
        if event.seat in self.cards:
            raise _Wrong(f"{event.seat} is dealt twice")
        size = self.rules.hand_size - (0 if event.seat == self.seats[0] else 1)
        cards = SeatCards()
        for t in event.bonus:
            if not t.is_bonus:
                raise _Wrong(f"only bonus cards go after '|' in a deal, not {t}")
            self._identify(t)
            cards.bonus.append(t)
        if event.cards is None:
            if event.seat == self.player:
                raise _Wrong(f"the player's own hand is known: write {event.seat}'s {size} cards")
            cards.hidden = size
        else:
            if len(event.cards) != size:
                raise _Wrong(f"{event.seat} is dealt {size} cards, not {len(event.cards)}")
            for t in event.cards:
                if t.is_bonus:
                    raise _Wrong(f"the bonus card {t} goes after '|': it is revealed and replaced at the deal")
                self._identify(t)
            cards.known.update(event.cards)
        self.cards[event.seat] = cards

    def _close_deal(self) -> None:
        """Play begins: a seat with no deal line holds cards not seen; the dealer moves first."""
        if self.player is not None and self.player not in self.cards:
            raise _Wrong(f"the player ({self.player}) has no 'deal' line")
        for k, seat in enumerate(self.seats):
            if seat not in self.cards:
                self.cards[seat] = SeatCards(hidden=self.rules.hand_size - (0 if k == 0 else 1))
        self.dealt = True
        self.turn = self.seats[0]

    def _take(self, seat: Seat, card: Tile) -> None:
        """A card leaves the seat's concealed cards: a known one, else one not seen (now seen)."""
        c = self.cards[seat]
        if c.known[card]:
            c.known[card] -= 1
            if not c.known[card]:
                del c.known[card]
        elif c.hidden:
            c.hidden -= 1
            self._identify(card)
        else:
            raise _Wrong(f"{seat} holds no {card}")

    def _on_turn(self, seat: Seat, what: str) -> None:
        if self.turn != seat and self.to_draw == seat and seat != self.player and self.wall:
            self._draw(Draw(seat, None))  # an opponent's draw, not seen, may be left out of the record
        if self.turn != seat:
            if self.to_draw == seat:
                raise _Wrong(f"{seat} must draw before it can {what}")
            mover = self.turn or self.to_draw
            raise _Wrong(f"{seat} cannot {what} now: it is {mover}'s turn" if mover else f"{seat} cannot {what} now")

    def _draw(self, event: Draw) -> None:
        seat, card = event.seat, event.card
        if self.to_draw != seat:
            if self.turn == seat:
                raise _Wrong(f"{seat} holds a full hand: it discards before it draws again")
            who = self.to_draw or self.turn
            raise _Wrong(f"it is not {seat}'s draw: {who} is to " + ("draw" if self.to_draw else "move"))
        if card is None and seat == self.player:
            raise _Wrong("the player's own draws are known: write the card drawn")
        self.last_discard = None
        if card is not None and card.is_bonus:  # revealed at once; the replacement is the next draw
            self._identify(card)
            self.cards[seat].bonus.append(card)
            return
        if not self.wall:
            raise _Wrong("the deck is empty: the round is drawn ('drawn')")
        self.wall -= 1
        if card is None:
            self.cards[seat].hidden += 1
        else:
            self._identify(card)
            self.cards[seat].known[card] += 1
        self.to_draw, self.turn, self.last_draw = None, seat, (seat, card)

    def _discard(self, event: Discard) -> None:
        self._on_turn(event.seat, "discard")
        if event.card.is_bonus:
            raise _Wrong(f"a bonus card ({event.card}) is never discarded: it is revealed and replaced")
        self._take(event.seat, event.card)
        self.discards.append((event.seat, event.card))
        self.thrown += 1
        self.last_discard = (event.seat, event.card)
        self.turn, self.last_draw = None, None
        self.to_draw = self.next_seat(event.seat)

    def _open(self, seat: Seat, what: str) -> tuple[Seat, Tile]:
        if self.last_discard is None:
            raise _Wrong(f"{seat} cannot {what}: no card has just been discarded")
        thrower, card = self.last_discard
        if thrower == seat:
            raise _Wrong(f"{seat} cannot {what} on its own discard")
        if card.id == FEI_ID:
            raise _Wrong(f"a {self.rules.wild_name} thrown away is never claimed" + (", for a win either" if what == "win" else ""))
        return thrower, card

    def _claim(self, event: Claim) -> None:
        from tutor.engine.decide.claim import legal_claims

        seat, meld = event.seat, event.meld
        thrower, card = self._open(seat, f"claim {meld}")
        if card not in meld.cards:
            raise _Wrong(f"{meld} does not hold {card}, the card just discarded (by {thrower})")
        c = self.cards[seat]
        source = self.source(seat, thrower)
        if event.action == "kong" and not self.wall:
            raise _Wrong(NO_REPLACEMENT.format(what=f"{seat} cannot claim a KONG"))
        if event.action == "chee" and source != "left":
            raise _Wrong(f"a CHEE is claimed only from the player before: {thrower} does not sit before {seat}")
        hand = c.hand()
        if not c.hidden and (event.action, meld) not in legal_claims(hand, card, self.rules, source):
            raise _Wrong(f"{seat} cannot claim {card} for {meld}: its hand {hand} does not hold the other cards"
                         if not self._holds(c, meld, card) else f"{meld} is no legal claim in {self.rules.name}")
        rest = list(meld.cards)
        rest.remove(card)
        for t in rest:
            self._take(seat, t)
        self._check_meld(Hand((), (meld,)))
        c.melds.append(meld)
        self.discards.remove((thrower, card))
        self.last_discard, self.last_draw = None, None
        if event.action == "kong":
            self.turn, self.to_draw = None, seat
        else:
            self.turn, self.to_draw = seat, None

    @staticmethod
    def _holds(c: SeatCards, meld: Meld, card: Tile) -> bool:
        rest = Counter(meld.cards)
        rest[card] -= 1
        return all(c.known[t] >= k for t, k in rest.items())

    def _check_meld(self, hand: Hand) -> None:
        from tutor.engine.scoring.check import validate

        validate(hand, self.rules)

    def _kong(self, event: Kong) -> None:
        seat, meld = event.seat, event.meld
        self._on_turn(seat, "declare a KONG")
        if not self.wall:
            raise _Wrong(NO_REPLACEMENT.format(what=f"{seat} cannot declare a KONG"))
        c = self.cards[seat]
        card = meld.cards[0]
        if meld.exposed:  # added to a PONG laid down
            pong = Meld(MeldKind.PONG, (card,) * 3)
            if pong not in c.melds:
                raise _Wrong(f"{seat} has no PONG [{str(pong)[1:-1]}] laid down to add {card} to"
                             "; a KONG of four cards held is written in round brackets, " + f"({str(meld)[1:-1]})")
            self._take(seat, card)
            c.melds.remove(pong)
        else:
            if c.known[card] + c.hidden < 4:
                held = f"only {c.known[card]} of" if c.known[card] else "no"
                raise _Wrong(f"{seat} holds {held} {card}: a KONG of cards held takes all 4"
                             + (f" (an added KONG is written [{str(meld)[1:-1]}])" if Meld(MeldKind.PONG, (card,) * 3)
                                in c.melds else ""))
            for _ in range(4):
                self._take(seat, card)
        c.melds.append(meld)
        self.turn, self.to_draw, self.last_draw = None, seat, None

    def _sink(self, event: Sink) -> None:
        self._on_turn(event.seat, "sink a FEI")
        wild = self.rules.spec.tiles.wild
        if not wild or not wild.sinkable:
            raise _Wrong(f"{self.rules.name} has no {self.rules.wild_name} to sink")
        if not self.wall:
            raise _Wrong(NO_REPLACEMENT.format(what=f"{event.seat} cannot sink a {self.rules.wild_name}"))
        self._take(event.seat, FEI)
        self.cards[event.seat].bonus.append(FEI)
        self.turn, self.to_draw, self.last_draw = None, event.seat, None

    def _recall(self, event: Recall) -> None:
        from tutor.engine.search.hand_moves import recalls

        seat, card = event.seat, event.card
        self._on_turn(seat, "recall a FEI")
        if self.last_draw is None or self.last_draw[0] != seat or self.last_draw[1] not in (card, None):
            raise _Wrong(f"a FEI is recalled only with the card just drawn, and {seat} did not just draw {card}")
        c = self.cards[seat]
        hand = Hand((*c.known.elements(), *(() if c.known[card] else (card,))), tuple(c.melds), tuple(c.bonus))
        options = [(m, after) for m, after in recalls(hand, card, self.rules) if event.meld in (None, m)]
        if not options:
            where = f"{event.meld}" if event.meld else "any set laid down"
            raise _Wrong(f"no FEI in {where} stands for {card}")
        if len(options) > 1:
            raise _Wrong(f"{card} fits the FEI of {' and of '.join(str(m) for m, _ in options)}: name the set")
        meld, _ = options[0]
        self._take(seat, card)
        c.melds.remove(meld)
        cards = list(meld.cards)
        cards.remove(FEI)
        c.melds.append(Meld(meld.kind, tuple(sorted((*cards, card))), meld.exposed))
        c.known[FEI] += 1
        self.last_draw = None

    def _win(self, event: Win) -> None:
        from tutor.engine.scoring.check import check

        seat = event.seat
        c = self.cards[seat]
        if self.turn == seat:
            hand, on = c.hand(), "its own draw"
        else:
            thrower, card = self._open(seat, "win")
            hand, on = Hand((*c.known.elements(), card), tuple(c.melds), tuple(c.bonus)), f"{card} from {thrower}"
        if not c.hidden:
            got = check(hand, self.rules, seat, self.situations(seat))
            if not got.wins:
                why = "short of the minimum" if got.complete else "not a complete hand"
                if self.turn != seat and self.to_draw == seat:  # its turn to draw: a self-drawn win lacks its draw
                    why += f" (a win on {seat}'s own draw is written after its draw line: '{seat} draw CARD')"
                raise _Wrong(f"{seat}'s hand {hand} does not win on {on}: {why}")
            if event.fun is not None and event.fun != got.fun:
                raise _Wrong(f"{seat}'s hand {hand} scores {got.fun} {self.rules.unit}, not {event.fun}")
        self.over = True


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


NO_REPLACEMENT = "{what}: the deck is empty, and a replacement card is drawn from it (the round is drawn)"
"""A KONG or a FEI sunk with no playing card left: it needs a replacement, and there is none
(seed 000: 'When you KONG, you must take a replacement card from the deck')."""


class _Wrong(Exception):
    """An event that cannot happen: the reason, raised as a ``RecordError`` at its line."""


def walk(record: Record, rules: RuleSet | None = None) -> Iterator[tuple[Event, Board]]:
    """Each event with the board just before it; the event is applied (and checked) when the loop
    moves on. A record with no play (deals only) still has its deal checked."""
    if rules is None:
        from tutor.rules.load import load_rules

        rules = load_rules(record.rules)
    if record.player is not None and record.player not in rules.seats:
        raise RecordError(1, None, f"{rules.name} has no seat {record.player}: its seats are {', '.join(rules.seats)}")
    board = Board(rules, record.player)
    for event in record.events:
        if not board.dealt and not isinstance(event, Deal):
            board.begin(event)
        yield event, board
        board.apply(event)


def check_record(record: Record, rules: RuleSet | None = None) -> Board:
    """Play the record through, checking every event; the board at its end."""
    board: Board | None = None
    for _, board in walk(record, rules):
        pass
    if board is None:
        from tutor.rules.load import load_rules

        board = Board(rules or load_rules(record.rules), record.player)
    return board


__all__ = ["Board", "SeatCards", "check_record", "walk"]
