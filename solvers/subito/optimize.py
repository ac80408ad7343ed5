"""``optimize``: the best placement of a player's cards, by any backend (imported only
when asked for: cpsat loads OR-Tools, numba compiles or loads its kernels)."""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.subito import Card, Placed, Side
from cardsolve.solvers.subito.problem import Placement, make_problem

BACKENDS = ("numba", "cpsat", "reference")
"""numba is the fastest and the default; reference takes at most 10 cards."""


def optimize(pile: Sequence[Card], tasks: Sequence[Side], cards: int | None = None,
             versus: Placed | None = None, backend: str = "numba", time_limit: float = 10.0,
             workers: int | None = None) -> Placement:
    """The best placement of the first ``cards`` cards of ``pile`` (default all) onto the
    sides ``tasks``: the most points won against ``versus`` (the opponent's placed cards),
    or without one the best weighted count then sum (``solvers.subito.problem``).
    ``time_limit`` and ``workers`` (default ``cpsat.WORKERS``) are for cpsat; a backend that runs out of time or nodes
    returns its best placement with ``proven_optimal`` False."""
    problem = make_problem(pile, tasks, cards, versus)
    if backend == "numba":
        from cardsolve.solvers.subito import fast
        return fast.optimize(problem)
    if backend == "cpsat":
        from cardsolve.solvers.subito import cpsat
        return cpsat.optimize(problem, time_limit, workers or cpsat.WORKERS)
    if backend == "reference":
        from cardsolve.solvers.subito import reference
        return reference.optimize(problem)
    raise BadInput(f"unknown backend {backend!r}: use {', '.join(BACKENDS)}", backend)
