"""The bounds of the Was sticht? commands, shared by the API and the command table. A
light module: the command line reads it without loading the solvers."""

MAX_ROUNDS = 1000
"""The most rounds a bot game may be played to (a game is over in a few dozen)."""
