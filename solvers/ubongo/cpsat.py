"""The CP-SAT Ubongo solver: cards x orientations x positions on a bounded board, with
contact constraints between every pair of cards.

Variables: per card, ``used`` (exactly k are), an orientation (its distinct rotations,
as in ``fast``) and the column and row of its top-left cell in ``-3(k-1)..3(k-1)`` each
way: the root card lies at the origin, and no card of a connected layout of k is more
than k - 1 joints, each at most ``fast.SPAN`` = 3 cells either way, from it. Per pair of
cards, ``joint`` (they meet at a legal joint) and the offset between them clamped to
``-4..4`` (beyond 3 cards cannot touch).

Constraints: for every pair of used cards, the tuple (orientation, orientation, clamped
offset, joint) is in a table of the pair's legal relations taken from ``fast``'s status
tables: apart (joint 0) or a legal joint (joint 1), never illegal. The used cards are
connected over the joints: the root is the lowest-numbered used card, at depth 0; every
other used card has a parent it joins, one level less deep.

Symmetry breaks: the whole layout may be moved and turned, so the root lies unrotated at
the origin; unused cards are fixed there too, unrotated; faces that show one picture
(equal grids, or each other's half turn) are used lowest-numbered first and, the root
apart, lie in increasing order of position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from ortools.sat.python import cp_model

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.faces import Face, Grid, rotate
from cardsolve.models.ubongo.layout import Placement
from cardsolve.solvers.cpsat_small import small_model_solver
from cardsolve.solvers.ubongo import fast
from cardsolve.solvers.ubongo.reference import Solution, check_k

_FAR = fast.SPAN + 1
"""A clamped offset of this size (either sign, either coordinate) means "apart"."""


@dataclass(frozen=True)
class _Orientations:
    """The hand's distinct orientations: ``rotations[i]`` are card i's rotations in
    orientation order, ``first[i]`` its first orientation's row in ``status`` (cards with
    equal faces share rows), ``status[a, b, dx + SPAN, dy + SPAN]`` fast's status of
    orientation b at offset (dx, dy) from orientation a."""

    rotations: list[tuple[int, ...]]
    first: list[int]
    status: np.ndarray


@dataclass(frozen=True)
class _Cards:
    """The model's per-card variables (see the module docstring)."""

    used: list[cp_model.IntVar]
    orient: list[cp_model.IntVar]
    x: list[cp_model.IntVar]
    y: list[cp_model.IntVar]
    root: list[cp_model.IntVar]


def _orientations(faces: Sequence[Face]) -> _Orientations:
    """The orientations of each card's face and their status table, via ``fast``."""
    grids = list(dict.fromkeys(face.grid for face in faces))
    turns = [fast._turns(grid) for grid in grids]
    first = dict(zip(grids, np.cumsum([0] + [len(t.rotations) for t in turns[:-1]]).tolist()))
    status, _, _ = fast._tables(np.concatenate([t.symbols for t in turns]),
                                np.concatenate([t.shapes for t in turns]))
    return _Orientations([fast._turns(face.grid).rotations for face in faces],
                         [first[face.grid] for face in faces], status)


def _relations(table: _Orientations, i: int, j: int) -> list[list[int]]:
    """The allowed rows (orientation of i, orientation of j, dx, dy, joint) of cards i and
    j, (dx, dy) the offset of j from i clamped to ``-_FAR.._FAR``: status apart (joint 0)
    or a legal joint (joint 1); a clamped offset is apart."""
    span, orients_i, orients_j = fast.SPAN, len(table.rotations[i]), len(table.rotations[j])
    status = np.full((orients_i, orients_j, 2 * _FAR + 1, 2 * _FAR + 1), fast._APART, np.int64)
    status[:, :, _FAR - span:_FAR + span + 1, _FAR - span:_FAR + span + 1] = table.status[
        table.first[i]:table.first[i] + orients_i, table.first[j]:table.first[j] + orients_j]
    allowed = np.argwhere(status != fast._ILLEGAL)
    joint = status[tuple(allowed.T)] == fast._JOINT
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


def _add_cards(model: cp_model.CpModel, table: _Orientations, k: int) -> _Cards:
    """Per-card variables; exactly k cards used; the root is the lowest-numbered used
    card; it and the unused cards lie unrotated at the origin."""
    n, reach = len(table.rotations), fast.SPAN * (k - 1)
    cards = _Cards([model.new_bool_var(f"used{i}") for i in range(n)],
                   [model.new_int_var(0, len(table.rotations[i]) - 1, f"orient{i}") for i in range(n)],
                   [model.new_int_var(-reach, reach, f"x{i}") for i in range(n)],
                   [model.new_int_var(-reach, reach, f"y{i}") for i in range(n)],
                   [model.new_bool_var(f"root{i}") for i in range(n)])
    model.add(sum(cards.used) == k)
    for i in range(n):
        earlier = cards.used[:i]
        model.add_bool_and([cards.used[i], *(~u for u in earlier)]).only_enforce_if(cards.root[i])
        model.add_bool_or([~cards.used[i], *earlier, cards.root[i]])
        for var in (cards.orient[i], cards.x[i], cards.y[i]):
            model.add(var == 0).only_enforce_if(~cards.used[i])
            model.add(var == 0).only_enforce_if(cards.root[i])
    return cards


def _add_pairs(model: cp_model.CpModel, table: _Orientations, cards: _Cards,
               k: int) -> dict[tuple[int, int], cp_model.IntVar]:
    """Every pair of used cards is apart or at a legal joint; returns the joint variables
    by pair (i < j)."""
    joints = {}
    reach = fast.SPAN * (k - 1)
    for i, j in combinations(range(len(cards.used)), 2):
        joint = model.new_bool_var(f"joint{i}_{j}")
        dx = _clamped(model, cards.x[j] - cards.x[i], reach, f"dx{i}_{j}")
        dy = _clamped(model, cards.y[j] - cards.y[i], reach, f"dy{i}_{j}")
        model.add_allowed_assignments([cards.orient[i], cards.orient[j], dx, dy, joint],
                                      _relations(table, i, j)).only_enforce_if([cards.used[i], cards.used[j]])
        model.add_implication(joint, cards.used[i])
        model.add_implication(joint, cards.used[j])
        joints[i, j] = joint
    return joints


def _add_connected(model: cp_model.CpModel, cards: _Cards, joints: dict[tuple[int, int], cp_model.IntVar],
                   k: int) -> None:
    """The used cards are connected over the joints: each used card but the root has a
    parent it joins, one level nearer the root (depth 0)."""
    n = len(cards.used)
    depth = [model.new_int_var(0, k - 1, f"depth{i}") for i in range(n)]
    for i in range(n):
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
    width = 2 * fast.SPAN * (k - 1) + 1
    for members in _pictures(faces):
        for i, j in zip(members, members[1:]):
            model.add_implication(cards.used[j], cards.used[i])
            model.add(cards.x[i] * width + cards.y[i] < cards.x[j] * width + cards.y[j]).only_enforce_if(
                [cards.used[j], ~cards.root[i]])


def solve(faces: Sequence[Face], k: int, time_limit: float = 60.0, workers: int = 1) -> Solution:
    """A valid layout of ``k`` of ``faces`` found by CP-SAT (see the module docstring), or
    None: proven when CP-SAT proves there is none, unproven when ``time_limit`` seconds
    ran out first. ``nodes`` is CP-SAT's branch count."""
    check_k(k, len(faces))
    if not time_limit >= 0:
        raise BadInput(f"bad time limit {time_limit!r}: give seconds, 0 or more", str(time_limit))
    if workers < 1:
        raise BadInput(f"bad number of workers {workers!r}: give 1 or more", str(workers))
    if k == 0:
        return Solution([], 0)
    table = _orientations(faces)
    model = cp_model.CpModel()
    cards = _add_cards(model, table, k)
    joints = _add_pairs(model, table, cards, k)
    _add_connected(model, cards, joints, k)
    _add_picture_order(model, faces, cards, k)
    solver = small_model_solver(time_limit, workers)
    status = solver.solve(model)
    nodes = int(solver.num_branches)
    if status == cp_model.INFEASIBLE:
        return Solution(None, nodes)
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"invalid CP-SAT model: {model.validate()}")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Solution(None, nodes, proven=False)
    layout = [Placement(faces[i], table.rotations[i][solver.value(cards.orient[i])],
                        solver.value(cards.x[i]), solver.value(cards.y[i]))
              for i in range(len(faces)) if solver.boolean_value(cards.used[i])]
    return Solution(layout, nodes)
