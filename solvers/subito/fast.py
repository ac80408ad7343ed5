"""The numba optimizers of a Subito placement (``solvers.subito.problem``).

Without an opponent: ``weighted.search``, a branch and bound over the cards bounded by
card prices (a Lagrangian relaxation), with a memo of the states searched.

Against an opponent (``_best_response``): the targets (sets of sides to win, the
vocabulary of ``kernel_tables``), most points first, each decided by a yes/no search
(``kernel_search._feasible``); a target that a quick search does not decide gets card
prices (``prices.refute``: counted first, exact where a tie could win a side), which
refute it at once or guide and prune its search, run again with twice the nodes and,
from the third round on, a seeded jitter (``RESTART_BUDGET``); before that, the target's
sides that want the most cards are tried briefly as an infeasible core
(``_Response.has_core``). Past the node limit the best placement found is returned,
proven optimal only when it wins as many points as the most valuable target left
undecided. The whole algorithm, why each step is sound, and how the backends are
cross-checked: docs/pages/solvers.md, sections "The placement alone" and "The best
response to a table" (``#subito-weighted``, ``#subito-best-response``).

The kernel of a best response is split by job:
- ``kernel_tables``: the vocabulary, and the tables a response searches (``_Tables``:
  each side's transitions, chains, best sums and state classes, the opponent's kept
  cards), built once per response;
- ``kernel_bounds``: the bounds that give a state up (the cards each side needs, the
  sums, the card prices' test, ``_Prices``) and the prices' order of the sides;
- ``kernel_memo``: the memo of failed states and its exact keys;
- ``kernel_search``: the yes/no search of one target (``_feasible``) and its scratch.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from cardsolve.models.subito import FIVE_A_LIMIT, accepts, check_cards, points
from cardsolve.solvers.subito import prices, weighted
from cardsolve.solvers.subito.automaton import side_table
from cardsolve.solvers.subito.kernel_bounds import _first_needs, _Prices
from cardsolve.solvers.subito.kernel_memo import _fresh_memo
from cardsolve.solvers.subito.kernel_search import FEASIBLE, INFEASIBLE, UNDECIDED, _feasible
from cardsolve.solvers.subito.kernel_tables import ABSENT, REFUSED, _search_tables, _Tables, _wins
from cardsolve.solvers.subito.minimal import classes, minimal_tables
from cardsolve.solvers.subito.problem import FIVE_A, Budget, Problem, evaluate, weighted_scale
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


def _targets(tables: _Tables, need0: list[int], pts: NDArray[np.int64]) -> tuple[int, list[tuple[int, int]]]:
    """The sides won without a card (a mask), and the targets as (points, mask), most
    points first: those sides and any set of the others whose chains reach the ``need0``
    cards each wants (the dump's the whole pile) and whose wants together fit in the pile."""
    sides, _, n = tables.table.shape
    forced = sum(1 << s for s in range(sides) if need0[s] == 0)
    free = [s for s in range(sides) if need0[s] > 0 and need0[s] <= (n if s == tables.dump else tables.chain[s, 0, 0])]
    candidates = []
    for sub in range(1 << len(free)):
        chosen = [s for j, s in enumerate(free) if sub >> j & 1]
        if sum(need0[s] for s in chosen) <= n:
            candidates.append((sum(int(pts[s]) for s in chosen), forced | sum(1 << s for s in chosen)))
    candidates.sort(key=lambda pair: -pair[0])
    return forced, candidates


class _Response:
    """The searches of one best response over ``tables``, sharing the answer ``out`` (the
    side per card, once a search finds its target feasible), the memo of failed states,
    the nodes searched (``nodes``) and the targets proven infeasible (``infeasible``).
    ``need0``: the cards each side wants from the start; ``forced``: the sides won without
    a card."""

    def __init__(self, tables: _Tables, need0: list[int], forced: int, node_limit: int) -> None:
        sides, _, n = tables.table.shape
        self.tables = tables
        self.need0 = need0
        self.forced = forced
        self.node_limit = node_limit
        self.out = np.zeros(n, dtype=np.int64)
        self.memo = _fresh_memo(tables)
        self.nodes = 0
        self.infeasible: list[int] = []
        self.unpriced = np.zeros(0)  # no prices: ``_feasible`` skips their test
        self.no_jitter = self.unpriced.reshape(0, 0)
        self.no_offset = np.zeros(sides + 1, dtype=np.int64)

    def holds_infeasible(self, mask: int) -> bool:
        """Whether target ``mask`` holds a target proven infeasible (so it is too)."""
        return any(core & ~mask == 0 for core in self.infeasible)

    def want_of(self, mask: int) -> NDArray[np.int64]:
        """The cards each side of target ``mask`` wants from the start (0 off it)."""
        return np.array([self.need0[s] if mask >> s & 1 else 0 for s in range(len(self.need0))], dtype=np.int64)

    def run(self, mask: int, budget: int, pricing: _Prices | None = None) -> int:
        """One search of target ``mask`` within ``budget`` nodes (at least one), guided and
        pruned by ``pricing`` if given; its answer (``FEASIBLE``, ...)."""
        if pricing is None:
            unpriced = self.unpriced
            pricing = _Prices(
                self.want_of(mask), unpriced, self.no_offset, unpriced, self.tables.opp_total, self.no_jitter
            )
        status, used = _feasible(self.tables, pricing, mask, max(budget, 1), self.out, self.memo)
        self.nodes += used
        return int(status)

    def pricing(self, mask: int, price: NDArray[np.float64], price_total: NDArray[np.int64]) -> _Prices:
        """Target ``mask``'s costs at ``price`` against the opponent's sums ``price_total``,
        as the search reads them."""
        t = self.tables
        want = self.want_of(mask)
        flat, offset = prices.costs(t.table, t.states, want, t.numbers, t.five, t.opp_count, price_total, price)
        priced = np.concatenate((np.cumsum(price[::-1])[::-1], np.zeros(1)))
        return _Prices(want, flat, offset, priced, price_total, self.no_jitter)

    def restarted(
        self, mask: int, budget: int, guides: tuple[NDArray[np.float64], ...], price_total: NDArray[np.int64]
    ) -> int:
        """The search guided and pruned by the costs at each of ``guides`` in turn (card
        prices) against the opponent's sums ``price_total``, within ``budget`` nodes: a
        first run of ``RESTART_BUDGET`` nodes, each next run with twice the nodes, and
        once every guide had two runs, a seeded jitter in the order of the candidates (the
        memo keeps what each run proved infeasible)."""
        sides, _, n = self.tables.table.shape
        pricings: list[_Prices | None] = [None] * len(guides)
        chunk = RESTART_BUDGET
        attempt = 0
        while True:
            g = attempt % len(guides)
            pricing = pricings[g]
            if pricing is None:
                pricing = pricings[g] = self.pricing(mask, guides[g], price_total)
            if attempt >= 2 * len(guides):
                scale = JITTER * float(guides[g].mean())
                pricing = pricing._replace(jitter=np.random.default_rng(attempt).normal(0.0, scale, (n, sides)))
            start = self.nodes
            status = self.run(mask, min(chunk, budget), pricing)
            budget -= self.nodes - start
            if status != UNDECIDED or budget <= 0:
                return status
            attempt += 1
            chunk *= 2

    def decide(self, mask: int, budget: int, cores: bool = True) -> int:
        """A quick search; if it runs out, the counted prices' test, then (with ``cores``)
        a core of the set, then the search guided and pruned by the counted prices; when a
        tie on a count could win a side and ``COUNTED_BUDGET`` nodes (at most half of those
        left) did not decide, the exact prices' test and search with the rest of
        ``budget``. A core (without ``cores``) keeps to the counted prices."""
        t = self.tables
        start = self.nodes
        status = self.run(mask, min(QUICK_BUDGET, budget))
        if status != UNDECIDED or budget <= QUICK_BUDGET:
            return status
        want = self.want_of(mask)
        counted = prices.counted_totals(want, t.five, t.opp_count, t.opp_total)
        refuted, *guides = prices.refute(t.table, t.states, want, t.numbers, t.five, t.opp_count, counted)
        if refuted or (cores and self.has_core(mask)):
            return INFEASIBLE
        ties = not np.array_equal(counted, t.opp_total)
        left = budget - (self.nodes - start)
        exact = ties and cores  # a core is decided by the counted prices alone
        status = self.restarted(mask, min(COUNTED_BUDGET, left // 2) if exact else left, tuple(guides), counted)
        left = budget - (self.nodes - start)
        if status != UNDECIDED or not exact or left <= 0:
            return status
        refuted, *guides = prices.refute(t.table, t.states, want, t.numbers, t.five, t.opp_count, t.opp_total)
        if refuted:
            return INFEASIBLE
        return self.restarted(mask, left, tuple(guides), t.opp_total)

    def has_core(self, mask: int) -> bool:
        """Whether the sides of ``mask`` that want the most cards, two of them, three, ...
        (the sides won without a card beside), hold a set proven infeasible (it is kept:
        every set holding it is infeasible too)."""
        need0, forced = self.need0, self.forced
        heavy = sorted((s for s in range(len(need0)) if (mask & ~forced) >> s & 1), key=lambda s: -need0[s])
        for size in range(2, len(heavy)):
            core = forced | sum(1 << s for s in heavy[:size])
            if self.holds_infeasible(core):
                return True
            if (
                self.nodes < self.node_limit
                and self.decide(core, min(CORE_BUDGET, self.node_limit - self.nodes), cores=False) == INFEASIBLE
            ):
                self.infeasible.append(core)
                return True
        return False


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
    """The targets, most points first, each decided by ``_Response.decide``: the first
    feasible one is optimal once every target worth more was proven infeasible. A target
    holding a target proven infeasible is infeasible too. Past the node limit the answer is
    still proven when the placement found wins (its target and any side won on the way) as
    many points as the most valuable target left undecided: no placement wins more than
    that. Returns the side per card, the nodes and whether the answer is proven."""
    tables = _search_tables(table, states, numbers, dump, five, opp_count, opp_total, opp_over)
    need0 = [int(need) for need in _first_needs(tables)]
    forced, candidates = _targets(tables, need0, pts)
    response = _Response(tables, need0, forced, node_limit)
    proven = True
    ceiling = 0  # the points of the most valuable target left undecided (0: none)
    for worth, mask in candidates:
        if response.holds_infeasible(mask):
            continue
        status = response.decide(mask, node_limit - response.nodes if proven else SMALL_BUDGET)
        if status == FEASIBLE:
            out = response.out
            return (
                out,
                response.nodes,
                proven or _won_points(out, numbers, pts, opp_count, opp_total, opp_over) >= ceiling,
            )
        if status == INFEASIBLE:
            response.infeasible.append(mask)
        elif proven:
            proven = False
            ceiling = worth
    raise AssertionError("the set of the sides won without a card is always feasible")


def _side_tables(problem: Problem, dump: int) -> tuple[NDArray[np.int32], NDArray[np.int64]]:
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
    table, states = _side_tables(problem, dump)
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
