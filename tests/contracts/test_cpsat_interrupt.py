"""Ctrl-C during a CP-SAT solve is an interruption (exit 130), not a time limit run out.

CP-SAT catches SIGINT itself unless told not to, and then ends the search as if its time
were up: ``cubu speed --backend cpsat`` answered "undecided ... before the time limit" with
exit 3. ``solvers.cpsat.solve`` leaves SIGINT to Python, stops the search and raises.
"""

from __future__ import annotations

import itertools
import os
import signal
import threading
import time

import pytest
from conftest import RunCli, interrupted_cli
from ortools.sat.python import cp_model

from cardsolve.models.cubu.cards import Card
from cardsolve.solvers.infrastructure import cpsat
from cardsolve.solvers.infrastructure.cpsat import small_model_solver
from cardsolve.solvers.infrastructure.results import INTERRUPTED


def pigeonhole(holes: int) -> cp_model.CpModel:
    """``holes + 1`` pigeons, each in one of ``holes`` holes, at most one a hole: infeasible,
    and without presolve or the linear relaxation a long search to prove it."""
    model = cp_model.CpModel()
    sits = [[model.new_bool_var(f"p{p}h{h}") for h in range(holes)] for p in range(holes + 1)]
    for row in sits:
        model.add_exactly_one(row)
    for h in range(holes):
        model.add_at_most_one(row[h] for row in sits)
    return model


def test_a_solve_gives_the_plain_solvers_answer() -> None:
    assert cpsat.solve(small_model_solver(10.0, 1), pigeonhole(4)) == cp_model.INFEASIBLE
    model = cp_model.CpModel()
    x = model.new_int_var(0, 7, "x")
    model.maximize(x)
    solver = small_model_solver(10.0, 1)
    assert cpsat.solve(solver, model) == cp_model.OPTIMAL and solver.value(x) == 7


def test_ctrl_c_stops_the_search_and_raises() -> None:
    solver = small_model_solver(60.0, 1)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            cpsat.solve(solver, pigeonhole(14))
    finally:
        timer.cancel()
    assert time.monotonic() - started < 10


def test_off_the_main_thread_it_solves_plainly() -> None:
    answer: list[object] = []
    worker = threading.Thread(target=lambda: answer.append(cpsat.solve(small_model_solver(10.0, 1), pigeonhole(4))))
    worker.start()
    worker.join()
    assert answer == [cp_model.INFEASIBLE]


def test_ctrl_c_on_cubu_speed_cpsat_exits_130() -> None:
    """48 cards of three boxes or more around G-P: CP-SAT finds nothing within seconds."""
    boxes = (Card(tuple(p)) for n in range(3, 7) for p in itertools.permutations("DLRGOP", n))
    hand = ",".join(card.name for card in itertools.islice(boxes, 48))
    code, out, err, took = interrupted_cli(
        ["cubu", "speed", "--backend", "cpsat", "--time-limit", "60", "--centre", "G-P", "--hand", hand], after=4
    )
    assert took < 5 and code == INTERRUPTED, (out, err)
    assert "undecided" not in out and err.strip() == "interrupted"


def test_a_ctrl_c_a_library_turns_into_its_own_error_still_ends_as_interrupted(
    cardsolve: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OR-Tools' module initialisation turns a Ctrl-C that comes while it is imported into
    ``ImportError: initialization failed`` (seen when a loaded machine was still importing
    it as the Ctrl-C of the test above came): the command still ends as interrupted, exit
    130, one line. The same error without a Ctrl-C is not hidden."""
    from cardsolve import cli
    from cardsolve.solvers.quibbles import api

    def split_importing(*args: object, **kwargs: object) -> None:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)  # the handler runs before the sleep ends
        except KeyboardInterrupt:
            raise ImportError("initialization failed") from None
        raise AssertionError("no KeyboardInterrupt within 5 s of the Ctrl-C")

    monkeypatch.setattr(api, "split", split_importing)
    assert cardsolve("quibbles", "split", "6", "--display", "3,3") == (INTERRUPTED, "", "interrupted\n")

    def split_failing(*args: object, **kwargs: object) -> None:
        raise ImportError("initialization failed")

    monkeypatch.setattr(api, "split", split_failing)
    monkeypatch.setattr("sys.argv", ["cardsolve", "quibbles", "split", "6", "--display", "3,3"])
    with pytest.raises(ImportError, match="initialization failed"):
        cli.main()
