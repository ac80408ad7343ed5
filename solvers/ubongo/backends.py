"""The Ubongo layout solvers by name: one ``solve(faces, k)`` per backend, imported only
when asked for (the cpsat backend loads OR-Tools, the others numba or nothing)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.faces import Face
from cardsolve.solvers.ubongo.reference import Solution

BACKENDS = ("numba", "cpsat", "reference")
"""Every backend is exact; numba is the fastest and the default."""

Solve = Callable[[Sequence[Face], int], Solution]


def solver(backend: str, time_limit: float = 60.0) -> Solve:
    """The ``solve`` of ``backend``; cpsat gives up after ``time_limit`` seconds and then
    says so (a Solution that is not proven)."""
    if backend == "numba":
        from cardsolve.solvers.ubongo import fast
        return fast.solve
    if backend == "reference":
        from cardsolve.solvers.ubongo import reference
        return reference.solve
    if backend == "cpsat":
        from cardsolve.solvers.ubongo import cpsat

        def solve(faces: Sequence[Face], k: int) -> Solution:
            return cpsat.solve(faces, k, time_limit=time_limit)
        return solve
    raise BadInput(f"unknown backend {backend!r}: use {', '.join(BACKENDS)}", backend)
