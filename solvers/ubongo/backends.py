"""The Ubongo layout solvers by name, in the one backend registry shape of every game.

Every backend module offers ``solve(faces, k, time_limit=...)``: a valid layout of k of
the faces, or None (proven, or not when the time limit in seconds ran out first; None
is no limit); numba and the
reference also offer ``enumerate_layouts(faces, k, limit, keep, progress)`` (streaming:
the first ``keep`` layouts kept, the rest counted; Ctrl-C ends it with what it found) and
``complete(table, hand, k)``. numba is the fastest and the default; all three are exact.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardsolve.models.ubongo.cards import Face
from cardsolve.solvers.infrastructure.backends import Backends

if TYPE_CHECKING:  # the command line reads the registry at start: nothing heavier
    from cardsolve.solvers.ubongo.results import Solution

BACKENDS = Backends(
    "Ubongo layout",
    {
        "numba": "cardsolve.solvers.ubongo.fast",
        "cpsat": "cardsolve.solvers.ubongo.cpsat",
        "reference": "cardsolve.solvers.ubongo.reference",
    },
)

ENUMERATING = ("numba", "reference")
"""The backends that also offer ``enumerate_layouts`` and ``complete``."""

Solve = Callable[[Sequence[Face], int], "Solution"]
"""``solve(faces, k)``: one backend's search with its time limit fixed."""


def solver(backend: str, time_limit: float | None = None) -> Solve:
    """The ``solve`` of ``backend`` with ``time_limit`` seconds per search (None: no limit)."""
    module = BACKENDS.load(backend)

    def solve(faces: Sequence[Face], k: int) -> Solution:
        found: Solution = module.solve(faces, k, time_limit=time_limit)
        return found

    return solve
