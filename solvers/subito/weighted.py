"""The numba optimizer of a Subito placement without an opponent: the most weighted count
(points x cards over the sides), ties broken by the weighted sum (``solvers.subito.problem``).

Vocabulary:
- *weight* ``w[s, k]``: what card k adds on side s, points(s) x (scale + its number), so
  one integer orders (weighted count, weighted sum) as a tuple.
- *price* ``price[k]``: a Lagrange multiplier of "card k goes onto exactly one side";
  side s then gains ``w[s, k] - price[k]`` for it, and the sides no longer share cards.
- *relaxed best* ``relaxed[s, state, k]``: the most side s alone can gain at those
  prices from cards k.. starting in ``state`` (its automaton's longest path).

The bound and the search (docs/pages/solvers.md, section "The placement alone",
``#subito-weighted``): for any prices, a placement's value from card k on is at most the
prices of cards k.. plus every side's relaxed best from its state (for 5a also at most
``knapsack[room, k]``, a knapsack of the cards left within what is left of 12). The
prices come from a subgradient method at the root, rounded to integers, so every bound is
an integer. The search goes depth first over the cards in pile order, each card's sides
best bound first, a side skipped once its bound cannot beat the best found; a memo keyed by the depth, 5a's sum and each side's class
(``minimal.classes``) keeps, per state searched to the end, the best found minus the
value there, and cuts a state met again with no more value. Past the node limit the best
found is returned, not proven optimal.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT
from cardsolve.solvers.infrastructure.jit import njit

REFUSED = -1
"""In a transition table: the side does not take the card."""
NOT_YET = -1
"""The best value before any placement is found."""
STEPS = 60
"""Subgradient steps at the root."""
PATIENCE = 6
"""Steps without a better bound before the step size halves."""
MEMO_BITS = 18
"""The memo of searched states holds 2**MEMO_BITS keys, each with the most its cards
left can still add (a newer key takes an older one's slot)."""

# The memo key, two words. Word 0: the depth in bits [0, 7), 5a's sum in [7, 11), then
# the classes of sides 0..4, ``_CLASS_BITS`` each; word 1 the classes of sides 5.. .
_DEPTH_BITS, _TOTAL_BITS, _CLASS_BITS = 7, 4, 10
_FIRST_CLASS_SHIFT = _DEPTH_BITS + _TOTAL_BITS
_CLASSES_IN_FIRST = 5
_HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)
"""2**64 over the golden ratio (Fibonacci hashing)."""
NO_KEY = -1
"""The first word of an empty memo slot (a key's first word is never negative)."""


def memo_fits(cards: int, sides: int, width: int) -> bool:
    """Whether every key fits its words: the depth, and every class below ``width``."""
    return cards < 1 << _DEPTH_BITS and width <= 1 << _CLASS_BITS and sides <= _CLASSES_IN_FIRST + 64 // _CLASS_BITS


@njit(cache=True)
def _key(depth: int, total: int, state: NDArray[np.int64], cls: NDArray[np.int32], key: NDArray[np.int64]) -> int:
    """The key of a search state into ``key`` (what the cards left can add depends on:
    the depth, 5a's sum and each side's class at the depth), and its memo slot."""
    key[0] = depth | total << _DEPTH_BITS
    key[1] = 0
    for s in range(state.shape[0]):
        c = np.int64(cls[s, state[s], depth])
        if s < _CLASSES_IN_FIRST:
            key[0] |= c << (_FIRST_CLASS_SHIFT + _CLASS_BITS * s)
        else:
            key[1] |= c << (_CLASS_BITS * (s - _CLASSES_IN_FIRST))
    h = (np.uint64(key[0]) * _HASH_MULTIPLIER) ^ np.uint64(key[1])
    h *= _HASH_MULTIPLIER
    return int(h >> np.uint64(64 - MEMO_BITS))


@njit(cache=True)
def _relaxed(table: NDArray[np.int32], states: NDArray[np.int64], gain: NDArray[np.float64]) -> NDArray[np.float64]:
    """``relaxed[s, state, k]``: the most side s gains from cards k.. (``gain[s, k]`` each)
    along its table from ``state``; every side may skip any card."""
    sides, width, n = table.shape
    relaxed = np.zeros((sides, width, n + 1))
    for s in range(sides):
        for k in range(n - 1, -1, -1):
            for st in range(states[s]):
                best = relaxed[s, st, k + 1]
                nxt = table[s, st, k]
                if nxt != REFUSED and gain[s, k] + relaxed[s, nxt, k + 1] > best:
                    best = gain[s, k] + relaxed[s, nxt, k + 1]
                relaxed[s, st, k] = best
    return relaxed


@njit(cache=True)
def _knapsack(numbers: NDArray[np.int64], gain: NDArray[np.float64]) -> NDArray[np.float64]:
    """``knapsack[room, k]``: the most gained from cards k.. whose numbers sum to at most ``room``."""
    n = numbers.shape[0]
    knap = np.zeros((FIVE_A_LIMIT + 1, n + 1))
    for k in range(n - 1, -1, -1):
        for room in range(FIVE_A_LIMIT + 1):
            best = knap[room, k + 1]
            if numbers[k] <= room and gain[k] + knap[room - numbers[k], k + 1] > best:
                best = gain[k] + knap[room - numbers[k], k + 1]
            knap[room, k] = best
    return knap


@njit(cache=True)
def _side_bound(
    relaxed: NDArray[np.float64], knap: NDArray[np.float64], s: int, five: int, state: int, total: int, k: int
) -> float:
    """Side s's relaxed best from ``state`` at card k (on 5a with ``total`` placed, at most
    12, also at most the knapsack of the room left)."""
    bound = relaxed[s, state, k]
    if s == five:
        bound = min(bound, knap[FIVE_A_LIMIT - total, k])
    return float(bound)


@njit(cache=True)
def _taken(
    table: NDArray[np.int32],
    relaxed: NDArray[np.float64],
    knap: NDArray[np.float64],
    numbers: NDArray[np.int64],
    gain: NDArray[np.float64],
    five: int,
    taken: NDArray[np.int64],
) -> None:
    """``taken[k]``: how many sides take card k in their relaxed best from the empty side
    (5a's knapsack when it is the smaller bound)."""
    sides, _, n = table.shape
    taken[:] = 0
    for s in range(sides):
        if s == five and knap[FIVE_A_LIMIT, 0] < relaxed[s, 0, 0]:
            room = FIVE_A_LIMIT
            for k in range(n):
                if knap[room, k] != knap[room, k + 1]:
                    taken[k] += 1
                    room -= numbers[k]
            continue
        st = 0
        for k in range(n):
            nxt = table[s, st, k]
            if (
                nxt != REFUSED
                and relaxed[s, st, k] == gain[s, k] + relaxed[s, nxt, k + 1]
                and relaxed[s, st, k] != relaxed[s, st, k + 1]
            ):
                taken[k] += 1
                st = nxt


@njit(cache=True)
def _dual(
    table: NDArray[np.int32],
    states: NDArray[np.int64],
    numbers: NDArray[np.int64],
    weight: NDArray[np.int64],
    five: int,
    lower: float,
) -> NDArray[np.int64]:
    """Prices that make the bound small: subgradient steps on the Lagrangian dual from the
    task-2-like start (every card priced at its smallest weight), Polyak's step towards
    ``lower`` (a value some placement reaches), halved when the bound stalls; the best
    prices seen, rounded to integers."""
    sides, _, n = table.shape
    price = np.empty(n)
    for k in range(n):
        price[k] = weight[:, k].min()
    best_price = price.copy()
    best_bound = np.inf
    gain = np.empty((sides, n))
    taken = np.zeros(n, dtype=np.int64)
    factor = 1.0
    stalled = 0
    for _ in range(STEPS):
        for s in range(sides):
            for k in range(n):
                gain[s, k] = weight[s, k] - price[k]
        relaxed = _relaxed(table, states, gain)
        knap = _knapsack(numbers, gain[five]) if five >= 0 else np.zeros((1, 1))
        bound = price.sum()
        for s in range(sides):
            bound += _side_bound(relaxed, knap, s, five, 0, 0, 0)
        if bound < best_bound - 1e-9:
            best_bound = bound
            best_price[:] = price
            stalled = 0
        else:
            stalled += 1
            if stalled >= PATIENCE:
                factor /= 2
                stalled = 0
        _taken(table, relaxed, knap, numbers, gain, five, taken)
        norm = 0.0
        for k in range(n):
            norm += (1 - taken[k]) ** 2
        if norm == 0 or bound - lower < 1:
            break
        step = factor * (bound - lower) / norm
        for k in range(n):
            price[k] -= step * (1 - taken[k])
    return np.round(best_price).astype(np.int64)


@njit(cache=True)
def _greedy(table: NDArray[np.int32], numbers: NDArray[np.int64], weight: NDArray[np.int64], five: int) -> float:
    """A placement's value: each card onto the side that takes it with the largest weight."""
    sides, _, n = table.shape
    state = np.zeros(sides, dtype=np.int64)
    total = 0
    value = 0
    for k in range(n):
        pick = -1
        for s in range(sides):
            if table[s, state[s], k] == REFUSED or (s == five and total + numbers[k] > FIVE_A_LIMIT):
                continue
            if pick < 0 or weight[s, k] > weight[pick, k]:
                pick = s
        state[pick] = table[pick, state[pick], k]
        if pick == five:
            total += numbers[k]
        value += weight[pick, k]
    return float(value)


@njit(cache=True)
def _candidates(
    table: NDArray[np.int32],
    relaxed: NDArray[np.float64],
    knap: NDArray[np.float64],
    numbers: NDArray[np.int64],
    weight: NDArray[np.int64],
    priced: NDArray[np.float64],
    five: int,
    depth: int,
    state: NDArray[np.int64],
    total: int,
    value: int,
    best: int,
    cand: NDArray[np.int64],
    bounds: NDArray[np.float64],
) -> int:
    """The sides that take card ``depth`` and whose bound beats ``best`` into ``cand``, best
    bound first, their bounds into ``bounds``; how many."""
    sides = table.shape[0]
    rest = priced[depth + 1]
    for s in range(sides):
        rest += _side_bound(relaxed, knap, s, five, state[s], total, depth + 1)
    m = 0
    for s in range(sides):
        nxt = table[s, state[s], depth]
        if nxt == REFUSED or (s == five and total + numbers[depth] > FIVE_A_LIMIT):
            continue
        after = total + numbers[depth] if s == five else total
        bound = (
            value
            + weight[s, depth]
            + rest
            - _side_bound(relaxed, knap, s, five, state[s], total, depth + 1)
            + _side_bound(relaxed, knap, s, five, nxt, after, depth + 1)
        )
        if bound < best + 1 - 1e-6:
            continue
        j = m
        while j > 0 and bounds[j - 1] < bound:
            cand[j] = cand[j - 1]
            bounds[j] = bounds[j - 1]
            j -= 1
        cand[j] = s
        bounds[j] = bound
        m += 1
    return m


@njit(cache=True)
def _take_back(
    depth: int,
    on: NDArray[np.int64],
    before: NDArray[np.int64],
    state: NDArray[np.int64],
    weight: NDArray[np.int64],
    numbers: NDArray[np.int64],
    five: int,
    value: int,
    total: int,
    pos: NDArray[np.int64],
) -> tuple[int, int]:
    """Take card ``depth`` back off its side (its state, weight and 5a sum restored) and
    move on to its next candidate; the value and 5a sum after."""
    s = on[depth]
    state[s] = before[depth]
    if s == five:
        total -= numbers[depth]
    pos[depth] += 1
    return value - weight[s, depth], total


@njit(cache=True)
def search(
    table: NDArray[np.int32],
    states: NDArray[np.int64],
    numbers: NDArray[np.int64],
    weight: NDArray[np.int64],
    five: int,
    node_limit: int,
    cls: NDArray[np.int32],
    use_memo: bool,
) -> tuple[NDArray[np.int64], int, int, bool]:
    """The side per card of a placement with the most total weight, that weight, the nodes
    searched, and whether it is proven optimal (see the module docstring); some side must
    take every card in any state (task card 2). ``cls`` (``minimal.classes``) keys the memo
    of searched states: once every way on from a state was searched or cut, the cards left
    add at most the best found minus the value there, wherever the state is met again."""
    sides, _, n = table.shape
    memo_key = np.full((1 << MEMO_BITS if use_memo else 1, 2), NO_KEY, dtype=np.int64)
    memo_gain = np.zeros(memo_key.shape[0], dtype=np.int64)
    keys = np.zeros((n + 1, 2), dtype=np.int64)  # [k]: the key of the state at depth k,
    slots = np.zeros(n + 1, dtype=np.int64)  # and its memo slot
    price = _dual(table, states, numbers, weight, five, _greedy(table, numbers, weight, five))
    gain = np.empty((sides, n))
    for s in range(sides):
        for k in range(n):
            gain[s, k] = weight[s, k] - price[k]
    relaxed = _relaxed(table, states, gain)
    knap = _knapsack(numbers, gain[five]) if five >= 0 else np.zeros((1, 1))
    priced = np.zeros(n + 1)  # [k]: the prices of cards k..
    for k in range(n - 1, -1, -1):
        priced[k] = priced[k + 1] + price[k]
    state = np.zeros(sides, dtype=np.int64)
    before = np.zeros(n, dtype=np.int64)  # [k]: the state card k's side had
    cand = np.zeros((n, sides), dtype=np.int64)  # [k]: the sides for card k, best bound first
    bounds = np.zeros((n, sides))  # and their bounds
    ncand = np.zeros(n, dtype=np.int64)
    pos = np.zeros(n, dtype=np.int64)  # [k]: the candidate card k is on
    on = np.zeros(n, dtype=np.int64)
    best_side = np.zeros(n, dtype=np.int64)
    best = NOT_YET
    value = 0
    total = 0
    nodes = 0
    depth = 0
    entering = True
    while True:
        if entering:
            entering = False
            nodes += 1
            if nodes > node_limit:
                return best_side, best, nodes, False
            if depth == n:
                if value > best:
                    best = value
                    best_side[:] = on
                depth -= 1
                if depth < 0:
                    break
                value, total = _take_back(depth, on, before, state, weight, numbers, five, value, total, pos)
            else:
                known = False  # searched before from a value at least as good
                if use_memo:
                    slots[depth] = _key(depth, total, state, cls, keys[depth])
                    slot = slots[depth]
                    known = (
                        memo_key[slot, 0] == keys[depth, 0]
                        and memo_key[slot, 1] == keys[depth, 1]
                        and value + memo_gain[slot] <= best
                    )
                ncand[depth] = (
                    0
                    if known
                    else _candidates(
                        table,
                        relaxed,
                        knap,
                        numbers,
                        weight,
                        priced,
                        five,
                        depth,
                        state,
                        total,
                        value,
                        best,
                        cand[depth],
                        bounds[depth],
                    )
                )
                pos[depth] = 0
        if pos[depth] == ncand[depth] or bounds[depth, pos[depth]] < best + 1 - 1e-6:
            if use_memo:
                memo_key[slots[depth]] = keys[depth]
                memo_gain[slots[depth]] = best - value
            depth -= 1
            if depth < 0:
                break
            value, total = _take_back(depth, on, before, state, weight, numbers, five, value, total, pos)
            continue
        s = cand[depth, pos[depth]]
        on[depth] = s
        before[depth] = state[s]
        state[s] = table[s, state[s], depth]
        value += weight[s, depth]
        if s == five:
            total += numbers[depth]
        depth += 1
        entering = True
    return best_side, best, nodes, True
