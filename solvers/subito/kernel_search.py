"""The yes/no search of a Subito best response (``fast``): can one placement win every
side of a target? Over the response's tables (``kernel_tables``, whose vocabulary it
uses), bounded by ``kernel_bounds`` and remembering failed states in ``kernel_memo``
(the search in short: docs/pages/solvers.md, ``#subito-best-response``).

Search (``_feasible``). Depth first over the cards in pile order: a card goes onto a
target side that still needs cards or onto the dump (task card 2, which takes every
card: a card anywhere else could go there instead without losing anything). A state is
given up when the bounds fail (``_may_win``) or the memo holds it (``_failed_before``);
once every target side is won the cards left go to the dump. A card's candidate sides
(``_candidates``) are the open target sides that take it, most urgent first, then the
dump: urgent is a side with few cards to spare (its need less its chain), or with card
prices (``kernel_bounds._Prices``) one whose cheapest way on needs the card most, the
dump first when none needs it; a restart's jitter changes that order. A state whose
every candidate failed is stored in the memo.

Encoding. A search takes three bundles: the response's ``_Tables``, the target's
``_Prices`` and its own scratch ``_Search`` (made per call, ``_fresh_search``), beside
the caller's ``out`` (the side per card) and ``memo``.

Compiling. A bundle handed to a numba function hands it all its arrays, and numba counts
a reference to each at every call (see ``solvers.ubongo.kernel_search``). So the steps of
``_search`` (``_may_win``, ``_open_needs``, ``_failed_before``, ``_candidates``,
``_place``, ``_lift``, and ``_need``, ``_affordable``, ``_regret`` and ``_key``, which
take the bundles) are inlined into it by numba
(``inline="always"``): one compiled loop over borrowed views (``_borrowed_tables``, ...)
whose counts cost nothing. Before the split the search called its helpers as plain
functions with loose arrays, and 36-card best responses took 1.5 to 2 times as long.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT
from cardsolve.solvers.infrastructure.jit import borrowed, njit
from cardsolve.solvers.subito.kernel_bounds import _affordable, _need, _Prices, _regret, _sums_suffice
from cardsolve.solvers.subito.kernel_memo import KEY_WORDS, _key, _memo_has
from cardsolve.solvers.subito.kernel_tables import _Tables, _wins

FEASIBLE, INFEASIBLE, UNDECIDED = 1, 0, -1
"""``_feasible``'s answers: some placement wins every target side; none does; the node
budget ran out first."""


class _Search(NamedTuple):
    """The scratch of one target's search. Per side: whether it is in the ``target``, its
    ``state``, the cards it holds (``held``) and their sum (``total``), and its ``urgency``, how much it
    needs the card placed next (the most urgent is tried first). Per card k: its candidate
    sides ``cand[k, :ncand[k]]``, ``pos[k]`` the candidate it lies on (or tries next),
    ``before[k]`` the state its side had before it, and the memo key and slot of the state
    at depth k (``keys[k]``, ``slots[k]``). The sides to be won on the sum: the sum each
    must reach (``by_sum``) and with how many cards (``by_cards``)."""

    target: NDArray[np.bool_]
    state: NDArray[np.int64]
    held: NDArray[np.int64]
    total: NDArray[np.int64]
    urgency: NDArray[np.float64]
    cand: NDArray[np.int64]
    ncand: NDArray[np.int64]
    pos: NDArray[np.int64]
    before: NDArray[np.int64]
    keys: NDArray[np.int64]
    slots: NDArray[np.int64]
    by_sum: NDArray[np.int64]
    by_cards: NDArray[np.int64]


@njit(cache=True)
def _fresh_search(sides: int, n: int, mask: int) -> _Search:
    """The scratch of a search for target ``mask`` over ``sides`` sides and ``n`` cards,
    no card placed yet."""
    target = np.zeros(sides, dtype=np.bool_)
    for s in range(sides):
        target[s] = (mask >> s & 1) == 1
    return _Search(
        target=target,
        state=np.zeros(sides, dtype=np.int64),
        held=np.zeros(sides, dtype=np.int64),
        total=np.zeros(sides, dtype=np.int64),
        urgency=np.zeros(sides),
        cand=np.zeros((n + 1, sides + 1), dtype=np.int64),
        ncand=np.zeros(n + 1, dtype=np.int64),
        pos=np.zeros(n + 1, dtype=np.int64),
        before=np.zeros(n + 1, dtype=np.int64),
        keys=np.zeros((n + 1, KEY_WORDS), dtype=np.int64),
        slots=np.zeros(n + 1, dtype=np.int64),
        by_sum=np.zeros(sides, dtype=np.int64),
        by_cards=np.zeros(sides, dtype=np.int64),
    )


@njit(cache=True, inline="always")
def _borrowed_tables(tables: _Tables) -> _Tables:
    """``tables`` as borrowed views (``jit.borrowed``), so that the search's loops count no
    references to them."""
    return _Tables(
        table=borrowed(tables.table),
        chain=borrowed(tables.chain),
        sums=borrowed(tables.sums),
        cls=borrowed(tables.cls),
        top=borrowed(tables.top),
        states=borrowed(tables.states),
        numbers=borrowed(tables.numbers),
        opp_count=borrowed(tables.opp_count),
        opp_total=borrowed(tables.opp_total),
        opp_over=borrowed(tables.opp_over),
        dump=tables.dump,
        five=tables.five,
    )


@njit(cache=True, inline="always")
def _borrowed_prices(pricing: _Prices) -> _Prices:
    """``pricing`` as borrowed views (see ``_borrowed_tables``)."""
    return _Prices(
        want=borrowed(pricing.want),
        flat=borrowed(pricing.flat),
        offset=borrowed(pricing.offset),
        priced=borrowed(pricing.priced),
        price_total=borrowed(pricing.price_total),
        jitter=borrowed(pricing.jitter),
    )


@njit(cache=True, inline="always")
def _borrowed_search(search: _Search) -> _Search:
    """``search`` as borrowed views (see ``_borrowed_tables``)."""
    return _Search(
        target=borrowed(search.target),
        state=borrowed(search.state),
        held=borrowed(search.held),
        total=borrowed(search.total),
        urgency=borrowed(search.urgency),
        cand=borrowed(search.cand),
        ncand=borrowed(search.ncand),
        pos=borrowed(search.pos),
        before=borrowed(search.before),
        keys=borrowed(search.keys),
        slots=borrowed(search.slots),
        by_sum=borrowed(search.by_sum),
        by_cards=borrowed(search.by_cards),
    )


@njit(cache=True, inline="always")
def _open_needs(tables: _Tables, search: _Search, depth: int) -> tuple[bool, int, int]:
    """Whether every target side can still be won by its own table (its need within its
    chain, and 5a's within 12); then the cards they need together (``_need``), and the
    number of sides to be won on the sum, listed in ``by_sum`` and ``by_cards``. Each
    target side's urgency starts as its need less its chain."""
    chain, dump, five = tables.chain, tables.dump, tables.five
    opp_count, opp_total = tables.opp_count, tables.opp_total
    target, state, count, total = search.target, search.state, search.held, search.total
    needed = 0
    nsum = 0
    for s in range(target.shape[0]):
        if not target[s]:
            continue
        need = _need(tables, s, depth, state, count, total)
        if s != dump and need > chain[s, state[s], depth]:
            return False, needed, nsum
        if s == five and need > 0 and total[s] + need > FIVE_A_LIMIT:
            return False, needed, nsum
        needed += need
        search.urgency[s] = need - chain[s, state[s], depth]
        if need > 0 and need == opp_count[s] - count[s] and total[s] <= opp_total[s]:
            search.by_sum[nsum] = opp_total[s] + 1 - total[s]  # the sum its cards must reach
            search.by_cards[nsum] = need
            nsum += 1
    return True, needed, nsum


@njit(cache=True, inline="always")
def _may_win(tables: _Tables, pricing: _Prices, search: _Search, depth: int) -> tuple[bool, int]:
    """Whether the bounds leave a placement of the cards left that wins every target side
    (see ``kernel_bounds``), and the cards the open target sides need."""
    ok, needed, nsum = _open_needs(tables, search, depth)
    left = tables.numbers.shape[0] - depth
    if not ok or needed > left:
        return False, needed
    if pricing.priced.shape[0] > 0 and not _affordable(
        tables, pricing, depth, search.target, search.state, search.held, search.total
    ):
        return False, needed
    if left - needed < nsum and not _sums_suffice(
        search.by_sum, search.by_cards, nsum, left - needed, tables.top[depth]
    ):
        return False, needed
    return True, needed


@njit(cache=True, inline="always")
def _failed_before(tables: _Tables, search: _Search, memo: NDArray[np.int64], mask: int, depth: int) -> bool:
    """Whether the memo holds the state at ``depth`` as failed; its key and slot are kept
    (``keys[depth]``, ``slots[depth]``) to store it once it fails."""
    key = search.keys[depth]
    slot = _key(tables, depth, mask, search.target, search.state, search.held, search.total, key)
    search.slots[depth] = slot
    return _memo_has(memo, slot, key)


@njit(cache=True, inline="always")
def _candidates(tables: _Tables, pricing: _Prices, search: _Search, depth: int) -> None:
    """Card ``depth``'s candidate sides (see the module docstring), its first one next."""
    table, numbers, dump, five = tables.table, tables.numbers, tables.dump, tables.five
    opp_count, opp_total, opp_over = tables.opp_count, tables.opp_total, tables.opp_over
    target, state, count, total = search.target, search.state, search.held, search.total
    urgency, cand = search.urgency, search.cand
    use_prices = pricing.priced.shape[0] > 0
    m = 0
    for s in range(target.shape[0]):
        if not target[s] or s == dump or table[s, state[s], depth] < 0:
            continue
        if s == five and total[s] + numbers[depth] > FIVE_A_LIMIT:
            continue
        if _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s]):
            continue
        j = m
        if use_prices:
            urgency[s] = _regret(tables, pricing, s, depth, table[s, state[s], depth], state, count, total)
            if pricing.jitter.shape[0] > 0:
                urgency[s] += pricing.jitter[depth, s]
        while j > 0 and urgency[cand[depth, j - 1]] < urgency[s]:
            cand[depth, j] = cand[depth, j - 1]
            j -= 1
        cand[depth, j] = s
        m += 1
    cand[depth, m] = dump
    if use_prices and (m == 0 or urgency[cand[depth, 0]] <= 0):
        cand[depth, 1 : m + 1] = cand[depth, :m].copy()
        cand[depth, 0] = dump  # no open side's cheapest way needs the card
    search.ncand[depth] = m + 1
    search.pos[depth] = 0


@njit(cache=True, inline="always")
def _place(tables: _Tables, search: _Search, out: NDArray[np.int64], depth: int) -> None:
    """Lay card ``depth`` on its next candidate side."""
    state = search.state
    s = search.cand[depth, search.pos[depth]]
    out[depth] = s
    search.before[depth] = state[s]
    state[s] = tables.table[s, state[s], depth]
    search.held[s] += 1
    search.total[s] += tables.numbers[depth]


@njit(cache=True, inline="always")
def _lift(tables: _Tables, search: _Search, out: NDArray[np.int64], depth: int) -> None:
    """Take card ``depth`` back off its side and move on to its next candidate side."""
    s = out[depth]
    search.state[s] = search.before[depth]
    search.held[s] -= 1
    search.total[s] -= tables.numbers[depth]
    search.pos[depth] += 1


@njit(cache=True)
def _search(
    tables: _Tables,
    pricing: _Prices,
    search: _Search,
    mask: int,
    budget: int,
    out: NDArray[np.int64],
    memo: NDArray[np.int64],
) -> tuple[int, int]:
    """``_feasible``'s search over its scratch ``search``, from no card placed.

    A node's step: the bounds (``_may_win``) and the memo (``_failed_before``) decide
    whether its state is searched; if so its candidates are made (``_candidates``),
    else its card is taken back (``_lift``). Then its next candidate is laid
    (``_place``), or, all of them tried, the state is stored as failed and the card
    before taken back.
    """
    tables, pricing, search = _borrowed_tables(tables), _borrowed_prices(pricing), _borrowed_search(search)
    out, memo = borrowed(out), borrowed(memo)
    n = tables.numbers.shape[0]
    pos, ncand = search.pos, search.ncand
    use_memo = memo.shape[0] > 1
    nodes = 0
    depth = 0
    entering = True
    while True:
        if entering:
            entering = False
            nodes += 1
            if nodes > budget:
                return UNDECIDED, nodes
            ok, needed = _may_win(tables, pricing, search, depth)
            if ok and needed == 0:
                for k in range(depth, n):
                    out[k] = tables.dump
                return FEASIBLE, nodes
            if ok and depth < n and use_memo and _failed_before(tables, search, memo, mask, depth):
                ok = False
            if ok and depth < n:
                _candidates(tables, pricing, search, depth)
            else:
                depth -= 1
                if depth < 0:
                    return INFEASIBLE, nodes
                _lift(tables, search, out, depth)
        if pos[depth] == ncand[depth]:
            if use_memo:
                memo[search.slots[depth]] = search.keys[depth]  # every way on from here failed
            depth -= 1
            if depth < 0:
                return INFEASIBLE, nodes
            _lift(tables, search, out, depth)
            continue
        _place(tables, search, out, depth)
        depth += 1
        entering = True


@njit(cache=True)
def _feasible(
    tables: _Tables, pricing: _Prices, mask: int, budget: int, out: NDArray[np.int64], memo: NDArray[np.int64]
) -> tuple[int, int]:
    """Whether some placement wins every side of the target ``mask``: ``FEASIBLE`` (``out``
    its side per card), ``INFEASIBLE``, or ``UNDECIDED`` after ``budget`` nodes; and the
    nodes searched. With prices (``pricing``, see ``_Prices``), a state whose open sides
    cost more than the cards left is infeasible, and the prices order the candidates. The
    failed states are read from and stored in ``memo`` (one slot: no memo)."""
    sides, _, n = tables.table.shape
    return _search(tables, pricing, _fresh_search(sides, n, mask), mask, budget, out, memo)
