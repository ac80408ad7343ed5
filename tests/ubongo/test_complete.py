"""Completing a table: the fast backend agrees with the reference on whether the cards on
the table can be completed to k with cards from the hand; every completion is valid,
keeps the table unchanged and first, adds faces of the hand, each touching the cards
before it; an empty table is solve; a bad table or k is bad input."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from ubongo_hands import random_face

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import ROTATIONS, Face, parse_literal, rotate
from cardsolve.models.ubongo.layout import Layout, Placement, turn_layout
from cardsolve.models.ubongo.rules import contacts, is_valid
from cardsolve.solvers.ubongo import fast, reference
from cardsolve.solvers.ubongo.results import Solution

Complete = Callable[[Layout, list[Face], int], Solution]
BACKENDS = pytest.mark.parametrize("complete", [fast.complete, reference.complete], ids=["fast", "reference"])


def half_turned(face: Face) -> Face:
    """The face printed the other way up: the same picture, turned 180 degrees."""
    return parse_literal("/".join(rotate(face.grid, 180)))


def table_case(rng: random.Random, case: int) -> tuple[Layout, list[Face], int]:
    """Case number ``case``: a layout found for a random hand of 2..6 faces (every third
    with a repeated face, every fifth with a face and its half turn), cut to a prefix,
    which is connected as each card found touches one before it; every other table
    turned and moved as a whole. The hand is the rest of the faces and 0..2 new ones; k
    runs from the table's size to at most 4 more, and at most 6."""
    symbols = (3, 4, 5, 6, 8)[case % 5]
    while True:
        n = rng.randint(2, 6)
        faces = [random_face(rng, symbols) for _ in range(n)]
        if case % 3 == 0:
            faces[rng.randrange(1, n)] = faces[0]
        if case % 5 == 1:
            faces[-1] = half_turned(faces[0])
        laid = fast.solve(faces, rng.randint(1, n)).layout
        if laid is not None:
            break
    table = laid[: rng.randint(1, len(laid))]
    if case % 2:
        dx, dy = rng.randint(-9, 9), rng.randint(-9, 9)
        table = [Placement(p.face, p.rotation, p.x + dx, p.y + dy) for p in turn_layout(table, rng.choice(ROTATIONS))]
    hand = list(faces)
    for p in table:
        hand.remove(p.face)
    hand += [random_face(rng, symbols) for _ in range(rng.randint(0, 2))]
    rng.shuffle(hand)
    return table, hand, rng.randint(len(table), min(len(table) + len(hand), len(table) + 4, 6))


def check(table: Layout, hand: list[Face], k: int, found: Solution) -> None:
    """A completion is valid, has k cards, starts with the table unchanged, adds faces
    of the hand (a multiset), each touching a card before it."""
    if found.layout is None:
        return
    layout = found.layout
    assert len(layout) == k and is_valid(layout) and layout[: len(table)] == table
    assert not Counter(p.face for p in layout[len(table) :]) - Counter(hand)
    touching = contacts(layout)
    for j in range(len(table), k):
        assert any((i, j) in touching for i in range(j)), j


@pytest.mark.parametrize("batch", range(4))
def test_the_fast_backend_agrees_with_the_reference(batch: int) -> None:
    rng = random.Random(f"complete/{batch}")
    outcomes: Counter[bool] = Counter()
    for case in range(40 * batch, 40 * batch + 40):
        table, hand, k = table_case(rng, case)
        assert is_valid(table)
        found, expected = fast.complete(table, hand, k), reference.complete(table, hand, k)
        assert (found.layout is None) == (expected.layout is None), (table, [f.name for f in hand], k)
        check(table, hand, k, found)
        check(table, hand, k, expected)
        outcomes[found.layout is None] += 1
    assert len(outcomes) == 2  # both completable and not


@BACKENDS
def test_an_empty_table_is_solve(complete: Complete) -> None:
    solve = fast.solve if complete is fast.complete else reference.solve
    rng = random.Random(4)
    for _ in range(20):
        hand = [random_face(rng, 5) for _ in range(rng.randint(1, 5))]
        k = rng.randint(0, len(hand))
        assert complete([], hand, k) == solve(hand, k)


@BACKENDS
def test_a_full_table_is_its_own_completion(complete: Complete) -> None:
    table = [Placement(parse_literal("AAA/BBB"), 0, 4, 4), Placement(parse_literal("BBB/CCC"), 0, 5, 6)]
    assert is_valid(table)
    assert complete(table, [parse_literal("ABC/ABC")], 2).layout == table


@BACKENDS
def test_cards_that_fit_only_each_other_do_not_complete(complete: Complete) -> None:
    """Two B cards join each other, but nothing joins the A card on the table."""
    table = [Placement(parse_literal("AAA/AAA"), 90, -3, 7)]
    hand = [parse_literal("BBB/BBB"), parse_literal("BBB/BBB")]
    assert complete(table, hand, 1).layout == table
    assert complete(table, hand, 2).layout is None
    assert complete([], hand, 2).layout is not None


@BACKENDS
def test_faces_printed_the_other_way_up(complete: Complete) -> None:
    """The table holds a face whose half turn is in hand: one picture, two faces."""
    face = parse_literal("AAB/BCC")
    table = [Placement(half_turned(face), 90, 2, -1)]
    hand = [face, parse_literal("DDD/DDD")]
    for k in (2, 3):
        found = complete(table, hand, k)
        check(table, hand, k, found)
        assert (found.layout is None) == (k == 3)


@BACKENDS
def test_bad_input(complete: Complete) -> None:
    face = parse_literal("AAA/AAA")
    overlapping = [Placement(face, 0, 0, 0), Placement(face, 0, 1, 1)]
    apart = [Placement(face, 0, 0, 0), Placement(face, 0, 10, 10)]
    for table in (overlapping, apart):
        with pytest.raises(BadInput):
            complete(table, [face], 3)
    table = [Placement(face, 0, 0, 0)]
    for k in (0, 3):
        with pytest.raises(BadInput):
            complete(table, [face], k)
    with pytest.raises(BadInput):
        complete([], [face], 2)
