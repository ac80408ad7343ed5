"""Solvers for each game: fast numba kernels, exact CP-SAT models, plain reference
searches, and the hint / verify / optimize functions built on them."""
