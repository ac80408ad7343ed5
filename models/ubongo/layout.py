"""Ubongo layouts: cards placed on a grid of whole cells.

A placement is a face, its rotation and the column ``x`` and row ``y`` of the rotated
card's top-left cell; rows grow downwards. A layout is a list of placements. Its JSON
shape: ``{"cards": [{"card": "17w", "rotation": 90, "x": 3, "y": -2}, ...]}``, where
``card`` names a deck face or a literal face (``ABC/DDA``).

A placement checks itself when made: a ``Face``, a rotation of ``ROTATIONS``, whole
coordinates at most ``MAX_COORDINATE`` from the origin. A layout, read from JSON or given
to the API, could be laid from one deck (``check_layout``): at most ``DECK_CARDS`` cards,
each deck card once (literal faces may repeat), and its cards within reach of each other:
as a card is at most ``COLS`` cells wide or tall, n cards laid edge to edge span at most
``COLS * n`` cells, so top-left cells farther apart than that in x or in y are bad input.
This keeps every check and picture of a layout small.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsolve.models.data import read_user_json
from cardsolve.models.errors import BadInput, as_token, shown, unchecked
from cardsolve.models.ubongo.cards import (
    COLS,
    DECK_CARDS,
    ROTATIONS,
    Face,
    Grid,
    check_card_count,
    check_distinct_cards,
)

Cell = tuple[int, int]
"""A grid position (x, y): column, then row, rows growing downwards."""


@dataclass(frozen=True)
class Placement:
    """A face laid at ``(x, y)`` after turning it ``rotation`` degrees clockwise."""

    face: Face
    rotation: int
    x: int
    y: int

    def __post_init__(self) -> None:
        """A ``Face``, and fields that make a placement (``placement_problem``); else bad
        input naming the face, the field and the value."""
        if type(self.face) is not Face:
            raise BadInput(
                f"bad placed face {shown(self.face)}: a Face, like parse_literal('ABC/DDA')", as_token(self.face)
            )
        problem = placement_problem(self.rotation, self.x, self.y)
        if problem is not None:
            words, token = problem
            raise BadInput(f"placed card {self.face.name} {words}", token)

    @classmethod
    def unchecked(cls, face: Face, rotation: int, x: int, y: int) -> Placement:
        """The placement made without the checks of ``__post_init__`` (``models.errors.
        unchecked``): only for a search's own placements, made by the thousand from faces
        already checked at coordinates the search computes (the rules' validator checks
        the layouts it returns, in tests). A user's placement is made by ``Placement(...)``."""
        return unchecked(cls, face=face, rotation=rotation, x=x, y=y)

    @property
    def grid(self) -> Grid:
        return self.face.rotated(self.rotation)

    def cells(self) -> Iterator[tuple[Cell, str]]:
        """Each covered cell with the symbol it shows."""
        return grid_cells(self.grid, self.x, self.y)

    def to_json(self) -> dict[str, Any]:
        return {"card": self.face.name, "rotation": self.rotation, "x": self.x, "y": self.y}


def grid_cells(grid: Grid, x: int = 0, y: int = 0) -> Iterator[tuple[Cell, str]]:
    """Each cell a card showing ``grid`` (as turned) covers with its top-left cell at
    ``(x, y)``, with the symbol it shows."""
    for dy, row in enumerate(grid):
        for dx, symbol in enumerate(row):
            yield (x + dx, y + dy), symbol


Layout = list[Placement]

MAX_COORDINATE = COLS * DECK_CARDS
"""The farthest a top-left cell of a layout lies from the origin: the span of a whole deck
laid edge to edge."""


def placement_problem(rotation: object, x: object, y: object) -> tuple[str, str] | None:
    """What keeps a face turned ``rotation`` and laid at ``(x, y)`` from being a placement,
    as words that follow the card's name (``has x 0.5, not a whole number``) and the bad
    value; None when nothing does: a rotation of ``ROTATIONS``, whole ``x`` and ``y`` at
    most ``MAX_COORDINATE`` from the origin. One check for the constructor and the JSON
    reader."""
    # called for every placement the reference search lays: plain tests, words only for a bad value
    if type(rotation) is not int or rotation not in ROTATIONS:
        return f"has rotation {shown(rotation)}: use 0, 90, 180 or 270", as_token(rotation)
    if type(x) is not int or not -MAX_COORDINATE <= x <= MAX_COORDINATE:
        return _coordinate_problem("x", x)
    if type(y) is not int or not -MAX_COORDINATE <= y <= MAX_COORDINATE:
        return _coordinate_problem("y", y)
    return None


def _coordinate_problem(axis: str, value: object) -> tuple[str, str]:
    """Why ``value`` is no coordinate ``axis`` (``placement_problem``'s words)."""
    if type(value) is not int:
        return f"has {axis} {shown(value)}, not a whole number", as_token(value)
    reach = f"beyond any layout's reach of {MAX_COORDINATE} cells from the origin"
    return f"has {axis} {shown(value)}, {reach}", as_token(value)


def layout_to_json(layout: Layout) -> dict[str, Any]:
    """The layout in its JSON shape."""
    return {"cards": [p.to_json() for p in layout]}


def layout_from_json(data: object, face: Callable[[str], Face], source: str = "layout") -> Layout:
    """A layout from its JSON shape; ``face`` reads a card name (deck or literal face).
    Anything malformed is bad input naming the entry and the field."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise BadInput(f'{source}: a layout is a JSON object with a list "cards"', source)
    check_card_count(len(data["cards"]), source)
    layout = []
    for k, entry in enumerate(data["cards"], start=1):  # numbered from 1, as people count the laid cards
        if not isinstance(entry, dict):
            raise BadInput(f"{source}: card {k} is not an object: {shown(entry)}", as_token(entry))
        missing = [key for key in ("card", "rotation", "x", "y") if key not in entry]
        if missing:
            raise BadInput(f"{source}: card {k} lacks {', '.join(missing)}", missing[0])
        if not isinstance(entry["card"], str):
            raise BadInput(f"{source}: card {k} names no face: {shown(entry['card'])}", as_token(entry["card"]))
        problem = placement_problem(entry["rotation"], entry["x"], entry["y"])
        if problem is not None:
            words, token = problem
            raise BadInput(f"{source}: card {k} {words}", token)
        layout.append(Placement(face(entry["card"]), entry["rotation"], entry["x"], entry["y"]))
    check_layout(layout, source)
    return layout


def check_layout(layout: Layout, source: str = "the layout") -> None:
    """A layout could be laid from one deck: at most ``DECK_CARDS`` cards, each deck card
    once, and within reach of each other (the module docstring); else bad input naming
    ``source`` and the offending card or value. Each placement checked itself when made."""
    check_card_count(len(layout), source)
    check_distinct_cards(placement.face for placement in layout)
    _check_reach(layout, source)


def _check_reach(layout: Layout, source: str) -> None:
    """The cards lie within reach of each other (see the module docstring): top-left cells
    at most ``COLS`` cells per card apart in x and in y; else bad input naming the
    farthest coordinate."""
    reach = COLS * len(layout)
    for axis in ("x", "y"):
        values = [getattr(placement, axis) for placement in layout]
        if values and max(values) - min(values) > reach:
            far = max(values, key=lambda value: abs(value - values[0]))
            raise BadInput(
                f"{source}: cards at {axis} {min(values)} and {max(values)} are farther apart than "
                f"{len(layout)} cards can reach ({reach} cells)",
                str(far),
            )


def read_layout(path: str | Path, face: Callable[[str], Face]) -> Layout:
    """A layout from a JSON file; an unreadable file is bad input naming it."""
    data = read_user_json(path, "layout")
    return layout_from_json(data, face, str(path))


def touching_positions(layout: Layout, grid: Grid) -> set[Cell]:
    """Every top-left position where a card with this (rotated) grid would cover no laid
    cell and share an edge with at least one."""
    taken = {cell for placement in layout for cell, _ in placement.cells()}
    shape = [(dx, dy) for dy, row in enumerate(grid) for dx in range(len(row))]
    positions = set()
    for x, y in taken:
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if (nx, ny) in taken:
                continue
            for dx, dy in shape:
                origin = (nx - dx, ny - dy)
                if all((origin[0] + sx, origin[1] + sy) not in taken for sx, sy in shape):
                    positions.add(origin)
    return positions


def turn_layout(layout: Layout, rotation: int) -> Layout:
    """The whole layout turned ``rotation`` degrees clockwise about the origin: each
    quarter turn takes cell (x, y) to (-y, x), so a card of height h (before the turn)
    with its top-left cell at (x, y) turns 90 degrees further and lands with its top-left
    cell at (1 - y - h, x)."""
    if rotation not in ROTATIONS:
        raise BadInput(f"bad rotation {rotation!r}: use 0, 90, 180 or 270", str(rotation))
    for _ in range(rotation // 90):
        layout = [Placement.unchecked(p.face, (p.rotation + 90) % 360, 1 - p.y - len(p.grid), p.x) for p in layout]
    return layout


def canonical(layout: Layout) -> tuple[tuple[tuple[Cell, str], ...], ...]:
    """A key equal for two layouts exactly when they show the same picture (the same
    cards' cells and symbols, whichever faces print them) once one is moved and turned as
    a whole: the least, over the four turns, of the sorted cards, each its sorted cells
    and symbols, moved so that the least x and the least y of any cell are 0."""
    keys = []
    for rotation in ROTATIONS:
        cards = [list(p.cells()) for p in turn_layout(layout, rotation)]
        left = min((x for card in cards for (x, _), _ in card), default=0)
        top = min((y for card in cards for (_, y), _ in card), default=0)
        keys.append(
            tuple(sorted(tuple(sorted(((x - left, y - top), symbol) for (x, y), symbol in card)) for card in cards))
        )
    return min(keys)
