"""The chip choice's effort, shared by ``choose``, ``evaluate``, the bots and the command
table. A light module: the command line reads it without loading the solvers."""

PLAYOUTS = 64
"""Random playouts of the round behind each chance, unless a question asks for more."""
MAX_PLAYOUTS = 10_000
"""The most playouts a question may ask for (each takes about a millisecond)."""
