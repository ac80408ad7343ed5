"""The Subito placement solvers by name: every backend module offers
``optimize(problem, budget) -> Placement`` (``solvers.subito.problem``), and is imported
only when asked for (numba compiles or loads its kernels, cpsat loads OR-Tools)."""

from __future__ import annotations

from cardsolve.solvers.infrastructure.backends import Backends

BACKENDS = Backends(
    "Subito placement",
    {
        "numba": "cardsolve.solvers.subito.fast",
        "cpsat": "cardsolve.solvers.subito.cpsat",
        "reference": "cardsolve.solvers.subito.reference",
    },
)
"""Every backend is exact; numba is the fastest and the default; reference takes at most 10 cards."""
