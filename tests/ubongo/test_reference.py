"""The reference Ubongo solver: every layout it returns is valid and uses faces from the
hand; every hand built around a known valid layout is found solvable."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from ubongo_hands import random_face

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import ROTATIONS, SYMBOLS, parse_literal, rotate
from cardsolve.models.ubongo.layout import Layout, Placement, touching_positions
from cardsolve.models.ubongo.rules import is_valid
from cardsolve.solvers.ubongo.reference import solve


def planted_layout(rng: random.Random, k: int, symbols: int) -> Layout:
    """A valid layout of ``k`` cards grown one card at a time: each new card goes where it
    touches the group, its touching cells copy their neighbours' symbols, its other cells
    are random, and it is kept only if the layout stays valid."""
    layout = [Placement(random_face(rng, symbols), 0, 0, 0)]
    while len(layout) < k:
        rotation = rng.choice(ROTATIONS)
        shape = rotate(("XXX", "XXX"), rotation)
        x, y = rng.choice(sorted(touching_positions(layout, shape)))
        cells = {cell: symbol for placement in layout for cell, symbol in placement.cells()}
        rows = []
        for dy, row in enumerate(shape):
            line = ""
            for dx in range(len(row)):
                neighbours = {
                    cells[n]
                    for n in ((x + dx + 1, y + dy), (x + dx - 1, y + dy), (x + dx, y + dy + 1), (x + dx, y + dy - 1))
                    if n in cells
                }
                line += neighbours.pop() if len(neighbours) == 1 else rng.choice(SYMBOLS[:symbols])
            rows.append(line)
        printed = rotate(tuple(rows), (360 - rotation) % 360)
        candidate = [*layout, Placement(parse_literal("/".join(printed)), rotation, x, y)]
        if is_valid(candidate):
            layout = candidate
    return layout


def test_returned_layouts_are_valid_and_from_the_hand() -> None:
    rng = random.Random(5)
    solvable = unsolvable = 0
    for _ in range(60):
        hand = [random_face(rng, rng.choice((4, 6, 8, 12))) for _ in range(rng.randint(2, 6))]
        k = rng.randint(1, len(hand))
        found = solve(hand, k)
        if found.layout is None:
            unsolvable += 1
            continue
        solvable += 1
        assert len(found.layout) == k and is_valid(found.layout)
        assert not Counter(p.face.grid for p in found.layout) - Counter(f.grid for f in hand)
    assert solvable and unsolvable  # both outcomes were exercised


@pytest.mark.parametrize("seed", range(40))
def test_a_hand_around_a_planted_layout_is_solvable(seed: int) -> None:
    rng = random.Random(seed)
    k = rng.randint(2, 5)
    planted = planted_layout(rng, k, symbols=rng.choice((6, 8, 12)))
    hand = [p.face for p in planted] + [random_face(rng, 12) for _ in range(rng.randint(0, 2))]
    rng.shuffle(hand)
    found = solve(hand, k)
    assert found.layout is not None and is_valid(found.layout) and len(found.layout) == k


def test_edges() -> None:
    face = parse_literal("ABC/DEF")
    assert solve([face], 0).layout == [] and solve([], 0).layout == []
    assert solve([face], 1).layout == [Placement(face, 0, 0, 0)]
    with pytest.raises(BadInput):
        solve([face], 2)


def test_two_faces_with_no_joint_are_unsolvable() -> None:
    """ABC/DEF and GHI/JKL share no symbol, so no two of their cells can match."""
    found = solve([parse_literal("ABC/DEF"), parse_literal("GHI/JKL")], 2)
    assert found.layout is None and found.nodes > 0


def test_a_time_limit_that_runs_out_claims_nothing() -> None:
    hand = [parse_literal("ABC/DEF"), parse_literal("EFG/HIJ"), parse_literal("JKL/GCA")]
    found = solve(hand, 3, time_limit=0)
    assert found.layout is None and not found.proven and found.nodes >= 1
    assert solve(hand, 3, time_limit=60).proven
    with pytest.raises(BadInput, match="time limit"):
        solve(hand, 3, time_limit=-1)
