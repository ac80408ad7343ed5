"""The largest Ubongo layout: it has the most cards any valid layout of the hand has (no
layout one card larger exists), on every backend; a time-limited size makes it unproven;
its size from the yes/no search is the layout's."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from ubongo_hands import random_face

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import Face, parse_literal
from cardsolve.models.ubongo.rules import is_valid
from cardsolve.solvers.ubongo import fast, reference
from cardsolve.solvers.ubongo.largest import largest_layout, largest_size
from cardsolve.solvers.ubongo.results import Solution


def test_agrees_with_the_reference_and_is_largest() -> None:
    rng = random.Random("largest")
    sizes: Counter[int] = Counter()
    for case in range(120):
        hand = [random_face(rng, (3, 5, 8, 12)[case % 4]) for _ in range(2 + case % 3)]
        k = len(hand) if case % 2 else rng.randint(1, len(hand))
        found = largest_layout(hand, k, fast.solve)
        assert found.layout is not None and found.proven and is_valid(found.layout)
        size = len(found.layout)
        assert 1 <= size <= k and not Counter(p.face for p in found.layout) - Counter(hand)
        assert size == len(largest_layout(hand, k, reference.solve).layout or ())
        if size < k:
            assert fast.solve(hand, size + 1).layout is None
        sizes[size == k] += 1
    assert len(sizes) == 2  # hands that reach k and hands that stop short


def test_no_common_symbol_leaves_one_card() -> None:
    hand = [parse_literal("ABC/ABC"), parse_literal("DEF/DEF"), parse_literal("GHI/GHI")]
    found = largest_layout(hand, 3, fast.solve)
    assert found.layout is not None and len(found.layout) == 1 and found.proven


def test_edges() -> None:
    assert largest_layout([], 0, fast.solve).layout == []
    assert largest_layout([parse_literal("ABC/DEF")], 0, fast.solve).layout == []
    with pytest.raises(BadInput):
        largest_layout([parse_literal("ABC/DEF")], 2, fast.solve)


def test_an_undecided_size_makes_the_answer_unproven() -> None:
    """A backend that ran out of time on sizes above 2 (as cpsat may): the layout of 2 it
    finds is the largest found, not the proven largest."""
    face = parse_literal("AAA/AAA")

    def timed_out_above_two(faces: Sequence[Face], k: int) -> Solution:
        return fast.solve(faces, k) if k <= 2 else Solution(None, 5, proven=False)

    found = largest_layout([face] * 4, 4, timed_out_above_two)
    assert found.layout is not None and len(found.layout) == 2
    assert not found.proven and found.nodes >= 10


def test_the_size_from_the_yes_no_search_is_the_layouts() -> None:
    rng = random.Random("largest-size")
    for case in range(300):
        hand = [random_face(rng, (3, 5, 8, 12)[case % 4]) for _ in range(1 + case % 6)]
        k = rng.randint(0, len(hand))
        expected = largest_layout(hand, k, fast.solve).layout
        assert expected is not None
        assert largest_size(hand, k, lambda faces, size: fast.solvable(faces, size).solvable) == len(expected)
    with pytest.raises(BadInput):
        largest_size([parse_literal("ABC/DEF")], 2, lambda faces, size: True)
