"""CP-SAT helpers: a solve that Ctrl-C interrupts, and a solver set up for small models.

``solve``: CP-SAT catches SIGINT itself by default and ends the search as if its time had run out, so
an interrupted solve came back as an undecided answer (exit 3) instead of an interruption
(exit 130). Here CP-SAT leaves SIGINT to Python: the solve runs in a worker thread while
the main thread waits, and on Ctrl-C the main thread stops the search, waits for the
worker to return and raises ``KeyboardInterrupt``.

``small_model_solver``: on small, tight models (Ubongo layouts, Speed CUBU grids)
presolve, probing, the linear relaxation, inprocessing and symmetry detection cost more
time than they save: measured on dealt hands, about tenfold on Ubongo's 9-card hands and
fourfold on Speed CUBU's 10-card hands. Its seed is fixed, so the same model and limits
give the same answer.
"""

from __future__ import annotations

import threading

from ortools.sat.python import cp_model
from ortools.sat.python import cp_model_helper as cmh

POLL = 0.05
"""Seconds between the main thread's checks on the solve: it asks the search to stop
again until it has (a stop asked before the search starts is not heard)."""


def solve(solver: cp_model.CpSolver, model: cp_model.CpModel) -> cmh.CpSolverStatus:
    """``solver.solve(model)``, raising ``KeyboardInterrupt`` when Ctrl-C comes during it
    (in the main thread; elsewhere Python delivers no SIGINT and the solve runs plainly)."""
    solver.parameters.catch_sigint_signal = False
    if threading.current_thread() is not threading.main_thread():
        return solver.solve(model)
    answer: list[cmh.CpSolverStatus] = []
    failure: list[BaseException] = []

    def work() -> None:
        try:
            answer.append(solver.solve(model))
        except BaseException as error:  # noqa: BLE001  (handed to the caller's thread below)
            failure.append(error)

    worker = threading.Thread(target=work, name="cp-sat", daemon=True)
    worker.start()
    try:
        worker.join()
    except KeyboardInterrupt:
        while worker.is_alive():
            solver.stop_search()
            worker.join(POLL)
        raise
    if failure:
        raise failure[0]
    return answer[0]


SEED = 1
"""The random seed of ``small_model_solver``."""


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
