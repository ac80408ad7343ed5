"""The CP-SAT Speed CUBU search: the most hand cards on distinct cells, each with a parent
it relates to in a neighbouring cell, one step deeper than the parent
(docs/pages/solvers.md, ``#cubu-speed``).

Variables, for n hand cards: per card, ``used``, its cell ``(x, y)`` relative to the
centre's (each coordinate in ``-n..n``: a card is at most n parent steps from it) and its ``depth`` in
``0..n``; per card and each card it relates to (the centre included) and each of the
four directions, ``arc``: that card is its parent and lies in that direction from it.
Constraints: a used card has exactly one arc, to a used parent (the centre has depth 0
and lies at ``CENTRE``) one less deep, whose cell is the neighbour in the arc's
direction; the used cards and the centre lie on distinct cells (an unused card gets a
cell number of its own, off the board). Implied, for propagation: each side of a card
(the centre's too) is filled by at most one arc, a child's or the card's own to its
parent. By ``play_graph``'s argument these are exactly
the layouts that can be laid, in order of depth. Objective: the most used cards.

Symmetry breaks: a quarter turn about the centre brings a card whose parent is the
centre to the east of it, so one is required there whenever a card is used; twins
(``play_graph.twin_classes``) are used first to last, the used ones in increasing order
of cell number.

CP-SAT's OPTIMAL is the proof; FEASIBLE (out of time) is returned as not proven. The
time limit counts from the call, so building the model (its arcs grow with the square of
the hand) uses it up too: past it the building stops and nothing is claimed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from ortools.sat.python import cp_model

from cardsolve.models.cubu.cards import Card
from cardsolve.models.cubu.speed import CENTRE, relates
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu.play_graph import twin_classes
from cardsolve.solvers.cubu.results import Search
from cardsolve.solvers.infrastructure import cpsat
from cardsolve.solvers.infrastructure.cpsat import small_model_solver
from cardsolve.solvers.infrastructure.limits import Deadline, OutOfTime, check_budget

TIME_LIMIT = 60.0
"""Seconds CP-SAT searches when the caller gives no limit."""
DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""A card's offset from its parent; east first."""


@dataclass(frozen=True)
class _Model:
    """The model and the variables its answer is read from (see the module docstring)."""

    model: cp_model.CpModel
    used: list[cp_model.IntVar]
    x: list[cp_model.IntVar]
    y: list[cp_model.IntVar]
    depth: list[cp_model.IntVar]


def _build(centre: Card, hand: Sequence[Card], mode: str, deadline: Deadline) -> _Model:
    """The model of the module docstring for a non-empty ``hand``; the deadline is checked
    at each card's arcs, which grow with the hand."""
    n = len(hand)
    side = 2 * n + 1
    model = cp_model.CpModel()
    used = [model.new_bool_var(f"used{i}") for i in range(n)]
    x = [model.new_int_var(-n, n, f"x{i}") for i in range(n)]
    y = [model.new_int_var(-n, n, f"y{i}") for i in range(n)]
    depth = [model.new_int_var(0, n, f"depth{i}") for i in range(n)]
    cell = [model.new_int_var(0, side * side + n, f"cell{i}") for i in range(n)]
    for i in range(n):
        model.add(cell[i] == (x[i] + n) * side + y[i] + n).only_enforce_if(used[i])
        model.add(cell[i] == side * side + i).only_enforce_if(~used[i])
        for fixed in (x[i], y[i], depth[i]):
            model.add(fixed == 0).only_enforce_if(~used[i])
    model.add_all_different([*cell, model.new_constant(n * side + n)])
    # sides[j][d]: the arcs that fill the cell in direction d from card j (n: the centre),
    # a child's or j's own parent's
    sides: list[list[list[cp_model.IntVar]]] = [[[] for _ in DIRECTIONS] for _ in range(n + 1)]
    for i in range(n):
        deadline.check()
        arcs = []
        for j in range(n + 1):
            if j == i or not relates(hand[i], hand[j] if j < n else centre, mode):
                continue
            for d, (dx, dy) in enumerate(DIRECTIONS):
                arc = model.new_bool_var(f"arc{i}_{j}_{d}")
                if j == n:
                    model.add(depth[i] == 1).only_enforce_if(arc)
                    model.add(x[i] == dx).only_enforce_if(arc)
                    model.add(y[i] == dy).only_enforce_if(arc)
                else:
                    model.add_implication(arc, used[j])
                    model.add(depth[i] == depth[j] + 1).only_enforce_if(arc)
                    model.add(x[i] == x[j] + dx).only_enforce_if(arc)
                    model.add(y[i] == y[j] + dy).only_enforce_if(arc)
                sides[j][d].append(arc)
                sides[i][(d + 2) % len(DIRECTIONS)].append(arc)
                arcs.append(arc)
        model.add(sum(arcs) == used[i])
    for card in sides:
        for side_arcs in card:
            model.add_at_most_one(side_arcs)
    for i in range(n):
        model.add(sum(sides[n][0]) >= used[i])
    for group in twin_classes(centre, hand, mode):
        for a, b in pairwise(group):
            model.add_implication(used[b], used[a])
            model.add(cell[a] < cell[b]).only_enforce_if(used[b])
    model.maximize(sum(used))
    return _Model(model, used, x, y, depth)


def solve(centre: Card, hand: Sequence[Card], mode: str, time_limit: float | None = None, workers: int = 1) -> Search:
    """The most cards of ``hand`` CP-SAT lays around ``centre`` in ``mode`` within
    ``time_limit`` seconds (``TIME_LIMIT`` when None) on ``workers`` threads, in order of
    depth; proven when CP-SAT says OPTIMAL. ``nodes`` is CP-SAT's branch count."""
    check_budget(time_limit)
    deadline = Deadline.after(TIME_LIMIT if time_limit is None else time_limit)
    if workers < 1:
        raise BadInput(f"bad number of workers {workers!r}: give 1 or more", str(workers))
    n = len(hand)
    if n == 0:
        return Search((), 0)
    try:
        built = _build(centre, hand, mode, deadline)
    except OutOfTime:
        return Search((), 0, proven=False)
    solver = small_model_solver(deadline.left(), workers)
    status = cpsat.solve(solver, built.model)
    nodes = int(solver.num_branches)
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"invalid CP-SAT model: {built.model.validate()}")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Search((), nodes, proven=False)
    laid = sorted((solver.value(built.depth[i]), i) for i in range(n) if solver.boolean_value(built.used[i]))
    layout = tuple(
        (hand[i], (CENTRE[0] + solver.value(built.x[i]), CENTRE[1] + solver.value(built.y[i]))) for _, i in laid
    )
    return Search(layout, nodes, proven=status == cp_model.OPTIMAL)
