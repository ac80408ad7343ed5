"""Subito playing cards: colour, number and symbol; the card notation; the deck.

A card is written as its colour letter, number and symbol letter: ``Y4A`` is a yellow 4
with an anchor. Colours: R red, P pink, Y yellow, G green, L light blue, D dark blue.
Symbols: B burger, T palm tree, A anchor, R rocket, P peace, S star. A pile is written
as cards separated by commas, top card first: ``Y4A,R1B``. Lower case is accepted.

The printed deck has 72 cards, each colour, number and symbol on 12 of them; the
printed combinations are not public, so the bundled deck is a balanced stand-in
(``models/subito/deck_generator.py``). Any well-formed card is accepted wherever cards
are read, since the printed deck may differ; a card is in one place at a time, so the
same card twice in one pile or table is bad input.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardsolve.models.data import load_json, read_user_json
from cardsolve.models.errors import BadInput, as_token, is_whole, shown
from cardsolve.models.listing import check_unique, read_list

COLOURS = {"R": "red", "P": "pink", "Y": "yellow", "G": "green", "L": "light blue", "D": "dark blue"}
"""Colour letters and names, in the order of task 8 side a's colour bar."""
NUMBERS = range(1, 7)
"""Card numbers (values), 1..6."""
SYMBOLS = {"B": "burger", "T": "palm tree", "A": "anchor", "R": "rocket", "P": "peace", "S": "star"}
"""Symbol letters and names."""
DECK_SIZE = 72
"""Cards in the deck."""
EACH = 12
"""Cards showing each colour, each number and each symbol."""

_SHAPE = re.compile(r"(\D)([0-9])(\D)")
"""The notation's shape: a letter, a digit, a letter (which ones, ``Card`` checks)."""


@dataclass(frozen=True)
class Card:
    """One playing card: colour letter, number 1-6 and symbol letter."""

    colour: str
    number: int
    symbol: str

    def __post_init__(self) -> None:
        """The colour is a letter of ``COLOURS``, the number a whole number of ``NUMBERS``
        and the symbol a letter of ``SYMBOLS``; else bad input naming the field and value."""
        if type(self.colour) is not str or self.colour not in COLOURS:
            raise BadInput(
                f"bad card colour {shown(self.colour)}: use one of {', '.join(COLOURS)}", as_token(self.colour)
            )
        if not is_whole(self.number) or self.number not in NUMBERS:
            raise BadInput(
                f"bad card number {shown(self.number)}: use {NUMBERS[0]} to {NUMBERS[-1]}", as_token(self.number)
            )
        if type(self.symbol) is not str or self.symbol not in SYMBOLS:
            raise BadInput(
                f"bad card symbol {shown(self.symbol)}: use one of {', '.join(SYMBOLS)}", as_token(self.symbol)
            )

    @property
    def name(self) -> str:
        """The card in the notation: ``Y4A``."""
        return f"{self.colour}{self.number}{self.symbol}"

    def __str__(self) -> str:
        return self.name


def parse_card(text: str) -> Card:
    """Read one card, ``Y4A`` (any case), as ``Card`` checks it; anything else is bad input
    naming it."""
    match = _SHAPE.fullmatch(text.strip().upper())
    if match:
        try:
            return Card(match.group(1), int(match.group(2)), match.group(3))
        except BadInput:
            pass
    raise BadInput(
        f"bad card {text!r}: a card is a colour (RPYGLD), a number 1-6 and a symbol (BTARPS), like Y4A", text
    )


def check_distinct(cards: Iterable[Card], where: str) -> None:
    """A card is in one place at a time: the first card seen twice is bad input naming it."""
    check_unique(cards, where, "each card is in one place")


def parse_cards(text: str, what: str = "the pile") -> list[Card]:
    """Read ``Y4A,R1B`` as cards, top card first; the empty string is no cards. An empty
    token, a bad card or the same card twice is bad input naming it and ``what``."""
    cards = read_list(text, parse_card, what)
    check_distinct(cards, what)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in the pile notation, ``Y4A,R1B``."""
    return ",".join(card.name for card in cards)


def check_balanced(cards: Sequence[Card], source: str) -> None:
    """A deck is 72 distinct cards with each colour, number and symbol on exactly 12."""
    if len(cards) != DECK_SIZE:
        raise BadInput(f"{source}: a deck has {DECK_SIZE} cards, not {len(cards)}", str(len(cards)))
    check_distinct(cards, source)
    for what, key in (
        ("colour", lambda c: c.colour),
        ("number", lambda c: str(c.number)),
        ("symbol", lambda c: c.symbol),
    ):
        for value, count in sorted(Counter(key(card) for card in cards).items()):
            if count != EACH:
                raise BadInput(f"{source}: {what} {value} is on {count} cards, not {EACH}", value)
    # six values of 12 each make 72, so no value can be missing once the count is 72


def deck_from_json(data: object, source: str) -> list[Card]:
    """A deck from its JSON shape, ``{"cards": ["R1B", ...]}``, checked for balance."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise BadInput(f'{source}: a deck is a JSON object with a list "cards"', source)
    cards = []
    for entry in data["cards"]:
        if not isinstance(entry, str):
            raise BadInput(f'{source}: a card is a string like "Y4A", not {entry!r}', str(entry))
        cards.append(parse_card(entry))
    check_balanced(cards, source)
    return cards


BUNDLED_DECK = "subito.json"


def load_deck(path: str | Path | None = None) -> list[Card]:
    """The user's deck file, or the bundled stand-in deck when ``path`` is None."""
    if path is None:
        return deck_from_json(load_json(BUNDLED_DECK), "bundled")
    data = read_user_json(path, "deck")
    return deck_from_json(data, str(path))
