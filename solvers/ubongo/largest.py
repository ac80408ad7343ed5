"""The largest valid Ubongo layout, for the rulebook's early end ("each player then
receives as many points as the number of cards they were able to lay").

A valid layout of j cards holds one of j - 1 (take away a leaf of a spanning tree of its
contact graph: the pair rules only concern the cards left, and they stay connected), so
the largest layout has the first size, counting down from k, at which the solver finds
one. A single card is always a valid layout. ``largest_size`` finds the same size with a
yes/no search, for callers that need only the number of cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardsolve.models.errors import BadInput
from cardsolve.models.ubongo.cards import Face
from cardsolve.solvers.ubongo.backends import Solve
from cardsolve.solvers.ubongo.results import Solution


def largest_layout(faces: Sequence[Face], k: int, solve: Solve) -> Solution:
    """The largest valid layout of at most ``k`` of ``faces``; ``nodes`` adds up every
    search. ``proven`` says the size is the largest: False when a size above it was left
    undecided by a time limit."""
    if not 0 <= k <= len(faces):
        raise BadInput(f"cannot lay {k} of {len(faces)} cards", str(k))
    nodes, proven = 0, True
    for size in range(k, 0, -1):
        found = solve(faces, size)
        nodes += found.nodes
        if found.layout is not None:
            return Solution(found.layout, nodes, proven)
        proven = proven and found.proven
    return Solution([], nodes, proven)


def largest_size(faces: Sequence[Face], k: int, solvable: Callable[[Sequence[Face], int], bool]) -> int:
    """The number of cards of ``largest_layout``'s answer, from an exact yes/no search
    (``solvable(faces, size)``: is there a valid layout of that many of the faces?)."""
    if not 0 <= k <= len(faces):
        raise BadInput(f"cannot lay {k} of {len(faces)} cards", str(k))
    return next((size for size in range(k, 0, -1) if solvable(faces, size)), 0)
