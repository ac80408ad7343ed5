"""The task cards: the 15 sides and each side's rule for a player's next card.

A task card shows its points (2..9) and has two sides; side ``a`` is the first side the
rulebook lists for each number ("side 1", the central number black on white, used in
round 1) and ``b`` the second. Task 2's sides are identical: it is side ``2``, with
``2a`` and ``2b`` accepted as its aliases. A round plays one side of each of the eight
task cards, written ``2,3a,4b,5a,6b,7a,8a,9b``.

Each player's cards on a task card form that player's own sequence, and every rule
about "the previous card" looks at that player's previous card there. Readings
(DESIGN.md, "Subito."): the colour bar of 8a is red, pink, yellow, green, light blue,
dark blue, its ends not adjacent; "two colours (symbols) alternate" means consecutive
cards differ and each card repeats the one two places before; 9b moves exactly one step
in its current direction and turns at 1 and 6. Task 5 side a takes every card: its
limit of 12 is a scoring rule (``models.subito.scoring``), not a wrong card.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput
from cardsolve.models.subito.cards import COLOURS, Card

Rule = Callable[[Sequence[Card], Card], bool]
"""Whether ``card`` may follow the player's ``previous`` cards on a task card."""

COLOUR_BAR = tuple(COLOURS)
"""Task 8 side a's colour bar, left to right: R, P, Y, G, L, D."""
TASKS = range(2, 10)
"""Task card numbers, which are also their points."""
ZIGZAG_ENDS = (1, 6)
"""Task 9 side b starts at, and turns at, these numbers."""


def anything(previous: Sequence[Card], card: Card) -> bool:
    """Every card may be placed."""
    return True


def no_yellow_or_green(previous: Sequence[Card], card: Card) -> bool:
    """No yellow or green cards."""
    return card.colour not in ("Y", "G")


def burger_palm_anchor(previous: Sequence[Card], card: Card) -> bool:
    """Only burger, palm tree or anchor cards."""
    return card.symbol in ("B", "T", "A")


def even_numbers(previous: Sequence[Card], card: Card) -> bool:
    """Only the values 2, 4 and 6."""
    return card.number % 2 == 0


def _alternates(previous: Sequence[str], value: str) -> bool:
    """Two values alternate: each differs from the one before and repeats the one two before."""
    return (not previous or value != previous[-1]) and (len(previous) < 2 or value == previous[-2])


def rocket_peace_alternating(previous: Sequence[Card], card: Card) -> bool:
    """Only rockets and peace signs, the two alternating; either may begin."""
    return card.symbol in ("R", "P") and _alternates([c.symbol for c in previous], card.symbol)


def face_down_any(previous: Sequence[Card], card: Card) -> bool:
    """Every card may be placed (face down); a player whose sum exceeds 12 loses this task card."""
    return True


def five_or_six(previous: Sequence[Card], card: Card) -> bool:
    """Only the values 5 and 6."""
    return card.number in (5, 6)


def two_colours_alternating(previous: Sequence[Card], card: Card) -> bool:
    """At most two colours, alternating from card to card; the first card is free."""
    return _alternates([c.colour for c in previous], card.colour)


def even_odd_alternating(previous: Sequence[Card], card: Card) -> bool:
    """Values alternately even and odd; either may begin."""
    return not previous or card.number % 2 != previous[-1].number % 2


def same_value_or_symbol(previous: Sequence[Card], card: Card) -> bool:
    """The same value or the same symbol as the previous card; the first card is free."""
    return not previous or card.number == previous[-1].number or card.symbol == previous[-1].symbol


def two_symbols_alternating(previous: Sequence[Card], card: Card) -> bool:
    """At most two symbols, alternating from card to card; the first card is free."""
    return _alternates([c.symbol for c in previous], card.symbol)


def adjacent_colour(previous: Sequence[Card], card: Card) -> bool:
    """A colour next to the previous card's on the bar R-P-Y-G-L-D (ends not adjacent); the first is free."""
    return not previous or abs(COLOUR_BAR.index(card.colour) - COLOUR_BAR.index(previous[-1].colour)) == 1


def one_higher_or_lower(previous: Sequence[Card], card: Card) -> bool:
    """A value exactly one higher or one lower than the previous card's; the first is free."""
    return not previous or abs(card.number - previous[-1].number) == 1


def differs_in_all(previous: Sequence[Card], card: Card) -> bool:
    """Colour, value and symbol all differ from the previous card's; the first is free."""
    if not previous:
        return True
    last = previous[-1]
    return card.colour != last.colour and card.number != last.number and card.symbol != last.symbol


def zigzag(first: int, index: int) -> int:
    """The value at ``index`` of the run from ``first`` (1 or 6): 1,2,3,4,5,6,5,4,3,2,1,2,..."""
    low, high = ZIGZAG_ENDS
    period = 2 * (high - low)
    step = index % period
    distance = step if step <= high - low else period - step
    return low + distance if first == low else high - distance


def up_and_down(previous: Sequence[Card], card: Card) -> bool:
    """The first card is a 1 or a 6; then each moves one step on, turning at 1 and 6 (1,2,...,6,5,...)."""
    if not previous:
        return card.number in ZIGZAG_ENDS
    first = previous[0].number
    return first in ZIGZAG_ENDS and card.number == zigzag(first, len(previous))


@dataclass(frozen=True)
class Side:
    """One side of a task card: its name (``3a``), its number (also its points) and its rule."""

    name: str
    number: int
    check: Rule

    @property
    def rule(self) -> str:
        """The rule in one sentence (the rule function's docstring)."""
        return inspect.getdoc(self.check) or ""

    def __str__(self) -> str:
        return self.name


SIDES: dict[str, Side] = {
    side.name: side
    for side in (
        Side("2", 2, anything),
        Side("3a", 3, no_yellow_or_green),
        Side("3b", 3, burger_palm_anchor),
        Side("4a", 4, even_numbers),
        Side("4b", 4, rocket_peace_alternating),
        Side("5a", 5, face_down_any),
        Side("5b", 5, five_or_six),
        Side("6a", 6, two_colours_alternating),
        Side("6b", 6, even_odd_alternating),
        Side("7a", 7, same_value_or_symbol),
        Side("7b", 7, two_symbols_alternating),
        Side("8a", 8, adjacent_colour),
        Side("8b", 8, one_higher_or_lower),
        Side("9a", 9, differs_in_all),
        Side("9b", 9, up_and_down),
    )
}
"""The 15 sides by name, in order of number, side a before side b."""
ALIASES = {"2a": "2", "2b": "2"}
"""Task 2's identical sides."""


def parse_side(text: str) -> Side:
    """Read a side name (``3a``, any case; ``2a``/``2b`` are ``2``); else bad input naming it."""
    token = text.strip().lower()
    side = SIDES.get(ALIASES.get(token, token))
    if side is None:
        raise BadInput(f"unknown task side {text!r}: the sides are {', '.join(SIDES)}", text)
    return side


def tasks_from_names(names: Iterable[str]) -> tuple[Side, ...]:
    """One side of each task card 2..9, returned in order of number; a bad side, a second
    side of one task card or a missing task card is bad input naming it."""
    chosen: dict[int, tuple[str, Side]] = {}
    for name in names:
        side = parse_side(name)
        if side.number in chosen:
            raise BadInput(
                f"task card {side.number} is named twice ({chosen[side.number][0]} and {name}): play one side of each",
                name,
            )
        chosen[side.number] = (name, side)
    missing = [str(number) for number in TASKS if number not in chosen]
    if missing:
        raise BadInput(
            f"no side of task card{'s' * (len(missing) > 1)} {', '.join(missing)}: "
            "a round plays one side of each of 2..9",
            missing[0],
        )
    return tuple(chosen[number][1] for number in TASKS)


def parse_tasks(text: str) -> tuple[Side, ...]:
    """Read ``2,3a,4b,5a,6b,7a,8a,9b``: one side of each task card (see ``tasks_from_names``)."""
    tokens = text.split(",")
    for token in tokens:
        if not token.strip():
            raise BadInput(f"empty side in the tasks {text!r}", token)
    return tasks_from_names(tokens)


def points(side: Side) -> int:
    """The points a task card is worth: its number."""
    return side.number


def accepts(side: Side, previous: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` may follow the player's kept ``previous`` cards on ``side``."""
    return side.check(previous, card)


def first_wrong(side: Side, cards: Sequence[Card]) -> int | None:
    """The index of the first card, in placement order, that breaks the side's rule, or None."""
    return next((k for k, card in enumerate(cards) if not side.check(cards[:k], card)), None)
