"""Ubongo: Das Kartenspiel card faces, their rotations and the deck.

A face is a grid of 2 rows x 3 columns; each cell shows one symbol, a letter ``A``..``L``
(one per Ubongo puzzle-piece shape). It is written as its two rows, top first, before
any rotation: ``ABC/DDA``. A deck card has a number and two faces, white (front, odd
rounds) and black (back, even rounds); a deck face is written ``17w`` or ``17b``.
Rotations are 0, 90, 180 or 270 degrees clockwise; a 90 or 270 rotation stands the card
up as 3 rows x 2 columns.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path

from cardsolve.models.data import load_json, read_user_json
from cardsolve.models.errors import BadInput, as_token, is_whole, shown

SYMBOLS = "ABCDEFGHIJKL"
"""The twelve symbols, one letter each."""
ROWS, COLS = 2, 3
"""An unrotated face: 2 rows of 3 cells."""
ROTATIONS = (0, 90, 180, 270)
"""Allowed rotations, degrees clockwise."""
STACKS = (1, 2, 3)
"""The deck's stacks: 1 for rounds 1-2, 2 for rounds 3-4, 3 for rounds 5-6."""
CARDS_PER_STACK = 36
"""Cards in one stack."""
DECK_CARDS = CARDS_PER_STACK * len(STACKS)
"""Cards in a deck (108): no hand, table or deck file holds more."""

Grid = tuple[str, ...]
"""A face as rows of symbol letters, top row first: ("ABC", "DDA")."""


@dataclass(frozen=True)
class Face:
    """One side of a card: its symbol grid as printed (unrotated), and its name, either
    the deck face (``17w``) or the literal grid (``ABC/DDA``)."""

    grid: Grid
    name: str

    def __post_init__(self) -> None:
        """The grid is ``ROWS`` rows of ``COLS`` symbols of ``SYMBOLS``, as a tuple of
        strings, and the name is text; else bad input naming the field and the value."""
        grid = self.grid
        if not (
            type(grid) is tuple and len(grid) == ROWS and all(type(row) is str and len(row) == COLS for row in grid)
        ):
            raise BadInput(
                f"bad face grid {shown(grid)}: a face is a tuple of {ROWS} rows of {COLS} symbols, like ('ABC', 'DDA')",
                as_token(grid),
            )
        wrong = next((symbol for row in grid for symbol in row if symbol not in SYMBOLS), None)
        if wrong is not None:
            raise BadInput(
                f"bad face grid {'/'.join(grid)!r}: symbol {wrong!r} is not one of {SYMBOLS[0]}-{SYMBOLS[-1]}", wrong
            )
        if type(self.name) is not str or not self.name.strip():
            raise BadInput(f"bad face name {shown(self.name)}: name a face like 17w or ABC/DDA", as_token(self.name))

    def rotated(self, rotation: int) -> Grid:
        """The grid turned ``rotation`` degrees clockwise."""
        return rotate(self.grid, rotation)

    def __str__(self) -> str:
        return self.name


@cache
def rotate(grid: Grid, rotation: int) -> Grid:
    """``grid`` turned clockwise by a multiple of 90 degrees: each quarter turn makes
    row r, column c of the result the cell at row (rows-1-c), column r of the grid."""
    if rotation not in ROTATIONS:
        raise BadInput(f"bad rotation {rotation!r}: use 0, 90, 180 or 270", str(rotation))
    for _ in range(rotation // 90):
        rows = len(grid)
        grid = tuple("".join(grid[rows - 1 - c][r] for c in range(rows)) for r in range(len(grid[0])))
    return grid


_DECK_FACE = re.compile(r"([0-9]{1,9})([wb])")


def parse_literal(text: str) -> Face:
    """Read a literal face ``ABC/DDA`` (letters A-L; lower case is accepted): its rows, as
    ``Face`` checks them; a bad one is bad input naming ``text``."""
    token = text.strip().upper()
    try:
        return Face(tuple(token.split("/")), token)
    except BadInput:
        raise BadInput(f"bad face {shown(text)}: a face is two rows of three symbols A-L, like ABC/DDA", text) from None


def check_distinct_cards(faces: Iterable[Face]) -> None:
    """The faces could come from one deck: no more than ``DECK_CARDS`` of them, and a deck
    card in one place at a time: two faces of one card number (``17w`` and ``17w``, or
    ``17w`` and ``17b``) are bad input naming the second. Literal faces may repeat, as two
    printed cards may look alike."""
    faces = list(faces)
    check_card_count(len(faces), "the cards")
    seen: dict[int, str] = {}
    for face in faces:
        number = _card_number(face.name)
        if number is not None:
            if number in seen:
                raise BadInput(
                    f"card {number} is named twice ({seen[number]} and {face.name}): each card is in one place",
                    face.name,
                )
            seen[number] = face.name


@lru_cache(maxsize=4096)
def _card_number(name: str) -> int | None:
    """The card number of a deck face's name (``17w``: 17); None for a literal face's. A
    deck's names are met again and again, so each is read once."""
    match = _DECK_FACE.fullmatch(name)
    return int(match.group(1)) if match else None


@dataclass(frozen=True)
class Card:
    """A deck card: its number, its stack (1, 2 or 3 for stacks 1|2, 3|4, 5|6) and faces."""

    number: int
    stack: int
    white: Face
    black: Face

    def __post_init__(self) -> None:
        """The number is a whole number from 1, the stack one of ``STACKS`` and both sides
        ``Face``s; else bad input naming the field and the value."""
        if not is_whole(self.number) or self.number < 1:
            raise BadInput(f"bad card number {shown(self.number)}: a whole number, 1 or more", as_token(self.number))
        if not is_whole(self.stack) or self.stack not in STACKS:
            raise BadInput(
                f"card {self.number} has stack {shown(self.stack)}; stacks are 1, 2 and 3", as_token(self.stack)
            )
        for side, face in (("white", self.white), ("black", self.black)):
            if not isinstance(face, Face):
                raise BadInput(f"card {self.number} has {side} face {shown(face)}, not a Face", as_token(face))


@dataclass(frozen=True)
class Deck:
    """Cards by number, and where they came from (the bundled file or a user's)."""

    cards: dict[int, Card]
    source: str

    def __post_init__(self) -> None:
        """At most ``DECK_CARDS`` cards, each a ``Card`` filed under its number; else bad
        input naming it."""
        if not isinstance(self.cards, dict):
            raise BadInput(f"bad deck cards {shown(self.cards)}: a dict of Cards by number", as_token(self.cards))
        check_card_count(len(self.cards), f"the {self.source} deck")
        for number, card in self.cards.items():
            if not isinstance(card, Card) or card.number != number:
                raise BadInput(f"the {self.source} deck files {shown(card)} as card {shown(number)}", as_token(number))

    def stack(self, stack: int) -> list[Card]:
        """The cards of stack 1 (rounds 1-2), 2 (rounds 3-4) or 3 (rounds 5-6), by number."""
        return [card for _, card in sorted(self.cards.items()) if card.stack == stack]

    def face(self, text: str) -> Face:
        """A face named ``17w`` / ``17b`` in this deck, or a literal face ``ABC/DDA``."""
        token = text.strip().lower()
        match = _DECK_FACE.fullmatch(token)
        if not match:
            return parse_literal(text)
        number = int(match.group(1))
        if number not in self.cards:
            raise BadInput(f"unknown card {shown(text)}: the {self.source} deck has no card {number}", text)
        card = self.cards[number]
        return card.white if match.group(2) == "w" else card.black


def check_card_count(count: int, what: str) -> None:
    """No more cards than a deck holds: ``count`` above ``DECK_CARDS`` is bad input naming
    ``what`` (a hand, a layout, a deck file)."""
    if count > DECK_CARDS:
        raise BadInput(f"{what}: {count} cards, but a deck holds {DECK_CARDS}", str(count))


def deck_from_json(data: object, source: str) -> Deck:
    """A deck from its JSON shape: ``{"cards": [{"number": 1, "stack": 1, "white":
    "ABC/DDA", "black": "..."}, ...]}``. Malformed data is bad input naming the card."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise BadInput(f'{source}: a deck is a JSON object with a list "cards"', source)
    cards: dict[int, Card] = {}
    check_card_count(len(data["cards"]), source)
    for entry in data["cards"]:
        if not isinstance(entry, dict) or not {"number", "stack", "white", "black"} <= set(entry):
            raise BadInput(f"{source}: each card needs number, stack, white and black: {entry!r}", str(entry))
        number, stack = entry["number"], entry["stack"]
        if is_whole(number) and number in cards:
            raise BadInput(f"{source}: card number {number} is repeated", str(number))
        white, black = parse_literal(str(entry["white"])), parse_literal(str(entry["black"]))
        try:
            card = Card(number, stack, white, black)
        except BadInput as error:
            raise BadInput(f"{source}: {error}", error.token) from None
        cards[number] = replace(card, white=Face(white.grid, f"{number}w"), black=Face(black.grid, f"{number}b"))
    return Deck(cards, source)


BUNDLED_DECK = "ubongo.json"


def load_deck(path: str | Path | None = None) -> Deck:
    """The user's deck file, or the bundled stand-in deck when ``path`` is None."""
    if path is None:
        try:
            return deck_from_json(load_json(BUNDLED_DECK), "bundled")
        except FileNotFoundError:
            raise BadInput(
                "the bundled Ubongo deck is not built yet: use literal faces like ABC/DDA "
                "or --deck FILE with your own cards",
                BUNDLED_DECK,
            ) from None
    data = read_user_json(path, "deck")
    return deck_from_json(data, str(path))


FaceReader = Callable[[str], Face]
"""A function reading one face name, deck (``17w``) or literal (``ABC/DDA``)."""


def face_reader(deck: Deck | None = None) -> FaceReader:
    """A reader of face names: literal faces always; deck faces from ``deck`` or, when it
    is None, from the bundled deck, loaded only when a deck face is first named."""
    decks = [] if deck is None else [deck]

    def face(name: str) -> Face:
        if "/" in name:
            return parse_literal(name)
        if not decks:
            decks.append(load_deck())
        return decks[0].face(name)

    return face


def parse_hand(text: str, face: FaceReader) -> list[Face]:
    """The faces of a comma-separated hand (``3w,7w,ABC/DDA``), each read by ``face``; an
    empty name is bad input."""
    tokens = [token.strip() for token in text.split(",")]
    if not all(tokens):
        raise BadInput(f"empty face in hand {text!r}", text)
    check_card_count(len(tokens), "the hand")
    return [face(token) for token in tokens]
