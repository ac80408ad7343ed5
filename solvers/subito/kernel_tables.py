"""The tables a Subito best response searches (``kernel_search``), built once per response
and shared by the search of every target, and the award they are read against.

Vocabulary:
- *side* ``s``: one of the eight sides in play, in the problem's order; the *dump* is
  task card 2, which takes every card whatever lies there (a card that helps no other
  side goes there); *five* is side 5a, whose sum stays at most 12 (``ABSENT``: not in play).
- *card* ``k``: the k-th card of the pile; cards go down in pile order, so the search's
  depth is the card placed next.
- *state* of a side: its row in the side's transition table (``automaton``), all its rule
  remembers of the cards there; a *class*: the states that behave alike on the cards
  left (``minimal.classes``).
- *target*: the set of sides a best response tries to win, a bit mask over the sides.

Encoding (``_Tables``, one bundle of them):
- ``table[s, state, k]``: the state after card k goes onto side s, ``REFUSED`` when the
  side does not take it; the dump's table is one state that takes every card. The
  tables are made minimal first (``minimal.minimal_tables``), which every search shares.
- ``chain[s, state, k]``: the most of cards k.. side s can still take;
  ``sums[s, state, k, c]``: the greatest sum of exactly c of them it can take (``NO_SUM``:
  it cannot take c); ``top[k, c]``: the sum of the c largest numbers of cards k..
- ``cls[s, state, k]``: the state's class once cards before k are gone.
- The opponent's kept cards per side: ``opp_count``, ``opp_total`` and ``opp_over``
  (5a passed 12: every count wins it).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from cardsolve.solvers.infrastructure.jit import njit
from cardsolve.solvers.subito.automaton import NONE
from cardsolve.solvers.subito.minimal import classes

TOP = 6
"""The highest card number."""
REFUSED = NONE
"""In a transition table: the side does not take the card."""
NO_SUM = -1
"""In ``sums``: the side cannot take that many of the cards left."""
ABSENT = -1
"""The index of a side that is not in play (5a when side 5b is)."""
SUMS_ENTRIES = 20_000_000
"""At most this many entries in ``_sums``' table; beyond, counts of cards are bounded by sums of sixes."""


class _Tables(NamedTuple):
    """The read-only tables of one best response (see the module docstring), one bundle
    for every kernel of its search (numba takes it as a heterogeneous named tuple)."""

    table: NDArray[np.int32]
    chain: NDArray[np.int32]
    sums: NDArray[np.int16]
    cls: NDArray[np.int32]
    top: NDArray[np.int64]
    states: NDArray[np.int64]
    """Each side's number of states."""
    numbers: NDArray[np.int64]
    """Each card's number."""
    opp_count: NDArray[np.int64]
    opp_total: NDArray[np.int64]
    opp_over: NDArray[np.bool_]
    dump: int
    five: int


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
                if nxt != REFUSED and chain[s, nxt, k + 1] + 1 > best:
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
def _sums(table: NDArray[np.int32], numbers: NDArray[np.int64], dump: int, cap: int) -> NDArray[np.int16]:
    """``sums[s, state, k, c]``: the greatest sum of exactly c cards of k.. that side s
    can take from ``state`` (``NO_SUM``: it cannot take c), for c up to ``cap``; for ``dump``,
    which takes every card, its state is ignored."""
    sides, states, n = table.shape
    sums = np.full((sides, states, n + 1, cap + 1), NO_SUM, dtype=np.int16)
    for s in range(sides):
        rows = 1 if s == dump else states
        for st in range(rows):
            sums[s, st, n, 0] = 0
        for k in range(n - 1, -1, -1):
            for st in range(rows):
                nxt = 0 if s == dump else table[s, st, k]
                for c in range(cap + 1):
                    best = sums[s, st, k + 1, c]
                    if c > 0 and nxt != REFUSED and sums[s, nxt, k + 1, c - 1] != NO_SUM:
                        best = max(best, sums[s, nxt, k + 1, c - 1] + numbers[k])
                    sums[s, st, k, c] = best
    return sums


def _largest_sums(numbers: NDArray[np.int64]) -> NDArray[np.int64]:
    """``top[k, c]``: the sum of the c largest numbers of cards k.."""
    n = numbers.shape[0]
    top = np.zeros((n + 1, n + 1), dtype=np.int64)
    for k in range(n):
        top[k, 1 : n - k + 1] = np.cumsum(np.sort(numbers[k:])[::-1])
    return top


def _search_tables(
    table: NDArray[np.int32],
    states: NDArray[np.int64],
    numbers: NDArray[np.int64],
    dump: int,
    five: int,
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    opp_over: NDArray[np.bool_],
) -> _Tables:
    """The tables of a best response over the minimal transition ``table`` (``states``
    per side) against the opponent's kept cards; ``sums`` counts up to one card more than
    the opponent's most on a side, fewer when the table would pass ``SUMS_ENTRIES``."""
    sides, width, n = table.shape
    cap = min(n, int(opp_count.max()) + 1, max(1, SUMS_ENTRIES // (sides * width * (n + 1)) - 1))
    return _Tables(
        table=table,
        chain=_chains(table),
        sums=_sums(table, numbers, dump, cap),
        cls=classes(table),
        top=_largest_sums(numbers),
        states=states,
        numbers=numbers,
        opp_count=opp_count,
        opp_total=opp_total,
        opp_over=opp_over,
        dump=dump,
        five=five,
    )
