"""The fast Speed CUBU search: Redelmeier's enumeration of connected sets in numba, on
the graph of placements, with a bound.

Vocabulary:
- *class*: interchangeable hand cards (``play_graph.twin_classes``) are one class with a
  count; the centre is class ``CENTRE_CLASS``, on its own. In boxes mode the classes are
  the numbers of boxes. Two classes *relate* when a card of one relates to a card of the
  other (a class relates to itself when its cards relate to each other).
- *node*: a placement (cell, class); two nodes are joined when their cells are
  orthogonal neighbours and their classes relate.
- *untried* nodes: the nodes next to the set grown so far that a branch may still add.
- *room* of a class: the bound's cards of it still to be laid (see Bounds).

Encoding:
- ``encode``: the classes as lists of hand indices (the centre's class holds
  ``_CENTRE_MEMBER``), ``relate[a, b]`` 1 where classes a and b relate, and the cards
  per class (``counts``).
- The grid: a square of side ``width = 2 * radius + 1`` centred on the centre's cell,
  ``radius`` the hand's cards plus ``_BORDER``; cell (x, y), relative to the centre, is
  ``(y + radius) * width + x + radius``, and ``steps[side]`` moves to the neighbour on
  ``side`` (``_EAST``, ``_NORTH``, ``_WEST``, ``_SOUTH``). ``taken[cell]`` is the class of
  the card there, or ``_EMPTY``.
- A node is ``cell * n_classes + class``; ``seen[node]`` is 1 once the node has been
  listed untried on this branch (or is the centre's). At depth d (d cards laid besides the centre), ``untried[d,
  :filled[d]]`` are its untried nodes, taken from ``cursor[d] - 1`` down, the ones from
  ``fresh[d]`` on marked seen at depth d; ``laid[d]`` is the node laid there. ``left[c]``
  are the cards of class c not laid.
- In ``_bound``, a *set* of hand classes is a bit mask, bit ``c - _FIRST_HAND_CLASS`` for
  class c; ``cell_bits[cell]`` gathers the classes of a cell's open nodes.

Search (the algorithm, the bound's reasoning and the cross-checks: docs/pages/solvers.md,
section "Speed CUBU: can the whole hand be laid?", ``#cubu-speed``). By ``play_graph``'s
argument, the layouts that can be laid are exactly the connected sets of nodes that hold
the centre node and use each cell once and each class at most its count. Redelmeier's
algorithm grows each of them once from the untried list: each node in turn is tried in
the set (its unseen neighbours added to that branch's untried list) and then left out
for the rest of the loop; a node whose cell is taken or whose class is used up is
skipped, and the order of adding is a valid laying order. The search stops once it has
laid as many cards as the root's bound allows (``ceiling``). Symmetry: only the east
nodes are roots, since a quarter turn about the centre brings a card it relates to east.

Bounds (``_bound``): in the branch's layouts, every card still to be laid has a parent
(breadth first from the cards laid): a laid card or another new card, of a class it
relates to, next to it. A new card with a laid parent lies in a cell of the branch's
*open* nodes: the untried nodes on a free cell with cards of their class left (a node
next to a laid card it relates to was listed when that card was laid, and the branch
never takes a node tried and dropped before it); one card a cell. A new card's other three sides
hold at most three children. So for any set S of classes, the cards of S still laid are
at most the cells with an open node of S plus three times the cards still laid of the
classes relating to S (N(S)).
- Per class: a class can still be laid only if it has cards left and is an open node's
  class, or relates to such a class through classes with cards left; its cards left
  bound ``room``; then ``room[c]`` is at most the open nodes of c plus three times the
  ``room`` of the classes relating to c, tightened until nothing changes (each step
  keeps every ``room`` an upper bound). Their sum bounds the cards still laid.
- Per set, with at most ``SET_CLASSES`` hand classes (boxes mode has five): ``cap[S]``
  starts at the ``room`` of S and is lowered to the cells open to S plus three times
  the best bound on N(S); ``most[S]``, the least sum of ``cap`` over the partitions of S
  (3 ** k steps), bounds the cards of S still laid, and the tightening runs
  ``_SET_ROUNDS`` rounds at most. This sees what a class at a time cannot: cards that
  share parents. In boxes mode the classes alternate odd and even boxes, every card's
  parent has the other parity, so with o odd cards the even cards laid are at most the
  open cells for them plus 3o (a centre of 4 boxes with 4 odd cards lays at most 12 even
  ones, however many it holds).
The branch is cut when the cards laid plus the bound are no more than the best found.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardsolve.models.cubu.cards import Card
from cardsolve.models.cubu.speed import CENTRE, relates
from cardsolve.solvers.cubu.play_graph import twin_classes
from cardsolve.solvers.cubu.results import Search
from cardsolve.solvers.infrastructure.jit import lowest_set, njit

SIDES = 4
"""Orthogonal neighbours of a cell."""
_EAST, _NORTH, _WEST, _SOUTH = range(SIDES)
"""The sides of a cell, in the order of ``steps``: east first, the root loop's cell."""
CENTRE_CLASS = 0
"""The centre's class: one card, laid from the start."""
_FIRST_HAND_CLASS = CENTRE_CLASS + 1
"""The hand's classes are ``_FIRST_HAND_CLASS`` .. the number of classes - 1."""
_CENTRE_MEMBER = -1
"""In ``encode``'s class lists: the centre, which is no hand card."""
_EMPTY = -1
"""In ``taken``: no card lies in the cell."""
_BORDER = 1
"""Cells of the grid beyond the farthest a card can lie (the hand's cards from the
centre), so that every laid card's neighbours are in the grid."""
SET_CLASSES = 6
"""The most hand classes for which the bound also looks at every set of classes (3 ** k
steps a bound; boxes mode has at most five classes)."""
_SET_ROWS = 6
"""The rows of ``_bound``'s per-set work array."""
_SET_ROUNDS = 3
"""The most rounds of ``_bound``'s set tightening."""


def encode(centre: Card, hand: Sequence[Card], mode: str) -> tuple[list[list[int]], np.ndarray, np.ndarray]:
    """The kernel's input: the classes (hand indices; class ``CENTRE_CLASS`` is the
    centre, ``[_CENTRE_MEMBER]``), the class relation (1 where a card of one class
    relates to another card of the other, or of the same class) and the cards per class."""
    groups = [[_CENTRE_MEMBER], *twin_classes(centre, hand, mode)]
    first = [centre if group == [_CENTRE_MEMBER] else hand[group[0]] for group in groups]
    relate = np.array(
        [
            [
                relates(first[a], hand[groups[a][1]], mode)
                if a == b and len(groups[a]) > 1
                else a != b and relates(first[a], first[b], mode)
                for b in range(len(groups))
            ]
            for a in range(len(groups))
        ],
        np.int64,
    )
    return groups, relate, np.array([len(group) for group in groups], np.int64)


@njit(cache=True)
def _bound(
    relate: np.ndarray,
    left: np.ndarray,
    taken: np.ndarray,
    nodes: np.ndarray,
    count: int,
    set_classes: int,
    work: np.ndarray,
    cell_bits: np.ndarray,
    cells: np.ndarray,
    sets: np.ndarray,
) -> int:
    """The most cards a branch can still lay (the module docstring's Bounds), given the
    cards ``left`` per class and its untried ``nodes[:count]``. ``work`` holds four rows of
    ``n_classes`` (mark, stack, room, hits); ``cell_bits`` is zero on entry and on return;
    ``cells`` has room for ``count`` cells; ``sets`` holds ``_SET_ROWS`` rows of
    ``2 ** (n_classes - 1)``, used when there are at most ``SET_CLASSES`` hand classes."""
    n_classes = relate.shape[0]
    mark, stack, room, hits = work[0], work[1], work[2], work[3]
    mark[:] = 0
    hits[:] = 0
    top = 0
    for index in range(count):
        node = nodes[index]
        c = node % n_classes
        if left[c] > 0 and taken[node // n_classes] == _EMPTY:
            hits[c] += 1
            if mark[c] == 0:
                mark[c] = 1
                stack[top] = c
                top += 1
    room[:] = 0
    while top > 0:
        top -= 1
        here = stack[top]
        room[here] = left[here]
        for other in range(_FIRST_HAND_CLASS, n_classes):
            if mark[other] == 0 and left[other] > 0 and relate[here, other]:
                mark[other] = 1
                stack[top] = other
                top += 1
    changed = True
    while changed:
        changed = False
        for c in range(_FIRST_HAND_CLASS, n_classes):
            hosts = hits[c]
            for parent in range(_FIRST_HAND_CLASS, n_classes):
                if relate[parent, c]:
                    hosts += (SIDES - 1) * room[parent]
            if hosts < room[c]:
                room[c] = hosts
                changed = True
    reach = 0
    for c in range(_FIRST_HAND_CLASS, n_classes):
        reach += room[c]
    k = n_classes - _FIRST_HAND_CLASS
    if k > set_classes or k < 2:
        return reach
    # sets of hand classes: bit c - _FIRST_HAND_CLASS for class c
    full = (1 << k) - 1
    within, hit, near, amount, cap, most = sets[0], sets[1], sets[2], sets[3], sets[4], sets[5]
    distinct = 0
    for index in range(count):
        node = nodes[index]
        c = node % n_classes
        cell = node // n_classes
        if left[c] > 0 and taken[cell] == _EMPTY and room[c] > 0:
            if cell_bits[cell] == 0:
                cells[distinct] = cell
                distinct += 1
            cell_bits[cell] |= 1 << (c - _FIRST_HAND_CLASS)
    within[: full + 1] = 0
    for index in range(distinct):
        within[cell_bits[cells[index]]] += 1
        cell_bits[cells[index]] = 0
    for bit in range(k):  # within[s]: the cells all of whose open classes are in s
        for s in range(full + 1):
            if s & (1 << bit):
                within[s] += within[s ^ (1 << bit)]
    near[0] = 0
    amount[0] = 0
    for s in range(1, full + 1):
        low = lowest_set(s)
        rest = s & (s - 1)
        hit[s] = distinct - within[full ^ s]
        related = 0
        for other in range(k):
            if relate[low + _FIRST_HAND_CLASS, other + _FIRST_HAND_CLASS]:
                related |= 1 << other
        near[s] = near[rest] | related
        amount[s] = amount[rest] + room[low + _FIRST_HAND_CLASS]
    for s in range(full + 1):
        cap[s] = amount[s]
    best = reach
    for step in range(_SET_ROUNDS):
        for s in range(1, full + 1):
            cap[s] = min(cap[s], hit[s] + (SIDES - 1) * (most[near[s]] if step > 0 else amount[near[s]]))
        most[0] = 0
        for s in range(1, full + 1):
            low = s & -s
            value = cap[s]
            part = (s - 1) & s
            while part > 0:  # the proper parts of s holding its lowest class
                if part & low:
                    value = min(value, cap[part] + most[s ^ part])
                part = (part - 1) & s
            most[s] = value
        if most[full] >= best:
            break
        best = most[full]
    return best


@njit(cache=True)
def _search(relate: np.ndarray, counts: np.ndarray, set_classes: int) -> tuple[int, np.ndarray, int]:
    """Redelmeier's enumeration of the module docstring. ``relate`` is the class relation,
    ``counts`` the cards per class (the centre's is 1, already laid). Returns the most
    cards laid, the nodes laid in order (see the module docstring: cells in a grid of
    radius ``total + _BORDER``) and the number of nodes tried."""
    n_classes = counts.shape[0]
    total = 0
    for c in range(_FIRST_HAND_CLASS, n_classes):
        total += counts[c]
    if total == 0:
        return 0, np.zeros(0, np.int64), 0
    radius = total + _BORDER
    width = 2 * radius + 1
    steps = np.zeros(SIDES, np.int64)
    steps[_EAST] = 1
    steps[_NORTH] = -width
    steps[_WEST] = -1
    steps[_SOUTH] = width
    left = counts.copy()
    left[CENTRE_CLASS] = 0
    taken = np.full(width * width, _EMPTY, np.int64)
    seen = np.zeros(width * width * n_classes, np.int8)
    size = SIDES * n_classes * (total + 1)  # the root and each card laid list SIDES * n_classes nodes at most
    untried = np.zeros((total + 1, size), np.int64)
    filled = np.zeros(total + 1, np.int64)  # untried[d, :filled[d]] is depth d's list
    fresh = np.zeros(total + 1, np.int64)  # untried[d, fresh[d]:filled[d]] were marked seen at depth d
    cursor = np.zeros(total + 1, np.int64)  # depth d takes untried[d, cursor[d] - 1] next
    laid = np.zeros(total + 1, np.int64)  # the node laid at each depth
    best = np.zeros(total + 1, np.int64)
    best_count = 0
    nodes = 0
    work = np.zeros((4, n_classes), np.int64)  # _bound's per-class rows
    cell_bits = np.zeros(width * width, np.int64)
    cells = np.zeros(size, np.int64)
    hand_classes = n_classes - _FIRST_HAND_CLASS
    sets = np.zeros((_SET_ROWS, 1 << hand_classes if hand_classes <= set_classes else 1), np.int64)
    origin = radius * width + radius
    taken[origin] = CENTRE_CLASS
    seen[origin * n_classes + CENTRE_CLASS] = 1
    # the root's list: south, west and north nodes below the floor, east nodes on top (taken first)
    count = 0
    floor = 0
    for step in (_SOUTH, _WEST, _NORTH, _EAST):
        if step == _EAST:
            floor = count
        cell = origin + steps[step]
        for c in range(_FIRST_HAND_CLASS, n_classes):
            if relate[CENTRE_CLASS, c] and left[c] > 0:
                untried[0, count] = cell * n_classes + c
                seen[cell * n_classes + c] = 1
                count += 1
    filled[0] = count
    cursor[0] = count
    ceiling = _bound(relate, left, taken, untried[0], count, set_classes, work, cell_bits, cells, sets)
    depth = 0
    while True:
        if cursor[depth] > (floor if depth == 0 else 0):
            cursor[depth] -= 1
            node = untried[depth, cursor[depth]]
            cell = node // n_classes
            c = node % n_classes
            if taken[cell] != _EMPTY or left[c] == 0:
                continue
            nodes += 1
            taken[cell] = c
            left[c] -= 1
            laid[depth] = node
            if depth + 1 > best_count:
                best_count = depth + 1
                best[:best_count] = laid[:best_count]
                if best_count == ceiling:
                    break
            # the child's list: the rest of this one, then the new node's unseen neighbours
            child = depth + 1
            count = cursor[depth]
            untried[child, :count] = untried[depth, :count]
            fresh[child] = count
            for step in range(SIDES):
                near = cell + steps[step]
                if taken[near] != _EMPTY:
                    continue
                for other in range(_FIRST_HAND_CLASS, n_classes):
                    candidate = near * n_classes + other
                    if relate[c, other] and left[other] > 0 and seen[candidate] == 0:
                        seen[candidate] = 1
                        untried[child, count] = candidate
                        count += 1
            filled[child] = count
            cursor[child] = count
            reach = _bound(relate, left, taken, untried[child], count, set_classes, work, cell_bits, cells, sets)
            if child + reach > best_count:
                depth = child
                continue
            depth = child  # cut: undo the child at once
            cursor[depth] = 0
        if depth == 0:
            break
        for index in range(fresh[depth], filled[depth]):
            seen[untried[depth, index]] = 0
        depth -= 1
        node = laid[depth]
        taken[node // n_classes] = _EMPTY
        left[node % n_classes] += 1
    return best_count, best, nodes


def solve(
    centre: Card, hand: Sequence[Card], mode: str, time_limit: float | None = None, set_classes: int = SET_CLASSES
) -> Search:
    """The most cards of ``hand`` that can be laid around ``centre`` in ``mode``, with a
    laying order; nodes count the placements tried. The search always runs to its end
    (``time_limit``, the backends' common argument, binds cpsat only). The bound looks at
    sets of classes when the hand has at most ``set_classes`` classes (0: never; tests
    check that the answer is the same)."""
    members, relate, counts = encode(centre, hand, mode)
    most, best, nodes = _search(relate, counts, set_classes)
    radius = len(hand) + _BORDER
    width = 2 * radius + 1
    pool = [list(group) for group in members]
    layout = []
    for node in best[:most]:
        cell, c = divmod(int(node), len(members))
        x, y = cell % width - radius, cell // width - radius
        layout.append((hand[pool[c].pop(0)], (CENTRE[0] + x, CENTRE[1] + y)))
    return Search(tuple(layout), int(nodes))
