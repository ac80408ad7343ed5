"""The numba searches' transition tables made minimal: Moore's partition refinement
over each side's table ``[side, state, card]`` (``REFUSED``: the side does not take the
card), in numba because the tables have a row per last-two-cards state (hundreds); why the
tables are built this way: docs/pages/solvers.md, ``#subito-tables``.

Two states are one when every card is refused by both or takes them to states that are
one. Rounds refine the classes until their number stops growing; in each round a state's
signature is its class and its row mapped to classes, found in an open-addressing table
of the round's signatures by a hash and then compared in full (so a collision costs a
comparison, never a wrong merge). Classes are numbered in order of their first state,
so state 0 (the empty side) stays state 0.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.solvers.infrastructure.jit import njit

REFUSED = -1
"""In a transition table: the side does not take the card."""
EMPTY = -1
"""A free slot of the signature table."""
UNSEEN = -1
"""A signature ``classes`` has not numbered yet."""
_HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)
"""2**64 over the golden ratio (Fibonacci hashing)."""


@njit(cache=True)
def _same(row: NDArray[np.int32], cls: NDArray[np.int64], a: int, b: int) -> bool:
    """Whether states a and b have the same class and rows of the same classes."""
    if cls[a] != cls[b]:
        return False
    for k in range(row.shape[1]):
        ta, tb = row[a, k], row[b, k]
        if (ta == REFUSED) != (tb == REFUSED) or (ta != REFUSED and cls[ta] != cls[tb]):
            return False
    return True


@njit(cache=True)
def _refine(row: NDArray[np.int32], states: int) -> tuple[NDArray[np.int64], int]:
    """The class of each of the ``states`` rows of one side's table, and their number."""
    n = row.shape[1]
    cls = np.zeros(states, dtype=np.int64)
    count = 1
    size = 1
    while size < 2 * states:
        size *= 2
    slots = np.full(size, EMPTY, dtype=np.int64)  # a representative state per signature
    fresh = np.zeros(states, dtype=np.int64)
    while True:
        slots[:] = EMPTY
        found = 0
        for st in range(states):
            h = np.uint64(cls[st] + 1)
            for k in range(n):
                t = row[st, k]
                h = (h ^ np.uint64(0 if t == REFUSED else cls[t] + 1)) * _HASH_MULTIPLIER
            slot = int(h >> np.uint64(40)) & (size - 1)
            while slots[slot] != EMPTY and not _same(row, cls, slots[slot], st):
                slot = (slot + 1) & (size - 1)
            if slots[slot] == EMPTY:
                slots[slot] = st
                fresh[st] = found
                found += 1
            else:
                fresh[st] = fresh[slots[slot]]
        cls[:] = fresh
        if found == count:
            return cls, count
        count = found


@njit(cache=True)
def minimal_tables(table: NDArray[np.int32], states: NDArray[np.int64]) -> tuple[NDArray[np.int32], NDArray[np.int64]]:
    """Each side's table with its equivalent states merged, padded with ``REFUSED`` rows
    to the most states of a side, and the number of states of each side."""
    sides, _, n = table.shape
    classes = np.zeros((sides, table.shape[1]), dtype=np.int64)
    counts = np.zeros(sides, dtype=np.int64)
    for s in range(sides):
        cls, count = _refine(table[s], states[s])
        classes[s, : states[s]] = cls
        counts[s] = count
    out = np.full((sides, counts.max(), n), REFUSED, dtype=np.int32)
    for s in range(sides):
        for st in range(states[s]):
            for k in range(n):
                t = table[s, st, k]
                out[s, classes[s, st], k] = REFUSED if t == REFUSED else classes[s, t]
    return out, counts


@njit(cache=True)
def classes(table: NDArray[np.int32]) -> NDArray[np.int32]:
    """``cls[s, state, k]``: states of side s that take the same cards of k.. into states
    of the same class share a class (what is left of the automaton once cards before k
    are gone), so the search's memo sees them as one."""
    sides, states, n = table.shape
    cls = np.zeros((sides, states, n + 1), dtype=np.int32)
    # A state's signature at card k: where card k takes it (its class at k + 1, plus one;
    # 0 when refused) and its own class at k + 1. Both are below ``width``, so the pair
    # packs as ``after * width + class``; ``seen`` maps a signature to its class at k.
    width = states + 1
    seen = np.full(width * width, UNSEEN, dtype=np.int32)
    keys = np.zeros(states, dtype=np.int64)
    for s in range(sides):
        for k in range(n - 1, -1, -1):
            fresh = 0
            for st in range(states):
                nxt = table[s, st, k]
                after = 0 if nxt == REFUSED else cls[s, nxt, k + 1] + 1
                key = after * width + cls[s, st, k + 1]
                keys[st] = key
                if seen[key] == UNSEEN:
                    seen[key] = fresh
                    fresh += 1
                cls[s, st, k] = seen[key]
            for st in range(states):
                seen[keys[st]] = UNSEEN
    return cls
