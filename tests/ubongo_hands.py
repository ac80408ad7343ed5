"""Hands for the Ubongo solver tests: random literal faces, hands built around a planted
valid layout, and the check every returned layout must pass."""

from __future__ import annotations

import random
from collections import Counter

from cardsolve.models.ubongo.cards import ROTATIONS, SYMBOLS, Face, parse_literal, rotate
from cardsolve.models.ubongo.layout import Cell, Layout, Placement
from cardsolve.models.ubongo.rules import is_valid
from cardsolve.solvers.ubongo.results import Solution


def random_face(rng: random.Random, symbols: int) -> Face:
    """Six random letters from the first ``symbols`` symbols."""
    letters = "".join(rng.choice(SYMBOLS[:symbols]) for _ in range(6))
    return parse_literal(f"{letters[:3]}/{letters[3:]}")


def disjoint_hand(rng: random.Random) -> list[Face]:
    """Two random faces with no symbol in common (A-F against G-L): no layout of both."""
    left = "".join(rng.choice("ABCDEF") for _ in range(6))
    right = "".join(rng.choice("GHIJKL") for _ in range(6))
    return [parse_literal(f"{left[:3]}/{left[3:]}"), parse_literal(f"{right[:3]}/{right[3:]}")]


def check_solution(hand: list[Face], k: int, found: Solution) -> None:
    """A returned layout is valid, has k cards and uses faces of the hand (a multiset)."""
    if found.layout is not None:
        assert len(found.layout) == k and is_valid(found.layout)
        assert not Counter(p.face for p in found.layout) - Counter(hand)


Box = tuple[int, int, int, int]
"""A card's outline: x, y of its top-left cell, width, height."""


def box_cells(box: Box) -> list[Cell]:
    x, y, width, height = box
    return [(x + dx, y + dy) for dy in range(height) for dx in range(width)]


def planted_hand(rng: random.Random, k: int, symbols: int) -> Layout:
    """A valid layout of ``k`` cards, shapes first: each new outline goes next to a laid
    one, is kept when it covers no laid cell, meets every laid card at 0 or 2 contacts and
    some card at 2; then all cells joined by contacts get one random symbol, and the
    others a random symbol each."""
    boxes: list[Box] = [(0, 0, 3, 2)]
    while len(boxes) < k:
        x, y, _, _ = rng.choice(boxes)
        width, height = rng.choice(((3, 2), (2, 3)))
        box = (x + rng.randint(-3, 3), y + rng.randint(-3, 3), width, height)
        owner = {cell: i for i, laid in enumerate(boxes) for cell in box_cells(laid)}
        if any(cell in owner for cell in box_cells(box)):
            continue
        meets = Counter(
            owner[n]
            for cx, cy in box_cells(box)
            for n in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1))
            if n in owner
        )
        if meets and set(meets.values()) == {2}:
            boxes.append(box)
    parent = {cell: cell for box in boxes for cell in box_cells(box)}

    def root(cell: Cell) -> Cell:
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    for box in boxes:  # contacts join cells of different cards; unite each pair
        for cx, cy in box_cells(box):
            for other in ((cx + 1, cy), (cx, cy + 1)):
                if other in parent and other not in box_cells(box):
                    parent[root(other)] = root((cx, cy))
    symbol = {cell: rng.choice(SYMBOLS[:symbols]) for cell in parent}
    layout = []
    for box in boxes:
        x, y, width, height = box
        grid = tuple("".join(symbol[root((x + dx, y + dy))] for dx in range(width)) for dy in range(height))
        rotation = rng.choice(ROTATIONS[0::2] if width == 3 else ROTATIONS[1::2])
        printed = rotate(grid, (360 - rotation) % 360)
        layout.append(Placement(parse_literal("/".join(printed)), rotation, x, y))
    return layout
