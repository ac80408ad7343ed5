"""Distinct layouts: ``canonical`` is equal for a layout moved and turned as a whole (and
for cards swapped for faces showing the same picture) and different for different
pictures; ``enumerate_layouts`` of the fast backend finds as many distinct layouts as the
reference, each valid, of k faces from the hand, no two alike; pinned counts; limits."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from ubongo_hands import random_face

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import ROTATIONS, Face, load_deck, parse_literal, rotate
from cardsolve.models.ubongo.layout import Layout, Placement, canonical, turn_layout
from cardsolve.models.ubongo.rules import is_valid
from cardsolve.solvers.ubongo import fast, reference
from cardsolve.solvers.ubongo.results import Enumeration


def half_turned(face: Face) -> Face:
    """The face printed the other way up: the same picture, turned 180 degrees."""
    return parse_literal("/".join(rotate(face.grid, 180)))


def random_layout(rng: random.Random, n: int) -> Layout:
    """``n`` random placements, valid or not (canonical needs no validity)."""
    return [
        Placement(random_face(rng, 4), rng.choice(ROTATIONS), rng.randint(-6, 6), rng.randint(-6, 6)) for _ in range(n)
    ]


def moved(layout: Layout, rng: random.Random) -> Layout:
    """The layout turned and moved as a whole, its cards shuffled, and some faces swapped
    for others showing the same picture (renamed, or printed the other way up)."""
    dx, dy = rng.randint(-9, 9), rng.randint(-9, 9)
    changed = []
    for p in turn_layout(layout, rng.choice(ROTATIONS)):
        face, rotation = p.face, p.rotation
        if rng.random() < 0.3:
            face = Face(face.grid, "renamed")
        if rng.random() < 0.3:
            face, rotation = half_turned(face), (rotation + 180) % 360
        changed.append(Placement(face, rotation, p.x + dx, p.y + dy))
    rng.shuffle(changed)
    return changed


def test_turn_layout_turns_every_cell() -> None:
    """A whole turn takes each cell (x, y) to (-y, x) per quarter turn, with its symbol."""
    rng = random.Random(1)
    for _ in range(100):
        layout = random_layout(rng, 3)
        for rotation in ROTATIONS:
            expected = [dict(p.cells()) for p in layout]
            for _ in range(rotation // 90):
                expected = [{(-y, x): symbol for (x, y), symbol in cells.items()} for cells in expected]
            assert [dict(p.cells()) for p in turn_layout(layout, rotation)] == expected
    with pytest.raises(BadInput):
        turn_layout([], 45)


def test_canonical_ignores_moves_turns_order_and_face_names() -> None:
    rng = random.Random(2)
    for n in range(8):
        for _ in range(25):
            layout = random_layout(rng, n)
            assert canonical(moved(layout, rng)) == canonical(layout)
    face = parse_literal("ABC/DEF")
    assert canonical([Placement(face, 180, 0, 0)]) == canonical([Placement(half_turned(face), 0, 5, 5)])


def test_canonical_tells_different_pictures_apart() -> None:
    """A changed symbol, a card moved by one cell and a mirror image are other pictures."""
    rng = random.Random(3)
    for _ in range(100):
        layout = random_layout(rng, rng.randint(1, 5))
        i = rng.randrange(len(layout))
        p = layout[i]
        letters = "".join(p.face.grid)
        j = rng.randrange(6)
        letters = letters[:j] + ("A" if letters[j] != "A" else "B") + letters[j + 1 :]
        other = parse_literal(f"{letters[:3]}/{letters[3:]}")
        assert canonical([*layout[:i], Placement(other, p.rotation, p.x, p.y), *layout[i + 1 :]]) != canonical(layout)
        if len(layout) > 1:
            step = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
            nudged = Placement(p.face, p.rotation, p.x + step[0], p.y + step[1])
            assert canonical([*layout[:i], nudged, *layout[i + 1 :]]) != canonical(layout)
    two = [Placement(parse_literal("AAA/AAA"), 0, 0, 0), Placement(parse_literal("AAA/AAA"), 0, 1, 2)]
    mirrored = [two[0], Placement(two[1].face, 0, -1, 2)]
    assert canonical(two) != canonical(mirrored)


def small_hand(rng: random.Random, case: int) -> tuple[list[Face], int]:
    """Hand number ``case``: every fourth asks for 4 of 4 or 5 faces of 6 or 8 symbols;
    the others for 1..3 of 2..5 faces of 2 to 8 symbols (at most 4 faces with 2 or 3
    symbols). Every third hand repeats a face, every fifth has a face that reads the same
    backwards (its own half turn), every seventh a face and its half turn."""
    if case % 4 == 0:
        symbols, n, k = rng.choice((6, 8)), rng.randint(4, 5), 4
    else:
        symbols = rng.choice((2, 3, 4, 5, 6, 8))
        n = rng.randint(2, 4 if symbols <= 3 else 5)
        k = rng.randint(1, min(n, 3))
    hand = [random_face(rng, symbols) for _ in range(n)]
    if case % 5 == 1:
        row = hand[0].grid[0]
        hand[0] = parse_literal(f"{row}/{row[::-1]}")
    if case % 7 == 2:
        hand[-1] = half_turned(hand[0])
    if case % 3 == 0:
        hand[rng.randrange(1, n)] = hand[0]
    rng.shuffle(hand)
    return hand, k


def check(hand: list[Face], k: int, found: Enumeration) -> None:
    """Every layout is valid, has k faces of the hand (a multiset), and no two show the
    same picture."""
    for layout in found.layouts:
        assert len(layout) == k and is_valid(layout)
        assert not Counter(p.face for p in layout) - Counter(hand)
    assert len({canonical(layout) for layout in found.layouts}) == len(found.layouts)


@pytest.mark.parametrize("batch", range(4))
def test_the_fast_count_agrees_with_the_reference(batch: int) -> None:
    rng = random.Random(f"enumerate/{batch}")
    counts = []
    for case in range(40 * batch, 40 * batch + 40):
        hand, k = small_hand(rng, case)
        found, expected = fast.enumerate_layouts(hand, k), reference.enumerate_layouts(hand, k)
        check(hand, k, found)
        check(hand, k, expected)
        assert found.complete and expected.complete
        assert len(found.layouts) == len(expected.layouts), ([f.name for f in hand], k)
        assert {canonical(layout) for layout in found.layouts} == {canonical(layout) for layout in expected.layouts}
        counts.append(len(found.layouts))
    assert 0 in counts and max(counts) > 20  # hands without a layout, and with many


def literal(*faces: str) -> list[Face]:
    return [parse_literal(face) for face in faces]


# Counts computed once by reference.enumerate_layouts (fast.enumerate_layouts agreed).
# Two AAA/AAA cards, 5, by hand: both lying, long edges meeting one cell apart, to the
# left or to the right (mirror images); short edges meeting end to end; a standing card
# beside a lying one, their top or their bottom rows level (mirror images again).
PINNED = [
    (("AAA/AAA", "AAA/AAA"), 2, 5),
    (("AAA/AAA", "AAA/AAA", "AAA/AAA"), 3, 32),
    (("ABA/CBC", "BAC/CAB", "CCA/ABB"), 2, 8),
    (("ABA/CBC", "BAC/CAB", "CCA/ABB"), 3, 14),
    (("ABA/BAB", "AAB/ABB", "BBA/ABA", "CAB/BAC"), 3, 116),
    (("ABC/ABC", "ABC/ABC", "CBA/CBA", "BCA/ACB"), 4, 10),  # CBA/CBA is ABC/ABC turned
    (("ABC/DAB", "CDA/BCD", "AAB/CCD", "DBA/ACB", "BCD/DCB"), 4, 37),
    (("1w", "2w", "3w", "4w", "5w", "6w"), 4, 318),  # the bundled deck
    (("1b", "2b", "3b", "4b", "5b"), 3, 11),
]


@pytest.mark.parametrize(("names", "k", "count"), PINNED)
def test_pinned_counts(names: tuple[str, ...], k: int, count: int) -> None:
    hand = [load_deck().face(name) for name in names]
    found = fast.enumerate_layouts(hand, k)
    check(hand, k, found)
    assert found.complete and len(found.layouts) == count


Enumerate = Callable[..., Enumeration]
BACKENDS = pytest.mark.parametrize(
    "enumerate_layouts", [fast.enumerate_layouts, reference.enumerate_layouts], ids=["fast", "reference"]
)


@BACKENDS
def test_limits(enumerate_layouts: Enumerate) -> None:
    """The first ``limit`` layouts of the full list; complete exactly when none are left."""
    hand = literal("ABA/CBC", "BAC/CAB", "CCA/ABB")
    every = enumerate_layouts(hand, 3)
    assert every.complete and len(every.layouts) == 14
    for limit, complete in ((0, False), (1, False), (13, False), (14, True), (15, True), (100, True)):
        found = enumerate_layouts(hand, 3, limit=limit)
        assert found.layouts == every.layouts[:limit] and found.complete == complete
    none = enumerate_layouts(literal("ABC/DEF", "GHI/JKL"), 2, limit=0)
    assert none.layouts == [] and none.complete


@BACKENDS
def test_edges(enumerate_layouts: Enumerate) -> None:
    face = parse_literal("ABC/DEF")
    assert enumerate_layouts([face], 0) == Enumeration([[]], True, 0)
    assert enumerate_layouts([], 0, limit=0) == Enumeration([], False, 0)
    assert enumerate_layouts([face, face], 1).layouts == [[Placement(face, 0, 0, 0)]]
    symmetric = parse_literal("ABC/CBA")
    assert enumerate_layouts([symmetric, half_turned(symmetric)], 1).layouts == [[Placement(symmetric, 0, 0, 0)]]
    for k in (-1, 2):
        with pytest.raises(BadInput):
            enumerate_layouts([face], k)
    with pytest.raises(BadInput):
        enumerate_layouts([face], 1, limit=-1)
