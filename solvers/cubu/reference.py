"""The reference Speed CUBU search: plain exhaustive laying, short enough to be obviously
right; the arbiter for the fast backend (docs/pages/solvers.md, ``#cubu-speed``).

From the grid holding only the centre card, it lays every card left in hand into every
cell the model allows (``models.cubu.speed.legal_cells``), depth first, and keeps the
longest sequence of lays found; it stops at once when it has laid every card the play
graph connects to the centre (``play_graph.reachable``, which no laying can beat). A grid
reached twice, or a quarter turn or mirror image about the centre of one reached before
(the same cards on the same cells up to that symmetry, laid in any order), has the same
continuations up to that symmetry, so it is searched only the first time. Exponential:
meant for hands of up to ``LIMIT`` cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsolve.models.cubu.cards import Card
from cardsolve.models.cubu.speed import CENTRE, Cell, legal_cells
from cardsolve.models.errors import BadInput
from cardsolve.solvers.cubu.play_graph import reachable
from cardsolve.solvers.cubu.results import Search

LIMIT = 8
"""The most cards the reference takes."""

SYMMETRIES = (
    (1, 0, 0, 1),
    (0, -1, 1, 0),
    (-1, 0, 0, -1),
    (0, 1, -1, 0),
    (1, 0, 0, -1),
    (-1, 0, 0, 1),
    (0, 1, 1, 0),
    (0, -1, -1, 0),
)
"""The grid's quarter turns and mirror images about the centre, as matrices (a, b, c, d):
cell (x, y) goes to (a x + b y, c x + d y)."""


def solve(centre: Card, hand: Sequence[Card], mode: str, time_limit: float | None = None) -> Search:
    """The most cards of ``hand`` that can be laid around ``centre`` in ``mode``, with a
    laying order; nodes count the distinct grids searched. The search always runs to its
    end (``time_limit``, the backends' common argument, binds cpsat only)."""
    if len(hand) > LIMIT:
        raise BadInput(f"the reference search takes at most {LIMIT} cards, not {len(hand)}", str(len(hand)))
    grid: dict[Cell, Card] = {CENTRE: centre}
    order: list[tuple[Card, Cell]] = []
    best: list[tuple[Card, Cell]] = []
    goal = len(reachable(centre, hand, mode))
    seen: set[tuple[tuple[Cell, Card], ...]] = set()

    def grow() -> bool:
        """Search on from the current grid; True once every reachable card is laid."""
        if len(order) > len(best):
            best[:] = order
        if len(best) == goal:
            return True
        key = min(
            tuple(sorted(((a * x + b * y, c * x + d * y), card) for (x, y), card in grid.items()))
            for a, b, c, d in SYMMETRIES
        )
        if key in seen:
            return False
        seen.add(key)
        laid = set(grid.values())
        for card in hand:
            if card in laid:
                continue
            for cell in legal_cells(grid, card, mode):
                grid[cell] = card
                order.append((card, cell))
                done = grow()
                order.pop()
                del grid[cell]
                if done:
                    return True
        return False

    grow()
    return Search(tuple(best), len(seen))
