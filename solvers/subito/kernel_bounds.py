"""The bounds of a Subito best response's search (``kernel_search``), over its tables
(``kernel_tables``, whose vocabulary they use) and a target's card prices (``_Prices``;
docs/pages/solvers.md, ``#subito-best-response``).

Per side: ``_need``, the fewest more cards that could win it, within its chain (an equal
count only if its best sum of that many beats the opponent's). Together: the cards
needed within the cards left, the sides to be won on the sum within the sums of the
largest cards left (``_sums_suffice``), and the prices' test (``_affordable``: the open
sides' costs within the prices of the cards left, ``prices``' module docstring). The
prices also order the search: ``_regret``, how much a side's cheapest way on needs the
card placed next.

The helpers that take the bundles are inlined into the search (see ``kernel_search``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT
from cardsolve.solvers.infrastructure.jit import njit
from cardsolve.solvers.subito import prices
from cardsolve.solvers.subito.kernel_tables import NO_SUM, TOP, _Tables, _wins


class _Prices(NamedTuple):
    """A target's card prices as its search reads them (empty ``priced``: no prices).
    ``want[s]``: the cards target side s wants from the start (0 off the target);
    ``flat`` and ``offset``: the target sides' costs (``prices.costs``), computed against
    the opponent's sums ``price_total``; ``priced[k]``: the prices of cards k..;
    ``jitter[k, s]`` (empty: none) is added to how much side s needs card k (a restart's
    other order of the candidates)."""

    want: NDArray[np.int64]
    flat: NDArray[np.float64]
    offset: NDArray[np.int64]
    priced: NDArray[np.float64]
    price_total: NDArray[np.int64]
    jitter: NDArray[np.float64]


@njit(cache=True, inline="always")
def _need(
    tables: _Tables, s: int, depth: int, state: NDArray[np.int64], count: NDArray[np.int64], total: NDArray[np.int64]
) -> int:
    """The fewest more cards that could still win side s (0: won already): an equal
    count only if the side's best sum of that many more cards beats the opponent's, and
    on 5a only if the opponent's sum is below 12 (the player's never passes it)."""
    opp_count, opp_total, sums = tables.opp_count, tables.opp_total, tables.sums
    if _wins(count[s], total[s], opp_count[s], opp_total[s], tables.opp_over[s]):
        return 0
    more = int(opp_count[s] - count[s])
    if more == 0:
        return 1
    best = int(sums[s, state[s], depth, more]) if more < sums.shape[3] else TOP * more
    if best == NO_SUM or total[s] + best <= opp_total[s] or (s == tables.five and opp_total[s] >= FIVE_A_LIMIT):
        more += 1  # an equal count cannot win on the sum
    return more


@njit(cache=True)
def _sums_suffice(
    by_sum: NDArray[np.int64], by_cards: NDArray[np.int64], nsum: int, spare: int, top: NDArray[np.int64]
) -> bool:
    """Whether the sides that could win on the sum with an equal count can all still be
    won: all but at most ``spare`` of them (which take one more card each and need no
    sum) must reach their sums with their cards, which together sum at most the same
    number of the largest cards left (``top[c]``: the sum of the c largest)."""
    for pick in range(1 << nsum):
        more = 0
        bits = pick
        while bits:
            bits &= bits - 1
            more += 1
        if more > spare:
            continue
        need = 0
        cards = 0
        for j in range(nsum):
            if not pick >> j & 1:
                need += by_sum[j]
                cards += by_cards[j]
        if need <= top[cards]:
            return True
    return False


@njit(cache=True, inline="always")
def _affordable(
    tables: _Tables,
    pricing: _Prices,
    depth: int,
    target: NDArray[np.bool_],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
) -> bool:
    """Whether the open target sides' costs at the prices stay within the prices of the
    cards left; if not, no placement from here wins them all."""
    opp_count, opp_total, opp_over = tables.opp_count, tables.opp_total, tables.opp_over
    spent = 0.0
    for s in range(target.shape[0]):
        if target[s] and not _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s]):
            spent += prices.cost_at(
                pricing.flat,
                pricing.offset,
                tables.states,
                tables.five,
                pricing.want,
                opp_count,
                pricing.price_total,
                s,
                depth,
                state[s],
                count[s],
                total[s],
            )
    return bool(spent <= pricing.priced[depth] + prices.MARGIN)


@njit(cache=True, inline="always")
def _regret(
    tables: _Tables,
    pricing: _Prices,
    s: int,
    depth: int,
    nxt: int,
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
) -> float:
    """What side s's cheapest way on (at the prices) loses when card ``depth``, which it
    takes into state ``nxt``, goes elsewhere: its cost without the card minus its cost
    with it."""
    flat, offset, states, five, want = pricing.flat, pricing.offset, tables.states, tables.five, pricing.want
    opp_count, price_total, priced = tables.opp_count, pricing.price_total, pricing.priced
    take = (
        priced[depth]
        - priced[depth + 1]
        + prices.cost_at(
            flat,
            offset,
            states,
            five,
            want,
            opp_count,
            price_total,
            s,
            depth + 1,
            nxt,
            count[s] + 1,
            total[s] + tables.numbers[depth],
        )
    )
    if take == prices.INFINITE:
        return -prices.INFINITE
    skip = prices.cost_at(
        flat, offset, states, five, want, opp_count, price_total, s, depth + 1, state[s], count[s], total[s]
    )
    return float(skip - take)


@njit(cache=True)
def _first_needs(tables: _Tables) -> NDArray[np.int64]:
    """Each side's ``_need`` before the first card, in one call from Python."""
    sides = tables.table.shape[0]
    zero = np.zeros(sides, dtype=np.int64)
    need = np.zeros(sides, dtype=np.int64)
    for s in range(sides):
        need[s] = _need(tables, s, 0, zero, zero, zero)
    return need
