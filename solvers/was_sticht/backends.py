"""The double-dummy solvers by name: each backend module offers ``search`` (one yes/no
question about the chip's conditions) and ``trick_bounds``; numba, the fast one, is the
default and the reference (plain minimax) is the arbiter, for endings of a few tricks."""

from __future__ import annotations

from cardsolve.solvers.infrastructure.backends import Backends

BACKENDS = Backends(
    "double-dummy",
    {"numba": "cardsolve.solvers.was_sticht.fast", "reference": "cardsolve.solvers.was_sticht.reference"},
)
