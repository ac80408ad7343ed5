"""The memo of a Subito best response's search (``kernel_search``): the states proven to
win no target placement, shared by every search of one response, held as exact keys
over its tables (``kernel_tables``, whose vocabulary it uses).

The key holds what the rest of the search depends on, ``KEY_WORDS`` words: a header
(``_HEADER_MARK``, the depth and the target mask), then one field of ``_FIELD_BITS`` per
target side, ``_FIELDS_PER_WORD`` to a word: the state's class, the count and the sum
(exact on 5a, elsewhere clamped to the band where it can still decide a tie,
``_tie_sum``), or ``_WON_FIELD`` once the side is won (its cards matter no more). A key
goes to the slot of the top ``MEMO_BITS`` bits of its hash, and a slot keeps the last
key stored there.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT
from cardsolve.solvers.infrastructure.jit import njit
from cardsolve.solvers.subito.kernel_tables import NO_SUM, _Tables, _wins
from cardsolve.solvers.subito.problem import SIDES_IN_PLAY

MEMO_BITS = 19
"""The failed-state memo of the feasibility search holds 2**MEMO_BITS exact keys (an
instance whose numbers do not fit the key's fields searches without the memo)."""

# The memo key. Word 0, the header: the target mask in the low ``_MASK_BITS`` bits, the
# depth above it, and ``_HEADER_MARK`` so that a key never equals an empty slot (zeros).
_MASK_BITS = SIDES_IN_PLAY
_HEADER_MARK = 1 << 62
# Then one field per target side, in order of side, ``_FIELDS_PER_WORD`` to a word:
# bits [0, 12) the state's class, [12, 19) the count, [19, 28) the (capped) sum.
_CLASS_BITS, _COUNT_BITS, _SUM_BITS = 12, 7, 9
_COUNT_SHIFT = _CLASS_BITS
_SUM_SHIFT = _CLASS_BITS + _COUNT_BITS
_FIELD_BITS = _CLASS_BITS + _COUNT_BITS + _SUM_BITS
_FIELDS_PER_WORD = 2
_WON_FIELD = (1 << _FIELD_BITS) - 1
"""The field of a side already won; no class, count and sum that fit the key equal it."""
KEY_WORDS = 1 + -(-SIDES_IN_PLAY // _FIELDS_PER_WORD)
"""The header and the words of the fields of every side."""
_HASH_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)
"""2**64 over the golden ratio (Fibonacci hashing): spreads the key's bits."""
_HASH_FOLD = np.uint64(29)
"""Each step folds the high bits of the hash down by this many bits."""


def _key_fits(cards: int, states: int, opp_total: NDArray[np.int64]) -> bool:
    """Whether every field of every key fits its bits: the count, the class (below the
    largest, which the won field takes) and the sum, at most one above the opponent's
    (or 12 on 5a)."""
    return (
        cards < 1 << _COUNT_BITS
        and states < (1 << _CLASS_BITS) - 1
        and max(int(opp_total.max()) + 1, FIVE_A_LIMIT) < 1 << _SUM_BITS
    )


def _fresh_memo(tables: _Tables) -> NDArray[np.int64]:
    """An empty memo for a response over ``tables``: one slot, which the search takes for
    no memo, when a key's fields would not fit (``_key_fits``)."""
    n = tables.numbers.shape[0]
    fits = _key_fits(n, tables.table.shape[1], tables.opp_total)
    return np.zeros((1 << MEMO_BITS if fits else 1, KEY_WORDS), dtype=np.int64)


@njit(cache=True, inline="always")
def _tie_sum(tables: _Tables, s: int, depth: int, state: int, count: int, total: int) -> int:
    """Side s's sum as far as the rest of the search can tell it (not on 5a, not won): it
    only decides a tie on the count, reached with r more cards. From ``opp_total + 1 - r``
    up a tie wins whatever the cards (each is at least 1); up to ``opp_total`` less the
    greatest sum of r cards the side can still take it loses whatever they are, and when
    it cannot take r a tie never comes: each end stands for every sum beyond it."""
    opp_total, sums = tables.opp_total[s], tables.sums
    r = tables.opp_count[s] - count
    if r >= sums.shape[3]:
        return int(min(total, opp_total + 1))
    best = sums[s, state, depth, r]
    if best == NO_SUM:
        return 0
    return int(min(max(total, opp_total - best), opp_total + 1 - r))


@njit(cache=True, inline="always")
def _key(
    tables: _Tables,
    depth: int,
    mask: int,
    target: NDArray[np.bool_],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    key: NDArray[np.int64],
) -> int:
    """The exact key of a search state into ``key`` (what the rest of the search depends
    on: a won side's cards no more, a sum only within ``_tie_sum``'s band except on 5a),
    and its memo slot, the top ``MEMO_BITS`` bits of its hash."""
    five, cls = tables.five, tables.cls
    opp_count, opp_total, opp_over = tables.opp_count, tables.opp_total, tables.opp_over
    sides = state.shape[0]
    for w in range(KEY_WORDS):
        key[w] = 0
    key[0] = _HEADER_MARK | (depth << _MASK_BITS) | mask
    w = 1
    shift = 0
    for s in range(sides):
        if not target[s]:
            continue
        if _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s]):
            field = _WON_FIELD
        else:
            capped = total[s] if s == five else _tie_sum(tables, s, depth, state[s], count[s], total[s])
            st = cls[s, state[s], depth]
            field = (capped << _SUM_SHIFT) | (count[s] << _COUNT_SHIFT) | st
        if shift == _FIELDS_PER_WORD * _FIELD_BITS:
            w += 1
            shift = 0
        key[w] |= field << shift
        shift += _FIELD_BITS
    h = np.uint64(0)
    for j in range(KEY_WORDS):
        h = (h ^ np.uint64(key[j])) * _HASH_MULTIPLIER
        h ^= h >> _HASH_FOLD
    return int(h >> np.uint64(64 - MEMO_BITS))


@njit(cache=True)
def _memo_has(memo: NDArray[np.int64], slot: int, key: NDArray[np.int64]) -> bool:
    for j in range(KEY_WORDS):  # noqa: SIM110  (a plain loop: numba compiles no all() over a generator)
        if memo[slot, j] != key[j]:
            return False
    return True
