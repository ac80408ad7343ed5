"""The reference Ubongo solver: plain exhaustive search, short enough to be obviously
right; the arbiter for the fast backends.

A valid layout is connected, so its cards can be laid one at a time, each touching one
already laid; and it can be moved and turned so that any one of its cards lies unrotated
at the origin. The search therefore tries every face as that first card, then grows the
group by every unused face, rotation and position that touches it, keeping only partial
layouts the validator finds nothing wrong with (the pair rules only ever get worse as
cards are added, so a broken partial layout cannot be mended by more cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from models.errors import BadInput
from models.ubongo.faces import ROTATIONS, Face, rotate
from models.ubongo.layout import Cell, Layout, Placement
from models.ubongo.rules import violations


@dataclass(frozen=True)
class Solution:
    """A valid layout of k faces, or None; ``nodes`` counts the search's steps (each
    backend says which). ``proven`` is False only when a search stopped at a time limit
    without a layout: then None means "not found", not "none exists"."""

    layout: Layout | None
    nodes: int
    proven: bool = True


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


def solve(faces: Sequence[Face], k: int) -> Solution:
    """A valid layout of ``k`` of ``faces``, by exhaustive search (see the module docstring)."""
    if not 0 <= k <= len(faces):
        raise BadInput(f"cannot lay {k} of {len(faces)} cards", str(k))
    nodes = 0

    def grow(layout: Layout, used: frozenset[int]) -> Layout | None:
        nonlocal nodes
        if len(layout) == k:
            return layout
        for i, face in enumerate(faces):
            if i in used:
                continue
            for rotation in ROTATIONS:
                for x, y in sorted(touching_positions(layout, rotate(face.grid, rotation))):
                    nodes += 1
                    grown = [*layout, Placement(face, rotation, x, y)]
                    if not violations(grown):
                        found = grow(grown, used | {i})
                        if found is not None:
                            return found
        return None

    if k == 0:
        return Solution([], 0)
    for first, face in enumerate(faces):
        nodes += 1
        found = grow([Placement(face, 0, 0, 0)], frozenset({first}))
        if found is not None:
            return Solution(found, nodes)
    return Solution(None, nodes)
