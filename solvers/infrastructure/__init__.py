"""What every game's solvers share and nothing game-specific: the backend registry, the
limits a user's input is held to, numba's door and its kernel cache, CP-SAT helpers,
child processes, sample seeds, the result base every answer extends, and the argument
checks of the Python API."""
