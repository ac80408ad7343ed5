"""Subito optimize, issue 16's tails: the answers proven past the node limit (a placement
that wins as much as the most valuable set of sides left undecided) agree with the
reference, on seeded small piles and greedy tables searched with tiny node budgets; the
card prices' costs, which keep sums only where they can decide a tie, agree with a plain
recursion."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache

import numpy as np

from cardsolve.models.subito import FIVE_A_LIMIT, Placed, deal, load_deck
from cardsolve.solvers.subito import fast, prices
from cardsolve.solvers.subito.instances import weighted_opponent
from cardsolve.solvers.subito.policies import GreedyPolicy
from cardsolve.solvers.subito.problem import OPPONENT, Budget, Problem, make_problem, objective
from cardsolve.solvers.subito.reference import optimize as reference
from cardsolve.solvers.subito.state_bots import round_table

DECK = load_deck()
BUDGETS = (1, 5, 30)
"""Node limits far below what these searches take to the end."""


def versus_cases(count: int, seed: int) -> list[Problem]:
    """Seeded piles of 1-8 cards against the opponent's weighted optimum of 3-14 cards, or
    against a greedy player 2's final table of 1-14 cards a pile."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        dealt = rng.randrange(10**9)
        tasks, piles = deal(DECK, dealt, sides="random")
        if k % 2:
            theirs = weighted_opponent(piles[1][: rng.randint(3, 14)], tasks)[0]
        else:
            size = rng.randint(1, 14)
            table = round_table(tasks, piles, (GreedyPolicy(), GreedyPolicy()), dealt, 2 * size - 1)
            theirs = Placed(OPPONENT, table.players[1].placed)
        out.append(make_problem(piles[0], tasks, rng.randint(1, 8), theirs))
    return out


def test_answers_proven_past_the_node_limit_are_optimal() -> None:
    """Whatever the node limit, an answer marked proven is the reference's optimum; some
    are proven although the search stopped at its limit."""
    early = 0
    for problem in versus_cases(150, seed=160):
        best = reference(problem).objective
        full = fast.optimize(problem).nodes
        for limit in BUDGETS:
            found = fast.optimize(problem, Budget(node_limit=limit))
            assert objective(problem, found.sides) == found.objective
            assert found.objective <= best
            if found.proven:
                assert found.objective == best, (problem, limit)
                early += limit < full
    assert early > 0


def plain_cost(
    table: np.ndarray, numbers: list[int], price: list[float], opp_count: int, opp_total: int, five: bool
) -> Callable[[int, int, int, int], float]:
    """A side's cost (``prices`` module docstring) by plain recursion over the cards."""

    @cache
    def cost(k: int, state: int, have: int, total: int) -> float:
        if have > opp_count or (have == opp_count and total > opp_total):
            return 0.0
        if k == len(numbers):
            return math.inf
        best = cost(k + 1, state, have, total)
        after = table[state, k]
        if after >= 0 and (not five or total + numbers[k] <= FIVE_A_LIMIT):
            best = min(best, price[k] + cost(k + 1, int(after), have + 1, total + numbers[k]))
        return best

    return cost


def reached(table: np.ndarray) -> list[float]:
    """Each state's first card at which the side can be in it (inf: never), by plain
    breadth-first search over (card, state) from state 0 at card 0."""
    first = [math.inf] * table.shape[0]
    seen = {(0, 0)}
    queue = [(0, 0)]
    for k, state in queue:
        first[state] = min(first[state], k)
        if k == table.shape[1]:
            continue
        after = int(table[state, k])
        for step in ((k + 1, state), (k + 1, after)) if after >= 0 else ((k + 1, state),):
            if step not in seen:
                seen.add(step)
                queue.append(step)
    return first


def test_costs_keep_the_sums_that_decide_ties() -> None:
    """The costs read at every state a side can be in at each card, with every count
    and sum it can hold (the sums kept only within the band that can still decide a
    tie), equal a plain recursion's, on seeded tables, numbers, prices and opponents (5a
    with its exact sums too)."""
    rng = random.Random(2016)
    for _ in range(300):
        n, width = rng.randint(1, 10), rng.randint(1, 4)
        table = np.array([[rng.randrange(-1, width) for _ in range(n)] for _ in range(width)], dtype=np.int32).reshape(
            1, width, n
        )
        numbers = [rng.randint(1, 6) for _ in range(n)]
        price = [rng.random() for _ in range(n)]
        five = rng.random() < 0.25
        opp_count = rng.randint(0, 2 if five else 6)
        opp_total = rng.randint(opp_count, min(6 * opp_count, FIVE_A_LIMIT) if five else 6 * opp_count)
        counts, totals = np.array([opp_count], dtype=np.int64), np.array([opp_total], dtype=np.int64)
        want = np.array([opp_count + (rng.random() < 0.3)], dtype=np.int64)
        if want[0] == 0:
            continue
        states = np.array([width], dtype=np.int64)
        side = 0 if five else -1
        flat, offset = prices.costs(
            table, states, want, np.array(numbers, dtype=np.int64), side, counts, totals, np.array(price)
        )
        expected = plain_cost(table[0], numbers, price, opp_count, opp_total, five)
        more = plain_cost(table[0], numbers, price, opp_count, 10**6, five)  # no tie wins: one card more
        no_tie = not five and want[0] > opp_count  # a side that wants more cards than the opponent's
        first = reached(table[0])
        for k in range(n + 1):
            for state in (state for state in range(width) if first[state] <= k):
                for have in range(min(opp_count, k) + 1):
                    for total in range(have, 6 * have + 1):
                        if five and total > FIVE_A_LIMIT:
                            continue
                        truth = (more if no_tie else expected)(k, state, have, total)
                        found = prices.cost_at(
                            flat, offset, states, side, want, counts, totals, 0, k, state, have, total
                        )
                        assert math.isclose(found, truth) or found == truth == math.inf, (k, state, have, total)
