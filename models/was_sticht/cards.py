"""Was sticht? playing cards: 36 cards, the numbers 1-9 in four colours.

A card is written as its colour letter and number: ``R5`` is the red 5. Colours: R red,
B blue, G green, Y yellow. A hand or a list of cards is written with commas, ``R5,B7``;
lower case is accepted. There is one card of each colour and number, so the same card
twice in one deal is bad input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from cardsolve.models.errors import BadInput, as_token, is_whole, shown
from cardsolve.models.listing import check_unique, read_list

COLOURS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
"""Colour letters and names."""
NUMBERS = range(1, 10)
"""Card numbers, 1..9."""

_COLOUR_ORDER = {colour: order for order, colour in enumerate(COLOURS)}
_SHAPE = re.compile(r"(\D)([0-9])")
"""The notation's shape: a letter and a digit (which ones, ``Card`` checks)."""


@dataclass(frozen=True, order=True)
class Card:
    """One playing card: a colour letter and a number 1-9."""

    colour: str
    number: int
    index: int = field(init=False, repr=False, compare=False)
    """The card's place in ``DECK`` (colours in the order R, B, G, Y; numbers up); kept,
    not computed, as the solvers read it for every card of every position they encode."""

    def __post_init__(self) -> None:
        """The colour is a letter of ``COLOURS`` and the number a whole number of
        ``NUMBERS``; else bad input naming the field and the value."""
        if type(self.colour) is not str or self.colour not in COLOURS:
            raise BadInput(
                f"bad card colour {shown(self.colour)}: use one of {', '.join(COLOURS)}", as_token(self.colour)
            )
        if not is_whole(self.number) or self.number not in NUMBERS:
            raise BadInput(
                f"bad card number {shown(self.number)}: use {NUMBERS[0]} to {NUMBERS[-1]}", as_token(self.number)
            )
        object.__setattr__(self, "index", _COLOUR_ORDER[self.colour] * len(NUMBERS) + self.number - 1)

    @property
    def name(self) -> str:
        """The card in the notation: ``R5``."""
        return f"{self.colour}{self.number}"

    def __str__(self) -> str:
        return self.name


DECK = tuple(Card(colour, number) for colour in COLOURS for number in NUMBERS)
"""The 36 cards, in ``Card.index`` order."""


def parse_card(text: str) -> Card:
    """Read one card, ``R5`` (any case), as ``Card`` checks it; anything else is bad input
    naming it."""
    match = _SHAPE.fullmatch(text.strip().upper())
    if match:
        try:
            return Card(match.group(1), int(match.group(2)))
        except BadInput:
            pass
    raise BadInput(f"bad card {text!r}: a card is a colour (R, B, G, Y) and a number 1-9, like R5", text)


def check_distinct(cards: Iterable[Card], where: str) -> None:
    """There is one card of each kind: the first card seen twice is bad input naming it."""
    check_unique(cards, where, "the deck has one of each")


def parse_cards(text: str, what: str = "the hand") -> list[Card]:
    """Read ``R5,B7`` as cards; the empty string is no cards. An empty token, a bad card
    or the same card twice is bad input naming it and ``what``."""
    cards = read_list(text, parse_card, what)
    check_distinct(cards, what)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in the list notation, ``R5,B7``."""
    return ",".join(card.name for card in cards)
