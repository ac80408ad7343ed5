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
  are the cards of class c not laid, ``sides[c]`` the empty cells next to its laid cards.

Search. By ``play_graph``'s argument, the layouts that can be laid are exactly the sets
of nodes that hold the centre node, use each cell once and each class at most its count,
and are connected. Redelmeier's algorithm grows every connected set holding the centre
node exactly once: it keeps the list of untried nodes; it takes them one at a time,
tries the set with that node (adding the node's not yet seen neighbours to the untried
list of that branch) and then without it for the rest of the loop. A node whose cell is
taken or whose class is used up is skipped. Each node added joins a node laid before
it, so the order of adding is a valid laying order. The search stops when the whole
hand is laid.
- Symmetry: the grid's quarter turns about the centre keep the centre in place, and the
  centre of a non-empty layout has a neighbour it relates to, so a turn brings one to the
  east cell. The root loop therefore tries only the east nodes: once they are all taken
  and dropped, every layout with a related card east of the centre has been grown.

Bounds: a class can still be laid only if it has cards left and is an untried node's
class, or relates to such a class through classes with cards left; its cards left bound
``room``. Each card still to be laid lies next to a parent of a class it relates to, in
a cell of its own: a cell now empty next to a laid card, or one of the three free sides
of a card still to be laid (the fourth holds that card's own parent). So ``room[c]`` is
at most the sum, over the classes r that relate to c, of the empty cells next to r's
laid cards (``sides[r]``) plus three times ``room[r]``; tightened until nothing changes
(each step keeps every ``room`` an upper bound), their sum plus the cards laid bound the
branch, and it is cut when that is no more than the best found (so a class left with
too few places next to its partners is seen at once: five cards of 3 boxes and a centre
of 2 in boxes mode lay at most four).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from cardsolve.models.cubu.cards import Card
from cardsolve.models.cubu.speed import CENTRE, relates
from cardsolve.solvers.cubu.play_graph import twin_classes
from cardsolve.solvers.cubu.results import Search
from cardsolve.solvers.jit import njit

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
_LAY, _TAKE_BACK = 1, -1
"""``_open``'s sign: a card is laid, or taken back."""


def encode(centre: Card, hand: Sequence[Card], mode: str) -> tuple[list[list[int]], np.ndarray, np.ndarray]:
    """The kernel's input: the classes (hand indices; class ``CENTRE_CLASS`` is the
    centre, ``[_CENTRE_MEMBER]``), the class relation (1 where a card of one class
    relates to another card of the other, or of the same class) and the cards per class."""
    groups = [[_CENTRE_MEMBER], *twin_classes(centre, hand, mode)]
    first = [centre if group == [_CENTRE_MEMBER] else hand[group[0]] for group in groups]
    relate = np.array([[relates(first[a], hand[groups[a][1]], mode) if a == b and len(groups[a]) > 1
                        else a != b and relates(first[a], first[b], mode) for b in range(len(groups))]
                       for a in range(len(groups))], np.int64)
    return groups, relate, np.array([len(group) for group in groups], np.int64)


@njit(cache=True)
def _open(taken: np.ndarray, sides: np.ndarray, steps: np.ndarray, cell: int, sign: int) -> None:
    """Update ``sides`` for the card at ``cell`` being laid (``sign`` ``_LAY``, after it is
    in ``taken``) or taken back (``_TAKE_BACK``, before it leaves): its empty neighbours
    count for its class, and its cell no longer (again) for the laid neighbours' classes."""
    for step in range(SIDES):
        near = cell + steps[step]
        if taken[near] != _EMPTY:
            sides[taken[near]] -= sign
        else:
            sides[taken[cell]] += sign


@njit(cache=True)
def _search(relate: np.ndarray, counts: np.ndarray) -> tuple[int, np.ndarray, int]:
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
    filled = np.zeros(total + 1, np.int64)   # untried[d, :filled[d]] is depth d's list
    fresh = np.zeros(total + 1, np.int64)    # untried[d, fresh[d]:filled[d]] were marked seen at depth d
    cursor = np.zeros(total + 1, np.int64)   # depth d takes untried[d, cursor[d] - 1] next
    laid = np.zeros(total + 1, np.int64)     # the node laid at each depth
    best = np.zeros(total + 1, np.int64)
    best_count = 0
    nodes = 0
    mark = np.zeros(n_classes, np.int8)
    stack = np.zeros(n_classes, np.int64)
    room = np.zeros(n_classes, np.int64)     # the bound's cards per class
    sides = np.zeros(n_classes, np.int64)    # empty cells next to the laid cards of each class
    origin = radius * width + radius
    taken[origin] = CENTRE_CLASS
    sides[CENTRE_CLASS] = SIDES
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
            _open(taken, sides, steps, cell, _LAY)
            if depth + 1 > best_count:
                best_count = depth + 1
                best[:best_count] = laid[:best_count]
                if best_count == total:
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
            # the bound: classes still reachable from the untried nodes
            mark[:] = 0
            top = 0
            for index in range(count):
                other = untried[child, index] % n_classes
                if mark[other] == 0 and left[other] > 0 and taken[untried[child, index] // n_classes] == _EMPTY:
                    mark[other] = 1
                    stack[top] = other
                    top += 1
            for other in range(n_classes):
                room[other] = 0
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
                for other in range(_FIRST_HAND_CLASS, n_classes):
                    hosts = 0
                    for parent in range(n_classes):
                        if relate[parent, other]:
                            hosts += sides[parent] + (SIDES - 1) * room[parent]
                    if hosts < room[other]:
                        room[other] = hosts
                        changed = True
            reach = 0
            for other in range(_FIRST_HAND_CLASS, n_classes):
                reach += room[other]
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
        _open(taken, sides, steps, node // n_classes, _TAKE_BACK)
        taken[node // n_classes] = _EMPTY
        left[node % n_classes] += 1
    return best_count, best, nodes


def solve(centre: Card, hand: Sequence[Card], mode: str, time_limit: float | None = None) -> Search:
    """The most cards of ``hand`` that can be laid around ``centre`` in ``mode``, with a
    laying order; nodes count the placements tried. The search always runs to its end
    (``time_limit``, the backends' common argument, binds cpsat only)."""
    members, relate, counts = encode(centre, hand, mode)
    most, best, nodes = _search(relate, counts)
    radius = len(hand) + _BORDER
    width = 2 * radius + 1
    pool = [list(group) for group in members]
    layout = []
    for node in best[:most]:
        cell, c = divmod(int(node), len(members))
        x, y = cell % width - radius, cell // width - radius
        layout.append((hand[pool[c].pop(0)], (CENTRE[0] + x, CENTRE[1] + y)))
    return Search(tuple(layout), int(nodes))
