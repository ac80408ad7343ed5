"""The fast Speed CUBU search: Redelmeier's enumeration of connected sets in numba, on
the graph of placements, with a bound.

Vocabulary:
- *class*: interchangeable hand cards (``play_graph.twin_classes``) are one class with a
  count; the centre is class 0, on its own. In boxes mode the classes are the numbers
  of boxes.
- *node*: a placement (cell, class); two nodes are joined when their cells are
  orthogonal neighbours and their classes relate.

By ``play_graph``'s argument, the layouts that can be laid are exactly the sets of nodes
that hold the centre node, use each cell once and each class at most its count, and are
connected. Redelmeier's algorithm grows every connected set holding the centre node
exactly once: it keeps a list of *untried* nodes next to the set; it takes them one at a
time, tries the set with that node (adding the node's not yet seen neighbours to the
untried list of that branch) and then without it for the rest of the loop. A node whose
cell is taken or whose class is used up is skipped. Each node added joins a node laid
before it, so the order of adding is a valid laying order.

Symmetry: the grid's quarter turns about the centre keep the centre in place, and the
centre of a non-empty layout has a neighbour it relates to, so a turn brings one to the
east cell. The root loop therefore tries only the east nodes: once they are all taken
and dropped, every layout with a related card east of the centre has been grown.

Bound: a class can still be laid only if it has cards left and is an untried node's
class, or relates to such a class through classes with cards left; its cards left bound
the cards of it still to be laid, ``room``. Each card still to be laid lies next to a
parent of a class it relates to, in a cell of its own: a cell now empty next to a laid
card, or one of the three free sides of a card still to be laid (the fourth holds that
card's own parent). So ``room[c]`` is at most the sum, over the classes r that relate to
c, of the empty cells next to each laid card of r plus three times ``room[r]``; tightened
until nothing changes (each step keeps every ``room`` an upper bound), their sum plus
the cards laid bound the branch, and it is cut when that is no more than the best found
(so a class left with too few places next to its partners is seen at once: five cards
of 3 boxes and a centre of 2 in boxes mode lay at most four). The search stops when the
whole hand is laid.
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


def encode(centre: Card, hand: Sequence[Card], mode: str) -> tuple[list[list[int]], np.ndarray, np.ndarray]:
    """The kernel's input: the classes (hand indices; class 0 is the centre, index -1),
    the class relation (1 where a card of one class relates to another card of the
    other, or of the same class) and the cards per class."""
    groups = [[-1], *twin_classes(centre, hand, mode)]
    first = [centre if group == [-1] else hand[group[0]] for group in groups]
    relate = np.array([[relates(first[a], hand[groups[a][1]], mode) if a == b and len(groups[a]) > 1
                        else a != b and relates(first[a], first[b], mode) for b in range(len(groups))]
                       for a in range(len(groups))], np.int64)
    return groups, relate, np.array([len(group) for group in groups], np.int64)


@njit(cache=True)
def _open(taken: np.ndarray, sides: np.ndarray, steps: np.ndarray, cell: int, sign: int) -> None:
    """Update ``sides`` for the card at ``cell`` being laid (``sign`` 1, after it is in
    ``taken``) or taken back (-1, before it leaves): its empty neighbours count for its
    class, and its cell no longer (again) for the laid neighbours' classes."""
    for step in range(SIDES):
        near = cell + steps[step]
        if taken[near] >= 0:
            sides[taken[near]] -= sign
        else:
            sides[taken[cell]] += sign


@njit(cache=True)
def _search(relate: np.ndarray, counts: np.ndarray) -> tuple[int, np.ndarray, int]:
    """Redelmeier's enumeration of the module docstring. ``relate`` is the class relation
    (class 0 the centre), ``counts`` the cards per class (``counts[0]`` is 1, the centre,
    already laid). Returns the most cards laid, the nodes laid in order (cell index in a
    square grid of side ``2 * total + 3`` centred on the middle, times the number of
    classes, plus the class) and the number of nodes tried."""
    n_classes = counts.shape[0]
    total = 0
    for c in range(1, n_classes):
        total += counts[c]
    if total == 0:
        return 0, np.zeros(0, np.int64), 0
    radius = total + 1
    width = 2 * radius + 1
    steps = np.array([1, -width, -1, width], np.int64)  # east first: the root loop's cell
    left = counts.copy()
    left[0] = 0
    taken = np.full(width * width, -1, np.int64)
    seen = np.zeros(width * width * n_classes, np.int8)
    size = 4 * n_classes * (total + 1)
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
    taken[origin] = 0
    sides[0] = SIDES
    seen[origin * n_classes] = 1
    # the root's list: west, north and south nodes below, east nodes on top (taken first)
    count = 0
    floor = 0
    for step in (3, 2, 1, 0):
        cell = origin + steps[step]
        for c in range(1, n_classes):
            if relate[0, c] and left[c] > 0:
                untried[0, count] = cell * n_classes + c
                seen[cell * n_classes + c] = 1
                count += 1
        if step == 1:
            floor = count
    filled[0] = count
    cursor[0] = count
    depth = 0
    while True:
        if cursor[depth] > (floor if depth == 0 else 0):
            cursor[depth] -= 1
            node = untried[depth, cursor[depth]]
            cell = node // n_classes
            c = node % n_classes
            if taken[cell] >= 0 or left[c] == 0:
                continue
            nodes += 1
            taken[cell] = c
            left[c] -= 1
            laid[depth] = node
            _open(taken, sides, steps, cell, 1)
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
                if taken[near] >= 0:
                    continue
                for other in range(1, n_classes):
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
                if mark[other] == 0 and left[other] > 0 and taken[untried[child, index] // n_classes] < 0:
                    mark[other] = 1
                    stack[top] = other
                    top += 1
            for other in range(n_classes):
                room[other] = 0
            while top > 0:
                top -= 1
                here = stack[top]
                room[here] = left[here]
                for other in range(1, n_classes):
                    if mark[other] == 0 and left[other] > 0 and relate[here, other]:
                        mark[other] = 1
                        stack[top] = other
                        top += 1
            changed = True
            while changed:
                changed = False
                for other in range(1, n_classes):
                    hosts = 0
                    for parent in range(n_classes):
                        if relate[parent, other]:
                            hosts += sides[parent] + (SIDES - 1) * room[parent]
                    if hosts < room[other]:
                        room[other] = hosts
                        changed = True
            reach = 0
            for other in range(1, n_classes):
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
        _open(taken, sides, steps, node // n_classes, -1)
        taken[node // n_classes] = -1
        left[node % n_classes] += 1
    return best_count, best, nodes


def solve(centre: Card, hand: Sequence[Card], mode: str, time_limit: float | None = None) -> Search:
    """The most cards of ``hand`` that can be laid around ``centre`` in ``mode``, with a
    laying order; nodes count the placements tried. The search always runs to its end
    (``time_limit``, the backends' common argument, binds cpsat only)."""
    members, relate, counts = encode(centre, hand, mode)
    most, best, nodes = _search(relate, counts)
    radius = len(hand) + 1
    width = 2 * radius + 1
    pool = [list(group) for group in members]
    layout = []
    for node in best[:most]:
        cell, c = divmod(int(node), len(members))
        x, y = cell % width - radius, cell // width - radius
        layout.append((hand[pool[c].pop(0)], (CENTRE[0] + x, CENTRE[1] + y)))
    return Search(tuple(layout), int(nodes))
