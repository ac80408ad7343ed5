"""The three Ubongo backends agree: on 300 seeded hands dealt from every stack and face
colour of the bundled deck (cut to 3 or 4 cards, as the reference takes seconds on
unsolvable hands of 5, with k the whole hand or one less, so that about a third are
unsolvable), numba, CP-SAT and the reference give the same answer, and every layout any
of them returns is valid. On full
9-card hands numba and CP-SAT agree on the rulebook's 7."""

from __future__ import annotations

from collections import Counter

import pytest

from cardsolve.models.ubongo.faces import Face, load_deck
from cardsolve.models.ubongo.scoring import HAND, TARGET, deal, hand_faces, stack_for_round
from cardsolve.solvers.ubongo.backends import BACKENDS, solver
from cardsolve.solvers.ubongo.reference import Solution
from ubongo_hands import check_solution

ROUNDS = range(1, 7)
"""Round r plays stack (r + 1) // 2, white faces in odd rounds, black in even ones."""


def dealt(round_number: int, seed: int) -> list[Face]:
    """The 9 faces one player holds in ``round_number`` of the deal seeded ``seed``."""
    hand = deal(load_deck(), stack_for_round(round_number), 1, seed)[0]
    return hand_faces(hand, round_number)


def check(faces: list[Face], k: int, found: Solution) -> None:
    assert found.proven
    check_solution(faces, k, found)


@pytest.mark.parametrize("round_number", ROUNDS)
def test_backends_agree_on_cut_hands(round_number: int) -> None:
    solvers = {backend: solver(backend) for backend in BACKENDS}
    outcomes: Counter[bool] = Counter()
    for seed in range(50):
        n = 3 + seed % 2
        faces = dealt(round_number, seed)[:n]
        k = n - seed // 2 % 2
        answers = {backend: solve(faces, k) for backend, solve in solvers.items()}
        for found in answers.values():
            check(faces, k, found)
        assert len({found.layout is None for found in answers.values()}) == 1, (round_number, seed)
        outcomes[answers["numba"].layout is None] += 1
    assert len(outcomes) == 2, outcomes  # solvable and unsolvable hands in every round


@pytest.mark.parametrize("round_number", ROUNDS)
def test_numba_and_cpsat_agree_on_full_hands(round_number: int) -> None:
    numba, cpsat = solver("numba"), solver("cpsat")
    for seed in range(100, 105):
        faces = dealt(round_number, seed)
        assert len(faces) == HAND
        found, exact = numba(faces, TARGET), cpsat(faces, TARGET)
        check(faces, TARGET, found)
        check(faces, TARGET, exact)
        assert (found.layout is None) == (exact.layout is None), (round_number, seed)
