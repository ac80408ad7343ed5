"""The numba optimizers of a Subito placement (``solvers.subito.problem``).

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

Encoding:
- ``table[s, state, k]``: the state after card k goes onto side s, ``REFUSED`` when the
  side does not take it; the dump's table is one state that takes every card. The
  tables are made minimal first (``minimal.minimal_tables``), which every search shares.
- ``chain[s, state, k]``: the most of cards k.. side s can still take;
  ``sums[s, state, k, c]``: the greatest sum of exactly c of them it can take (``NO_SUM``:
  it cannot take c).
- The memo of failed best-response states holds exact keys of ``KEY_WORDS`` words: a
  header (``_HEADER_MARK``, the depth and the target mask), then one field of
  ``_FIELD_BITS`` per target side, ``_FIELDS_PER_WORD`` to a word: the state's class, the
  count and the sum (capped one above the opponent's except on 5a), or ``_WON_FIELD``
  once the side is won (its cards matter no more).

Search:
- Without an opponent: ``weighted.search``, a branch and bound over the cards bounded by
  card prices (a Lagrangian relaxation), with a memo of the states searched.
- Against an opponent (``_best_response``): the targets, most points first, each decided
  by a depth-first yes/no search (``_feasible``) where a card goes onto a target side that
  still needs cards or onto the dump; the first feasible target is optimal once every
  target worth more was proven infeasible, and a target holding an infeasible one is
  infeasible. A target not decided by a quick search gets card prices
  (``prices.refute``), first the cheap counted ones (a tie on the count wins): they prove
  it infeasible at once, or else guide the search (the sides whose cheapest way on needs
  the card most try it first, the dump first when none needs it) and prune it (a state
  whose open sides cost more than the cards left). Before that search, the target's
  sides that want the most cards, two, three, ..., are tried briefly as an infeasible
  core (``has_core``). When a tie could win a side and the counted search did not
  decide, the exact prices (sums decide ties) are tried the same way. A priced search
  restarts with twice the nodes and a seeded jitter in its order of sides
  (``RESTART_BUDGET``): a placement that wins every target is often far quicker to
  find in another order, and the memo keeps every state proven infeasible.
- Past the node limit the best placement found is returned, proven optimal only when it
  wins as many points as the most valuable target left undecided.

Bounds against an opponent, per side: ``_need``, the fewest more cards that could win it,
within its chain (an equal count only if its best sum of that many beats the opponent's);
together: the cards needed within the cards left, the sides to be won on the sum within
the sums of the largest cards left (``_sums_suffice``), and the prices' test.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT, accepts, check_cards, points
from cardsolve.solvers.infrastructure.jit import njit
from cardsolve.solvers.subito import prices, weighted
from cardsolve.solvers.subito.automaton import NONE, side_table
from cardsolve.solvers.subito.minimal import classes, minimal_tables
from cardsolve.solvers.subito.problem import FIVE_A, SIDES_IN_PLAY, Budget, Problem, evaluate, weighted_scale
from cardsolve.solvers.subito.results import Placement

NODE_LIMIT = 5_000_000
"""Search nodes before the search gives up its proof."""
SMALL_BUDGET = 20_000
"""Nodes for each set of sides tried after the proof was given up."""
QUICK_BUDGET = 2_000
"""Nodes of the first search of a set of sides, before the prices are computed."""
COUNTED_BUDGET = 20_000
"""Nodes of the search guided by the counted prices before the exact ones are computed."""
RESTART_BUDGET = 20_000
"""Nodes of a priced search's first run; each restart doubles them."""
JITTER = 0.1
"""A restart's jitter in how much a side needs a card: normal, this many mean card prices wide."""
CORE_BUDGET = 5_000
"""Nodes for each part of a hard set of sides tried as an infeasible core."""
TOP = 6
"""The highest card number."""
REFUSED = NONE
"""In a transition table: the side does not take the card."""
NO_SUM = -1
"""In ``sums``: the side cannot take that many of the cards left."""
ABSENT = -1
"""The index of a side that is not in play (5a when side 5b is)."""
FEASIBLE, INFEASIBLE, UNDECIDED = 1, 0, -1
"""``_feasible``'s answers: some placement wins every target side; none does; the node
budget ran out first."""


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


@njit(cache=True)
def _need(
    s: int,
    depth: int,
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    opp_over: NDArray[np.bool_],
    sums: NDArray[np.int16],
) -> int:
    """The fewest more cards that could still win side s (0: won already): an equal
    count only if the side's best sum of that many more cards beats the opponent's."""
    if _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s]):
        return 0
    more = int(opp_count[s] - count[s])
    if more == 0:
        return 1
    best = int(sums[s, state[s], depth, more]) if more < sums.shape[3] else TOP * more
    if best == NO_SUM or total[s] + best <= opp_total[s]:
        more += 1  # an equal count cannot win on the sum
    return more


MEMO_BITS = 19
"""The failed-state memo of the feasibility search holds 2**MEMO_BITS exact keys (an
instance whose numbers do not fit the key's fields searches without the memo)."""
SUMS_ENTRIES = 20_000_000
"""At most this many entries in ``_sums``' table; beyond, counts of cards are bounded by sums of sixes."""

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


@njit(cache=True)
def _key(
    depth: int,
    mask: int,
    target: NDArray[np.bool_],
    dump: int,
    five: int,
    cls: NDArray[np.int32],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    opp_over: NDArray[np.bool_],
    key: NDArray[np.int64],
) -> int:
    """The exact key of a search state into ``key`` (what the rest of the search depends
    on: a won side's cards no more, a sum only up to one more than the opponent's except
    on 5a), and its memo slot, the top ``MEMO_BITS`` bits of its hash."""
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
            capped = total[s] if s == five else min(total[s], opp_total[s] + 1)
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


@njit(cache=True)
def _affordable(
    target: NDArray[np.bool_],
    depth: int,
    five: int,
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    opp_over: NDArray[np.bool_],
    states: NDArray[np.int64],
    want: NDArray[np.int64],
    flat: NDArray[np.float64],
    offset: NDArray[np.int64],
    priced: NDArray[np.float64],
    price_total: NDArray[np.int64],
) -> bool:
    """Whether the open target sides' costs at the prices (``prices.costs``, computed
    against the opponent's sums ``price_total``) stay within the prices of the cards
    left; if not, no placement from here wins them all."""
    spent = 0.0
    for s in range(target.shape[0]):
        if target[s] and not _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s]):
            spent += prices.cost_at(
                flat, offset, states, five, want, opp_count, price_total, s, depth, state[s], count[s], total[s]
            )
    return bool(spent <= priced[depth] + prices.MARGIN)


@njit(cache=True)
def _regret(
    s: int,
    depth: int,
    five: int,
    nxt: int,
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    numbers: NDArray[np.int64],
    opp_count: NDArray[np.int64],
    price_total: NDArray[np.int64],
    states: NDArray[np.int64],
    want: NDArray[np.int64],
    flat: NDArray[np.float64],
    offset: NDArray[np.int64],
    priced: NDArray[np.float64],
) -> float:
    """What side s's cheapest way on (at the prices, ``prices.costs`` against the
    opponent's sums ``price_total``) loses when card ``depth``, which it takes into state
    ``nxt``, goes elsewhere: its cost without the card minus its cost with it."""
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
            total[s] + numbers[depth],
        )
    )
    if take == prices.INFINITE:
        return -prices.INFINITE
    skip = prices.cost_at(
        flat, offset, states, five, want, opp_count, price_total, s, depth + 1, state[s], count[s], total[s]
    )
    return float(skip - take)


@njit(cache=True)
def _lift(
    s: int,
    depth: int,
    before: NDArray[np.int64],
    state: NDArray[np.int64],
    count: NDArray[np.int64],
    total: NDArray[np.int64],
    numbers: NDArray[np.int64],
    pos: NDArray[np.int64],
) -> None:
    """Take card ``depth`` back off side ``s`` and move on to its next candidate side."""
    state[s] = before[depth]
    count[s] -= 1
    total[s] -= numbers[depth]
    pos[depth] += 1


@njit(cache=True)
def _feasible(
    table: NDArray[np.int32],
    chain: NDArray[np.int32],
    numbers: NDArray[np.int64],
    mask: int,
    dump: int,
    five: int,
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    opp_over: NDArray[np.bool_],
    budget: int,
    out: NDArray[np.int64],
    memo: NDArray[np.int64],
    cls: NDArray[np.int32],
    sums: NDArray[np.int16],
    top: NDArray[np.int64],
    states: NDArray[np.int64],
    want: NDArray[np.int64],
    flat: NDArray[np.float64],
    offset: NDArray[np.int64],
    priced: NDArray[np.float64],
    price_total: NDArray[np.int64],
    jitter: NDArray[np.float64],
) -> tuple[int, int]:
    """Whether some placement wins every side of the target ``mask``: ``FEASIBLE`` (``out``
    its side per card), ``INFEASIBLE``, or ``UNDECIDED`` after ``budget`` nodes; and the
    nodes searched. A card goes onto a target side that still needs cards or onto
    ``dump`` (task card 2, which takes every card: a card anywhere else could go there
    instead without losing anything). With the costs ``flat`` and ``offset``
    (``prices.costs`` against the opponent's sums ``price_total``) and ``priced[k]`` (the
    prices of cards k..; empty: no prices), a state whose open sides cost more than the
    cards left is infeasible, and ``jitter[k, s]`` (empty: none) is added to how much side s
    needs card k (a restart's other order of the candidates)."""
    sides, _, n = table.shape
    use_memo = memo.shape[0] > 1
    use_prices = priced.shape[0] > 0
    target = np.zeros(sides, dtype=np.bool_)
    for s in range(sides):
        target[s] = (mask >> s & 1) == 1
    state = np.zeros(sides, dtype=np.int64)  # per side: its state, its cards' count and sum
    count = np.zeros(sides, dtype=np.int64)
    total = np.zeros(sides, dtype=np.int64)
    cand = np.zeros((n + 1, sides + 1), dtype=np.int64)  # [k]: the candidate sides for card k, ncand[k] of them
    ncand = np.zeros(n + 1, dtype=np.int64)
    pos = np.zeros(n + 1, dtype=np.int64)  # [k]: the candidate card k is on (or tries next)
    before = np.zeros(n + 1, dtype=np.int64)  # [k]: the state card k's side had before it
    urgency = np.zeros(sides)  # per side: how much it needs the card now, most tried first
    by_sum = np.zeros(sides, dtype=np.int64)  # the sides to win on the sum: the sum to reach,
    by_cards = np.zeros(sides, dtype=np.int64)  # and with how many cards
    keys = np.zeros((n + 1, KEY_WORDS), dtype=np.int64)  # [k]: the memo key of the state at depth k,
    slots = np.zeros(n + 1, dtype=np.int64)  # and its memo slot
    nodes = 0
    depth = 0
    entering = True
    while True:
        if entering:
            entering = False
            nodes += 1
            if nodes > budget:
                return UNDECIDED, nodes
            left = n - depth
            needed = 0
            nsum = 0
            ok = True
            for s in range(sides):
                if not target[s]:
                    continue
                need = _need(s, depth, state, count, total, opp_count, opp_total, opp_over, sums)
                if s != dump and need > chain[s, state[s], depth]:
                    ok = False
                    break
                if s == five and need > 0 and total[s] + need > FIVE_A_LIMIT:
                    ok = False
                    break
                needed += need
                urgency[s] = need - chain[s, state[s], depth]
                if need > 0 and need == opp_count[s] - count[s] and total[s] <= opp_total[s]:
                    by_sum[nsum] = opp_total[s] + 1 - total[s]  # the sum its cards must reach
                    by_cards[nsum] = need
                    nsum += 1
            if ok and needed > left:
                ok = False
            if ok and use_prices:
                ok = _affordable(
                    target,
                    depth,
                    five,
                    state,
                    count,
                    total,
                    opp_count,
                    opp_total,
                    opp_over,
                    states,
                    want,
                    flat,
                    offset,
                    priced,
                    price_total,
                )
            if ok and left - needed < nsum:
                ok = _sums_suffice(by_sum, by_cards, nsum, left - needed, top[depth])
            if ok and needed == 0:
                for k in range(depth, n):
                    out[k] = dump
                return FEASIBLE, nodes
            if ok and depth < n and use_memo:
                slot = _key(
                    depth,
                    mask,
                    target,
                    dump,
                    five,
                    cls,
                    state,
                    count,
                    total,
                    opp_count,
                    opp_total,
                    opp_over,
                    keys[depth],
                )
                slots[depth] = slot
                if _memo_has(memo, slot, keys[depth]):
                    ok = False
            if ok and depth < n:
                # the candidates for card ``depth``: open target sides that take it, most urgent first, then dump
                m = 0
                for s in range(sides):
                    if not target[s] or s == dump or table[s, state[s], depth] < 0:
                        continue
                    if s == five and total[s] + numbers[depth] > FIVE_A_LIMIT:
                        continue
                    if _wins(count[s], total[s], opp_count[s], opp_total[s], opp_over[s]):
                        continue
                    j = m
                    if use_prices:
                        urgency[s] = _regret(
                            s,
                            depth,
                            five,
                            table[s, state[s], depth],
                            state,
                            count,
                            total,
                            numbers,
                            opp_count,
                            price_total,
                            states,
                            want,
                            flat,
                            offset,
                            priced,
                        )
                        if jitter.shape[0] > 0:
                            urgency[s] += jitter[depth, s]
                    while j > 0 and urgency[cand[depth, j - 1]] < urgency[s]:
                        cand[depth, j] = cand[depth, j - 1]
                        j -= 1
                    cand[depth, j] = s
                    m += 1
                cand[depth, m] = dump
                if use_prices and (m == 0 or urgency[cand[depth, 0]] <= 0):
                    cand[depth, 1 : m + 1] = cand[depth, :m].copy()
                    cand[depth, 0] = dump  # no open side's cheapest way needs the card
                ncand[depth] = m + 1
                pos[depth] = 0
            else:
                depth -= 1
                if depth < 0:
                    return INFEASIBLE, nodes
                _lift(out[depth], depth, before, state, count, total, numbers, pos)
        if pos[depth] == ncand[depth]:
            if use_memo:
                memo[slots[depth]] = keys[depth]  # every way on from here failed
            depth -= 1
            if depth < 0:
                return INFEASIBLE, nodes
            _lift(out[depth], depth, before, state, count, total, numbers, pos)
            continue
        s = cand[depth, pos[depth]]
        out[depth] = s
        before[depth] = state[s]
        state[s] = table[s, state[s], depth]
        count[s] += 1
        total[s] += numbers[depth]
        depth += 1
        entering = True


def _won_points(
    on: NDArray[np.int64],
    numbers: NDArray[np.int64],
    pts: NDArray[np.int64],
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    opp_over: NDArray[np.bool_],
) -> int:
    """The round points a placement (side per card) wins against the opponent's kept cards."""
    sides = pts.shape[0]
    count = np.bincount(on, minlength=sides)
    total = np.bincount(on, weights=numbers, minlength=sides).astype(np.int64)
    return sum(
        int(pts[s])
        for s in range(sides)
        if _wins(int(count[s]), int(total[s]), int(opp_count[s]), int(opp_total[s]), bool(opp_over[s]))
    )


def _best_response(
    table: NDArray[np.int32],
    states: NDArray[np.int64],
    numbers: NDArray[np.int64],
    pts: NDArray[np.int64],
    dump: int,
    five: int,
    opp_count: NDArray[np.int64],
    opp_total: NDArray[np.int64],
    opp_over: NDArray[np.bool_],
    node_limit: int,
) -> tuple[NDArray[np.int64], int, bool]:
    """The sets of sides to win, most points first, each decided by ``_feasible`` (with
    card prices when a quick search does not decide it): the first feasible one is optimal
    once every set worth more was proven infeasible. A set holding a set proven infeasible
    is infeasible too. Past the node limit the answer is still proven when the placement
    found wins (its target and any side won on the way) as many points as the most valuable
    set left undecided: no placement wins more than that. Returns the side per card, the
    nodes and whether the answer is proven."""
    sides, _, n = table.shape
    chain = _chains(table)
    cls = classes(table)
    width = table.shape[1]
    cap = min(n, int(opp_count.max()) + 1, max(1, SUMS_ENTRIES // (sides * width * (n + 1)) - 1))
    sums = _sums(table, numbers, dump, cap)
    top = np.zeros((n + 1, n + 1), dtype=np.int64)  # [k, c]: the sum of the c largest numbers of cards k..
    for k in range(n):
        top[k, 1 : n - k + 1] = np.cumsum(np.sort(numbers[k:])[::-1])
    zero = np.zeros(sides, dtype=np.int64)
    need0 = [_need(s, 0, zero, zero, zero, opp_count, opp_total, opp_over, sums) for s in range(sides)]
    forced = sum(1 << s for s in range(sides) if need0[s] == 0)
    free = [s for s in range(sides) if need0[s] > 0 and need0[s] <= (n if s == dump else chain[s, 0, 0])]
    candidates = []  # (points, mask) of the sets that pass the count of cards
    for sub in range(1 << len(free)):
        chosen = [s for j, s in enumerate(free) if sub >> j & 1]
        if sum(need0[s] for s in chosen) <= n:
            candidates.append((sum(int(pts[s]) for s in chosen), forced | sum(1 << s for s in chosen)))
    candidates.sort(key=lambda pair: -pair[0])
    infeasible: list[int] = []
    out = np.zeros(n, dtype=np.int64)
    memo = np.zeros((1 << MEMO_BITS if _key_fits(n, width, opp_total) else 1, KEY_WORDS), dtype=np.int64)
    nodes = 0
    proven = True

    def holds_infeasible(mask: int) -> bool:
        return any(core & ~mask == 0 for core in infeasible)

    unpriced = np.zeros(0)  # no prices: ``_feasible`` skips their test
    no_jitter = unpriced.reshape(0, 0)
    no_offset = np.zeros(sides + 1, dtype=np.int64)

    def run(
        mask: int,
        budget: int,
        flat: NDArray[np.float64] = unpriced,
        offset: NDArray[np.int64] = no_offset,
        priced: NDArray[np.float64] = unpriced,
        price_total: NDArray[np.int64] = opp_total,
        jitter: NDArray[np.float64] = no_jitter,
    ) -> int:
        nonlocal nodes
        status, used = _feasible(
            table,
            chain,
            numbers,
            mask,
            dump,
            five,
            opp_count,
            opp_total,
            opp_over,
            max(budget, 1),
            out,
            memo,
            cls,
            sums,
            top,
            states,
            want_of(mask),
            flat,
            offset,
            priced,
            price_total,
            jitter,
        )
        nodes += used
        return int(status)

    def restarted(mask: int, budget: int, price: NDArray[np.float64], price_total: NDArray[np.int64]) -> int:
        """The search guided and pruned by the costs at ``price`` against the opponent's
        sums ``price_total``, within ``budget`` nodes: ``RESTART_BUDGET`` nodes, then again
        with seeded jitter in the order of the candidates and twice the nodes, and so on
        (the memo keeps what each run proved infeasible)."""
        flat, offset = prices.costs(table, states, want_of(mask), numbers, five, opp_count, price_total, price)
        priced = np.concatenate((np.cumsum(price[::-1])[::-1], np.zeros(1)))
        scale = JITTER * float(price.mean())
        jitter = unpriced.reshape(0, 0)
        chunk = RESTART_BUDGET
        attempt = 0
        while True:
            start = nodes
            status = run(mask, min(chunk, budget), flat, offset, priced, price_total, jitter)
            budget -= nodes - start
            if status != UNDECIDED or budget <= 0:
                return status
            attempt += 1
            chunk *= 2
            jitter = np.random.default_rng(attempt).normal(0.0, scale, (n, sides))

    def want_of(mask: int) -> NDArray[np.int64]:
        return np.array([need0[s] if mask >> s & 1 else 0 for s in range(sides)], dtype=np.int64)

    def decide(mask: int, budget: int, cores: bool = True) -> int:
        """A quick search; if it runs out, the counted prices' test, then (with ``cores``)
        a core of the set, then the search guided and pruned by the counted prices; when a
        tie on a count could win a side and ``COUNTED_BUDGET`` nodes (at most half of those
        left) did not decide, the exact prices' test and search with the rest of
        ``budget``. A core (without ``cores``) keeps to the counted prices."""
        start = nodes
        status = run(mask, min(QUICK_BUDGET, budget))
        if status != UNDECIDED or budget <= QUICK_BUDGET:
            return status
        want = want_of(mask)
        counted = prices.counted_totals(want, five, opp_count, opp_total)
        refuted, price = prices.refute(table, states, want, numbers, five, opp_count, counted)
        if refuted or (cores and has_core(mask)):
            return INFEASIBLE
        ties = not np.array_equal(counted, opp_total)
        left = budget - (nodes - start)
        exact = ties and cores  # a core is decided by the counted prices alone
        status = restarted(mask, min(COUNTED_BUDGET, left // 2) if exact else left, price, counted)
        left = budget - (nodes - start)
        if status != UNDECIDED or not exact or left <= 0:
            return status
        refuted, price = prices.refute(table, states, want, numbers, five, opp_count, opp_total)
        if refuted:
            return INFEASIBLE
        return restarted(mask, left, price, opp_total)

    def has_core(mask: int) -> bool:
        """Whether the sides of ``mask`` that want the most cards, two of them, three, ...
        (the sides won without a card beside), hold a set proven infeasible (it is kept:
        every set holding it is infeasible too)."""
        heavy = sorted((s for s in range(sides) if (mask & ~forced) >> s & 1), key=lambda s: -need0[s])
        for size in range(2, len(heavy)):
            core = forced | sum(1 << s for s in heavy[:size])
            if holds_infeasible(core):
                return True
            if nodes < node_limit and decide(core, min(CORE_BUDGET, node_limit - nodes), cores=False) == INFEASIBLE:
                infeasible.append(core)
                return True
        return False

    ceiling = 0  # the points of the most valuable set left undecided (0: none)
    for worth, mask in candidates:
        if holds_infeasible(mask):
            continue
        status = decide(mask, node_limit - nodes if proven else SMALL_BUDGET)
        if status == FEASIBLE:
            return out, nodes, proven or _won_points(out, numbers, pts, opp_count, opp_total, opp_over) >= ceiling
        if status == INFEASIBLE:
            infeasible.append(mask)
        elif proven:
            proven = False
            ceiling = worth
    raise AssertionError("the set of the sides won without a card is always feasible")


def _tables(problem: Problem, dump: int) -> tuple[NDArray[np.int32], NDArray[np.int64]]:
    """Every side's table (``automaton.side_table``), padded with ``REFUSED`` rows to one array
    ``[side, state, card]``, and each side's number of states; task card 2 takes every card
    whatever lies there, so its table is one state that takes every card (checked with the
    model on the empty side)."""
    tasks, cards = problem.tasks, problem.cards
    if not all(accepts(tasks[dump], [], card) for card in cards):
        raise AssertionError("task card 2 must accept every card")
    each = [
        np.zeros((1, len(cards)), dtype=np.int32) if s == dump else side_table(side, cards)
        for s, side in enumerate(tasks)
    ]
    out = np.full((len(each), max(len(t) for t in each), len(cards)), REFUSED, dtype=np.int32)
    for s, table in enumerate(each):
        out[s, : len(table)] = table
    return out, np.array([len(t) for t in each], dtype=np.int64)


def optimize(problem: Problem, budget: Budget = Budget()) -> Placement:
    """The best placement; proven optimal unless the budget's nodes (default
    ``NODE_LIMIT``) ran out."""
    node_limit = NODE_LIMIT if budget.node_limit is None else budget.node_limit
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
    dump = names.index("2")
    table, states = _tables(problem, dump)
    numbers = np.array([card.number for card in problem.cards], dtype=np.int64)
    five = names.index(FIVE_A) if FIVE_A in names else ABSENT
    small, counts = minimal_tables(table, states)
    if problem.versus is not None:
        sides, nodes, proven = _best_response(
            small, counts, numbers, pts, dump, five, opp_count, opp_total, opp_over, node_limit
        )
    else:
        weight = pts[:, None] * (weighted_scale(n) + numbers[None, :])
        sides, _, nodes, proven = weighted.search(
            small,
            counts,
            numbers,
            weight,
            five,
            node_limit,
            classes(small),
            weighted.memo_fits(n, len(tasks), small.shape[1]),
        )
    return evaluate(problem, [tasks[s] for s in sides], "numba", proven, nodes)
