"""Subito solvers: ``optimize``, the best placement of a player's pile (best response
against an opponent's table, or the best weighted placement without one)."""

from cardsolve.solvers.subito.optimize import BACKENDS, optimize
from cardsolve.solvers.subito.problem import Placement

__all__ = ["BACKENDS", "Placement", "optimize"]
