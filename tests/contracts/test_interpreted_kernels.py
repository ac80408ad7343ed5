"""Kernels that also run as plain Python (``solvers.infrastructure.interpreted``): a
command of one small Ubongo verify or Quibbles split answers without importing numba,
with the answer the compiled kernels give; interpreted and compiled kernels agree; a
search the interpreted first slice does not settle runs compiled; and the choice is made
only where the process asked for it, numba is not loaded and the budget is not spent."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from cardsolve.models.quibbles.deal import split_queries
from cardsolve.models.ubongo.deal import sampled_hands
from cardsolve.solvers.infrastructure import interpreted, jit
from cardsolve.solvers.quibbles import api as quibbles
from cardsolve.solvers.quibbles import fast as quibbles_fast
from cardsolve.solvers.ubongo import api as ubongo
from cardsolve.solvers.ubongo import fast as ubongo_fast
from cardsolve.solvers.ubongo.kernel_search import _solve_once
from cardsolve.solvers.ubongo.kernel_tables import _codes

HAND = "14w,26w,11w,36w,3w,5w,4w,2w,15w"

RUN_CLI = """
import atexit, sys
atexit.register(lambda: print("numba" in sys.modules, file=sys.stderr))
sys.argv = ["cardsolve", *sys.argv[1:]]
from cardsolve.cli import main
main()
"""


@pytest.mark.parametrize(
    ("args", "answer"),
    [
        (["ubongo", "verify", "--hand", HAND, "--k", "7"], lambda: ubongo.verify(HAND, k=7)),
        (
            ["quibbles", "split", "3", "--display", "3,2,4,2,1,3,2,2,3"],
            lambda: quibbles.split(3, [3, 2, 4, 2, 1, 3, 2, 2, 3]),
        ),
    ],
)
def test_a_command_of_one_small_question_answers_as_compiled_without_numba(args: list[str], answer: object) -> None:
    done = subprocess.run([sys.executable, "-c", RUN_CLI, "--json", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "False"  # numba was not imported
    assert json.loads(done.stdout) == answer().to_json()  # type: ignore[operator]  # compiled, in this process


def test_interpreted_and_compiled_kernels_agree() -> None:
    """The first slice of Ubongo's search on 60 hands (its buffer and whether it settled)
    and Quibbles' split and assignment on 2,000 queries of 1 to 10 cards."""
    for stack in (1, 2, 3):
        for colour in ("white", "black"):
            for hand in sampled_hands(stack, colour, 10, 5):
                codes = _codes(hand)
                compiled, alone = np.zeros((8, 4), np.int64), np.zeros((8, 4), np.int64)
                settled = _solve_once(7, codes, ubongo_fast._INTERPRETED_BUDGET, compiled)
                with interpreted.interpreting():
                    assert _solve_once(7, codes, ubongo_fast._INTERPRETED_BUDGET, alone) == settled
                assert (alone == compiled).all()
    for display, value in split_queries(2000, 7, cards=(1, 10), values=(1, 6)):
        packed = sum(card << (quibbles_fast._CARD_BITS * i) for i, card in enumerate(display))
        compiled_code = quibbles_fast._assign_kernel(packed, len(display), value)
        with interpreted.interpreting():
            assert quibbles_fast._assign_kernel(packed, len(display), value) == compiled_code


def test_a_search_the_interpreted_slice_does_not_settle_runs_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = sampled_hands(3, "black", 1, 5)[0]
    expected = ubongo_fast.solve(hand, 7)
    calls: list[int] = []
    monkeypatch.setattr(interpreted, "worth_interpreting", lambda: True)
    monkeypatch.setattr(ubongo_fast, "_INTERPRETED_BUDGET", 1)  # settles nothing
    real = interpreted.interpreting

    def counted() -> Any:
        calls.append(1)
        return real()

    monkeypatch.setattr(interpreted, "interpreting", counted)
    assert ubongo_fast.solve(hand, 7) == expected and calls == [1]


def test_interpreting_is_worth_it_only_when_asked_for_before_numba_and_within_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(interpreted, "_preferred", [False])
    monkeypatch.setattr(interpreted, "_spent", [0.0])
    monkeypatch.delitem(sys.modules, "numba")
    assert not interpreted.worth_interpreting()  # not asked for: an API user, a benchmark, the server
    interpreted.prefer()
    assert interpreted.worth_interpreting()
    interpreted._spent[0] = interpreted.BUDGET_S
    assert not interpreted.worth_interpreting()  # the budget spent
    interpreted._spent[0] = 0.0
    monkeypatch.setitem(sys.modules, "numba", jit)
    assert not interpreted.worth_interpreting()  # numba loaded: compiled kernels cost nothing more


@jit.njit(cache=True)
def _intrinsics(x: int) -> tuple[int, int]:
    return jit.popcount(x), jit.lowest_set(x)


@pytest.mark.parametrize("x", [1, 2, 12, 255, (1 << 62) + (1 << 3), -1, -(1 << 63), -12])
def test_the_python_intrinsics_compute_what_the_compiled_ones_do(x: int) -> None:
    assert (interpreted.popcount(x), interpreted.lowest_set(x)) == _intrinsics(x)
    array = np.arange(3)
    assert interpreted.borrowed(array) is array
