"""Realistic Subito optimize instances, shared by the benchmark and the optimal-scores
study: a dealt round where the opponent lays their own weighted-count optimum (the
placement without an opponent, ``solvers.subito.problem``), which a best response then
answers."""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.subito import Card, Placed, Side
from cardsolve.solvers.subito import fast
from cardsolve.solvers.subito.problem import OPPONENT, Budget, make_problem, placed_by_side
from cardsolve.solvers.subito.results import Placement


def weighted_opponent(
    pile: Sequence[Card], tasks: Sequence[Side], cards: int | None = None, budget: Budget = Budget()
) -> tuple[Placed, Placement]:
    """The first ``cards`` cards of ``pile`` (default all) as the opponent lays them when
    maximising their own weighted count (numba), and that placement (``proven`` says
    whether it is optimal)."""
    problem = make_problem(pile, tasks, cards)
    alone = fast.optimize(problem, budget)
    return Placed(OPPONENT, placed_by_side(problem, alone.sides).placed), alone
