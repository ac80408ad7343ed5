"""The fast Ubongo solver: it agrees with the reference on which hands are solvable; every
layout it returns is valid, has k cards and uses faces of the hand; every hand built
around a known valid layout is found solvable; the tables its kernel builds (orientations,
pair status, joints) agree with the model's rotations and the validator; the yes/no
search and the resumable search answer as the one-call search does."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest
from ubongo_hands import check_solution, disjoint_hand, planted_hand, random_face

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import ROTATIONS, SYMBOLS, Face, parse_literal, rotate
from cardsolve.models.ubongo.deal import dealt_hand
from cardsolve.models.ubongo.layout import Placement
from cardsolve.models.ubongo.rules import is_valid, violations
from cardsolve.solvers.ubongo import fast, kernel_tables, reference
from cardsolve.solvers.ubongo.results import Solution


def random_hand(rng: random.Random, case: int) -> tuple[list[Face], int]:
    """Hand number ``case``: 2..7 faces from 3, 4, 6, 8 or 12 symbols, every third with a
    duplicated face, and k = 0, 1, n or any in 1..min(n, 5) in turn (k = n only where
    n <= 5, else 5); 60 hands in a row cover every combination."""
    n = 2 + case % 6
    hand = [random_face(rng, (3, 4, 6, 8, 12)[case % 5]) for _ in range(n)]
    if case % 3 == 0:
        hand[rng.randrange(n)] = rng.choice(hand)
    k = (0, 1, n, rng.randint(1, min(n, 5)))[case % 4]
    return hand, min(k, 5)


@pytest.mark.parametrize("batch", range(10))
def test_agrees_with_the_reference_on_small_hands(batch: int) -> None:
    rng = random.Random(f"small/{batch}")
    outcomes: Counter[bool] = Counter()
    for case in range(32 * batch, 32 * batch + 32):
        hand, k = random_hand(rng, case)
        found, expected = fast.solve(hand, k), reference.solve(hand, k)
        assert (found.layout is None) == (expected.layout is None), (hand, k)
        check_solution(hand, k, found)
        outcomes[found.layout is None] += 1
    assert len(outcomes) == 2  # both outcomes were exercised


def test_faces_with_no_symbol_in_common_are_unsolvable() -> None:
    rng = random.Random(7)
    for _ in range(10):
        hand = disjoint_hand(rng)
        found = fast.solve(hand, 2)
        assert found.layout is None and found.nodes > 0
        assert reference.solve(hand, 2).layout is None


def test_duplicated_faces() -> None:
    """Equal faces are interchangeable, but each is laid at most once."""
    face = parse_literal("AAA/AAA")
    for n in range(1, 6):
        found = fast.solve([face] * n, n)
        check_solution([face] * n, n, found)
        assert found.layout is not None
    lone = parse_literal("ABC/DEF")
    assert fast.solve([lone, lone], 2).layout is None
    assert reference.solve([lone, lone], 2).layout is None


def test_faces_printed_the_other_way_up_are_one_type() -> None:
    """A face and its half turn show one picture: one type, each face laid turned so that
    it shows what the search placed."""
    rng = random.Random(11)
    face = parse_literal("ABC/DEF")
    assert fast._cards([face, parse_literal("FED/CBA"), face]).tables.type_count.tolist() == [3]
    for _ in range(30):
        hand = [random_face(rng, 3) for _ in range(rng.randint(1, 4))]
        hand.append(parse_literal("/".join(rotate(hand[0].grid, 180))))
        k = rng.randint(1, len(hand))
        found, expected = fast.solve(hand, k), reference.solve(hand, k)
        assert (found.layout is None) == (expected.layout is None), hand
        check_solution(hand, k, found)


# Hands of 9 cards asking for 7, as in a round, hand i from seed "nine/i" with 6 + i % 3
# symbols. The reference settles a solvable hand in well under a second, but an
# unsolvable one takes it seconds to a minute: of hands 102..132 (hands 125 and 131 are
# unsolvable), hand 104 is left out, as the reference needs over 4 s for it.
NINE_CARD_HANDS = (102, 103, *range(105, 133))


@pytest.mark.slow  # 10-20 s: started early, so that the run does not end on it
def test_agrees_with_the_reference_on_nine_card_hands() -> None:
    outcomes: Counter[bool] = Counter()
    for i in NINE_CARD_HANDS:
        rng = random.Random(f"nine/{i}")
        hand = [random_face(rng, 6 + i % 3) for _ in range(9)]
        found, expected = fast.solve(hand, 7), reference.solve(hand, 7)
        assert (found.layout is None) == (expected.layout is None), hand
        check_solution(hand, 7, found)
        outcomes[found.layout is None] += 1
    assert outcomes == {False: 28, True: 2}


@pytest.mark.parametrize("seed", range(40))
def test_a_hand_around_a_planted_layout_is_solvable(seed: int) -> None:
    rng = random.Random(seed)
    k = rng.randint(2, 9)
    planted = planted_hand(rng, k, symbols=rng.choice((6, 8, 12)))
    assert is_valid(planted)
    hand = [p.face for p in planted] + [random_face(rng, 12) for _ in range(rng.randint(0, 3))]
    rng.shuffle(hand)
    found = fast.solve(hand, k)
    assert found.layout is not None
    check_solution(hand, k, found)


def test_sixteen_faces() -> None:
    rng = random.Random(16)
    planted = planted_hand(rng, 12, symbols=12)
    hand = [p.face for p in planted] + [random_face(rng, 12) for _ in range(4)]
    rng.shuffle(hand)
    found = fast.solve(hand, 12)
    assert found.layout is not None
    check_solution(hand, 12, found)


def test_the_kernel_groups_faces_into_types_as_the_model_turns_them() -> None:
    """``_group`` on seeded hands with repeated faces and faces printed the other way up:
    each face is of the first type whose grid is its grid or that grid turned 180
    (``rotate``), the types in order of their first face, each type's grid code and
    count as a plain dictionary gives them, and the half-turn flag set exactly on faces
    printed as their type's grid turned."""
    rng = random.Random("group")
    for case in range(300):
        hand = [random_face(rng, (1, 2, 3, 12)[case % 4]) for _ in range(1 + case % 9)]
        if case % 2:
            hand.append(parse_literal("/".join(rotate(rng.choice(hand).grid, 180))))
        if case % 3 == 0:
            hand.append(rng.choice(hand))
        rng.shuffle(hand)
        type_of: dict[tuple[str, ...], int] = {}
        grids: list[tuple[str, ...]] = []
        for face in hand:
            if face.grid not in type_of:
                type_of[face.grid] = type_of[rotate(face.grid, 180)] = len(grids)
                grids.append(face.grid)
        types, face_type, face_half = kernel_tables._group(kernel_tables._codes(hand))
        expected_codes = [int("".join(f"{SYMBOLS.index(s):x}" for s in "".join(grid)), len(SYMBOLS)) for grid in grids]
        counts = [sum(type_of[face.grid] == t for face in hand) for t in range(len(grids))]
        assert types.tolist() == expected_codes + counts, hand
        assert face_type.tolist() == [type_of[face.grid] for face in hand]
        assert face_half.tolist() == [int(face.grid != grids[type_of[face.grid]]) for face in hand]


def _type_grids(cards: fast._Cards) -> list[tuple[str, ...]]:
    """Each type's grid: its first face's."""
    face_type = cards.face_type.tolist()
    return [cards.faces[face_type.index(t)].grid for t in range(len(cards.tables.type_count))]


def _kernel_tables(grids: list[tuple[str, ...]]) -> tuple[list[tuple[Face, int]], kernel_tables._Tables]:
    """The kernel's tables for one face of each grid, and each orientation as (face, rotation)."""
    faces = [Face(grid, "/".join(grid)) for grid in grids]
    tables = fast._cards(faces).tables
    oriented = [(faces[t], (o - int(tables.type_root[t])) * 90) for o, t in enumerate(tables.orient_type.tolist())]
    return oriented, tables


def test_the_kernel_turns_each_grid_as_the_model_does() -> None:
    """From grid codes alone, the kernel's orientations: one per rotation that gives a new
    grid (two for a grid that is its own half turn), in rotation order, each type's count,
    and every cell's symbol as ``Face.rotated`` shows it."""
    rng = random.Random(5)
    for case in range(300):
        grids = [random_face(rng, (2, 3, 12)[case % 3]).grid for _ in range(1 + case % 5)]
        if case % 4 == 0:
            grids.append(parse_literal(("ABA/ABA", "ABC/CBA", "AAA/AAA", "LLK/KLL")[case // 4 % 4]).grid)
        faces = [Face(grid, "/".join(grid)) for grid in grids + grids[:1]]
        cards = fast._cards(faces)
        tables, grids = cards.tables, _type_grids(cards)
        assert tables.type_count.tolist() == [
            sum(face.grid in (grid, rotate(grid, 180)) for face in faces) for grid in grids
        ]
        o = 0
        for t, grid in enumerate(grids):
            assert tables.type_root[t] == o
            turned = {grid}
            for rotation in ROTATIONS:
                seen = rotate(grid, rotation)
                if rotation and seen in turned:
                    continue
                turned.add(seen)
                assert tables.orient_type[o] == t and tables.shape[o] == rotation // 90 % 2
                for y in range(kernel_tables.SPAN):
                    for x in range(kernel_tables.SPAN):
                        inside = y < len(seen) and x < len(seen[0])
                        code = SYMBOLS.index(seen[y][x]) if inside else kernel_tables._NO_SYMBOL
                        assert tables.symbols[o, y * kernel_tables.SPAN + x] == code, (grid, rotation, x, y)
                o += 1
        assert o == len(tables.orient_type)


@pytest.mark.parametrize("symbols", [1, 2, 3])
def test_the_pair_status_and_joints_agree_with_the_validator(symbols: int) -> None:
    """Two oriented faces at every offset of the window: status 0 where the validator
    sees no contact, 1 where it sees a contact and no fault, 2 where it sees a fault; the
    joints listed are exactly the offsets of status 1, by other orientation and then in
    the order of the shapes' joint offsets (``_joints_of``, as the search reads them)."""
    rng = random.Random(f"status/{symbols}")
    grids = [parse_literal("ABA/ABA").grid, *(random_face(rng, symbols).grid for _ in range(3))]
    oriented, tables = _kernel_tables(grids)
    span, geometry = kernel_tables.SPAN, kernel_tables._GEOMETRY
    joints = np.empty(
        (len(oriented) * len(oriented) * kernel_tables._MAX_JOINTS, kernel_tables._PLACE_COLUMNS), np.int64
    )
    for a, (face_a, rotation_a) in enumerate(oriented):
        end = kernel_tables._joints_of(geometry, tables, a, joints, 0)
        listed = [(int(b), int(dx), int(dy)) for b, dx, dy in joints[:end]]
        # by other orientation, then in the order of the shapes' joint offsets
        assert listed == sorted(
            listed,
            key=lambda joint: (
                joint[0],
                geometry.joint_index[tables.shape[a], tables.shape[joint[0]], joint[1] + span, joint[2] + span],
            ),
        )
        assert set(listed) == {
            (b, dx, dy)
            for b in range(len(oriented))
            for dx in range(-span, span + 1)
            for dy in range(-span, span + 1)
            if kernel_tables._status(geometry, tables, a, b, dx + span, dy + span) == 1
        }
        assert len(listed) == len(set(listed))
        for b, (face_b, rotation_b) in enumerate(oriented):
            for dx in range(-span - 1, span + 2):
                for dy in range(-span - 1, span + 2):
                    pair = [Placement(face_a, rotation_a, 0, 0), Placement(face_b, rotation_b, dx, dy)]
                    kinds = {v.kind for v in violations(pair)}
                    expected = 0 if kinds == {"disconnected"} else 1 if not kinds else 2
                    inside = abs(dx) <= span and abs(dy) <= span
                    assert (
                        kernel_tables._status(geometry, tables, a, b, dx + span, dy + span) if inside else 0
                    ) == expected


def _hands(rng: random.Random, count: int) -> list[tuple[list[Face], int]]:
    """Seeded hands of 1-9 faces from 2-12 symbols, some with repeated faces or a face and
    its half turn, with k from 0 to the hand's size."""
    hands = []
    for case in range(count):
        hand = [random_face(rng, (2, 3, 5, 8, 12)[case % 5]) for _ in range(1 + case % 9)]
        if case % 3 == 0:
            hand.append(rng.choice(hand))
        if case % 4 == 1:
            hand.append(parse_literal("/".join(rotate(hand[0].grid, 180))))
        hands.append((hand, rng.randint(0, min(len(hand), 7))))
    return hands


def test_the_yes_no_search_answers_as_solve() -> None:
    """``solvable`` is ``solve`` without the placements: the same answer and node count."""
    outcomes: Counter[bool] = Counter()
    for hand, k in _hands(random.Random("yes-no"), 400):
        found, decided = fast.solve(hand, k), fast.solvable(hand, k)
        assert decided == fast.Decided(found.layout is not None, found.nodes), (hand, k)
        outcomes[decided.solvable] += 1
    assert len(outcomes) == 2
    with pytest.raises(BadInput):
        fast.solvable([parse_literal("ABC/DEF")], 2)


def test_a_search_longer_than_one_slice_restarts_resumably(monkeypatch: pytest.MonkeyPatch) -> None:
    """With slices of a few candidates, no search ends in ``_solve_once``'s single slice:
    ``solve`` and ``solvable`` start again through the resumable search, and answer with
    the same layout and node count as in one slice."""
    cases = _hands(random.Random("slices"), 150)
    expected = [(fast.solve(hand, k), fast.solvable(hand, k)) for hand, k in cases]
    monkeypatch.setattr(fast, "_BUDGET", 3)
    restarted = 0
    for (hand, k), (found, decided) in zip(cases, expected):
        assert fast.solve(hand, k) == found and fast.solvable(hand, k) == decided, (hand, k)
        check_solution(hand, k, found)
        restarted += found.nodes > 3
    assert restarted > 60  # 80 of these hands take more than one slice of 3


def test_nine_card_hands_of_the_deck_agree_with_the_reference_tables() -> None:
    """Dealt hands of every stack and colour: the one-call search finds a layout exactly
    when the resumable search over tables built by ``_cards`` does, with the same nodes."""
    for round_number in range(1, 7):
        for seed in range(40):
            hand = dealt_hand(round_number, seed)
            found = fast.solve(hand, 7)
            cards = fast._cards(hand)
            run = fast._run(7, cards.tables, fast._NO_SEED, 1, 1, False)
            assert (run.found > 0) == (found.layout is not None) and run.nodes == found.nodes
            if found.layout is not None:
                assert cards.layout(run.rows[0]) == found.layout
                check_solution(hand, 7, found)


def test_a_bad_grid_is_bad_input() -> None:
    for grid in (("ABC",), ("ABC", "DE"), ("ABC", "DEM"), ("abc", "DEF")):
        with pytest.raises(BadInput):
            fast.solve([Face(grid, "x")], 1)


def test_edges() -> None:
    face = parse_literal("ABC/DEF")
    assert fast.solve([face], 0) == Solution([], 0) and fast.solve([], 0).layout == []
    assert fast.solve([face], 1).layout == [Placement(face, 0, 0, 0)]
    for k in (-1, 2):
        with pytest.raises(BadInput):
            fast.solve([face], k)
