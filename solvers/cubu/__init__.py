"""CUBU solvers, one module per question. The package exports Speed CUBU solvability,
``speed_solve`` (can the whole hand be laid around the centre card, else the most cards
that can); its backends load numba or OR-Tools only when asked for."""

from cardsolve.solvers.cubu.speed import BACKENDS, SpeedAnswer, speed_solve

__all__ = ["BACKENDS", "SpeedAnswer", "speed_solve"]
