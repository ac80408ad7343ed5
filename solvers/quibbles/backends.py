"""The Quibbles best-split backends by name, each module imported only when first asked
for (numba compiles or loads its cache, OR-Tools takes a moment to import). Every module
offers ``solve(cards, value, time_limit, workers) -> BestSplit`` on a checked display."""

from __future__ import annotations

from cardsolve.solvers.infrastructure.backends import Backends

BACKENDS = Backends(
    "Quibbles split",
    {
        "numba": "cardsolve.solvers.quibbles.fast",
        "cpsat": "cardsolve.solvers.quibbles.cpsat",
        "reference": "cardsolve.solvers.quibbles.reference",
    },
)
"""All three are exact; numba is the fastest and the default."""
