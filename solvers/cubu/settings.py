"""The bounds of the CUBU commands, shared by the API and the command table. A light
module: the command line reads it without loading the solvers."""

MAX_RUNS = 10_000
"""The most runs ``longest`` lists (it counts them all)."""
