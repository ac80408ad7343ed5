"""The three Ubongo backends agree: on 300 seeded hands dealt from every stack and face
colour of the bundled deck (cut to 3 or 4 cards, as the reference takes seconds on
unsolvable hands of 5, with k the whole hand or one less, so that about a third are
unsolvable), numba, CP-SAT and the reference give the same answer, and every layout any
of them returns is valid. On full 9-card hands, drawn from every stack and colour as the
benchmark draws them, numba and CP-SAT agree on the rulebook's 7, and so does the
reference on the hands it finishes within a short time limit (the solvable ones, mostly)."""

from __future__ import annotations

import time
from collections import Counter
from types import SimpleNamespace

import pytest
from ubongo_hands import check_solution

from cardsolve.models.ubongo.cards import Face
from cardsolve.models.ubongo.deal import dealt_hand, sampled_hands
from cardsolve.models.ubongo.scoring import HAND, STACKS, TARGET, Side
from cardsolve.solvers.infrastructure import limits
from cardsolve.solvers.ubongo.backends import BACKENDS, solver
from cardsolve.solvers.ubongo.results import Solution

ROUNDS = range(1, 7)
"""Round r plays stack (r + 1) // 2, white faces in odd rounds, black in even ones."""


def check(faces: list[Face], k: int, found: Solution) -> None:
    assert found.proven
    check_solution(faces, k, found)


@pytest.mark.parametrize("round_number", ROUNDS)
def test_backends_agree_on_cut_hands(round_number: int) -> None:
    solvers = {backend: solver(backend) for backend in BACKENDS.names}
    outcomes: Counter[bool] = Counter()
    for seed in range(50):
        n = 3 + seed % 2
        faces = dealt_hand(round_number, seed)[:n]
        k = n - seed // 2 % 2
        answers = {backend: solve(faces, k) for backend, solve in solvers.items()}
        for found in answers.values():
            check(faces, k, found)
        assert len({found.layout is None for found in answers.values()}) == 1, (round_number, seed)
        outcomes[answers["numba"].layout is None] += 1
    assert len(outcomes) == 2, outcomes  # solvable and unsolvable hands in every round


SIDES: tuple[Side, ...] = ("white", "black")
FULL = [(stack, side) for stack in STACKS for side in SIDES]
"""Full hands come from every stack and face colour, drawn as the benchmark draws them."""
FULL_HANDS = 5
"""Full hands per stack and colour."""


def full_hands(stack: int, side: Side) -> list[list[Face]]:
    return sampled_hands(stack, side, FULL_HANDS, seed=100)


@pytest.mark.parametrize(("stack", "side"), FULL)
def test_numba_and_cpsat_agree_on_full_hands(stack: int, side: Side) -> None:
    numba, cpsat = solver("numba"), solver("cpsat")
    for number, faces in enumerate(full_hands(stack, side)):
        assert len(faces) == HAND
        found, exact = numba(faces, TARGET), cpsat(faces, TARGET)
        check(faces, TARGET, found)
        check(faces, TARGET, exact)
        assert (found.layout is None) == (exact.layout is None), (stack, side, number)


REFERENCE_SECONDS = 0.2
"""The reference's time limit per full hand, counted in this process's CPU seconds (so a
loaded machine finishes as many as a quiet one, where 18 of the 30 finish in about 3 s):
6 CPU seconds at most."""


def test_the_reference_agrees_on_full_hands_it_finishes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "time", SimpleNamespace(monotonic=time.process_time))  # the limits' clock alone
    numba, plain = solver("numba"), solver("reference", REFERENCE_SECONDS)
    finished: Counter[bool] = Counter()
    for stack, side in FULL:
        for number, faces in enumerate(full_hands(stack, side)):
            found = plain(faces, TARGET)
            check_solution(faces, TARGET, found)
            if found.proven:
                assert (found.layout is None) == (numba(faces, TARGET).layout is None), (stack, side, number)
            else:
                assert found.layout is None
            finished[found.proven] += 1
    assert finished[True] >= 8, finished
