"""Subito optimize, issue 42: the benchmark's hardest best responses, against tables where
winning every side takes every card of the pile (no card to spare). numba proves each
answer and the model re-scores it: 44 points (every side) needs no other proof; 42 is
proven by card prices that refute every side at the first card, which the first ascent
alone did not find."""

from __future__ import annotations

import pytest

from cardsolve.models.subito import Placed, parse_cards, parse_tasks
from cardsolve.solvers.subito import fast
from cardsolve.solvers.subito.problem import OPPONENT, make_problem, objective

GREEDY = {370662256: 44, 541401060: 44, 679256341: 44, 782048195: 42, 303581153: 42}
"""Deals of the benchmark's ``best-response-greedy-36`` (instances 35, 380, 440, 139 and
114) that took 5,000,000 nodes without a proof, and their optima."""
RANDOM_PILE = (
    "Y5T,D5R,L5A,L1R,D6R,P6B,P5S,R6S,Y1S,P6T,Y3P,R1T,Y5B,D1P,L2B,L2S,R5S,R2A,"
    "G2B,R4A,L5R,L3S,Y3A,Y4R,P1S,P5B,D5P,G3B,D6A,R3P,D4S,L4T,G5P,G1R,G1A,P4R"
)
RANDOM_TABLE = {
    "2": "R3R,G6P,G2T,D3T,Y1B,R1B,L3T,G4S,R6B,P1T",
    "3b": "D3B,D2T,D4B",
    "4a": "P4P,G6R,Y2P,P2P,L6A,D2S",
    "5b": "R5T,L6P",
    "6b": "P3A,Y6S,P3R,Y2R,G5A",
    "7b": "D1A,R4P,Y4A",
    "8b": "P2A,G3S,G4T",
    "9a": "L1P,R2R,Y6T,L4B",
}
"""Instance 321 of ``best-response-random-36``, whose every side only the first ascent's
prices refute."""


@pytest.mark.parametrize("dealt", sorted(GREEDY))
def test_greedy_tables_without_a_spare_card(dealt: int) -> None:
    from cardsolve.benchmarks.subito import greedy_table

    pile, tasks, theirs = greedy_table(dealt)
    problem = make_problem(pile, tasks, None, theirs)
    found = fast.optimize(problem)
    assert objective(problem, found.sides) == found.objective
    assert found.proven and found.won == GREEDY[dealt]


def test_a_random_table_refuted_by_the_first_ascent() -> None:
    versus = Placed(OPPONENT, {side: tuple(parse_cards(cards)) for side, cards in RANDOM_TABLE.items()})
    problem = make_problem(parse_cards(RANDOM_PILE), parse_tasks(",".join(RANDOM_TABLE)), None, versus)
    found = fast.optimize(problem)
    assert objective(problem, found.sides) == found.objective
    assert found.proven and found.won == 42
