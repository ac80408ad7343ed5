"""Quibbles solvers: best split, combine options, hints and the solo study."""
