"""The whole-round horizon: how many own draws a player has left, from the rule set's card counts.

The deck after the deal holds the playing cards (every copy of every card in play, wild cards
included; bonus cards are replaced when drawn, so they never use up a draw) less the dealt hands:
the dealer's full hand and one card fewer for each other player. The seat after the dealer draws
first, then play goes round. In 3leg: 68 playing cards - (14 + 13 + 13) = 28, so South draws 10,
West 9 and East 9.
"""

from __future__ import annotations

from tutor.core.hands import Seat
from tutor.errors import ArgumentError
from tutor.rules.load import RuleSet

EXACT_DRAWS = 2  # a horizon of at most EXACT_DRAWS + 1 draws is searched exactly by default


def playing_cards(rules: RuleSet) -> int:
    """Cards that can be drawn in a round: every card in play but the bonus cards."""
    return rules.tile_count - len(rules.spec.tiles.bonus)


def wall_after_deal(rules: RuleSet) -> int:
    """Playing cards left in the deck once the hands are dealt."""
    players = rules.spec.players
    return playing_cards(rules) - rules.hand_size - (players - 1) * (rules.hand_size - 1)


def _seat_index(rules: RuleSet, seat: Seat) -> int:
    order = [Seat(s) for s in rules.spec.seats]
    return order.index(seat) if seat in order else 0


def draws_after_deal(rules: RuleSet, seat: Seat) -> int:
    """The seat's own draws from the deck after the deal (the first draw goes to the dealer's
    right-hand neighbour, then in turn)."""
    players = rules.spec.players
    s = _seat_index(rules, seat)
    return sum(1 for k in range(wall_after_deal(rules)) if (k + 1) % players == s)


def draws_left(rules: RuleSet, seat: Seat, cards: int, wall: int | None = None) -> int:
    """Own draws left for a hand of ``cards`` cards (a KONG counting three).

    Without ``wall`` it is the start of the round: a full hand of a seat other than the dealer's has
    made its first draw already, and its draws are those after its discard. With ``wall`` (the
    playing cards left in the deck) the player has just drawn, or just discarded: the other players
    draw first, so the player's share is one draw in each round of turns.
    """
    players = rules.spec.players
    if wall is not None:
        most = wall_after_deal(rules)
        if not 0 <= wall <= most:
            raise ArgumentError("wall", f"a {rules.name} deck holds at most {most} playing cards after the deal, not {wall}")
        return wall // players
    own = draws_after_deal(rules, seat)
    dealer = _seat_index(rules, seat) == 0
    return own - 1 if cards == rules.hand_size and not dealer and own else own


def most_draws(rules: RuleSet) -> int:
    """The most own draws any seat has in a round: a horizon beyond it cannot happen."""
    got = _MOST.get(rules)
    if got is None:
        got = _MOST[rules] = max(draws_after_deal(rules, Seat(s)) for s in rules.spec.seats)
    return got


_MOST: dict[RuleSet, int] = {}  # ``most_draws`` by rule set (a rule set never changes)


def horizon(
    rules: RuleSet, seat: Seat, size: int, draws: int | None, wall: int | None, exact_draws: int | None
) -> tuple[int, int]:
    """The draws to search and, of them, those over which every discard is weighed, from what the
    caller gave: ``draws``, else the seat's share of ``wall``, else its draws in the round."""
    most = most_draws(rules)
    n = draws_left(rules, seat, size, wall) if draws is None else draws
    if not 0 <= n <= most:
        raise ArgumentError("draws", f"a player draws at most {most} cards in a round of {rules.name}, not {n}")
    exact = default_exact_draws(n) if exact_draws is None else exact_draws
    if exact < 0:
        raise ArgumentError("exact_draws", f"a number of draws, not {exact}")
    return n, exact


def default_exact_draws(draws: int) -> int:
    """Draws over which every discard is weighed when the caller does not say: all of a horizon of
    at most ``EXACT_DRAWS + 1`` draws (the exact optimum; the last draw only wins or not), none
    of a longer one, where the player keeps the draws that bring a win closer from the first
    (``docs/solver.md``, "The default": weighing every discard after a first draw of a long
    horizon passes the search's budget even near a win)."""
    return EXACT_DRAWS if draws <= EXACT_DRAWS + 1 else 0


__all__ = ["EXACT_DRAWS", "default_exact_draws", "draws_after_deal", "draws_left", "horizon", "most_draws", "playing_cards", "wall_after_deal"]
