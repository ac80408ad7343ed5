"""Card prices that prove a set of sides cannot all be won (the best response's
feasibility questions, ``solvers.subito.fast``), in numba.

Vocabulary:
- *want* ``want[s]``: the cards side s needs to be won from the empty side (0 for a side
  not in the target or won without a card); a side that has ``have`` of them needs
  ``want - have`` more along its table.
- *price* ``price[k] >= 0``: what card k costs; *cost* ``cost[s, state, k, have]``: the
  cheapest cards of k.. that take side s from ``state`` holding ``have`` of its wanted
  cards to ``want[s]`` (``INFINITE`` when its table cannot).

The test: the target's sides take disjoint cards, so if the costs of the sides still
open exceed the prices of all the cards left, no placement wins them all; this holds for
any prices. The prices are found by a subgradient ascent on that difference (the
Lagrangian dual of "each card goes to one side" in the count of cards), which is
homogeneous in the prices, so the scale of its steps does not matter. Side 5a also has
*five costs* ``five[total, k, have]``: the cheapest cards of k.. that win it from a sum
of ``total`` with ``have`` cards (``have`` up to one more than the opponent's count,
which wins on the count; an equal count wins on a greater sum), its sum staying at most
12, its rule aside; its cost is the larger of its two. Elsewhere the sums that break
equal counts are left out: the test stays a relaxation.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT
from cardsolve.solvers.jit import njit

REFUSED = -1
"""In a transition table: the side does not take the card."""
INFINITE = np.inf
"""A cost no path reaches."""
STEPS = 60
"""Subgradient steps per target."""
PATIENCE = 5
"""Steps without a larger difference before the step size halves."""
FIRST_STEP = 0.5
"""The first step's length relative to the prices' length."""
MARGIN = 1e-7
"""A difference above this is a proof: far above the rounding of sums of prices near 1."""
NO_FIVE = np.full((0, 0, 0), INFINITE)
"""The five costs when 5a is not in the target."""


@njit(cache=True)
def costs(table: NDArray[np.int32], states: NDArray[np.int64], want: NDArray[np.int64],
          price: NDArray[np.float64]) -> NDArray[np.float64]:
    """``cost[s, state, k, have]`` at ``price`` (see the module docstring)."""
    sides, width, n = table.shape
    cost = np.full((sides, width, n + 1, want.max() + 1), INFINITE)
    for s in range(sides):
        for st in range(states[s]):
            cost[s, st, n, want[s]] = 0.0
        for k in range(n - 1, -1, -1):
            for st in range(states[s]):
                nxt = table[s, st, k]
                cost[s, st, k, want[s]] = 0.0
                for have in range(want[s]):
                    best = cost[s, st, k + 1, have]
                    if nxt != REFUSED and price[k] + cost[s, nxt, k + 1, have + 1] < best:
                        best = price[k] + cost[s, nxt, k + 1, have + 1]
                    cost[s, st, k, have] = best
    return cost


@njit(cache=True)
def five_costs(numbers: NDArray[np.int64], opp_count: int, opp_total: int,
               price: NDArray[np.float64]) -> NDArray[np.float64]:
    """``five[total, k, have]`` at ``price`` (see the module docstring)."""
    n = numbers.shape[0]
    top = opp_count + 1
    five = np.full((FIVE_A_LIMIT + 1, n + 1, top + 1), INFINITE)
    for k in range(n, -1, -1):
        for total in range(FIVE_A_LIMIT + 1):
            for have in range(top + 1):
                if have == top or (have == opp_count and total > opp_total):
                    five[total, k, have] = 0.0
                elif k < n:
                    best = five[total, k + 1, have]
                    after = total + numbers[k]
                    if after <= FIVE_A_LIMIT and price[k] + five[after, k + 1, min(have + 1, top)] < best:
                        best = price[k] + five[after, k + 1, min(have + 1, top)]
                    five[total, k, have] = best
    return five


@njit(cache=True)
def five_binds(cost: NDArray[np.float64], five: NDArray[np.float64], s: int, state: int, k: int, have: int,
               total: int) -> bool:
    """Whether side 5a (``s``) costs more by its five costs than by its table from there."""
    return bool(five.shape[0] > 0 and five[total, k, min(have, five.shape[2] - 1)] > cost[s, state, k, have])


@njit(cache=True)
def _used(table: NDArray[np.int32], cost: NDArray[np.float64], want: NDArray[np.int64],
          price: NDArray[np.float64], numbers: NDArray[np.int64], s5: int, five: NDArray[np.float64],
          used: NDArray[np.int64]) -> None:
    """``used[k]``: how many sides take card k on their cheapest way from the empty side
    (5a's by its five costs when they bind)."""
    sides, _, n = table.shape
    used[:] = 0
    for s in range(sides):
        if s == s5 and five_binds(cost, five, s, 0, 0, 0, 0):
            top = five.shape[2] - 1
            total = 0
            have = 0
            for k in range(n):
                if five[total, k, have] == 0:
                    break
                if five[total, k, have] < five[total, k + 1, have]:
                    used[k] += 1
                    total += numbers[k]
                    have = min(have + 1, top)
            continue
        st = 0
        have = 0
        for k in range(n):
            if have == want[s]:
                break
            nxt = table[s, st, k]
            if nxt != REFUSED and cost[s, st, k, have] < cost[s, st, k + 1, have] \
                    and cost[s, st, k, have] == price[k] + cost[s, nxt, k + 1, have + 1]:
                used[k] += 1
                st = nxt
                have += 1


@njit(cache=True)
def refute(table: NDArray[np.int32], states: NDArray[np.int64], want: NDArray[np.int64],
           numbers: NDArray[np.int64], s5: int, opp_count: int, opp_total: int) -> tuple[bool, NDArray[np.float64]]:
    """Whether prices were found that prove the sides with ``want`` cannot all be won
    from the start; and the prices with the largest difference seen (for the search's
    own test at each state). ``s5`` is side 5a (-1: not in the target) against the
    opponent's ``opp_count`` cards there summing to ``opp_total``."""
    n = table.shape[2]
    price = np.ones(n)
    best_price = price.copy()
    best = -INFINITE
    used = np.zeros(n, dtype=np.int64)
    factor = FIRST_STEP
    stalled = 0
    for _ in range(STEPS):
        cost = costs(table, states, want, price)
        five = five_costs(numbers, opp_count, opp_total, price) if s5 >= 0 else NO_FIVE
        difference = -price.sum()
        for s in range(table.shape[0]):
            difference += five[0, 0, 0] if s == s5 and five_binds(cost, five, s, 0, 0, 0, 0) else cost[s, 0, 0, 0]
        if difference == INFINITE:
            return True, price
        if difference > best:
            best = difference
            best_price[:] = price
            stalled = 0
            if difference > MARGIN:
                return True, best_price
        else:
            stalled += 1
            if stalled >= PATIENCE:
                factor /= 2
                stalled = 0
        _used(table, cost, want, price, numbers, s5, five, used)
        norm = 0.0
        for k in range(n):
            if price[k] > 0 or used[k] > 1:
                norm += (used[k] - 1) ** 2
        if norm == 0:
            break
        step = factor * price.sum() / np.sqrt(n * norm)
        for k in range(n):
            price[k] = max(0.0, price[k] + step * (used[k] - 1))
    return False, best_price
