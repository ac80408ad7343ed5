"""Subito optimize, issue 16: numba proves its optima (card prices, minimal tables, the
weighted search's memo) and they agree with the reference on small piles (hundreds of
seeded cases and edge cases) and with CP-SAT's proven optima on whole 36-card piles;
every answer is re-scored with the model."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardsolve.models.subito import Placed, deal, load_deck, parse_cards, parse_tasks
from cardsolve.models.subito.deal import random_placement
from cardsolve.solvers.subito import fast, prices
from cardsolve.solvers.subito.automaton import side_table
from cardsolve.solvers.subito.instances import weighted_opponent
from cardsolve.solvers.subito.minimal import minimal_tables
from cardsolve.solvers.subito.policies import GreedyPolicy
from cardsolve.solvers.subito.problem import OPPONENT, Budget, Problem, make_problem, objective
from cardsolve.solvers.subito.reference import optimize as reference
from cardsolve.solvers.subito.results import Placement
from cardsolve.solvers.subito.state_bots import round_table

DECK = load_deck()
TASKS = parse_tasks("2,3a,4b,5a,6b,7a,8a,9b")


def rescored(problem: Problem, answer: Placement) -> Placement:
    """The answer after checking that the model scores its sides as it says."""
    assert objective(problem, answer.sides) == answer.objective
    return answer


def small_cases(count: int, seed: int) -> list[Problem]:
    """Seeded piles of 0-8 cards with random sides: alone, against their own weighted
    optimum of 3-14 cards, or against those cards placed at random (in turn)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        tasks, piles = deal(DECK, rng.randrange(10**9), sides="random")
        pile = piles[0][: rng.randint(0, 8)]
        theirs = piles[1][: rng.randint(3, 14)]
        versus = (
            None
            if k % 3 == 0
            else weighted_opponent(theirs, tasks)[0]
            if k % 3 == 1
            else random_placement(theirs, tasks, rng)
        )
        out.append(make_problem(pile, tasks, None, versus))
    return out


def assert_agrees(problem: Problem) -> None:
    expected = rescored(problem, reference(problem))
    found = rescored(problem, fast.optimize(problem))
    assert found.proven and found.objective == expected.objective, problem


def test_numba_agrees_with_the_reference_on_300_small_piles() -> None:
    for problem in small_cases(300, seed=16):
        assert_agrees(problem)


def test_priced_search_agrees_with_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every set of sides to win goes through the prices (their test, their guide and
    their cut at each state) at once: the answers stay the reference's."""
    monkeypatch.setattr(fast, "QUICK_BUDGET", 1)
    for problem in small_cases(150, seed=61):
        if problem.versus is not None:
            assert_agrees(problem)


@pytest.mark.parametrize("size", [0, 1])
def test_empty_and_one_card_piles(size: int) -> None:
    rng = random.Random(size)
    for _ in range(30):
        tasks, piles = deal(DECK, rng.randrange(10**9), sides="random")
        assert_agrees(make_problem(piles[0][:size], tasks))
        assert_agrees(make_problem(piles[0][:size], tasks, None, weighted_opponent(piles[1], tasks)[0]))


def test_every_card_on_task_two() -> None:
    """The opponent's weighted optimum of 36 cards holds more cards on each of 3..9 than
    three cards can beat, and none on task 2: the best response wins task 2 only, with
    every card there."""
    tasks, piles = deal(DECK, 7, sides="a")
    theirs, _ = weighted_opponent(piles[1], tasks)
    problem = make_problem(piles[0][:3], tasks, None, theirs)
    assert_agrees(problem)
    found = fast.optimize(problem)
    if all(len(theirs.on(side)) > 3 for side in tasks if side.name != "2") and not theirs.on(tasks[0]):
        assert found.won == 2


def test_ties_between_placements_give_one_value() -> None:
    """Cards that several sides take alike: many placements share the optimum."""
    pile = parse_cards("R1B,P2T,Y1A,G2R")
    assert_agrees(make_problem(pile, TASKS))
    assert_agrees(make_problem(pile, parse_tasks("2,3a,4a,5b,6a,7a,8a,9a")))


def test_node_limit_leaves_a_valid_placement_unproven() -> None:
    """Three nodes cannot prove a weighted optimum; a best response stopped there may still
    be proven (it wins as much as the sets left undecided), and then it is the optimum."""
    tasks, piles = deal(DECK, 3, sides="random")
    for versus in (None, weighted_opponent(piles[1], tasks)[0]):
        problem = make_problem(piles[0], tasks, None, versus)
        answer = rescored(problem, fast.optimize(problem, Budget(node_limit=3)))
        assert len(answer.sides) == len(problem.cards)
        assert not answer.proven if versus is None else answer.objective <= fast.optimize(problem).objective
        if answer.proven:
            assert answer.objective == fast.optimize(problem).objective


def test_minimal_tables_take_the_same_walks() -> None:
    """Random walks through a side's table and through its minimal table accept and refuse
    the same cards; the minimal table has no more states."""
    rng = random.Random(5)
    tasks, piles = deal(DECK, 9, sides="random")
    pile = piles[0][:20]
    tables = [side_table(side, pile) for side in tasks]
    width = max(len(t) for t in tables)
    table = np.full((len(tables), width, len(pile)), -1, dtype=np.int32)
    for s, t in enumerate(tables):
        table[s, : len(t)] = t
    states = np.array([len(t) for t in tables], dtype=np.int64)
    small, counts = minimal_tables(table, states)
    assert all(counts <= states)
    for s in range(len(tasks)):
        for _ in range(40):
            big = little = 0
            for k in range(len(pile)):
                assert (table[s, big, k] < 0) == (small[s, little, k] < 0)
                if table[s, big, k] >= 0 and rng.random() < 0.5:
                    big, little = table[s, big, k], small[s, little, k]


def test_prices_refute_sides_that_need_more_cards_than_the_pile() -> None:
    """Two sides that take every card, against 2 and 1 cards summing to 99 (so 3 and 2
    cards win them), cannot both be won from 4 cards; against 2 and 0 cards (3 and 1 win)
    they can. Side 1 as 5a, four sixes against 2 cards summing to 12, cannot be won:
    two sixes only equal 12 and three pass it; against 11, two sixes win."""
    table = np.zeros((2, 1, 4), dtype=np.int32)
    states = np.array([1, 1], dtype=np.int64)
    sixes = np.full(4, 6, dtype=np.int64)
    want = np.ones(2, dtype=np.int64)
    for counts, expected in (((2, 1), True), ((2, 0), False)):
        refuted, *_ = prices.refute(
            table, states, want, sixes, -1, np.array(counts, dtype=np.int64), np.array([99, 99], dtype=np.int64)
        )
        assert refuted == expected
    for against, expected in ((12, True), (11, False)):
        refuted, *_ = prices.refute(
            table, states, want, sixes, 1, np.array([0, 2], dtype=np.int64), np.array([0, against], dtype=np.int64)
        )
        assert refuted == expected


def test_prices_count_the_sums_that_break_equal_counts() -> None:
    """Two sides that take every card, each against one card of 5: with the cards 6, 6
    both can be won; with 6, 1 they cannot (a one loses to the 5), though the count of
    cards alone allows it, and so the counted costs (a tie on the count wins) do not
    refute it."""
    table = np.zeros((2, 1, 2), dtype=np.int32)
    states = np.array([1, 1], dtype=np.int64)
    want = np.ones(2, dtype=np.int64)
    one, five = np.ones(2, dtype=np.int64), np.full(2, 5, dtype=np.int64)
    counted = prices.counted_totals(want, -1, one, five)
    assert list(counted) == [-1, -1]
    for numbers, expected in (((6, 6), False), ((6, 1), True)):
        cards = np.array(numbers, dtype=np.int64)
        assert prices.refute(table, states, want, cards, -1, one, five)[0] == expected
        assert not prices.refute(table, states, want, cards, -1, one, counted)[0]


def greedy_cases(count: int, seed: int) -> list[Problem]:
    """Seeded greedy rounds of 1-14 cards a pile (player 2's final table, as the hints
    study plays them), answered with the first 0-8 cards of player 1's pile."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        dealt = rng.randrange(10**9)
        tasks, piles = deal(DECK, dealt, sides="random")
        size = rng.randint(1, 14)
        table = round_table(tasks, piles, (GreedyPolicy(), GreedyPolicy()), dealt, 2 * size - 1)
        theirs = Placed(OPPONENT, table.players[1].placed)
        out.append(make_problem(piles[0], tasks, rng.randint(0, min(8, size)), theirs))
    return out


def test_best_responses_to_greedy_tables_agree_with_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against greedy players' final tables (ties on counts are common there), as found
    and with every set of sides sent through the prices at once."""
    for problem in greedy_cases(200, seed=17):
        assert_agrees(problem)
    monkeypatch.setattr(fast, "QUICK_BUDGET", 1)
    for problem in greedy_cases(150, seed=71):
        assert_agrees(problem)


@pytest.mark.parametrize("pile", ["Y3A,G4R", "Y3A,G5R", "Y2A,G4R", "Y3A,G4R,L1T"])
def test_ties_on_counts_and_sums(pile: str) -> None:
    """The opponent holds two cards summing to 7 on task 2 and one card on every other side
    (a 4, a 5 on 5b, a 1 on 5a): an equal sum gives nothing, a greater one wins; 5b takes
    none of the first cards (nothing placeable there)."""
    versus = Placed(
        OPPONENT,
        {
            "2": tuple(parse_cards("R3B,P4T")),
            "3a": tuple(parse_cards("D4B")),
            "4b": tuple(parse_cards("R4R")),
            "5b": tuple(parse_cards("P5S")),
            "6b": tuple(parse_cards("L4S")),
            "7a": tuple(parse_cards("R4P")),
            "8a": tuple(parse_cards("D4P")),
            "9b": tuple(parse_cards("P6P")),
        },
    )
    tasks = parse_tasks("2,3a,4b,5b,6b,7a,8a,9b")
    assert_agrees(make_problem(parse_cards(pile), tasks, None, versus))
    assert_agrees(make_problem(parse_cards(pile), TASKS, None, Placed(OPPONENT, {"5a": tuple(parse_cards("P1S"))})))


def test_a_table_that_wins_everything() -> None:
    """Player 2's final greedy table of 14 cards against player 1's first two cards."""
    tasks, piles = deal(DECK, 11, sides="random")
    table = round_table(tasks, piles, (GreedyPolicy(), GreedyPolicy()), 11, 29)
    assert_agrees(make_problem(piles[0], tasks, 2, Placed(OPPONENT, table.players[1].placed)))


GREEDY_CPSAT = [1, 2]
"""The benchmark's greedy-table instances on which CP-SAT proves its answer in seconds."""


@pytest.mark.parametrize("index", GREEDY_CPSAT)
def test_numba_agrees_with_cpsat_on_greedy_tables(index: int) -> None:
    from cardsolve.benchmarks.subito import greedy_tables
    from cardsolve.solvers.subito import cpsat

    pile, tasks, theirs = greedy_tables(index + 1)[index]
    problem = make_problem(pile, tasks, None, theirs)
    found = rescored(problem, fast.optimize(problem))
    check = rescored(problem, cpsat.optimize(problem, Budget(time_limit=30)))
    assert found.proven and check.proven and found.objective == check.objective


CPSAT_SEEDS = [3, 8]
"""36-card deals on which CP-SAT proves both answers within its time limit."""


@pytest.mark.parametrize("seed", CPSAT_SEEDS)
def test_numba_agrees_with_cpsat_on_whole_piles(seed: int) -> None:
    from cardsolve.solvers.subito import cpsat

    tasks, piles = deal(DECK, seed, sides="random")
    theirs, alone = weighted_opponent(piles[1], tasks)
    assert alone.proven
    problem = make_problem(piles[0], tasks, None, theirs)
    found = rescored(problem, fast.optimize(problem))
    check = rescored(problem, cpsat.optimize(problem, Budget(time_limit=30)))
    assert found.proven and check.proven and found.objective == check.objective
