"""Was sticht? solvers: the double-dummy analysis of the trick game (``analyse``,
``forceable``, ``possible``, ``trick_bounds``) with a numba and a reference backend."""

from cardsolve.solvers.was_sticht.double_dummy import BACKENDS, Analysis, analyse, forceable, possible, trick_bounds

__all__ = ["BACKENDS", "Analysis", "analyse", "forceable", "possible", "trick_bounds"]
