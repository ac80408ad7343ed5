"""The CP-SAT Ubongo solver: cards x orientations x positions on a bounded board, with
contact constraints between every pair of cards (the model in short, beside the other
backends: docs/pages/solvers.md, section "The CP-SAT model", ``#ubongo-cpsat``).

Variables: per card, ``used`` (exactly k are), an orientation (its distinct rotations:
those that show a grid no earlier rotation shows) and the column and row of its top-left
cell in ``-3(k-1)..3(k-1)`` each way: the root card lies at the origin, and no card of a
connected layout of k is more than k - 1 joints, each at most ``SPAN`` = 3 cells either
way, from it. Per pair of cards, ``joint`` (they meet at a legal joint) and the offset
between them clamped to ``-4..4`` (beyond 3 cards cannot touch).

Geometry: what two oriented cards make at each offset comes from the model alone (the
faces' rotations and cells, and the contact rule of ``models.ubongo.rules``), not from
``fast``'s tables, so that the two backends check each other's geometry. A contact is a
cell of each card sharing an edge; a shared cell, 1 or 3+ contacts, or a contact joining
different symbols is illegal; exactly ``CONTACTS_PER_JOINT`` matching contacts are a
joint; no contact is apart.

Constraints: for every pair of used cards, the tuple (orientation, orientation, clamped
offset, joint) is in a table of the pair's legal relations: apart (joint 0) or a legal
joint (joint 1), never illegal. The used cards are connected over the joints: the root
is the lowest-numbered used card, at depth 0; every other used card has a parent it
joins, one level less deep.

Symmetry breaks: the whole layout may be moved and turned, so the root lies unrotated at
the origin; unused cards are fixed there too, unrotated; faces that show one picture
(equal grids, or each other's half turn) are used lowest-numbered first and, the root
apart, lie in increasing order of position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, pairwise

import numpy as np
from ortools.sat.python import cp_model

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import COLS, ROTATIONS, ROWS, Face, Grid, rotate
from cardsolve.models.ubongo.layout import Placement, grid_cells
from cardsolve.models.ubongo.rules import CONTACTS_PER_JOINT
from cardsolve.solvers.infrastructure import cpsat
from cardsolve.solvers.infrastructure.cpsat import small_model_solver
from cardsolve.solvers.infrastructure.limits import Deadline, OutOfTime, check_budget
from cardsolve.solvers.ubongo.reference import check_k
from cardsolve.solvers.ubongo.results import Solution

SPAN = max(ROWS, COLS)
"""Two cards at an offset beyond this (either coordinate) cannot touch."""
_FAR = SPAN + 1
"""A clamped offset of this size (either sign, either coordinate) means "apart"."""
_APART, _JOINT, _ILLEGAL = 0, 1, 2
"""What two cards make at an offset (see the module docstring)."""
_STEPS = np.array([(1, 0), (-1, 0), (0, 1), (0, -1)], np.int64)
"""From a cell to the four cells sharing an edge with it."""


@dataclass(frozen=True)
class _Cards:
    """The model's per-card variables (see the module docstring)."""

    used: list[cp_model.IntVar]
    orient: list[cp_model.IntVar]
    x: list[cp_model.IntVar]
    y: list[cp_model.IntVar]
    root: list[cp_model.IntVar]


def orientations(face: Face) -> tuple[int, ...]:
    """The face's distinct rotations, in rotation order: each shows a grid that no earlier
    rotation shows (a grid that reads the same backwards repeats after a half turn)."""
    shown: dict[Grid, int] = {}
    for rotation in ROTATIONS:
        shown.setdefault(face.rotated(rotation), rotation)
    return tuple(shown.values())


@lru_cache(maxsize=4096)
def _cells(grid: Grid) -> tuple[np.ndarray, np.ndarray]:
    """The cells of a card showing ``grid`` at the origin, from the model: their (x, y)
    rows and their symbols."""
    cells = list(grid_cells(grid))
    found = np.array([cell for cell, _ in cells], np.int64), np.array([symbol for _, symbol in cells])
    for array in found:
        array.setflags(write=False)  # shared by every call through the cache
    return found


@lru_cache(maxsize=4096)
def pair_status(first: Grid, second: Grid) -> np.ndarray:
    """``status[dx + _FAR, dy + _FAR]``: what a card showing ``second`` with its top-left
    cell at (dx, dy) makes with a card showing ``first`` at the origin (both grids as they
    lie): apart, a joint or illegal (see the module docstring). Each contact is met once,
    from its cell of the first card: the second card's cell q lies on an edge of cell p
    exactly at the offset p + step - q; the cards share a cell at the offset p - q."""
    cells, symbols = _cells(first)
    others, other_symbols = _cells(second)
    side = 2 * _FAR + 1
    shared = cells[:, None, :] - others[None, :, :] + _FAR
    touching = cells[:, None, None, :] + _STEPS[None, None, :, :] - others[None, :, None, :] + _FAR
    at = (touching[..., 0] * side + touching[..., 1]).ravel()
    mismatch = np.repeat((symbols[:, None] != other_symbols[None, :]).ravel(), len(_STEPS))
    contacts = np.bincount(at, minlength=side * side)
    mismatches = np.bincount(at, weights=mismatch, minlength=side * side)
    status = np.where(
        contacts == 0, _APART, np.where((contacts == CONTACTS_PER_JOINT) & (mismatches == 0), _JOINT, _ILLEGAL)
    )
    status[(shared[..., 0] * side + shared[..., 1]).ravel()] = _ILLEGAL
    status = status.reshape(side, side)
    status.setflags(write=False)  # shared by every call through the cache
    return status


def _relations(faces: Sequence[Face], turns: list[tuple[int, ...]], i: int, j: int) -> list[list[int]]:
    """The allowed rows (orientation of i, orientation of j, dx, dy, joint) of cards i and
    j, (dx, dy) the offset of j from i clamped to ``-_FAR.._FAR``: apart (joint 0) or a
    legal joint (joint 1); a clamped offset is apart."""
    status = np.array([[pair_status(faces[i].rotated(a), faces[j].rotated(b)) for b in turns[j]] for a in turns[i]])
    allowed = np.argwhere(status != _ILLEGAL)
    joint = status[tuple(allowed.T)] == _JOINT
    allowed[:, 2:] -= _FAR
    rows: list[list[int]] = np.column_stack([allowed, joint.astype(np.int64)]).tolist()
    return rows


def _clamped(model: cp_model.CpModel, difference: cp_model.LinearExpr, reach: int, name: str) -> cp_model.IntVar:
    """A variable equal to ``difference`` (of two coordinates in ``-reach..reach``)
    clamped to ``-_FAR.._FAR``."""
    low = model.new_int_var(-_FAR, max(2 * reach, -_FAR), f"{name}_low")
    model.add_max_equality(low, [difference, -_FAR])
    clamped = model.new_int_var(-_FAR, _FAR, name)
    model.add_min_equality(clamped, [low, _FAR])
    return clamped


def _add_cards(model: cp_model.CpModel, turns: list[tuple[int, ...]], k: int) -> _Cards:
    """Per-card variables; exactly k cards used; the root is the lowest-numbered used
    card; it and the unused cards lie unrotated at the origin."""
    n, reach = len(turns), SPAN * (k - 1)
    cards = _Cards(
        [model.new_bool_var(f"used{i}") for i in range(n)],
        [model.new_int_var(0, len(turns[i]) - 1, f"orient{i}") for i in range(n)],
        [model.new_int_var(-reach, reach, f"x{i}") for i in range(n)],
        [model.new_int_var(-reach, reach, f"y{i}") for i in range(n)],
        [model.new_bool_var(f"root{i}") for i in range(n)],
    )
    model.add(sum(cards.used) == k)
    for i in range(n):
        earlier = cards.used[:i]
        model.add_bool_and([cards.used[i], *(~u for u in earlier)]).only_enforce_if(cards.root[i])
        model.add_bool_or([~cards.used[i], *earlier, cards.root[i]])
        for var in (cards.orient[i], cards.x[i], cards.y[i]):
            model.add(var == 0).only_enforce_if(~cards.used[i])
            model.add(var == 0).only_enforce_if(cards.root[i])
    return cards


def _add_pairs(
    model: cp_model.CpModel,
    faces: Sequence[Face],
    turns: list[tuple[int, ...]],
    cards: _Cards,
    k: int,
    deadline: Deadline,
) -> dict[tuple[int, int], cp_model.IntVar]:
    """Every pair of used cards is apart or at a legal joint; returns the joint variables
    by pair (i < j). The pairs grow with the square of the hand, so the deadline is
    checked at each."""
    joints = {}
    reach = SPAN * (k - 1)
    for i, j in combinations(range(len(cards.used)), 2):
        deadline.check()
        joint = model.new_bool_var(f"joint{i}_{j}")
        dx = _clamped(model, cards.x[j] - cards.x[i], reach, f"dx{i}_{j}")
        dy = _clamped(model, cards.y[j] - cards.y[i], reach, f"dy{i}_{j}")
        model.add_allowed_assignments(
            [cards.orient[i], cards.orient[j], dx, dy, joint], _relations(faces, turns, i, j)
        ).only_enforce_if([cards.used[i], cards.used[j]])
        model.add_implication(joint, cards.used[i])
        model.add_implication(joint, cards.used[j])
        joints[i, j] = joint
    return joints


def _add_connected(
    model: cp_model.CpModel, cards: _Cards, joints: dict[tuple[int, int], cp_model.IntVar], k: int, deadline: Deadline
) -> None:
    """The used cards are connected over the joints: each used card but the root has a
    parent it joins, one level nearer the root (depth 0). The deadline is checked at each
    card (each adds a parent variable per other card)."""
    n = len(cards.used)
    depth = [model.new_int_var(0, k - 1, f"depth{i}") for i in range(n)]
    for i in range(n):
        deadline.check()
        model.add(depth[i] == 0).only_enforce_if(cards.root[i])
        model.add(depth[i] >= 1).only_enforce_if([cards.used[i], ~cards.root[i]])
        parents = []
        for j in range(n):
            if j == i:
                continue
            parent = model.new_bool_var(f"parent{i}_{j}")
            model.add_implication(parent, joints[min(i, j), max(i, j)])
            model.add(depth[i] == depth[j] + 1).only_enforce_if(parent)
            parents.append(parent)
        model.add(sum(parents) == 1).only_enforce_if([cards.used[i], ~cards.root[i]])
        model.add(sum(parents) == 0).only_enforce_if(~cards.used[i])
        model.add(sum(parents) == 0).only_enforce_if(cards.root[i])
    model.add(sum(joints.values()) >= k - 1)


def _pictures(faces: Sequence[Face]) -> list[list[int]]:
    """The indices of the faces that show one picture, for each picture: equal grids, or
    grids that are each other's half turn (one face is the other printed upside down,
    so either can lie wherever the other does, turned 180 degrees further)."""
    same: dict[Grid, list[int]] = {}
    for i, face in enumerate(faces):
        same.setdefault(min(face.grid, rotate(face.grid, 180)), []).append(i)
    return list(same.values())


def _add_picture_order(model: cp_model.CpModel, faces: Sequence[Face], cards: _Cards, k: int) -> None:
    """Faces of one picture are used lowest-numbered first and, the root apart, lie in
    increasing order of position (column, then row)."""
    width = 2 * SPAN * (k - 1) + 1
    for members in _pictures(faces):
        for i, j in pairwise(members):
            model.add_implication(cards.used[j], cards.used[i])
            model.add(cards.x[i] * width + cards.y[i] < cards.x[j] * width + cards.y[j]).only_enforce_if(
                [cards.used[j], ~cards.root[i]]
            )


def solve(faces: Sequence[Face], k: int, time_limit: float | None = 60.0, workers: int = 1) -> Solution:
    """A valid layout of ``k`` of ``faces`` found by CP-SAT (see the module docstring), or
    None: proven when CP-SAT proves there is none, unproven when ``time_limit`` seconds
    (None: no limit) ran out first, building the model included. One card is always a
    layout, laid without a model. ``nodes`` is CP-SAT's branch count."""
    check_k(k, len(faces))
    check_budget(time_limit)
    if workers < 1:
        raise BadInput(f"bad number of workers {workers!r}: give 1 or more", str(workers))
    if k <= 1:
        return Solution([Placement(face, 0, 0, 0) for face in faces[:k]], 0)
    deadline = Deadline.after(time_limit)
    turns = [orientations(face) for face in faces]
    model = cp_model.CpModel()
    cards = _add_cards(model, turns, k)
    try:
        joints = _add_pairs(model, faces, turns, cards, k, deadline)
        _add_connected(model, cards, joints, k, deadline)
    except OutOfTime:
        return Solution(None, 0, proven=False)
    _add_picture_order(model, faces, cards, k)
    solver = small_model_solver(deadline.left(), workers)
    status = cpsat.solve(solver, model)
    nodes = int(solver.num_branches)
    if status == cp_model.INFEASIBLE:
        return Solution(None, nodes)
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"invalid CP-SAT model: {model.validate()}")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Solution(None, nodes, proven=False)
    layout = [
        Placement(faces[i], turns[i][solver.value(cards.orient[i])], solver.value(cards.x[i]), solver.value(cards.y[i]))
        for i in range(len(faces))
        if solver.boolean_value(cards.used[i])
    ]
    return Solution(layout, nodes)
