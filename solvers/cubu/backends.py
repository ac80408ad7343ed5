"""The Speed CUBU solvers by name: every backend module offers
``solve(centre, hand, mode, time_limit=None) -> Search`` (``time_limit`` binds cpsat only;
the others always search to the end), and is imported only when asked for."""

from __future__ import annotations

from cardsolve.solvers.infrastructure.backends import Backends

BACKENDS = Backends(
    "Speed CUBU",
    {
        "numba": "cardsolve.solvers.cubu.fast",
        "cpsat": "cardsolve.solvers.cubu.cpsat",
        "reference": "cardsolve.solvers.cubu.reference",
    },
)
"""Every backend is exact; numba is the fastest and the default."""
