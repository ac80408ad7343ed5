"""A CP-SAT solver set up for small, tight models (Ubongo layouts, Speed CUBU grids).

On such models presolve, probing, the linear relaxation, inprocessing and symmetry
detection cost more time than they save: measured on dealt hands, about tenfold on Ubongo's
9-card hands and fourfold on Speed CUBU's 10-card hands. The seed is fixed, so the same
model and limits give the same answer.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

SEED = 1


def small_model_solver(time_limit: float, workers: int) -> cp_model.CpSolver:
    """A seeded solver with the search aids off that small tight models do not repay."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = SEED
    solver.parameters.cp_model_presolve = False
    solver.parameters.cp_model_probing_level = 0
    solver.parameters.linearization_level = 0
    solver.parameters.use_sat_inprocessing = False
    solver.parameters.symmetry_level = 0
    return solver
