"""Card prices that prove a set of sides cannot all be won (the best response's
feasibility questions, ``solvers.subito.fast``), in numba.

Vocabulary:
- *price* ``price[k] >= 0``: what card k costs;
- *cost* of side s at card k from ``state`` holding ``have`` cards summing to ``total``:
  the cheapest cards of k.. that side s can take along its table to be won against the
  opponent's kept cards there (more cards, or as many with a greater sum; on 5a the sum
  stays at most 12), ``INFINITE`` when it cannot. The count is kept up to the opponent's
  (the states not yet won), the sum exact on 5a and elsewhere only within the band where
  it can still decide a tie on the count (``_kept``): the sums that win a tie whatever
  cards come are one, and so are those that lose it whatever cards come.
- *costs* ``(flat, offset)``: every target side's costs in one array, side s's from
  ``offset[s]`` laid out ``[k, state, have, total]`` (``cost_at`` reads one).

The test (why it proves, and how the two ascents find the prices: docs/pages/solvers.md,
``#subito-best-response``): the target's sides take disjoint cards, so if the costs of
the sides still open exceed the prices of all the cards left, no placement wins them all,
at any prices. ``refute`` runs a subgradient ascent on that difference (the Lagrangian
dual of "each card goes to one side"), homogeneous in the prices, so any positive
difference is a proof: steps that shrink, and where those stall just below zero, Polyak's
step towards a difference just above it (on the benchmark's hardest greedy tables it
proves in about 30 steps what shrinking steps did not in 60).

*Counted* costs (``counted_totals``) are the costs of a relaxation: a side that can tie
on the count wins with the tie whatever its sum, so they need no sums but 5a's, are far
cheaper (one sum where the exact costs keep up to the opponent's sum plus two), and are
at most the exact costs: a test they pass proves as much. The search tries them first.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT, NUMBERS
from cardsolve.solvers.infrastructure.jit import njit

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
POLYAK_STEPS = 60
"""Steps of the second ascent (Polyak's step)."""
TARGET = 0.1
"""The difference each step of the second ascent aims at, in mean card prices."""
CLOSE = 0.5
"""The second ascent runs only when the first came within this many mean card prices of zero."""
MARGIN = 1e-7
"""A difference above this is a proof: far above the rounding of sums of prices near 1."""
LOWEST, HIGHEST = min(NUMBERS), max(NUMBERS)
"""The smallest and the largest card number."""


@njit(cache=True)
def _won(have: int, total: int, opp_count: int, opp_total: int) -> bool:
    """The award with ``have`` cards summing to ``total`` against the opponent's."""
    return have > opp_count or (have == opp_count and total > opp_total)


@njit(cache=True)
def _kept(have: int, total: int, opp_count: int, opp_total: int, cap: int, exact: bool) -> int:
    """The sum the costs keep for ``have`` cards summing to ``total`` (not won): exact on 5a
    (``exact``); 0 when a tie on the count is never told apart by sums (``cap`` 0); else
    ``total`` clamped to the band where it can still decide a tie: from ``opp_total + 1 -
    LOWEST x r`` up (r the cards still to come for a tie) a tie is won whatever the cards,
    up to ``opp_total - HIGHEST x r`` it is lost whatever they are (and ``have`` cards sum
    to at most ``HIGHEST x have``), so each end stands for every sum beyond it."""
    if exact:
        return total
    if cap == 0:
        return 0
    r = opp_count - have
    return max(min(total, opp_total + 1 - LOWEST * r), min(opp_total - HIGHEST * r, HIGHEST * have))


@njit(cache=True)
def _kept_range(have: int, opp_count: int, opp_total: int, cap: int, exact: bool) -> tuple[int, int]:
    """The sums ``_kept`` keeps for ``have`` cards that ``have`` cards can sum to."""
    if exact or cap == 0:
        return 0, cap
    return (
        max(_kept(have, 0, opp_count, opp_total, cap, exact), LOWEST * have),
        min(_kept(have, cap, opp_count, opp_total, cap, exact), HIGHEST * have),
    )


@njit(cache=True)
def _first_reached(table: NDArray[np.int32], states: int) -> NDArray[np.int64]:
    """``first[state]``: the first card k at which the side (its ``table``, from state 0)
    can be in ``state`` (``n + 1``: never); it can be there at every later card too (a
    card it does not take leaves its state)."""
    n = table.shape[1]
    first = np.full(states, n + 1, dtype=np.int64)
    first[0] = 0
    for k in range(n):
        for st in range(states):
            nxt = table[st, k]
            if first[st] <= k and nxt != REFUSED and first[nxt] > k + 1:
                first[nxt] = k + 1
    return first


@njit(cache=True)
def sum_costs(
    table: NDArray[np.int32],
    states: int,
    numbers: NDArray[np.int64],
    opp_count: int,
    opp_total: int,
    cap: int,
    exact: bool,
    price: NDArray[np.float64],
) -> NDArray[np.float64]:
    """``cost[k, state, have, total]``: the cheapest cards of k.. that win one side (its
    ``table``, ``states`` rows) from ``state`` holding ``have`` cards summing to ``total``
    against the opponent's ``opp_count`` cards summing to ``opp_total``; the sum at most
    ``cap`` (``_cap``), exact on 5a (``exact``), else only the sums ``_kept`` keeps that
    ``have`` cards can sum to are filled. Only states not yet won are stored (``have <=
    opp_count``), and only those the side can be in at card k (``_first_reached``, with
    at most k cards): a way on from one of them only meets others, so their costs are
    the same as over every state."""
    n = table.shape[1]
    cost = np.full((n + 1, states, opp_count + 1, cap + 1), INFINITE)
    first = _first_reached(table, states)
    for k in range(n - 1, -1, -1):
        for st in range(states):
            if first[st] > k:
                continue
            nxt = table[st, k]
            for have in range(min(opp_count, k) + 1):
                low, high = _kept_range(have, opp_count, opp_total, cap, exact)
                for total in range(low, high + 1):
                    if _won(have, total, opp_count, opp_total):
                        continue
                    best = cost[k + 1, st, have, total]
                    if nxt != REFUSED and (not exact or total + numbers[k] <= cap):
                        after = _kept(have + 1, total + numbers[k], opp_count, opp_total, cap, exact)
                        take = price[k]
                        if not _won(have + 1, after, opp_count, opp_total):
                            take += cost[k + 1, nxt, have + 1, after]
                        best = min(best, take)
                    cost[k, st, have, total] = best
    return cost


@njit(cache=True)
def _trace(
    table: NDArray[np.int32],
    numbers: NDArray[np.int64],
    opp_count: int,
    opp_total: int,
    cap: int,
    exact: bool,
    cost: NDArray[np.float64],
    used: NDArray[np.int64],
) -> None:
    """Add 1 to ``used[k]`` for every card k on the side's cheapest way on from the empty side."""
    n = table.shape[1]
    st = have = total = 0
    for k in range(n):
        if cost[k, st, have, total] == cost[k + 1, st, have, total]:
            continue
        used[k] += 1
        total = _kept(have + 1, total + numbers[k], opp_count, opp_total, cap, exact)
        if _won(have + 1, total, opp_count, opp_total):
            return
        st, have = table[st, k], have + 1


@njit(cache=True)
def _cap(s: int, five: int, want: NDArray[np.int64], opp_count: NDArray[np.int64], opp_total: NDArray[np.int64]) -> int:
    """The largest sum side s's costs keep: 12 on 5a; 0 when it wants more cards than the
    opponent's (no equal count of its cards beats the opponent's sum, so a tie never
    wins); else one above the opponent's."""
    if s == five:
        return FIVE_A_LIMIT
    return 0 if want[s] > opp_count[s] else int(opp_total[s]) + 1


@njit(cache=True)
def costs(
    table: NDArray[np.int32],
    states: NDArray[np.int64],
    want: NDArray[np.int64],
    numbers: NDArray[np.int64],
    five: int,
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    price: NDArray[np.float64],
) -> tuple[NDArray[np.float64], NDArray[np.int64]]:
    """The costs of the sides with ``want > 0`` at ``price`` (see the module docstring)."""
    sides, _, n = table.shape
    offset = np.zeros(sides + 1, dtype=np.int64)
    for s in range(sides):
        size = 0
        if want[s] > 0:
            size = (n + 1) * states[s] * (opp_count[s] + 1) * (_cap(s, five, want, opp_count, opp_total) + 1)
        offset[s + 1] = offset[s] + size
    flat = np.empty(offset[sides])
    for s in range(sides):
        if want[s] > 0:
            flat[offset[s] : offset[s + 1]] = sum_costs(
                table[s],
                states[s],
                numbers,
                opp_count[s],
                opp_total[s],
                _cap(s, five, want, opp_count, opp_total),
                s == five,
                price,
            ).ravel()
    return flat, offset


def counted_totals(
    want: NDArray[np.int64], five: int, opp_count: NDArray[np.int64], opp_total: NDArray[np.int64]
) -> NDArray[np.int64]:
    """The opponent's sums the counted costs read (see the module docstring): -1 on each
    side but 5a that wants as many cards as the opponent's (a tie on the count then wins
    whatever its sum), the opponent's own sums elsewhere."""
    counted = opp_total.copy()
    for s in range(counted.shape[0]):
        if s != five and want[s] > 0 and want[s] == opp_count[s]:
            counted[s] = -1
    return counted


@njit(cache=True)
def cost_at(
    flat: NDArray[np.float64],
    offset: NDArray[np.int64],
    states: NDArray[np.int64],
    five: int,
    want: NDArray[np.int64],
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    s: int,
    k: int,
    state: int,
    have: int,
    total: int,
) -> float:
    """Side s's cost at card k from ``state`` with ``have`` cards summing to ``total``: 0 once
    won against the ``opp_total`` the costs were computed with."""
    if have > opp_count[s]:
        return 0.0
    cap = _cap(s, five, want, opp_count, opp_total)
    kept = _kept(have, total, int(opp_count[s]), int(opp_total[s]), cap, s == five)
    if _won(have, kept, int(opp_count[s]), int(opp_total[s])):
        return 0.0
    index = ((k * states[s] + state) * (opp_count[s] + 1) + have) * (cap + 1) + kept
    return float(flat[offset[s] + index])


@njit(cache=True)
def _difference(
    table: NDArray[np.int32],
    states: NDArray[np.int64],
    want: NDArray[np.int64],
    numbers: NDArray[np.int64],
    five: int,
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    price: NDArray[np.float64],
    used: NDArray[np.int64],
) -> float:
    """The costs of the sides with ``want > 0`` at ``price`` less the prices of all the
    cards (``INFINITE`` once a side cannot be won), and in ``used[k]`` how many of their
    cheapest ways on take card k."""
    difference = -price.sum()
    used[:] = 0
    for s in range(table.shape[0]):
        if want[s] == 0:
            continue
        cap = _cap(s, five, want, opp_count, opp_total)
        cost = sum_costs(table[s], states[s], numbers, opp_count[s], opp_total[s], cap, s == five, price)
        difference += cost[0, 0, 0, 0]
        if difference == INFINITE:
            return INFINITE
        _trace(table[s], numbers, opp_count[s], opp_total[s], cap, s == five, cost, used)
    return float(difference)


@njit(cache=True)
def refute(
    table: NDArray[np.int32],
    states: NDArray[np.int64],
    want: NDArray[np.int64],
    numbers: NDArray[np.int64],
    five: int,
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
) -> tuple[bool, NDArray[np.float64], NDArray[np.float64]]:
    """Whether prices were found that prove the sides with ``want > 0`` cannot all be won
    from the start (side ``five`` is 5a, -1: not in play) against the opponent's
    ``opp_count`` cards per side summing to ``opp_total`` (``counted_totals``' for the
    counted costs); then two price vectors for the search's own test at each state and
    its order: the mean of the prices the first ascent visited, and the mean of those the
    second visited (where it did not run, the prices with the largest difference seen,
    often the first ones, all equal, which tell no card from another).

    Two ascents: ``STEPS`` steps whose length halves after ``PATIENCE`` steps without a
    larger difference; then, when the largest difference is within ``CLOSE`` mean card
    prices of zero, ``POLYAK_STEPS`` steps from the best prices with Polyak's step
    towards a difference of ``TARGET`` mean card prices."""
    n = table.shape[2]
    price = np.ones(n)
    best_price = price.copy()
    best = -INFINITE
    used = np.zeros(n, dtype=np.int64)
    mean = np.zeros(n)
    later = np.zeros(n)
    second = 0  # the second ascent's steps
    factor = FIRST_STEP
    stalled = 0
    for step in range(STEPS + POLYAK_STEPS):
        if step == STEPS:
            if best < -CLOSE * best_price.sum() / n:
                break
            price[:] = best_price
        difference = _difference(table, states, want, numbers, five, opp_count, opp_total, price, used)
        if difference == INFINITE:
            return True, price, price
        if difference > best:
            best = difference
            best_price[:] = price
            stalled = 0
            if difference > MARGIN:
                return True, best_price, best_price
        else:
            stalled += 1
            if stalled >= PATIENCE:
                factor /= 2
                stalled = 0
        if step < STEPS:
            mean += price
        else:
            later += price
            second += 1
        norm = 0.0
        for k in range(n):
            if price[k] > 0 or used[k] > 1:
                norm += (used[k] - 1) ** 2
        if norm == 0:
            break
        if step < STEPS:
            length = factor * price.sum() / np.sqrt(n * norm)
        else:
            length = (TARGET * price.sum() / n - difference) / norm
        for k in range(n):
            price[k] = max(0.0, price[k] + length * (used[k] - 1))
    return False, mean / min(step + 1, STEPS), later / second if second else best_price
