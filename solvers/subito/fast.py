"""The numba branch-and-bound optimizer: depth first over the cards in pile order, each
onto a side whose transition table (``automaton``) accepts it, best sides first.

Bounds: ``chain[s, state, k]``, the most of cards k.. that side s could still take from
its state (a longest path in its table). Against an opponent: the sides won plus a 0/1
knapsack of the open sides, each costing the fewest more cards that could win it, within
the cards left; a card goes only onto a side still open or onto task card 2, which
accepts every card and so dominates a won or hopeless side. Without an opponent a card
adds points x (SCALE + number) (the weighted count and sum as one integer), bounded by
each remaining card's best side and by filling the sides best first up to their chains.
Past ``node_limit``
nodes the best placement found is returned, not proven optimal.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from models.subito import FIVE_A_LIMIT, check_cards, points
from solvers.jit import njit
from solvers.subito.automaton import tables
from solvers.subito.problem import FIVE_A, Placement, Problem, evaluate

NODE_LIMIT = 5_000_000
"""Search nodes before the search gives up its proof."""
TOP = 6
"""The highest card number."""
SCALE_PER_CARD = 9 * TOP
"""The weighted sum is below this times the cards, so count x scale + sum orders lexicographically."""


@njit(cache=True)
def _chains(table: NDArray[np.int32]) -> NDArray[np.int32]:
    """``chain[s, state, k]``: the most cards of k.. that side s can take from ``state``."""
    sides, states, n = table.shape
    chain = np.zeros((sides, states, n + 1), dtype=np.int32)
    for k in range(n - 1, -1, -1):
        for s in range(sides):
            for st in range(states):
                best = chain[s, st, k + 1]
                nxt = table[s, st, k]
                if nxt >= 0 and chain[s, nxt, k + 1] + 1 > best:
                    best = chain[s, nxt, k + 1] + 1
                chain[s, st, k] = best
    return chain


@njit(cache=True)
def _wins(count: int, total: int, opp_count: int, opp_total: int, opp_over: bool) -> bool:
    """The award against the opponent's kept cards (the player never passes 12 on 5a)."""
    if opp_over:
        return True
    return count > opp_count or (count == opp_count and total > opp_total)


@njit(cache=True)
def _versus_bound(chain: NDArray[np.int32], depth: int, state: NDArray[np.int64], count: NDArray[np.int64],
                  total: NDArray[np.int64], pts: NDArray[np.int64], opp_count: NDArray[np.int64],
                  opp_total: NDArray[np.int64], opp_over: NDArray[np.bool_]) -> int:
    """The points of the sides won plus a 0/1 knapsack of the open sides: each costs the
    fewest more cards that could win it (at most its chain), within the cards left."""
    sides, _, n1 = chain.shape
    left = n1 - 1 - depth
    best = np.zeros(left + 1, dtype=np.int64)
    won = 0
    for s in range(sides):
        if _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s]):
            won += pts[s]
            continue
        need = opp_count[s] - count[s]
        if need == 0 or total[s] + TOP * need <= opp_total[s]:
            need += 1  # an equal count cannot win on the sum
        if need > chain[s, state[s], depth]:
            continue
        for c in range(left, need - 1, -1):
            best[c] = max(best[c], best[c - need] + pts[s])
    return won + int(best[left])


@njit(cache=True)
def _weighted_bound(chain: NDArray[np.int32], depth: int, state: NDArray[np.int64], pts: NDArray[np.int64],
                    order: NDArray[np.int64], remaining: NDArray[np.int64], scale: int) -> int:
    """The cards left fill the sides best first, each side at most its chain: the
    weighted count of those slots, and the weighted sum of the cards' numbers paired
    largest first with them, bound any completion's gain."""
    left = remaining.sum()
    numbers = remaining.copy()  # numbers[v]: cards left showing v
    value = TOP
    gain = 0
    for s in order:
        slots = min(chain[s, state[s], depth], left)
        left -= slots
        for _ in range(slots):
            while numbers[value] == 0:
                value -= 1
            numbers[value] -= 1
            gain += pts[s] * (scale + value)
        if left == 0:
            break
    return gain


@njit(cache=True)
def _take_back(s: int, k: int, before: NDArray[np.int64], state: NDArray[np.int64], count: NDArray[np.int64],
               total: NDArray[np.int64], numbers: NDArray[np.int64], pts: NDArray[np.int64], scale: int,
               versus: bool) -> int:
    """Remove card k from side s; the value it had added (0 against an opponent)."""
    state[s] = before[k]
    count[s] -= 1
    total[s] -= numbers[k]
    return 0 if versus else pts[s] * (scale + numbers[k])


@njit(cache=True)
def _search(table: NDArray[np.int32], numbers: NDArray[np.int64], pts: NDArray[np.int64],
            order: NDArray[np.int64], dump: int, five: int, versus: bool,
            opp_count: NDArray[np.int64], opp_total: NDArray[np.int64], opp_over: NDArray[np.bool_],
            scale: int, node_limit: int) -> tuple[NDArray[np.int64], int, int, bool]:
    """The best side per card, its value, the nodes searched, and whether it is proven.
    ``value`` is the weighted value so far without an opponent, else the points won."""
    sides, _, n = table.shape
    chain = _chains(table)
    state = np.zeros(sides, dtype=np.int64)
    count = np.zeros(sides, dtype=np.int64)
    total = np.zeros(sides, dtype=np.int64)
    tried = np.full(n, -1, dtype=np.int64)   # per card: its side's position in ``order``
    before = np.zeros(n, dtype=np.int64)     # per card: the state its side had
    best_side = np.zeros(n, dtype=np.int64)
    suffix = np.zeros(n + 1, dtype=np.int64)  # the best gain of each card from k on
    remaining = np.zeros((n + 1, TOP + 1), dtype=np.int64)  # [k, v]: cards k.. showing v
    for k in range(n - 1, -1, -1):
        gain = 0
        for s in range(sides):
            if (table[s, :, k] >= 0).any():
                gain = max(gain, pts[s] * (scale + numbers[k]))
        suffix[k] = suffix[k + 1] + gain
        remaining[k] = remaining[k + 1]
        remaining[k, numbers[k]] += 1
    best, value, nodes, depth, entering = -1, 0, 0, 0, True
    while True:
        if entering:
            entering = False
            nodes += 1
            if nodes > node_limit:
                return best_side, best, nodes, False
            if versus:
                value = 0
                for s in range(sides):
                    if _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s]):
                        value += pts[s]
            if depth == n and value > best:
                best = value
                for k in range(n):
                    best_side[k] = order[tried[k]]
            if versus:
                bound = _versus_bound(chain, depth, state, count, total, pts, opp_count, opp_total, opp_over)
            else:
                bound = value + min(suffix[depth], _weighted_bound(chain, depth, state, pts, order,
                                                                   remaining[depth], scale))
            if depth < n and bound > best:
                tried[depth] = -1
            else:
                depth -= 1
                if depth < 0:
                    break
                value -= _take_back(order[tried[depth]], depth, before, state, count, total, numbers, pts,
                                    scale, versus)
        c = tried[depth] + 1
        s = 0
        while c < sides:
            s = order[c]
            if table[s, state[s], depth] >= 0 and not (s == five and total[s] + numbers[depth] > FIVE_A_LIMIT) \
                    and (not versus or s == dump
                         or not _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s])):
                break
            c += 1
        if c == sides:
            depth -= 1
            if depth < 0:
                break
            value -= _take_back(order[tried[depth]], depth, before, state, count, total, numbers, pts,
                                scale, versus)
            continue
        tried[depth] = c
        before[depth] = state[s]
        state[s] = table[s, state[s], depth]
        count[s] += 1
        total[s] += numbers[depth]
        if not versus:
            value += pts[s] * (scale + numbers[depth])
        depth += 1
        entering = True
    return best_side, best, nodes, True


def optimize(problem: Problem, node_limit: int = NODE_LIMIT) -> Placement:
    """The best placement by branch and bound; proven optimal unless ``node_limit`` was hit."""
    n = len(problem.cards)
    tasks = problem.tasks
    names = [side.name for side in tasks]
    pts = np.array([points(side) for side in tasks], dtype=np.int64)
    opp_count = np.zeros(len(tasks), dtype=np.int64)
    opp_total = np.zeros(len(tasks), dtype=np.int64)
    opp_over = np.zeros(len(tasks), dtype=np.bool_)
    if problem.versus is not None:
        for s, side in enumerate(tasks):
            kept = check_cards(side, problem.versus.on(side))
            opp_count[s], opp_total[s] = kept.count, kept.total
            opp_over[s] = side.name == FIVE_A and kept.total > FIVE_A_LIMIT
    if n == 0:
        return evaluate(problem, [], "numba", True, 1)
    table = tables(tasks, problem.cards)
    dump = names.index("2")
    if (table[dump, 0] < 0).any():
        raise AssertionError("task card 2 must accept every card")
    order = np.argsort(-pts, kind="stable").astype(np.int64)
    sides, _, nodes, proven = _search(
        table, np.array([card.number for card in problem.cards], dtype=np.int64), pts, order, dump,
        names.index(FIVE_A) if FIVE_A in names else -1, problem.versus is not None, opp_count, opp_total,
        opp_over, SCALE_PER_CARD * n + 1, node_limit)
    return evaluate(problem, [tasks[s] for s in sides], "numba", proven, nodes)
