"""The reference Ubongo solver: plain exhaustive search, short enough to be obviously
right; the arbiter for the fast backends.

A valid layout is connected, so its cards can be laid one at a time, each touching one
already laid; and it can be moved and turned so that any one of its cards lies unrotated
at the origin. The search therefore tries every face as that first card, then grows the
group by every unused face, rotation and position that touches it, keeping only partial
layouts the validator finds nothing wrong with (the pair rules only ever get worse as
cards are added, so a broken partial layout cannot be mended by more cards).

``solve`` stops at the first layout of k cards; ``complete`` grows the same way from the
cards already on the table instead of from one card at the origin. ``enumerate_layouts``
keeps growing after each layout and keeps one layout per picture (``canonical``): the
layouts are rooted at their first face in hand order, so the growth from a face uses
only the faces after it; and from each root it grows each partial picture only once
(two partial layouts with the same canonical key are one moved and turned into the
other, with faces of the same pictures left in hand, so their growths show the same
pictures).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.faces import ROTATIONS, Face, rotate
from cardsolve.models.ubongo.layout import Cell, Layout, Placement, canonical
from cardsolve.models.ubongo.rules import is_valid, violations


@dataclass(frozen=True)
class Solution:
    """A valid layout of k faces, or None; ``nodes`` counts the search's steps (each
    backend says which). ``proven`` is False only when a search stopped at a time limit
    without a layout: then None means "not found", not "none exists"."""

    layout: Layout | None
    nodes: int
    proven: bool = True


@dataclass(frozen=True)
class Enumeration:
    """The distinct valid layouts of k faces, one per picture (two layouts are the same
    when one is the other moved and turned as a whole, ``models.ubongo.layout.canonical``),
    in the order found. ``complete`` is True when they are all of them, False when a
    limit stopped the search with more left; ``nodes`` counts the search's steps."""

    layouts: list[Layout]
    complete: bool
    nodes: int


def touching_positions(layout: Layout, grid: tuple[str, ...]) -> set[Cell]:
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


def check_k(k: int, n: int) -> None:
    """``k`` cards can be laid from ``n``: 0 <= k <= n, else bad input."""
    if not 0 <= k <= n:
        raise BadInput(f"cannot lay {k} of {n} cards", str(k))


class _Growth:
    """Exhaustive growth of a layout to ``k`` cards by the unused ``faces``, counting the
    candidate placements checked in ``nodes``. With ``once`` set, each partial picture is
    grown only the first time it is met (see the module docstring)."""

    def __init__(self, faces: Sequence[Face], k: int, once: bool = False) -> None:
        self.faces, self.k, self.nodes = faces, k, 0
        self.grown: set[object] | None = set() if once else None

    def layouts(self, layout: Layout, used: frozenset[int]) -> Iterator[Layout]:
        """Every valid layout of ``k`` cards grown from the valid ``layout``, each added card
        touching the ones before it, in search order (repeats included)."""
        if len(layout) == self.k:
            yield layout
            return
        if self.grown is not None:
            key = canonical(layout)
            if key in self.grown:
                return
            self.grown.add(key)
        for i, face in enumerate(self.faces):
            if i in used:
                continue
            for rotation in ROTATIONS:
                for x, y in sorted(touching_positions(layout, rotate(face.grid, rotation))):
                    self.nodes += 1
                    grown = [*layout, Placement(face, rotation, x, y)]
                    if not violations(grown):
                        yield from self.layouts(grown, used | {i})


def solve(faces: Sequence[Face], k: int) -> Solution:
    """A valid layout of ``k`` of ``faces``, by exhaustive search (see the module docstring)."""
    check_k(k, len(faces))
    if k == 0:
        return Solution([], 0)
    growth = _Growth(faces, k)
    for first, face in enumerate(faces):
        growth.nodes += 1
        found = next(growth.layouts([Placement(face, 0, 0, 0)], frozenset({first})), None)
        if found is not None:
            return Solution(found, growth.nodes)
    return Solution(None, growth.nodes)


def check_limit(limit: int | None) -> None:
    """A limit on the number of layouts is None (no limit) or a whole number >= 0."""
    if limit is not None and (not isinstance(limit, int) or limit < 0):
        raise BadInput(f"bad limit {limit!r}: use a whole number >= 0", str(limit))


def enumerate_layouts(faces: Sequence[Face], k: int, limit: int | None = None) -> Enumeration:
    """Every distinct valid layout of ``k`` of ``faces`` (one per picture, up to moving and
    turning the whole layout), or the first ``limit`` found; ``complete`` says whether
    those are all (the search goes on until it meets one more than ``limit``)."""
    check_k(k, len(faces))
    check_limit(limit)
    if k == 0:
        return Enumeration([[]] if limit != 0 else [], limit != 0, 0)
    found: dict[object, Layout] = {}
    nodes = 0
    for first, face in enumerate(faces):
        growth = _Growth(faces, k, once=True)
        growth.nodes += 1
        for grown in growth.layouts([Placement(face, 0, 0, 0)], frozenset(range(first + 1))):
            found.setdefault(canonical(grown), grown)
            if limit is not None and len(found) > limit:
                return Enumeration(list(found.values())[:limit], False, nodes + growth.nodes)
        nodes += growth.nodes
    return Enumeration(list(found.values()), True, nodes)


def check_table(table: Layout, hand: Sequence[Face], k: int) -> None:
    """A table to complete is a valid layout, and k is between its size and its size plus
    the hand's; else bad input."""
    if not is_valid(table):
        raise BadInput("the table is not a valid layout: take cards back first", "table")
    if not len(table) <= k <= len(table) + len(hand):
        raise BadInput(f"cannot lay {k} cards with {len(table)} on the table and {len(hand)} in hand", str(k))


def complete(table: Layout, hand: Sequence[Face], k: int) -> Solution:
    """A valid layout of ``k`` cards: the ``table`` (a valid layout) unchanged, then
    ``k - len(table)`` faces of ``hand``, each touching the cards before it; or None when
    none exists. An empty table is ``solve(hand, k)``."""
    check_table(table, hand, k)
    if not table:
        return solve(hand, k)
    growth = _Growth(hand, k)
    return Solution(next(growth.layouts(list(table), frozenset()), None), growth.nodes)
