"""Was sticht? solvers: the double-dummy analysis of the trick game (``double_dummy``:
``analyse``, ``forceable``, ``possible``, ``trick_bounds``) with a numba and a reference
backend (``backends.BACKENDS``), the trump deduction, the chip table and study, the
solver bot, and the Python API of every command (``api``). Nothing is imported here, so
that the CLI reaches the backend registry without loading the solvers."""
